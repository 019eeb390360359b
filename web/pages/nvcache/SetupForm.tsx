/*
 * SetupForm — the NVCache page's settings from its field table (NV_FIELDS),
 * in four groups, each number's unit in its label (the shared form:
 * web/experiments/SettingsForm). A bad value or a bad combination is refused
 * with the codec's message naming the field, and the last good run stays.
 */
import { SettingsForm, type Draft, type FieldGroup } from '../../experiments/SettingsForm';
import { PRESET_IDS } from '../../presets';
import type { FieldSpec } from '../../state/fields';
import { NV_FIELDS, decodeNvSetup, type NvSetup } from './setup';

const GROUPS: FieldGroup[] = [
  { title: 'Hybrid disk', keys: ['disk', 'wc', 'nv', 'fq'] },
  { title: 'Flash', keys: ['fw', 'fwk', 'wf', 'eb', 'end', 'erase'] },
  { title: 'Flash-backed I/O', keys: ['hs', 'est', 'hi', 'lo', 'idle'] },
  { title: 'Workload', keys: ['pat', 'rate', 'burst', 'gap', 'idlems', 'near', 'nears', 'rd', 'dist', 'size', 'smax', 'reg', 'n', 'seed'] },
];

const label = (f: FieldSpec) => `${f.label}${f.help && /^(MB|KB|ms|sectors)/.test(f.help) ? ` (${f.help.split(/[ ,:]/)[0]})` : ''}`;
const decode = (draft: Draft) => decodeNvSetup(`?${Object.entries(draft).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`, PRESET_IDS);

export function SetupForm({ setup, onApply }: { setup: NvSetup; onApply: (s: NvSetup) => void }) {
  return <SettingsForm setup={setup} fields={NV_FIELDS} decode={decode} onApply={onApply} prefix="nv" stays="The last good run stays." groups={GROUPS} label={label} />;
}
