/*
 * The video server's and LFS's formulas on hand-computed cases: the round-time
 * quantile of a known distribution, the write cost at known utilisations, and
 * the derived quantities (start-up latency, buffers, stream counts).
 */
import { describe, it, expect } from 'vitest';
import { roundTimeQuantile } from '../web/pages/traxsystem/quantile';
import { lowestCost, overallWriteCost, owcReduction, writeCost, type SegmentPoint } from '../web/pages/traxsystem/lfs';
import { bufferBytes, dataLastsMs, rng, startupLatencyMs, streamsAt, type RoundPoint } from '../web/pages/traxsystem/video';

/** 1, 2, ..., n in a shuffled order (so the quantile must sort). */
function shuffled(n: number): number[] {
  const xs = Array.from({ length: n }, (_, i) => i + 1);
  const r = rng(7);
  for (let i = n - 1; i > 0; i--) { const j = Math.floor(r() * (i + 1)); [xs[i], xs[j]] = [xs[j], xs[i]]; }
  return xs;
}

describe('round-time quantile', () => {
  it('reads the k-th smallest of a uniform 1..10000 sample', () => {
    const xs = shuffled(10_000);
    // 99.99 % of 10,000 rounds: 9,999 must meet the deadline -> the 9,999th smallest.
    expect(roundTimeQuantile(xs, 0.9999)).toBe(9999);
    expect(roundTimeQuantile(xs, 0.5)).toBe(5000);
    expect(roundTimeQuantile(xs, 0.99)).toBe(9900);
    expect(roundTimeQuantile(xs, 1)).toBe(10_000);
  });

  it('on a small sample: 3 of 4 rounds within the deadline is the 3rd smallest', () => {
    expect(roundTimeQuantile([40, 10, 30, 20], 0.75)).toBe(30);
    expect(roundTimeQuantile([40, 10, 30, 20], 0.76)).toBe(40);
    expect(roundTimeQuantile([5], 0.9999)).toBe(5);
  });

  it('rejects an empty sample and fractions outside (0, 1]', () => {
    expect(() => roundTimeQuantile([], 0.5)).toThrow(/no samples/);
    expect(() => roundTimeQuantile([1], 0)).toThrow(/fraction/);
    expect(() => roundTimeQuantile([1], 1.5)).toThrow(/fraction/);
  });
});

describe('video server derived quantities', () => {
  it('start-up latency is round time x (D + 1): 0.5 s on 10 disks is 5.5 s (section 5.4)', () => {
    expect(startupLatencyMs(500, 10)).toBe(5500);
  });

  it('buffer space is 2 x IOsize x V', () => {
    expect(bufferBytes(270_336, 70)).toBe(2 * 270_336 * 70);
  });

  it('a 264 KB request lasts a 4 Mb/s stream 0.54 s', () => {
    expect(dataLastsMs(264 * 1024, 4)).toBeCloseTo(540.672, 6);
  });

  it('streams at a round time: the largest V whose round time fits, per alignment', () => {
    const pts: RoundPoint[] = [
      { alignment: 'aligned', v: 10, roundMs: 100, meanMs: 90 },
      { alignment: 'aligned', v: 20, roundMs: 300, meanMs: 250 },
      { alignment: 'aligned', v: 30, roundMs: 501, meanMs: 450 },
      { alignment: 'unaligned', v: 10, roundMs: 200, meanMs: 150 },
      { alignment: 'unaligned', v: 20, roundMs: 600, meanMs: 500 },
    ];
    expect(streamsAt(pts, 'aligned', 500)).toBe(20);
    expect(streamsAt(pts, 'aligned', 501)).toBe(30);
    expect(streamsAt(pts, 'unaligned', 500)).toBe(10);
    expect(streamsAt(pts, 'unaligned', 100)).toBe(0);
  });
});

describe('LFS write cost (Sprite cleaning model)', () => {
  it('is 2 / (1 - u), and 1 at u = 0', () => {
    expect(writeCost(0)).toBe(1);
    expect(writeCost(0.5)).toBe(4);
    expect(writeCost(0.75)).toBe(8);
    expect(writeCost(0.8)).toBeCloseTo(10, 12);
    expect(() => writeCost(1)).toThrow(/utilisation/);
    expect(() => writeCost(-0.1)).toThrow(/utilisation/);
  });

  it('overall write cost = write cost / efficiency', () => {
    expect(overallWriteCost(0.5, 0.5)).toBe(8);
    expect(overallWriteCost(0, 0.25)).toBe(4);
    expect(() => overallWriteCost(0.5, 0)).toThrow(/efficiency/);
  });

  it('finds the cheapest segment and the aligned reduction', () => {
    const p = (alignment: 'aligned' | 'unaligned', sectors: number, owc: number): SegmentPoint => ({ alignment, sectors, owc, efficiency: 4 / owc, index: 0 });
    const pts = [p('aligned', 100, 9), p('aligned', 528, 6), p('aligned', 1056, 7), p('unaligned', 528, 10), p('unaligned', 1056, 8)];
    expect(lowestCost(pts, 'aligned')!.sectors).toBe(528);
    expect(lowestCost(pts, 'unaligned')!.sectors).toBe(1056);
    expect(owcReduction(pts[1], pts[3])).toBeCloseTo(0.4, 12);
  });
});

