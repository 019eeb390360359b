/*
 * sweep.ts — the aligned vs unaligned experiment of the track-aligned extents
 * paper (section 5.1): 5,000 random reads in a region (the first zone), one
 * (onereq) or two (tworeq) outstanding, starting anywhere or on a track
 * boundary; measured by the engine: head time and its components, efficiency
 * (media transfer / head time), response-time deviation, head-switch fraction.
 *
 * The sweep over request sizes (Figure 1) is a generator: each step runs one
 * point in the engine and yields it, so a worker can post points as they come
 * and stop between any two (cancel = stop iterating, or pass an AbortSignal).
 * No DOM, no timers.
 */
import { Align, DiskParam, HostParam, WorkloadParam, type ResultView, type Sim, type Stats } from '../../../engine-wasm/binding';
import type { Region } from './disk';

export type Alignment = 'aligned' | 'unaligned';

export interface PointSpec {
  /** Request size in sectors, or 'track': the start track's LBN count (a traxtent). */
  size: number | 'track';
  alignment: Alignment;
  /** Requests kept outstanding: 1 = onereq, 2 = tworeq. */
  outstanding: number;
  /** Zero-latency access on/off; undefined: as the disk preset says. */
  zeroLatency?: boolean;
  isWrite?: boolean;
}

export interface RunSpec {
  region: Region;
  /** Requests per point (the paper: 5,000). */
  requests: number;
  seed: number;
}

export interface PointResult extends Required<Omit<PointSpec, 'size'>> {
  size: number | 'track';
  /** Mean request size in sectors (for 'track': the mean track size met). */
  meanSectors: number;
  headMs: number;
  efficiency: number;
  responseMeanMs: number;
  responseSdMs: number;
  seekMs: number;
  rotationMs: number;
  transferMs: number;
  switchMs: number;
  busMs: number;
  overheadMs: number;
  queueMs: number;
  headSwitchFraction: number;
  completed: number;
}

/**
 * Runs one point: sets the disk's queue depth to the number outstanding (the
 * paper's tworeq keeps one request queued at the disk) and zero latency as
 * asked, runs the workload to completion, and restores both settings. With
 * `each`, every completed request's record is passed to it (a view valid
 * only during the call), so that a caller can take the parts apart.
 */
export function runPoint(sim: Sim, disk: number, run: RunSpec, p: PointSpec, each?: (r: ResultView) => void): PointResult {
  const depth0 = sim.diskGet(disk, DiskParam.QueueDepth);
  const zl0 = sim.diskGet(disk, DiskParam.ZeroLatency);
  try {
    sim.diskSet(disk, DiskParam.QueueDepth, Math.max(depth0, p.outstanding));
    if (p.zeroLatency !== undefined) sim.diskSet(disk, DiskParam.ZeroLatency, p.zeroLatency ? 1 : 0);
    sim.reset(run.seed);
    sim.outputConfigure(0, each ? 1024 : 0);
    const w = (k: WorkloadParam, v: number) => sim.workloadSet(k, v);
    sim.hostSet(HostParam.FirstDevice, disk);   // the workload addresses the volume: this disk as it is
    w(WorkloadParam.Arrivals, 0);
    w(WorkloadParam.Outstanding, p.outstanding);
    w(WorkloadParam.ThinkMs, 0);
    w(WorkloadParam.Count, run.requests);
    w(WorkloadParam.Pattern, 0);
    w(WorkloadParam.SizeDist, 0);
    w(WorkloadParam.RegionFirstLbn, run.region.firstLbn);
    w(WorkloadParam.RegionLbns, run.region.lbns);
    w(WorkloadParam.Align, p.alignment === 'aligned' ? Align.Track : Align.None);
    w(WorkloadParam.ReadFraction, p.isWrite ? 0 : 1);
    if (p.size === 'track') {
      w(WorkloadParam.SizeSectors, 1);
      w(WorkloadParam.SizeMaxSectors, -1);
      w(WorkloadParam.SizeTracks, 1);
    } else {
      w(WorkloadParam.SizeTracks, 0);
      w(WorkloadParam.SizeSectors, p.size);
      w(WorkloadParam.SizeMaxSectors, -1);
    }
    for (;;) {
      const more = sim.run(-1) !== 0;   // SP_MORE: bounded work per call, or a full result chunk
      if (each) each(sim.results());
      if (!more) break;
    }
    return toResult(p, sim.statsGet(disk), sim.diskGet(disk, DiskParam.SectorBytes));
  } finally {
    sim.diskSet(disk, DiskParam.QueueDepth, depth0);
    sim.diskSet(disk, DiskParam.ZeroLatency, zl0);
  }
}

