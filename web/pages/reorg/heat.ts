/*
 * heat.ts — pure arithmetic the reorganization page's views share, on the
 * engine's per-epoch records: the colour of a count, the band of groups that
 * holds the middle share of an epoch's accesses (where the head sweeps), and
 * running totals of the epoch counters (the /proc view). No DOM, no engine:
 * every input is a number the engine reported.
 */
import { interpolateYlOrRd, scaleSequentialSqrt } from 'd3';
import { OKABE_ITO, ROLE } from '../../lib/palette';
import type { EpochStats, PhaseName } from './protocol';

/** The two runs' colours (lines, points, histogram bars). */
export const RUN_COLOUR = { baseline: ROLE.muted, reorg: OKABE_ITO.blue } as const;
export type RunName = keyof typeof RUN_COLOUR;
export const RUN_LABEL: Readonly<Record<RunName, string>> = { baseline: 'baseline ext2', reorg: 'reorganizing' };

/** The phase bands behind the throughput chart (none for the baseline's phase 0). */
export const PHASE_COLOUR: Readonly<Record<PhaseName, string>> = {
  baseline: 'transparent', logging: OKABE_ITO.sky, placement: OKABE_ITO.yellow, moving: OKABE_ITO.orange, steady: OKABE_ITO.green,
};

/**
 * A count's colour on a square-root scale from 0 (near white) to `max` (dark
 * red; ColorBrewer's YlOrRd, ordered by lightness, so it reads in grey too):
 * small counts stay visible.
 */
export function heatColour(max: number): (v: number) => string {
  const s = scaleSequentialSqrt(interpolateYlOrRd).domain([0, max > 0 ? max : 1]);
  return (v: number) => s(Math.max(0, v));
}

/** The largest value of any row (the heat map's scale shared by both runs and every epoch). */
export function maxOf(rows: readonly (readonly number[])[]): number {
  let m = 0;
  for (const r of rows) for (const v of r) if (v > m) m = v;
  return m;
}

/**
 * The band of groups [first, last] holding the middle `share` of the
 * accesses: (1 - share) / 2 of them are left out at each end. Null when
 * there were none. The head sweeps (about) this band in the epoch.
 */
export function hotBand(acc: readonly number[], share = 0.9): { first: number; last: number } | null {
  const total = acc.reduce((a, b) => a + b, 0);
  if (!(total > 0)) return null;
  // A hair above the exact share: 0.9 of 100 leaves 5 at each end, not 4.999….
  const cut = (total * (1 - share)) / 2 + total * 1e-12;
  let first = 0, sum = 0;
  for (; first < acc.length - 1; first++) {
    if (sum + acc[first] > cut) break;
    sum += acc[first];
  }
  let last = acc.length - 1;
  sum = 0;
  for (; last > first; last--) {
    if (sum + acc[last] > cut) break;
    sum += acc[last];
  }
  return { first, last };
}

/** Running totals of the counters the reorganizer reports per epoch, up to and with epoch `upto`. */
export function totalsUpTo(epochs: readonly EpochStats[], upto: number): { requests: number; bytes: number; filesMoved: number; bytesMoved: number; diskReads: number } {
  const t = { requests: 0, bytes: 0, filesMoved: 0, bytesMoved: 0, diskReads: 0 };
  for (const e of epochs) {
    if (e.index > upto) break;
    t.requests += e.requests; t.bytes += e.bytes; t.filesMoved += e.filesMoved; t.bytesMoved += e.bytesMoved; t.diskReads += e.diskReads;
  }
  return t;
}

/** Consecutive epochs in one phase merged into bands [startMs, endMs) for the throughput chart. */
export function phaseBands(epochs: readonly EpochStats[]): { phase: PhaseName; startMs: number; endMs: number }[] {
  const out: { phase: PhaseName; startMs: number; endMs: number }[] = [];
  for (const e of epochs) {
    const last = out[out.length - 1];
    if (last && last.phase === e.phase && last.endMs === e.startMs) last.endMs = e.endMs;
    else out.push({ phase: e.phase, startMs: e.startMs, endMs: e.endMs });
  }
  return out;
}
