/*
 * SettingsForm — the page's settings from its field table: a list for
 * words, a text box for numbers. Edits are a draft; Run (or Enter) reads the
 * draft with the page's codec, so a bad value is refused with the codec's
 * message naming the field and the runs on the stage stay.
 */
import { useEffect, useState } from 'react';
import { encodeValue, type Problem } from '../../state/fields';
import { SMR_FIELDS, decodeSmrSetup, type SmrSetup } from './setup';

const draftOf = (s: SmrSetup): Record<string, string> =>
  Object.fromEntries(SMR_FIELDS.map((f) => [f.key, encodeValue(f, (s as unknown as Record<string, string | number>)[f.path])]));

export function SettingsForm({ setup, onApply }: { setup: SmrSetup; onApply: (s: SmrSetup) => void }) {
  const [draft, setDraft] = useState(() => draftOf(setup));
  const [problems, setProblems] = useState<Problem[]>([]);
  useEffect(() => { setDraft(draftOf(setup)); setProblems([]); }, [setup]);
  const apply = () => {
    const r = decodeSmrSetup(`?${new URLSearchParams(draft).toString()}&ops=`);
    setProblems(r.problems);
    if (!r.problems.length) onApply(r.setup);
  };
  const bad = new Set(problems.map((p) => p.field));
  return (
    <form className="smr-form" data-testid="setup-form" onSubmit={(e) => { e.preventDefault(); apply(); }}>
      {SMR_FIELDS.map((f) => {
        const id = `smr-${f.key}`;
        const props = { id, value: draft[f.key], 'aria-invalid': bad.has(f.path), 'data-field': f.path, title: f.help,
          onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [f.key]: e.target.value })) };
        return (
          <label key={f.key} htmlFor={id}>
            <span>{f.label}</span>
            {f.kind.type === 'enum' ? <select {...props}>{f.kind.values.map((v) => <option key={v} value={v}>{v}</option>)}</select>
              : <input {...props} type="text" inputMode="decimal" size={7} />}
            {f.help && <small>{f.help}</small>}
          </label>
        );
      })}
      <div className="smr-form-actions">
        <button type="submit" data-testid="apply">Run</button>
        <button type="button" onClick={() => { setDraft(draftOf(setup)); setProblems([]); }}>Undo edits</button>
      </div>
      {problems.length > 0 && (
        <ul className="smr-problems" role="alert" data-testid="edit-problems">
          {problems.map((p, i) => <li key={i}>{p.message}. The runs on the stage stay.</li>)}
        </ul>
      )}
    </form>
  );
}
