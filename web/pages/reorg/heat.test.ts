import { describe, it, expect } from 'vitest';
import { heatColour, hotBand, maxOf, phaseBands, totalsUpTo } from './heat';
import type { EpochStats } from './protocol';

const epoch = (index: number, phase: EpochStats['phase'], over: Partial<EpochStats> = {}): EpochStats => ({
  index, phase, startMs: index * 1000, endMs: (index + 1) * 1000, requests: 10, bytes: 100, cacheLookups: 0, cacheHits: 0, diskReads: 3,
  diskBlocks: 0, filesMoved: 0, bytesMoved: 0, logBytes: 0, loggedOpens: 0, reqPerS: 0, mbPerS: 0, hitRatio: 0, seekMeanCyl: 0,
  seekMeanFrac: 0, seekMeanMs: 0,
  seeks: 0, diskWrites: 0, writeBlocks: 0, filesToMove: 0, bytesToMove: 0, responseMeanMs: 0, ...over,
});

describe('reorganization view arithmetic', () => {
  it('the hot band leaves out a twentieth of the accesses at each end', () => {
    // 100 accesses: 4 in group 0 (under the 5 cut), 90 in 3..5, 6 in group 9 (over the cut: kept).
    expect(hotBand([4, 0, 0, 30, 30, 30, 0, 0, 0, 6])).toEqual({ first: 3, last: 9 });
    expect(hotBand([5, 0, 0, 30, 30, 30, 0, 0, 0, 5])).toEqual({ first: 3, last: 5 });
    expect(hotBand([0, 0, 7, 0])).toEqual({ first: 2, last: 2 });
    expect(hotBand([0, 0, 0])).toBeNull();
    expect(hotBand([1, 1, 1, 1], 1)).toEqual({ first: 0, last: 3 });
  });

  it('colours darken with the count and share one scale', () => {
    const c = heatColour(100);
    expect(c(0)).not.toBe(c(100));
    expect(c(-5)).toBe(c(0));
    const lum = (s: string) => { const m = s.match(/\d+/g)!.map(Number); return m[0] + m[1] + m[2]; };
    expect(lum(c(100))).toBeLessThan(lum(c(25)));
    expect(lum(c(25))).toBeLessThan(lum(c(0)));
    expect(maxOf([[1, 7], [3], []])).toBe(7);
  });

  it('totals add the epochs up to the one chosen', () => {
    const es = [epoch(0, 'logging', { filesMoved: 0 }), epoch(1, 'moving', { filesMoved: 5, bytesMoved: 50 }), epoch(2, 'moving', { filesMoved: 2, bytesMoved: 9 })];
    expect(totalsUpTo(es, 1)).toEqual({ requests: 20, bytes: 200, filesMoved: 5, bytesMoved: 50, diskReads: 6 });
    expect(totalsUpTo(es, 2).filesMoved).toBe(7);
  });

  it('phase bands merge consecutive epochs of one phase', () => {
    const es = [epoch(0, 'logging'), epoch(1, 'logging'), epoch(2, 'moving'), epoch(3, 'steady'), epoch(4, 'steady')];
    expect(phaseBands(es)).toEqual([
      { phase: 'logging', startMs: 0, endMs: 2000 }, { phase: 'moving', startMs: 2000, endMs: 3000 }, { phase: 'steady', startMs: 3000, endMs: 5000 },
    ]);
  });
});
