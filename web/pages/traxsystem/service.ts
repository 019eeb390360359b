/*
 * service.ts — the system-level traxtent experiments in the engine's worker
 * (tsVideo, tsLfs; see protocol.ts), without worker globals so they run under
 * Vitest too. Each is a generator over its own sim, one yield per engine
 * point; stopping (return()) disposes the sim.
 */
import { DiskParam, EngineError, Status, codeOf, type Engine, type Sim } from '../../../engine-wasm/binding';
import { configureDisk } from '../../state/diskPreset';
import { adapterArg, applyAdapter } from '../../experiments/adapter';
import { sectorBytes, trackMap, typicalTrackLbns, zoneRegion } from '../traxtents/disk';
import { sweepSizes, type Alignment } from '../traxtents/sweep';
import { numberArg, oneOfArg, presetArg, wholeArg } from '../../worker/args';
import { lbnZones, lowestCost, owcReduction, segmentPoint, wholeDiskSegments, writeCost, zoneSegmentPoint, type SegmentPoint, type ZoneSegmentPoint } from './lfs';
import { excludedBlocks } from '../traxtents/allocation';
import { ALLOCATIONS, FFS_BLOCK_BYTES, OUTSTANDING, ffsLayout, ffsSummary, runSteps, type Allocation, type FilePair } from './ffs';
import type { FfsInfo, FfsParams, FfsPoint, FfsProgress, FfsResult, FfsWorkload, LfsInfo, LfsParams, LfsProgress, LfsResult, Scheduler, VideoInfo, VideoParams, VideoProgress, VideoResult, VideoSide } from './protocol';
import { VIDEO_SCHEDULERS } from './protocol';
import {
  batchTimes, bufferBytes, dataLastsMs, hardRealTime, roundPoint, startupLatencyMs, streamsAt, zoneTracks, type RoundPoint,
} from './video';

const ALIGNMENTS: readonly Alignment[] = ['aligned', 'unaligned'];
/** Smallest LFS segment of the sweep, in sectors (8 KB: one file-system block). */
const MIN_SEGMENT = 16;

function diskOf(engine: Engine, preset: unknown, adapter: unknown): { sim: Sim; disk: number } {
  const parsed = presetArg(preset);
  const a = adapterArg(adapter);
  const sim = engine.createSim(1);
  try {
    const disk = configureDisk(sim, parsed);
    applyAdapter(sim, disk, a);
    return { sim, disk };
  } catch (err) {
    sim.dispose();
    throw err;
  }
}

export function* videoStream(engine: Engine, p: VideoParams): Generator<VideoProgress, VideoResult, void> {
  const scheduler = oneOfArg('scheduler', p.scheduler, VIDEO_SCHEDULERS);
  const ioTracks = wholeArg('ioTracks', p.ioTracks, 1, 16);
  const vMin = wholeArg('vMin', p.vMin, 1, 200);
  const vMax = wholeArg('vMax', p.vMax, vMin, 200);
  const vStep = wholeArg('vStep', p.vStep, 1, 200);
  const rounds = wholeArg('rounds', p.rounds, 10, 100_000);
  const fraction = numberArg('fraction', p.fraction, 0.5, 1);
  const seed = wholeArg('seed', p.seed, 0, 2 ** 31 - 1);
  const bitRate = numberArg('bitRateMbps', p.bitRateMbps, 0.01, 1000);
  const disks = wholeArg('disks', p.disks, 1, 1000);
  const roundMs = numberArg('roundMs', p.roundMs, 1, 1e6);
  const { sim, disk } = diskOf(engine, p.preset, p.adapter);
  try {
    sim.diskSet(disk, DiskParam.Scheduler, codeOf('Scheduler', scheduler));
    const z = zoneTracks(sim, disk);
    const bytes = sectorBytes(sim, disk);
    const ioBytes = ioTracks * z.trackLbns * bytes;
    const lastsMs = dataLastsMs(ioBytes, bitRate);
    const info: VideoInfo = {
      trackLbns: z.trackLbns, sectorBytes: bytes, ioBytes, lastsMs,
      hard: { aligned: hardRealTime(sim, disk, z, 'aligned', ioTracks, lastsMs), unaligned: hardRealTime(sim, disk, z, 'unaligned', ioTracks, lastsMs) },
    };
    yield { kind: 'info', info };
    const points: RoundPoint[] = [];
    for (let v = vMin; v <= vMax; v += vStep) {
      for (const alignment of ALIGNMENTS) {
        const point = roundPoint(alignment, v, batchTimes(sim, disk, z, { alignment, ioTracks, v, rounds, seed }), fraction);
        points.push(point);
        yield { kind: 'point', point };
      }
    }
    const side = (a: Alignment): VideoSide => {
      const streams = streamsAt(points, a, roundMs);
      return { streams, startupMs: startupLatencyMs(roundMs, disks), bufferBytes: bufferBytes(ioBytes, streams) };
    };
    return { info, points, aligned: side('aligned'), unaligned: side('unaligned') };
  } finally {
    sim.dispose();
  }
}

