/*
 * whatIf.ts — what a what-if change changed: the setup fields whose values
 * differ between the previous run and this one (the engine's input only:
 * the view's fields never rerun), named by their labels. Pure; the
 * statistics compared are both runs' own, the engine's.
 */
import type { Stats } from '../../../engine-wasm/binding';
import { displayValue, fieldsOf, getField, type Setup } from '../../state/setup';

export interface Change {
  label: string;
  before: string;
  after: string;
}

/** The fields that differ (the view's excepted), as "label: before → after". */
export function changedFields(before: Setup, after: Setup): Change[] {
  const out: Change[] = [];
  const seen = new Set<string>();
  for (const f of [...fieldsOf(before), ...fieldsOf(after)]) {
    if (f.group === 'view' || seen.has(f.path)) continue;
    seen.add(f.path);
    const a = getField(before, f.path);
    const b = getField(after, f.path);
    if (a === b) continue;
    out.push({ label: f.label, before: displayValue(f, a), after: displayValue(f, b) });
  }
  return out;
}

/** The previous run a what-if is compared with: its setup and the engine's final statistics. */
export interface Previous {
  setup: Setup;
  stats: Stats;
  changes: Change[];
}
