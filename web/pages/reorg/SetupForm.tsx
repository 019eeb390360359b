/*
 * SetupForm — the reorganization page's settings, from its field table
 * (REORG_FIELDS): the policy as a row of radio buttons, the disk as a list,
 * every size as a number box with its unit (the shared form:
 * web/experiments/SettingsForm). A bad value or a data set that does not fit
 * is refused with a message naming the field, and the last good run stays
 * on screen. The host queue and network group says what it trades next to
 * its fields.
 */
import { SettingsForm, type Draft, type FieldGroup } from '../../experiments/SettingsForm';
import { PRESET_IDS } from '../../presets';
import type { FieldSpec } from '../../state/fields';
import { REORG_FIELDS, decodeReorgSetup, type ReorgSetup } from './setup';
import { POLICIES } from './protocol';

const GROUPS: FieldGroup[] = [
  { title: 'Disk and file system', keys: ['disk', 'part', 'bpg'] },
  { title: 'Workload (WebBench-like)', keys: ['copies', 'copymb', 'files', 'zipf', 'clients', 'cache'] },
  { title: 'Reorganizer and run', keys: ['logkb', 'logs', 'epoch', 'epochs', 'seed'] },
  {
    title: 'Host queue and network (both runs)', keys: ['sched', 'qd', 'net'],
    note: 'An elevator in the host queue (sstf or clook, depth 1) already shortens the baseline\'s seeks, so reorganization has less left to win. '
      + 'A network cap matters only once the runs would send more than it carries (100 Mbps: 12.5 MB/s).',
  },
];
const POLICY = REORG_FIELDS.find((f) => f.key === 'pol')!;
const unit = (help?: string) => (help?.match(/^(MB|KB|Mbps|s|blocks)\b/)?.[1] ?? '');
const label = (f: FieldSpec) => `${f.label}${unit(f.help) ? ` (${unit(f.help)})` : ''}`;

function decode(draft: Draft) {
  // Fewer epochs than the one on the stage: the stage plays the new last one (not an error in the form).
  const d = Number(draft.ep) > Number(draft.epochs) ? { ...draft, ep: '0' } : draft;
  return decodeReorgSetup(`?${new URLSearchParams(d).toString()}`, PRESET_IDS);
}

/** The policy, drawn as a row of radio buttons before the groups. */
const policy = (draft: Draft, set: (key: string, value: string) => void) => (
  <fieldset className="ro-policy" title={POLICY.help}>
    <legend>{POLICY.label} of the reorganizing run</legend>
    {POLICIES.map((p) => (
      <label key={p}><input type="radio" name="ro-pol" value={p} checked={draft.pol === p} onChange={() => set('pol', p)} data-field="pol" />{p}</label>
    ))}
  </fieldset>
);

export function SetupForm({ setup, onApply }: { setup: ReorgSetup; onApply: (s: ReorgSetup) => void }) {
  return <SettingsForm setup={setup} fields={REORG_FIELDS} decode={decode} onApply={onApply} prefix="ro" stays="The last good run stays." groups={GROUPS} label={label} lead={policy} />;
}
