import { describe, expect, it } from 'vitest';
import { disksimRms } from './disksimRms';

// Bucket starts (µs) by statdefs' "Start 0 step 1 grow 1": each start adds 1 + trunc(start / 100),
// so 0, 1, …, 100 one µs apart, then 102, 104, … two apart. A value of v µs (truncated) is
// counted in the bucket whose start is the first above v; rms.c interpolates linearly between starts.
describe('disksimRms (DiskSim 4.0 rms.c over statdefs-binned distributions)', () => {
  it('sees no difference between two values in the same two-µs bucket (100 and 101 µs: [100, 102))', () => {
    expect(disksimRms([0.1005], [0.1015])).toBe(0);
  });

  it('keeps a shift between one-µs buckets: 10 µs apart at every probability', () => {
    // [10, 11) and [20, 21): each CDF rises linearly across its bucket, so the quantiles differ by 0.010 ms throughout.
    expect(disksimRms([0.0105], [0.0205])).toBeCloseTo(0.010, 9);
  });

  it('weighs a difference by the share of probability it covers', () => {
    // Same lower half; upper half 0.010 ms apart: sqrt(0.5 × 0.010²) = 0.0070711 (rms.c's 10,000 steps, ± one step).
    expect(disksimRms([0.0105, 0.0205], [0.0105, 0.0305])).toBeCloseTo(0.0070711, 5);
  });

  it('interpolates within a bucket: a value spread over [10, 11) against one spread over [10, 11) and [12, 13)', () => {
    // Quantiles: b 0.010 + 0.001p; a 0.010 + 0.002p below p = 0.5, 0.012 + 0.002(p − 0.5) above; a − b = 0.001p, then
    // 0.001(1 + p). rms² = 1e-6 × (0.5³/3 + (2³ − 1.5³)/3) = 1.58333e-6, rms 0.0012583 (the bucket tops alone: 0.0014142).
    expect(disksimRms([0.0105, 0.0125], [0.0105, 0.0105])).toBeCloseTo(0.0012583, 6);
  });

  it('refuses an empty sample', () => {
    expect(() => disksimRms([], [1])).toThrow(/at least one value/);
  });
});
