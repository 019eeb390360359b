import { describe, it, expect } from 'vitest';
import { accessPath, trackLineStep } from './drawPlatter';
import { platterGeometry } from './geometry';

describe('trackLineStep', () => {
  it('draws every track when they are 2 px apart, a round step otherwise', () => {
    expect(trackLineStep(platterGeometry(600, 50))).toBe(1);
    // 1449 tracks over 181 px: 0.125 px each; the first round step 4 px apart is 50
    expect(trackLineStep(platterGeometry(600, 1449))).toBe(50);
    expect(trackLineStep(platterGeometry(600, 1_000_000))).toBeGreaterThanOrEqual(1000);
  });
});

describe('accessPath', () => {
  it('ends the seek spiral where the rotational wait begins', () => {
    const rev = 15;
    const p = accessPath({
      angleAtStart: 0.9,
      query: { fromCyl: 10, sectors: 8 },
      phys: { cyl: 300, angle: 0.2, slotsPerTrack: 114 },
      breakdown: { seekMs: 7.5 },
    }, rev);
    expect(p.seekTurns).toBeCloseTo(0.5, 12);
    // arrives at 0.4; the sector begins at 0.2: wait 0.8 of a turn
    expect(p.rotateTurns).toBeCloseTo(0.8, 12);
    expect(p.transferTurns).toBeCloseTo(8 / 114, 12);
  });

  it('draws at most one turn of transfer', () => {
    const p = accessPath({
      angleAtStart: 0, query: { fromCyl: 0, sectors: 1000 },
      phys: { cyl: 0, angle: 0, slotsPerTrack: 114 }, breakdown: { seekMs: 0 },
    }, 15);
    expect(p.transferTurns).toBe(1);
    expect(p.rotateTurns).toBe(0);
  });
});
