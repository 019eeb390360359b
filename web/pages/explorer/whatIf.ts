/*
 * whatIf.ts — what differs between an earlier run and the setup's own: the
 * setup fields whose values differ (the engine's input only: the view's
 * fields never rerun), named by their labels. Pure; the statistics compared
 * are the runs' own, the engine's: an earlier run's title names its values
 * of the fields that differ from the setup's run ("kept: Seed 5"), the
 * setup's run its own values of them all ("after: Seed 8"), and each
 * statistic of an earlier run is followed by its difference from the setup's
 * run, the one every earlier run is compared with.
 */
import type { Stats } from '../../../engine-wasm/binding';
import { displayValue, fieldsOf, getField, type Setup } from '../../state/setup';
import { formatChange, formatInt, formatMs, formatNum, formatPct, percentChange } from '../../lib/format';

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

/** A run's title: `name`, then its side's values of the changed fields ("kept: Seed 5; Outstanding requests 1"). */
export function changeTitle(changes: readonly Change[], side: 'before' | 'after', name: string = side): string {
  if (changes.length === 0) return `${name}: the same setup`;
  return `${name}: ${changes.map((c) => `${c.label} ${c[side]}`).join('; ')}`;
}

/** Every field that differs from any earlier run, once (the setup's run is titled with its values of them all). */
export function allChanges(lists: readonly (readonly Change[])[]): Change[] {
  const seen = new Map<string, Change>();
  for (const c of lists.flat()) if (!seen.has(c.label)) seen.set(c.label, c);
  return [...seen.values()];
}

/** The statistics each run of a comparison shows on the stage (the engine's), and how each reads. */
const COMPARED: [key: keyof Stats, label: string, format: (v: number) => string][] = [
  ['completed', 'completed', formatInt],
  ['responseMeanMs', 'response mean', (v) => formatMs(v, 2)],
  ['responseSdMs', 'response s.d.', (v) => formatMs(v, 2)],
  ['headMeanMs', 'head time', (v) => formatMs(v)],
  ['efficiency', 'efficiency', formatPct],
  ['mbPerS', 'MB/s', (v) => formatNum(v, 2)],
];

/**
 * The stage's statistics rows of one run; given the setup's run's statistics at the same
 * moment (or both whole runs), each value is followed by its difference from them
 * ("12.40 ms (+3.1 % vs after)": this run's value is 3.1 % above the setup's run's).
 */
export function comparedRows(s: Stats, after: Stats | null): [string, string][] {
  return COMPARED.map(([key, label, format]) => [
    label,
    after ? `${format(s[key])} (${formatChange(percentChange(after[key], s[key]))} vs after)` : format(s[key]),
  ]);
}
