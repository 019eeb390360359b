import { describe, expect, it } from 'vitest';
import { headSwitchAtHalfTrack, type SweepPoint } from './sweep';

const point = (index: number, alignment: 'aligned' | 'unaligned', headSwitchFraction: number) =>
  ({ index, alignment, headSwitchFraction } as unknown as SweepPoint);

describe('the head-switch note', () => {
  it('puts the formula and the measurement at the same size: the unaligned point nearest half a track', () => {
    const sizes = [1, 64, 150, 300, 600];
    const pts = [point(2, 'aligned', 0), point(1, 'unaligned', 0.2), point(2, 'unaligned', 0.45), point(4, 'unaligned', 1)];
    // half of a 334-sector track is 167: the 150-sector point is nearest.
    expect(headSwitchAtHalfTrack(sizes, 334, 334, pts)).toEqual({ sectors: 150, formula: 149 / 334, measured: 0.45 });
    expect(headSwitchAtHalfTrack(sizes, 334, 334, [point(2, 'aligned', 0)])).toBeUndefined();
  });
});
