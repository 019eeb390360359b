import { describe, it, expect } from 'vitest';
import { excludedBlocks, traxtents } from './allocation';
import { headSwitchProbability } from './sweep';
import { latencyFormulaOrdinary, latencyFormulaZl } from './latency';

describe('excluded blocks (traxtents §4.2.2)', () => {
  it('excludes exactly the blocks a track boundary falls inside', () => {
    // tracks of 40 sectors: boundaries 40, 80, 120; blocks of 16: 40 and 120 fall inside blocks 2 and 7, 80 on a block edge
    const r = excludedBlocks([0, 40, 80, 120], 0, 160, 16);
    expect(r.blocks).toBe(10);
    expect(r.excluded).toBe(2);
    expect(r.sample).toEqual([2, 7]);
    expect(r.fraction).toBeCloseTo(0.2);
  });
  it('gives one block in (SPT/16) / (share of boundaries off a block edge)', () => {
    // 334-sector tracks: 20.875 blocks a track; i*334 is a multiple of 16 for one boundary in 8
    const starts = Array.from({ length: 1000 }, (_, i) => i * 334);
    const r = excludedBlocks(starts, 0, 334 * 1000, 16);
    expect(r.excluded).toBe(999 - Math.floor(999 / 8));
    expect(1 / r.fraction).toBeCloseTo(20.875 * 8 / 7, 1);
  });
  it('traxtents are the runs between excluded blocks and never cross a boundary', () => {
    const starts = [0, 40, 80, 120];
    const t = traxtents(starts, 0, 160, 16);
    expect(t).toEqual([{ firstLbn: 0, sectors: 32 }, { firstLbn: 48, sectors: 32 }, { firstLbn: 80, sectors: 32 }, { firstLbn: 128, sectors: 32 }]);
    for (const x of t) for (const b of starts) expect(b > x.firstLbn && b < x.firstLbn + x.sectors).toBe(false);
  });
});

describe('closed forms of the paper', () => {
  it('P(head switch) = (N-1)/SPT, clamped to [0,1]', () => {
    expect(headSwitchProbability(1, 384)).toBe(0);
    expect(headSwitchProbability(129, 384)).toBeCloseTo(1 / 3);   // the paper's 64 KB example: every third access
    expect(headSwitchProbability(1000, 384)).toBe(1);
  });
  it('zero-latency expected latency falls from about half a revolution to 0 at a full track', () => {
    expect(latencyFormulaZl(1, 500)).toBeCloseTo(0.5, 3);
    expect(latencyFormulaZl(500, 500)).toBe(0);
    expect(latencyFormulaOrdinary(500)).toBeCloseTo(0.499);
  });
});
