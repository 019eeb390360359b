/*
 * show.ts — how the lessons page writes a request and an answer: a request by
 * its block (toy disk) or its number and LBN (explorer), a number with its
 * unit at a precision that fits it.
 */
import { formatNum } from '../../lib/format';
import type { Answer, StepRequest, StepRun } from './answer';

export function requestLabel(r: StepRequest): string {
  return r.label.startsWith('block') ? r.label : `request ${r.index} (${r.label})`;
}

/** A number to 3 significant decimals, whole numbers as such (105, 7.49, 0.0123). */
export function formatValue(v: number): string {
  if (Math.abs(v - Math.round(v)) < 1e-9) return String(Math.round(v));
  const a = Math.abs(v);
  return formatNum(v, a >= 100 ? 1 : a >= 1 ? 2 : 4);
}

export function formatAnswer(a: Answer, run: StepRun): string {
  const label = (i: number) => { const q = run.requests.find((x) => x.index === i); return q ? requestLabel(q) : `request ${i}`; };
  if (a.kind === 'number') return `${formatValue(a.value)} ${a.unit}`;
  if (a.kind === 'pick') return label(a.index);
  return a.indexes.map(label).join(', then ');
}
