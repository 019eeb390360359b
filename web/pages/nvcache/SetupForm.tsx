/*
 * SetupForm — the page's settings, drawn from the field table (NV_FIELDS):
 * a list for words and presets, a text box for numbers. Edits are a draft;
 * Run (or Enter) decodes the draft with the page's own codec, so a bad value
 * or a bad combination is refused with the codec's message naming the field,
 * and the last good run stays on screen.
 */
import { useEffect, useState } from 'react';
import { PRESETS } from '../../presets';
import { encodeValue, type FieldSpec, type Problem } from '../../state/fields';
import { NV_FIELDS, decodeNvSetup, type NvSetup } from './setup';
import { PRESET_IDS } from '../../presets';

const GROUPS: { title: string; keys: string[] }[] = [
  { title: 'Hybrid disk', keys: ['disk', 'wc', 'nv', 'fq'] },
  { title: 'Flash', keys: ['fw', 'fwk', 'wf', 'eb', 'end', 'erase'] },
  { title: 'Flash-backed I/O', keys: ['hs', 'est', 'hi', 'lo', 'idle'] },
  { title: 'Workload', keys: ['pat', 'rate', 'burst', 'gap', 'idlems', 'near', 'nears', 'rd', 'dist', 'size', 'smax', 'reg', 'n', 'seed'] },
];
const byKey = new Map(NV_FIELDS.map((f) => [f.key, f]));

const draftOf = (s: NvSetup): Record<string, string> =>
  Object.fromEntries(NV_FIELDS.map((f) => [f.key, encodeValue(f, (s as unknown as Record<string, string | number | boolean>)[f.path])]));

function Input({ f, value, bad, onChange }: { f: FieldSpec; value: string; bad: boolean; onChange: (v: string) => void }) {
  const id = `nv-${f.key}`;
  const common = { id, 'aria-invalid': bad, 'data-field': f.path, title: f.help };
  let input;
  if (f.kind.type === 'id') {
    input = <select {...common} value={value} onChange={(e) => onChange(e.target.value)}>{PRESETS.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}</select>;
  } else if (f.kind.type === 'enum') {
    input = <select {...common} value={value} onChange={(e) => onChange(e.target.value)}>{f.kind.values.map((v) => <option key={v} value={v}>{v}</option>)}</select>;
  } else if (f.kind.type === 'bool') {
    input = <select {...common} value={value} onChange={(e) => onChange(e.target.value)}><option value="1">on</option><option value="0">off</option></select>;
  } else {
    input = <input {...common} type="text" inputMode="decimal" size={7} value={value} onChange={(e) => onChange(e.target.value)} />;
  }
  return <label htmlFor={id}><span>{f.label}{f.help && /^(MB|KB|ms|sectors)/.test(f.help) ? ` (${f.help.split(/[ ,:]/)[0]})` : ''}</span>{input}</label>;
}

export function SetupForm({ setup, onApply }: { setup: NvSetup; onApply: (s: NvSetup) => void }) {
  const [draft, setDraft] = useState(() => draftOf(setup));
  const [problems, setProblems] = useState<Problem[]>([]);
  useEffect(() => { setDraft(draftOf(setup)); setProblems([]); }, [setup]);
  const apply = () => {
    const q = Object.entries(draft).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
    const r = decodeNvSetup(`?${q}`, PRESET_IDS);
    if (r.problems.length) { setProblems(r.problems); return; }
    setProblems([]);
    onApply(r.setup);
  };
  const badFields = new Set(problems.map((p) => p.field));
  return (
    <form className="nv-form" data-testid="setup-form" onSubmit={(e) => { e.preventDefault(); apply(); }}>
      {GROUPS.map((g) => (
        <fieldset key={g.title}><legend>{g.title}</legend>
          {g.keys.map((k) => {
            const f = byKey.get(k)!;
            return <Input key={k} f={f} value={draft[k]} bad={badFields.has(f.path) || badFields.has(f.key)} onChange={(v) => setDraft((d) => ({ ...d, [k]: v }))} />;
          })}
        </fieldset>
      ))}
      <div className="nv-form-actions">
        <button type="submit" data-testid="apply">Run</button>
        <button type="button" onClick={() => { setDraft(draftOf(setup)); setProblems([]); }}>Undo edits</button>
      </div>
      {problems.length > 0 && (
        <ul className="nv-problems" role="alert" data-testid="edit-problems">
          {problems.map((p, i) => <li key={i}>{p.message}. The last good run stays.</li>)}
        </ul>
      )}
    </form>
  );
}
