/*
 * quantile.ts — the round time that meets a fraction of the deadlines: the
 * smallest measured completion time t such that at least `fraction` of the
 * samples are <= t (the empirical distribution's inverse, no interpolation:
 * a round time read off measured rounds, as RIO and the traxtents paper read
 * it off the measured PDF). With 10,000 samples and 99.99 % that is the
 * ceil(0.9999 * 10000) = 9,999th smallest: the one slowest round may miss.
 */
export function roundTimeQuantile(samples: readonly number[], fraction: number): number {
  if (samples.length === 0) throw new RangeError('roundTimeQuantile: no samples');
  if (!(fraction > 0 && fraction <= 1)) throw new RangeError(`roundTimeQuantile: fraction ${fraction} is not in (0, 1]`);
  const sorted = [...samples].sort((a, b) => a - b);
  // A small epsilon so that 0.9999 * 10000 (= 9999.000000000002) is 9999, not 10000.
  const k = Math.max(1, Math.ceil(fraction * sorted.length - 1e-9));
  return sorted[k - 1];
}