export function* lfsStream(engine: Engine, p: LfsParams): Generator<LfsProgress, LfsResult, void> {
  const u = numberArg('utilisation', p.utilisation, 0, 0.99);
  const maxTracks = wholeArg('maxTracks', p.maxTracks, 1, 64);
  const count = wholeArg('points', p.points, 2, 100);
  const n = wholeArg('n', p.n, 1, 1_000_000);
  const seed = wholeArg('seed', p.seed, 0, Number.MAX_SAFE_INTEGER);
  const { sim, disk } = diskOf(engine, p.preset, p.adapter);
  try {
    const region = zoneRegion(sim, disk);
    const trackLbns = typicalTrackLbns(sim, disk, region);
    const sizes = sweepSizes(trackLbns, maxTracks * trackLbns, count).filter((s) => s >= MIN_SEGMENT);
    const zones = lbnZones(sim, disk);
    const info: LfsInfo = { trackLbns, sectorBytes: sectorBytes(sim, disk), sizes, writeCost: writeCost(u), zones: zones.length };
    yield { kind: 'info', info };
    const run = { region, requests: n, seed };
    const points: SegmentPoint[] = [];
    for (let i = 0; i < sizes.length; i++) {
      for (const alignment of ALIGNMENTS) {
        const point = segmentPoint(sim, disk, run, alignment, sizes[i], u, i);
        points.push(point);
        yield { kind: 'point', point };
      }
    }
    const zonePoints: ZoneSegmentPoint[] = [];
    for (const zone of zones) {
      const point = zoneSegmentPoint(sim, disk, zone, u, n, seed);
      zonePoints.push(point);
      yield { kind: 'zone', point };
    }
    const at = (a: Alignment) => points.find((q) => q.alignment === a && q.sectors === trackLbns)!;
    return {
      info, points, best: { aligned: lowestCost(points, 'aligned')!, unaligned: lowestCost(points, 'unaligned')! },
      trackReduction: owcReduction(at('aligned'), at('unaligned')),
      zones: zonePoints, whole: wholeDiskSegments(sim, disk, u, n, seed, trackLbns),
    };
  } finally {
    sim.dispose();
  }
}

/** Progress points per FFS run (about). */
const FFS_POINTS_PER_RUN = 40;
const MIB = 1 << 20;

/** The FFS layouts of a workload, with the field named when the files do not fit on the disk. */
function layoutOf(sim: Sim, disk: number, field: string, mb: number, clusterSectors: number, sectionSectors: number): Record<Allocation, FilePair> {
  try {
    return ffsLayout(sim, disk, Math.round(mb * MIB / sectorBytes(sim, disk)), 0, clusterSectors, sectionSectors);
  } catch (err) {
    if (err instanceof RangeError) throw new EngineError(Status.Range, `${field}: two files of ${mb} MB do not fit on this disk`, undefined, field);
    throw err;
  }
}

export function* ffsStream(engine: Engine, p: FfsParams): Generator<FfsProgress, FfsResult, void> {
  const diffMB = wholeArg('diffMB', p.diffMB, 1, 8192);
  const copyMB = wholeArg('copyMB', p.copyMB, 1, 8192);
  const outstanding = oneOfArg('outstanding', p.outstanding, OUTSTANDING);
  const clusterBlocks = wholeArg('clusterBlocks', p.clusterBlocks, 1, 128);
  const sectionMB = wholeArg('sectionMB', p.sectionMB, 0, 4096);
  const seed = wholeArg('seed', p.seed, 0, 2 ** 31 - 1);
  const { sim, disk } = diskOf(engine, p.preset, p.adapter);
  try {
    const bytes = sectorBytes(sim, disk);
    const blockSectors = Math.max(1, Math.round(FFS_BLOCK_BYTES / bytes));
    const layouts: Record<FfsWorkload, Record<Allocation, FilePair>> = {
      diff: layoutOf(sim, disk, 'diffMB', diffMB, clusterBlocks * blockSectors, Math.round(sectionMB * MIB / bytes)),
      copy: layoutOf(sim, disk, 'copyMB', copyMB, clusterBlocks * blockSectors, Math.round(sectionMB * MIB / bytes)),
    };
    // The LBN span the files use (excluded blocks are counted over it).
    let span = 0;
    for (const w of Object.values(layouts)) for (const l of Object.values(w)) for (const [lbn, n] of [...l.a, ...l.b]) span = Math.max(span, lbn + n);
    const ex = excludedBlocks(trackMap(sim, disk).map((t) => t.firstLbn), 0, span, blockSectors, 0);
    const order = (['diff', 'copy'] as const).flatMap((workload) => ALLOCATIONS.map((allocation) => ({ workload, allocation })));
    const info: FfsInfo = {
      sectorBytes: bytes, blocks: ex.blocks, excluded: ex.excluded,
      runs: order.map(({ workload, allocation }) => {
        const l = layouts[workload][allocation];
        return { workload, allocation, ios: l.a.length + l.b.length, mb: 2 * (workload === 'diff' ? diffMB : copyMB) * MIB / 1e6 };
      }),
    };
    yield { kind: 'info', info };
    const ms = { diff: { default: 0, traxtent: 0 }, copy: { default: 0, traxtent: 0 } };
    for (const { workload, allocation } of order) {
      const l = layouts[workload][allocation];
      const point = (s: number, sectors: number, last: boolean): FfsPoint => ({ workload, allocation, s, mb: sectors * bytes / 1e6, last });
      yield { kind: 'point', point: point(0, 0, false) };
      const every = Math.max(1, Math.ceil((l.a.length + l.b.length) / FFS_POINTS_PER_RUN));
      const steps = runSteps(sim, disk, l.a, l.b, workload === 'copy', seed, outstanding, every);
      let r = steps.next();
      while (!r.done) {
        yield { kind: 'point', point: point(r.value.ms / 1000, r.value.sectors, false) };
        r = steps.next();
      }
      ms[workload][allocation] = r.value;
      const all = [...l.a, ...l.b].reduce((s, q) => s + q[1], 0);
      yield { kind: 'point', point: point(r.value / 1000, all, true) };
    }
    return { info, diff: ffsSummary(layouts.diff, ms.diff), copy: ffsSummary(layouts.copy, ms.copy) };
  } finally {
    sim.dispose();
  }
}
