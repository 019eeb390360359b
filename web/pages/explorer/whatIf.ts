/*
 * whatIf.ts — what a what-if change changed: the setup fields whose values
 * differ between the previous run and this one (the engine's input only:
 * the view's fields never rerun), named by their labels. Pure; the
 * statistics compared are both runs' own, the engine's: a run's title names
 * its side's values of the changed fields, and each statistic of the run
 * after the change is followed by its change from the run before.
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

/** What a run's title says of the changed fields: "Seed 5; Outstanding requests 1" (its side's values). */
export function changeTitle(changes: readonly Change[], side: 'before' | 'after'): string {
  if (changes.length === 0) return `${side}: the same setup`;
  return `${side}: ${changes.map((c) => `${c.label} ${c[side]}`).join('; ')}`;
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
 * The stage's statistics rows of one run; given the other run's statistics at the same
 * moment (or both whole runs), each value is followed by its change from them.
 */
export function comparedRows(s: Stats, before: Stats | null): [string, string][] {
  return COMPARED.map(([key, label, format]) => [
    label,
    before ? `${format(s[key])} (${formatChange(percentChange(before[key], s[key]))})` : format(s[key]),
  ]);
}
