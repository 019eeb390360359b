/*
 * The system-level traxtent services through the real wasm engine: points
 * stream one at a time and a stopped stream frees its sim, bad arguments name
 * their field, a round really holds V requests, and the hard real-time rules
 * (no rotation for aligned, a revolution and a head switch for unaligned)
 * read the engine's disk. (Paper values are checked in tests/fidelity.)
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { DiskParam, type Engine, type EngineError } from '../engine-wasm/binding';
import { loadPreset, simWith } from './fidelity/context';
import { applyAdapter } from '../web/experiments/adapter';
import { testEngine } from './helpers/engine';
import { ffsStream, lfsStream, videoStream } from '../web/pages/traxsystem/service';
import { batchTimes, hardRealTime, zoneTracks } from '../web/pages/traxsystem/video';
import type { ZoneSegmentPoint } from '../web/pages/traxsystem/lfs';
import { trackMap, typicalTrackLbns, zoneRegion } from '../web/pages/traxtents/disk';
import type { FfsParams, FfsPoint, LfsParams, VideoParams } from '../web/pages/traxsystem/protocol';
import { clusterRequests, ffsCompare, ffsLayout, runStreams } from '../web/pages/traxsystem/ffs';

let e: Engine;
beforeAll(async () => { e = await testEngine(); });

const video = (over: Partial<VideoParams> = {}): VideoParams => ({
  preset: loadPreset('quantum-atlas-10k-ii'), adapter: 'paper', scheduler: 'sptf', ioTracks: 1,
  vMin: 10, vMax: 20, vStep: 10, rounds: 20, fraction: 0.9999, seed: 1, bitRateMbps: 4, disks: 10, roundMs: 500, ...over,
});
const lfs = (over: Partial<LfsParams> = {}): LfsParams => ({
  preset: loadPreset('quantum-atlas-10k-ii'), adapter: 'paper', utilisation: 0.8, maxTracks: 2, points: 4, n: 50, seed: 1, ...over,
});

describe('video server service', () => {
  it('streams info then one point per (V, alignment), and derives streams from them', () => {
    const it = videoStream(e, video());
    const got = [];
    let r = it.next();
    while (!r.done) { got.push(r.value); r = it.next(); }
    expect(got[0].kind).toBe('info');
    expect(got.slice(1).map((g) => g.kind === 'point' && `${g.point.v}${g.point.alignment[0]}`)).toEqual(['10a', '10u', '20a', '20u']);
    const res = r.value;
    expect(res.info.ioBytes).toBe(528 * 512);
    expect(res.aligned.startupMs).toBe(5500);
    expect(res.aligned.bufferBytes).toBe(2 * 528 * 512 * res.aligned.streams);
    for (const p of res.points) expect(p.roundMs).toBeGreaterThanOrEqual(p.meanMs);
  });

  it('stops between points and names bad fields', () => {
    const it = videoStream(e, video({ rounds: 10 }));
    it.next(); it.next();
    expect(it.return(undefined as never).done).toBe(true);
    expect(() => videoStream(e, video({ rounds: 3 })).next()).toThrow(/rounds/);
    expect(() => videoStream(e, video({ scheduler: 'elevator' as never })).next()).toThrow(/scheduler/);
    expect(() => videoStream(e, video({ vMax: 5 })).next()).toThrow(/vMax/);
    expect(() => lfsStream(e, lfs({ utilisation: 1 })).next()).toThrow(/utilisation/);
  });

  it('a zone\'s tracks are the whole track map\'s tracks in that zone\'s LBNs, on presets with spare sectors, spare tracks and many zones', () => {
    for (const id of ['quantum-atlas-10k-ii', 'seagate-cheetah-9lp', 'dec-rz26', 'hp-c2247a']) {
      const { sim, disk } = simWith(e, id);
      for (const zone of [undefined, ...new Set(trackMap(sim, disk).map((t) => t.zone))].slice(0, 4)) {
        const z = zoneTracks(sim, disk, zone);
        const end = z.region.firstLbn + z.region.lbns;
        expect(z.tracks, `${id} zone ${zone}`).toEqual(trackMap(sim, disk).filter((t) => t.firstLbn >= z.region.firstLbn && t.firstLbn < end));
      }
      sim.dispose();
    }
  });

  it('a round holds all V requests: its time grows with V and exceeds V media transfers', () => {
    const { sim, disk } = simWith(e, 'quantum-atlas-10k-ii');
    const z = zoneTracks(sim, disk);
    const rev = sim.revolutionMs(disk);
    const t10 = batchTimes(sim, disk, z, { alignment: 'aligned', ioTracks: 1, v: 10, rounds: 5, seed: 2 });
    const t40 = batchTimes(sim, disk, z, { alignment: 'aligned', ioTracks: 1, v: 40, rounds: 5, seed: 2 });
    for (const t of t10) expect(t).toBeGreaterThanOrEqual(10 * rev);
    for (const t of t40) expect(t).toBeGreaterThanOrEqual(40 * rev);
    expect(sim.diskGet(disk, DiskParam.QueueDepth)).toBe(1);
    sim.dispose();
  });

  it('the disk queue holds the batch, so its scheduler orders it: SPTF rounds beat FCFS rounds', () => {
    const { sim, disk } = simWith(e, 'quantum-atlas-10k-ii');
    const z = zoneTracks(sim, disk);
    const mean = (s: number) => {
      sim.diskSet(disk, DiskParam.Scheduler, s);
      const t = batchTimes(sim, disk, z, { alignment: 'unaligned', ioTracks: 1, v: 40, rounds: 20, seed: 4 });
      return t.reduce((a, b) => a + b, 0) / t.length;
    };
    expect(mean(4)).toBeLessThan(0.9 * mean(0));
    sim.dispose();
  });

  it('hard real-time: aligned pays no rotation and fewer head switches', () => {
    const { sim, disk } = simWith(e, 'quantum-atlas-10k-ii');
    const z = zoneTracks(sim, disk);
    const a = hardRealTime(sim, disk, z, 'aligned', 1, 540);
    const u = hardRealTime(sim, disk, z, 'unaligned', 1, 540);
    expect(a.rotationMs).toBe(0);
    expect(u.rotationMs).toBe(sim.revolutionMs(disk));
    expect(a.switchMs).toBe(0);
    expect(u.switchMs).toBe(sim.diskGet(disk, DiskParam.HeadSwitchMs));
    expect(a.streams).toBeGreaterThan(u.streams);
    // The count is the largest that fits: one more stream would not.
    expect(a.streams * a.requestMs).toBeLessThanOrEqual(540);
    sim.dispose();
  });
});

describe('LFS service', () => {
  it('streams both alignments per segment size, with the write cost of the utilisation', () => {
    const it = lfsStream(e, lfs());
    let r = it.next();
    const pts = [];
    while (!r.done) { if (r.value.kind === 'point') pts.push(r.value.point); r = it.next(); }
    const res = r.value;
    expect(res.info.writeCost).toBeCloseTo(10, 12);
    expect(res.info.sizes).toContain(528);
    expect(pts.length).toBe(2 * res.info.sizes.length);
    for (const p of pts) expect(p.owc).toBeCloseTo(10 / p.efficiency, 9);
    // Track-sized aligned segments write more efficiently than unaligned ones.
    expect(res.trackReduction).toBeGreaterThan(0.1);
  });

  it('variable-sized segments: one track of each zone, and over the whole disk they beat one fixed size', () => {
    const it = lfsStream(e, lfs({ n: 200 }));
    let r = it.next();
    const zones: ZoneSegmentPoint[] = [];
    while (!r.done) { if (r.value.kind === 'zone') zones.push(r.value.point); r = it.next(); }
    const res = r.value;
    const { sim, disk } = simWith(e, 'quantum-atlas-10k-ii');
    const truth = [...new Set(trackMap(sim, disk).map((t) => t.zone))];
    expect(zones.map((z) => z.zone)).toEqual(truth);
    expect(res.info.zones).toBe(truth.length);
    for (const z of zones) {
      expect(z.sectors).toBe(typicalTrackLbns(sim, disk, zoneRegion(sim, disk, z.zone)));
      expect(z.owc).toBeCloseTo(10 / z.efficiency, 9);
    }
    sim.dispose();
    expect(res.zones).toEqual(zones);
    // The whole disk's zone-matched segments are each their zone's track: the mean lies within the zones' sizes.
    const sizes = zones.map((z) => z.sectors);
    expect(res.whole.matched.meanSectors).toBeGreaterThan(Math.min(...sizes));
    expect(res.whole.matched.meanSectors).toBeLessThan(Math.max(...sizes));
    expect(res.whole.fixedSectors).toBe(528);
    // One size (the first zone's track) spans a track boundary on every inner zone's track.
    expect(res.whole.matched.owc).toBeLessThan(0.95 * res.whole.fixedAligned.owc);
    expect(res.whole.fixedAligned.owc).toBeLessThan(res.whole.fixedUnaligned.owc);
  });
});

describe('FFS streams with one request outstanding per stream', () => {
  type Done = { stream: 'a' | 'b'; index: number; arrival: number; complete: number };
  const run = (a: [number, number][], b: [number, number][], copy: boolean) => {
    const { sim, disk } = simWith(e, 'quantum-atlas-10k');
    const log: Done[] = [];
    const ms = runStreams(sim, disk, a, b, copy, 1, 'per-stream', (stream, index, arrival, complete) => log.push({ stream, index, arrival, complete }));
    const depth = sim.diskGet(disk, DiskParam.QueueDepth);
    sim.dispose();
    return { ms, log, depth };
  };
  const MB = 2048;
  const a = clusterRequests(0, 8 * MB, 512);
  const b = clusterRequests(400 * MB, 8 * MB, 512);

  it('keeps both streams at the disk: each issues its next request at its own completion, the other one still there', () => {
    const r = run(a, b, false);
    expect(r.log.length).toBe(a.length + b.length);
    expect(r.depth).toBe(1);   // the preset's queue is put back
    for (const s of ['a', 'b'] as const) {
      const mine = r.log.filter((x) => x.stream === s);
      mine.forEach((x, i) => expect(x.index).toBe(i));
      for (let i = 1; i < mine.length; i++) expect(mine[i].arrival).toBeCloseTo(mine[i - 1].complete, 9);
    }
    // Two outstanding: every request spends time at the disk together with one of the other stream.
    const overlaps = r.log.filter((x) => r.log.some((y) => y.stream !== x.stream && y.arrival < x.complete && x.arrival < y.complete));
    expect(overlaps.length).toBe(r.log.length);
  });

  it('a copy writes no data before it is read', () => {
    // Writes in clusters of 384 sectors against reads of 512: write j waits for the reads that hold its last sector.
    const w = clusterRequests(400 * MB, 8 * MB, 384);
    const r = run(a, w, true);
    const reads = r.log.filter((x) => x.stream === 'a');
    const writes = r.log.filter((x) => x.stream === 'b');
    expect(writes.length).toBe(w.length);
    writes.forEach((x, j) => {
      const needed = Math.ceil(((j + 1) * 384) / 512) - 1;   // the read holding the write's last sector
      expect(x.arrival).toBeGreaterThanOrEqual(reads[Math.min(needed, reads.length - 1)].complete - 1e-9);
    });
  });

  it('hides the bus transfer behind the other stream\'s positioning: track-sized reads run faster than taking turns', () => {
    const { sim, disk } = simWith(e, 'quantum-atlas-10k');
    const f = 64 * MB;
    const one = ffsCompare(sim, disk, f, false, 1, 0, 512, 'one');
    const two = ffsCompare(sim, disk, f, false, 1, 0, 512, 'per-stream');
    sim.dispose();
    expect(two.traxtentMs).toBeLessThan(0.95 * one.traxtentMs);
    expect(two.defaultIos).toBe(one.defaultIos);
  });
});

describe('FFS service', () => {
  const ffs = (over: Partial<FfsParams> = {}): FfsParams => ({
    preset: loadPreset('quantum-atlas-10k'), adapter: 'paper', diffMB: 16, copyMB: 8, outstanding: 'per-stream', clusterBlocks: 32, sectionMB: 0, seed: 1, ...over,
  });

  it('streams each run\'s progress from 0 to its run time, and the result is those runs', () => {
    const it = ffsStream(e, ffs());
    let r = it.next();
    const pts: FfsPoint[] = [];
    let runs: { workload: string; allocation: string; ios: number }[] = [];
    while (!r.done) { if (r.value.kind === 'point') pts.push(r.value.point); else runs = r.value.info.runs; r = it.next(); }
    const res = r.value;
    expect(runs.map((x) => `${x.workload}-${x.allocation}`)).toEqual(['diff-default', 'diff-traxtent', 'copy-default', 'copy-traxtent']);
    for (const w of ['diff', 'copy'] as const) {
      for (const a of ['default', 'traxtent'] as const) {
        const mine = pts.filter((p) => p.workload === w && p.allocation === a);
        expect(mine[0]).toMatchObject({ s: 0, mb: 0 });
        for (let i = 1; i < mine.length; i++) { expect(mine[i].s).toBeGreaterThanOrEqual(mine[i - 1].s); expect(mine[i].mb).toBeGreaterThanOrEqual(mine[i - 1].mb); }
        const last = mine[mine.length - 1];
        expect(last.last).toBe(true);
        expect(last.s * 1000).toBeCloseTo(a === 'default' ? res[w].defaultMs : res[w].traxtentMs, 9);
        expect(last.mb).toBeCloseTo(2 * (w === 'diff' ? 16 : 8) * 1024 * 1024 / 1e6, 9);
      }
    }
    // The same runs as the fidelity rows' direct call.
    const { sim, disk } = simWith(e, 'quantum-atlas-10k');
    applyAdapter(sim, disk, 'paper');
    const direct = ffsCompare(sim, disk, 16 * 2048, false, 1, 0, 512, 'per-stream');
    sim.dispose();
    expect(res.diff).toEqual(direct);
    expect(res.info.excluded).toBeGreaterThan(0);
  });

  it('files in alternating sections are nearer each other: the streams\' requests seek less than with one file after the other', () => {
    const { sim, disk } = simWith(e, 'quantum-atlas-10k');
    applyAdapter(sim, disk, 'paper');
    const seek = (sectionSectors: number, x: 'default' | 'traxtent') => {
      const l = ffsLayout(sim, disk, 256 * 2048, 0, 512, sectionSectors)[x];
      runStreams(sim, disk, l.a, l.b, false, 1, 'per-stream');
      return sim.statsGet(disk).seekMeanMs;
    };
    for (const x of ['default', 'traxtent'] as const) expect(seek(16 * 2048, x)).toBeLessThan(0.7 * seek(0, x));
    sim.dispose();
  });

  it('blocks are 8 KB whatever the sector size: 32 sectors of 256 bytes on the HP C2200A', () => {
    const { sim, disk } = simWith(e, 'hp-c2200a');
    const l = ffsLayout(sim, disk, 8 * 4096, 0, 32 * 32).traxtent;
    sim.dispose();
    const starts = [...l.a, ...l.b].map(([lbn]) => lbn);
    expect(starts.length).toBeGreaterThan(10);
    for (const lbn of starts) expect(lbn % 32).toBe(0);
  });

  it('names bad fields, and files that do not fit', () => {
    expect(() => ffsStream(e, ffs({ outstanding: 'two' as never })).next()).toThrow(/outstanding/);
    expect(() => ffsStream(e, ffs({ clusterBlocks: 0 })).next()).toThrow(/clusterBlocks/);
    expect(() => ffsStream(e, ffs({ diffMB: 8000 })).next()).toThrow(/diffMB: two files of 8000 MB do not fit/);
    let field = '';
    try { ffsStream(e, ffs({ adapter: 'fast' as never })).next(); } catch (err) { field = (err as EngineError).field; }
    expect(field).toBe('adapter');
  });
});