describe('traxsystem page setup (URL hash)', () => {
  const disks = ['quantum-atlas-10k-ii', 'hp-c2200a'];
  it('round-trips a setup and names a bad field, keeping its default', async () => {
    const { decodeSysSetup, encodeSysSetup, DEFAULT_SYS, ffsParams } = await import('../web/pages/traxsystem/setup');
    expect(ffsParams({ ...DEFAULT_SYS, fmb: 7, cmb: 9, out: 'one', cblk: 4, sect: 2, seed: 3 }, null))
      .toEqual({ preset: null, adapter: 'paper', diffMB: 7, copyMB: 9, outstanding: 'one', clusterBlocks: 4, sectionMB: 2, seed: 3 });
    const s = { ...DEFAULT_SYS, view: 'lfs' as const, u: 0.5, io: 2 };
    expect(decodeSysSetup(encodeSysSetup(s), disks)).toEqual({ setup: s, problems: [] });
    const bad = decodeSysSetup('#traxsystem?rounds=5&rate=x', disks);
    expect(bad.setup.rounds).toBe(DEFAULT_SYS.rounds);
    expect(bad.problems.map((p) => p.field).sort()).toEqual(['rate', 'rounds']);
    const ffs = { ...DEFAULT_SYS, view: 'ffs' as const, fmb: 64, cmb: 128, out: 'one' as const, cblk: 16, sect: 16 };
    expect(decodeSysSetup(encodeSysSetup(ffs), disks)).toEqual({ setup: ffs, problems: [] });
    const badFfs = decodeSysSetup('#traxsystem?view=ffs&out=three&sect=-1&fmb=0', disks);
    expect(badFfs.setup).toMatchObject({ view: 'ffs', out: 'per-stream', sect: 0, fmb: 512 });
    expect(badFfs.problems.map((p) => p.field).sort()).toEqual(['fmb', 'out', 'sect']);
    const crossed = decodeSysSetup('#traxsystem?vmin=50&vmax=20', disks);
    expect(crossed.setup.vmax).toBe(50);
    expect(crossed.problems[0].field).toBe('vmax');
  });
});

describe('FFS request streams', () => {
  it('default FFS reads a file in clusters, the last one short', async () => {
    const { clusterRequests } = await import('../web/pages/traxsystem/ffs');
    expect(clusterRequests(100, 1200, 512)).toEqual([[100, 512], [612, 512], [1124, 176]]);
  });

  it('traxtent FFS fills the traxtents between excluded blocks, one request each', async () => {
    const { traxtentRequests } = await import('../web/pages/traxsystem/ffs');
    // Tracks of 334 sectors: the block 320..335 straddles the boundary at 334 and is excluded.
    const starts = [0, 334, 668, 1002];
    const r = traxtentRequests(starts, 0, 700, 1336);
    expect(r.reqs).toEqual([[0, 320], [336, 320], [672, 60]]);
    expect(r.end).toBe(732);
    expect(() => traxtentRequests(starts, 0, 5000, 1336)).toThrow(/does not fit/);
  });

  it('two files in alternating sections: each allocation fills its own file\'s sections in order', async () => {
    const { sectionRequests } = await import('../web/pages/traxsystem/ffs');
    // Tracks of 334 sectors, sections of 400: file 0 in [0, 400), [800, 1200); file 1 in [400, 800), [1200, 1600).
    const starts = [0, 334, 668, 1002, 1336, 1670, 2004];
    const at = (which: 0 | 1, x: 'default' | 'traxtent', sectors = 500) => sectionRequests(starts, 0, which, sectors, 400, 2338, x, 256);
    expect(at(0, 'default')).toEqual([[0, 256], [256, 144], [800, 100]]);
    expect(at(1, 'default')).toEqual([[400, 256], [656, 144], [1200, 100]]);
    // Excluded blocks: 320..335 (boundary 334), 656..671 (668), 992..1007 (1002), 1328..1343 (1336).
    expect(at(0, 'traxtent')).toEqual([[0, 320], [336, 64], [800, 116]]);
    expect(at(1, 'traxtent')).toEqual([[400, 256], [672, 128], [1200, 116]]);
    expect(() => at(0, 'default', 2000)).toThrow(/does not fit/);
  });

  it('a comparison\'s figures: I/O counts, mean sizes, ratio and reduction', async () => {
    const { ffsSummary } = await import('../web/pages/traxsystem/ffs');
    const layout = {
      default: { a: [[0, 512], [512, 512]] as [number, number][], b: [[1024, 512], [1536, 512]] as [number, number][] },
      traxtent: { a: [[0, 320], [336, 320], [672, 384]] as [number, number][], b: [[1056, 320], [1392, 320], [1728, 384]] as [number, number][] },
    };
    const r = ffsSummary(layout, { default: 80, traxtent: 60 });
    expect(r).toEqual({ defaultMs: 80, traxtentMs: 60, defaultIos: 4, traxtentIos: 6, defaultMeanSectors: 512, traxtentMeanSectors: 2048 / 6, ratio: 0.75, reduction: 0.25 });
  });
});
