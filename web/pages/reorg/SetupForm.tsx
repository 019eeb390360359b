/*
 * SetupForm — the reorganization page's settings, from its field table
 * (REORG_FIELDS): the policy as a row of radio buttons, the disk as a list,
 * every size as a number box with its unit. Edits are a draft; Run (or
 * Enter) decodes the draft with the page's own codec, so a bad value or a
 * data set that does not fit is refused with a message naming the field,
 * and the last good run stays on screen. The host queue and network group
 * says what it trades next to its fields.
 */
import { useEffect, useState } from 'react';
import { PRESETS, PRESET_IDS } from '../../presets';
import { encodeValue, type Problem } from '../../state/fields';
import { REORG_FIELDS, decodeReorgSetup, type ReorgSetup } from './setup';
import { POLICIES } from './protocol';

const GROUPS: { title: string; keys: string[]; note?: string }[] = [
  { title: 'Disk and file system', keys: ['disk', 'part', 'bpg'] },
  { title: 'Workload (WebBench-like)', keys: ['copies', 'copymb', 'files', 'zipf', 'clients', 'cache'] },
  { title: 'Reorganizer and run', keys: ['logkb', 'logs', 'epoch', 'epochs', 'seed'] },
  {
    title: 'Host queue and network (both runs)', keys: ['sched', 'qd', 'net'],
    note: 'An elevator in the host queue (sstf or clook, depth 1) already shortens the baseline\'s seeks, so reorganization has less left to win. '
      + 'A network cap matters only once the runs would send more than it carries (100 Mbps: 12.5 MB/s).',
  },
];
const byKey = new Map(REORG_FIELDS.map((f) => [f.key, f]));
const unit = (help?: string) => (help?.match(/^(MB|KB|Mbps|s|blocks)\b/)?.[1] ?? '');

const draftOf = (s: ReorgSetup): Record<string, string> =>
  Object.fromEntries(REORG_FIELDS.map((f) => [f.key, encodeValue(f, (s as unknown as Record<string, string | number | boolean>)[f.path])]));

export function SetupForm({ setup, onApply }: { setup: ReorgSetup; onApply: (s: ReorgSetup) => void }) {
  const [draft, setDraft] = useState(() => draftOf(setup));
  const [problems, setProblems] = useState<Problem[]>([]);
  useEffect(() => { setDraft(draftOf(setup)); setProblems([]); }, [setup]);
  const set = (k: string, v: string) => setDraft((d) => ({ ...d, [k]: v }));
  const apply = () => {
    // Fewer epochs than the one on the stage: the stage plays the new last one (not an error in the form).
    const d = Number(draft.ep) > Number(draft.epochs) ? { ...draft, ep: '0' } : draft;
    const r = decodeReorgSetup(`?${new URLSearchParams(d).toString()}`, PRESET_IDS);
    setProblems(r.problems);
    if (r.problems.length === 0) onApply(r.setup);
  };
  const bad = new Set(problems.map((p) => p.field));
  const pol = byKey.get('pol')!;
  return (
    <form className="ro-form" data-testid="setup-form" onSubmit={(e) => { e.preventDefault(); apply(); }}>
      <fieldset className="ro-policy" title={pol.help}>
        <legend>{pol.label} of the reorganizing run</legend>
        {POLICIES.map((p) => (
          <label key={p}><input type="radio" name="ro-pol" value={p} checked={draft.pol === p} onChange={() => set('pol', p)} data-field="pol" />{p}</label>
        ))}
      </fieldset>
      {GROUPS.map((g) => (
        <fieldset key={g.title}><legend>{g.title}</legend>
          {g.note && <p className="ro-form-note" data-testid="queue-trade">{g.note}</p>}
          {g.keys.map((k) => {
            const f = byKey.get(k)!;
            const id = `ro-${k}`;
            const common = { id, 'aria-invalid': bad.has(f.path), 'data-field': f.path, title: f.help };
            return (
              <label key={k} htmlFor={id}>
                <span>{f.label}{unit(f.help) ? ` (${unit(f.help)})` : ''}</span>
                {f.kind.type === 'id'
                  ? <select {...common} value={draft[k]} onChange={(e) => set(k, e.target.value)}>{PRESETS.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}</select>
                  : f.kind.type === 'enum'
                  ? <select {...common} value={draft[k]} onChange={(e) => set(k, e.target.value)}>{f.kind.values.map((v) => <option key={v} value={v}>{v}</option>)}</select>
                  : <input {...common} type="text" inputMode="decimal" size={7} value={draft[k]} onChange={(e) => set(k, e.target.value)} />}
              </label>
            );
          })}
        </fieldset>
      ))}
      <div className="ro-form-actions">
        <button type="submit" data-testid="apply">Run</button>
        <button type="button" onClick={() => { setDraft(draftOf(setup)); setProblems([]); }}>Undo edits</button>
      </div>
      {problems.length > 0 && (
        <ul className="ro-problems" role="alert" data-testid="edit-problems">
          {problems.map((p, i) => <li key={i}>{p.message}. The last good run stays.</li>)}
        </ul>
      )}
    </form>
  );
}
