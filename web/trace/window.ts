/*
 * window.ts — a time window of a parsed trace: the requests arriving in
 * [fromMs, toMs), their times counted from fromMs, so that one day of a week-
 * long trace (the flash-backed I/O paper's traces span 7 days) replays as a
 * run of its own. The trace is in arrival order (columns.ts sorts it), so the
 * window is found by binary search and copied once. A bad bound is a
 * TraceProblem naming it; nothing throws.
 */
import type { Trace, TraceProblem } from './types';

export type WindowResult = { ok: true; trace: Trace } | { ok: false; error: TraceProblem };

/** The first index whose arrival is >= t (count if none). */
function firstAtOrAfter(a: Float64Array, n: number, t: number): number {
  let lo = 0, hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] < t) lo = mid + 1; else hi = mid;
  }
  return lo;
}

const bad = (field: string, message: string): WindowResult => ({ ok: false, error: { line: 0, field, message } });

export function traceWindow(t: Trace, fromMs: number, toMs: number): WindowResult {
  if (!Number.isFinite(fromMs) || fromMs < 0) return bad('window.from_ms', `${fromMs} is not a time >= 0 ms`);
  if (Number.isNaN(toMs) || toMs <= fromMs) return bad('window.to_ms', `${toMs} is not after the window's start (${fromMs} ms)`);
  const a = firstAtOrAfter(t.arrivalMs, t.count, fromMs), b = firstAtOrAfter(t.arrivalMs, t.count, toMs);
  if (b === a) {
    const span = t.count ? `${t.arrivalMs[0]}-${t.arrivalMs[t.count - 1]} ms` : 'no requests';
    return bad('window', `no request arrives in [${fromMs}, ${toMs}) ms (the trace spans ${span})`);
  }
  const arrivalMs = t.arrivalMs.slice(a, b);
  for (let i = 0; i < arrivalMs.length; i++) arrivalMs[i] -= fromMs;
  const notes = [...t.notes];
  if (a > 0 || b < t.count) {
    notes.push(`window [${fromMs}, ${toMs}) ms: requests ${(a + 1).toLocaleString('en')}-${b.toLocaleString('en')} of ` +
               `${t.count.toLocaleString('en')}, times counted from ${fromMs} ms`);
  }
  return {
    ok: true,
    trace: {
      ...t, count: b - a, arrivalMs, thinkMs: t.thinkMs.slice(a, b), lbn: t.lbn.slice(a, b), sectors: t.sectors.slice(a, b),
      isWrite: t.isWrite.slice(a, b), serviceMs: t.serviceMs.slice(a, b), line: t.line.slice(a, b), notes,
    },
  };
}
