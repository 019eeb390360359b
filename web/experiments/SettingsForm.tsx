/*
 * SettingsForm — an experiment page's settings, drawn from its field table:
 * a list for words, presets and switches, a text box for numbers, in the
 * page's groups. Edits are a draft; Run (or Enter) reads the draft with the
 * page's own codec, so a bad value or a bad combination is refused with the
 * codec's message naming the field, and what is on screen stays. Undo edits
 * goes back to the setup shown.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { PRESETS } from '../presets';
import { encodeValue, type FieldSpec, type Problem } from '../state/fields';

export type Draft = Record<string, string>;

export interface FieldGroup {
  title: string;
  keys: string[];
  /** A line under the group's title (what its fields trade). */
  note?: string;
}

export interface SettingsFormProps<S> {
  setup: S;
  fields: readonly FieldSpec[];
  /** Reads a draft (query key → text) with the page's codec. */
  decode(draft: Draft): { setup: S; problems: Problem[] };
  onApply(setup: S): void;
  /** The page's prefix: ids `<prefix>-<key>`, classes `<prefix>-form`, `<prefix>-form-actions`, `<prefix>-problems`. */
  prefix: string;
  /** What stays on screen when the draft is refused ("The last good run stays."). */
  stays: string;
  /** The fieldsets; one list of every field when absent. */
  groups?: readonly FieldGroup[];
  /** A field's label (its unit, say); the field's own label when absent. */
  label?(f: FieldSpec): string;
  /** Each field's help under it. */
  helpUnder?: boolean;
  /** What the form shows before its groups (a choice drawn its own way), with the draft and its setter. */
  lead?(draft: Draft, set: (key: string, value: string) => void): ReactNode;
}

const draftOf = <S,>(fields: readonly FieldSpec[], s: S): Draft =>
  Object.fromEntries(fields.map((f) => [f.key, encodeValue(f, (s as unknown as Record<string, string | number | boolean>)[f.path])]));

/** A field's control: a list for presets, words and switches, a text box for numbers. */
function FieldControl({ f, id, value, bad, onChange }: { f: FieldSpec; id: string; value: string; bad: boolean; onChange(v: string): void }) {
  const common = { id, value, 'aria-invalid': bad, 'data-field': f.path, title: f.help, onChange: (e: { target: { value: string } }) => onChange(e.target.value) };
  if (f.kind.type === 'id') return <select {...common}>{PRESETS.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}</select>;
  if (f.kind.type === 'enum') return <select {...common}>{f.kind.values.map((v) => <option key={v} value={v}>{v}</option>)}</select>;
  if (f.kind.type === 'bool') return <select {...common}><option value="1">on</option><option value="0">off</option></select>;
  return <input {...common} type="text" inputMode="decimal" size={7} />;
}

export function SettingsForm<S>({ setup, fields, decode, onApply, prefix, stays, groups, label, helpUnder, lead }: SettingsFormProps<S>) {
  const [draft, setDraft] = useState(() => draftOf(fields, setup));
  const [problems, setProblems] = useState<Problem[]>([]);
  useEffect(() => { setDraft(draftOf(fields, setup)); setProblems([]); }, [fields, setup]);
  const set = (key: string, value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const apply = () => {
    const r = decode(draft);
    setProblems(r.problems);
    if (!r.problems.length) onApply(r.setup);
  };
  const bad = new Set(problems.map((p) => p.field));
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const row = (f: FieldSpec) => {
    const id = `${prefix}-${f.key}`;
    return (
      <label key={f.key} htmlFor={id}>
        <span>{label ? label(f) : f.label}</span>
        <FieldControl f={f} id={id} value={draft[f.key]} bad={bad.has(f.path) || bad.has(f.key)} onChange={(v) => set(f.key, v)} />
        {helpUnder && f.help && <small>{f.help}</small>}
      </label>
    );
  };
  return (
    <form className={`${prefix}-form`} data-testid="setup-form" onSubmit={(e) => { e.preventDefault(); apply(); }}>
      {lead?.(draft, set)}
      {groups ? groups.map((g) => (
        <fieldset key={g.title}><legend>{g.title}</legend>
          {g.note && <p className={`${prefix}-form-note`} data-testid="queue-trade">{g.note}</p>}
          {g.keys.map((k) => row(byKey.get(k)!))}
        </fieldset>
      )) : fields.map(row)}
      <div className={`${prefix}-form-actions`}>
        <button type="submit" data-testid="apply">Run</button>
        <button type="button" onClick={() => { setDraft(draftOf(fields, setup)); setProblems([]); }}>Undo edits</button>
      </div>
      {problems.length > 0 && (
        <ul className={`${prefix}-problems`} role="alert" data-testid="edit-problems">
          {problems.map((p, i) => <li key={i}>{p.message}. {stays}</li>)}
        </ul>
      )}
    </form>
  );
}
