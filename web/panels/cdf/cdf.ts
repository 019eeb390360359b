/*
 * cdf.ts — the geometry of a response-time distribution, pure: points of a
 * CDF from a sorted sample (at most `max` of them, at evenly spaced ranks, so
 * a 1,000,000-request trace draws as fast as a small one), a quantile, and
 * the response range two compared samples share (up to the larger 99.5th
 * percentile, so one stray request does not squash the rest).
 */

/** [x, F(x)] steps of the empirical CDF of an ascending sample. */
export function cdfPoints(sorted: ArrayLike<number>, max = 600): [number, number][] {
  const n = sorted.length;
  if (n === 0) return [];
  const k = Math.min(n, Math.max(2, max));
  const out: [number, number][] = [];
  for (let j = 0; j < k; j++) {
    const i = k === 1 ? 0 : Math.round((j * (n - 1)) / (k - 1));
    out.push([sorted[i], (i + 1) / n]);
  }
  return out;
}

/** The value at quantile q of an ascending sample (nearest rank). */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** The response range (ms) both charts show: 0 to the larger 99.5th percentile, with a margin. */
export function responseRange(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const top = Math.max(quantile(a, 0.995), quantile(b, 0.995));
  return Number.isFinite(top) && top > 0 ? top * 1.05 : 1;
}