function toResult(p: PointSpec, s: Stats, sectorBytes: number): PointResult {
  // mb_per_s = sectors * bytes / span_ms / 1000
  const meanSectors = s.completed > 0 ? s.mbPerS * (s.lastCompleteMs - s.firstArrivalMs) * 1000 / sectorBytes / s.completed : 0;
  return {
    size: p.size, alignment: p.alignment, outstanding: p.outstanding, zeroLatency: p.zeroLatency ?? false,
    isWrite: p.isWrite ?? false,
    meanSectors,
    headMs: s.headMeanMs, efficiency: s.efficiency,
    responseMeanMs: s.responseMeanMs, responseSdMs: s.responseSdMs,
    seekMs: s.seekMeanMs, rotationMs: s.rotationMeanMs, transferMs: s.transferMeanMs,
    switchMs: s.switchMeanMs, busMs: s.busMeanMs, overheadMs: s.overheadMeanMs, queueMs: s.queueMeanMs,
    headSwitchFraction: s.headSwitchFraction, completed: s.completed,
  };
}

/** Request sizes for Figure 1: 1 sector to `maxSectors`, about `points` of them, geometric, plus the track size. */
export function sweepSizes(trackLbns: number, maxSectors = 4 * trackLbns, points = 30): number[] {
  const out = new Set<number>();
  const ratio = Math.pow(maxSectors, 1 / (points - 1));
  for (let i = 0; i < points; i++) out.add(Math.max(1, Math.round(Math.pow(ratio, i))));
  out.add(trackLbns);
  return [...out].sort((a, b) => a - b);
}

export interface SweepSeries {
  alignment: Alignment;
  outstanding: number;
  zeroLatency?: boolean;
}

export interface SweepPoint extends PointResult {
  /** Index of the series in the request, and of the size. */
  series: number;
  index: number;
}

/** One of `count` engines' share of a sweep: points k (in sweep order) with k % count === index. */
export interface Shard {
  index: number;
  count: number;
}

/**
 * Figure 1's sweep, one point per step, series after series for each size (so
 * the curves grow together). Stops early when `signal` is aborted. With a
 * shard, only that share of the points (interleaved, so that engines working
 * in parallel get about as many large requests each); every point depends
 * only on its own size, series and the seed, so shards computed apart are
 * the same points as one whole sweep.
 */
export function* sweep(sim: Sim, disk: number, run: RunSpec, sizes: readonly number[],
                       series: readonly SweepSeries[], signal?: AbortSignal, shard?: Shard): Generator<SweepPoint, void, void> {
  for (let i = 0; i < sizes.length; i++) {
    for (let s = 0; s < series.length; s++) {
      if (shard && (i * series.length + s) % shard.count !== shard.index) continue;
      if (signal?.aborted) return;
      const r = runPoint(sim, disk, run, { size: sizes[i], ...series[s] });
      yield { ...r, series: s, index: i };
    }
  }
}

/** The paper's P(head switch) for an unaligned N-sector request on SPT-sector tracks: (N-1)/SPT (section 2.3). */
export function headSwitchProbability(n: number, spt: number): number {
  return Math.min(1, Math.max(0, (n - 1) / spt));
}

/**
 * The unaligned point measured nearest half a track, with the paper's
 * (N-1)/SPT for that same size N: formula and measurement side by side at
 * one size. undefined until such a point has arrived.
 */
export function headSwitchAtHalfTrack(sizes: readonly number[], trackLbns: number, spt: number, points: readonly SweepPoint[]):
  { sectors: number; formula: number; measured: number } | undefined {
  let best: SweepPoint | undefined;
  for (const p of points) {
    if (p.alignment !== 'unaligned') continue;
    if (!best || Math.abs(sizes[p.index] - trackLbns / 2) < Math.abs(sizes[best.index] - trackLbns / 2)) best = p;
  }
  if (!best) return undefined;
  const n = sizes[best.index];
  return { sectors: n, formula: headSwitchProbability(n, spt), measured: best.headSwitchFraction };
}

/** Relative reduction of head time, aligned vs unaligned: 1 - aligned/unaligned. */
export function headTimeReduction(aligned: PointResult, unaligned: PointResult): number {
  return 1 - aligned.headMs / unaligned.headMs;
}
