/*
 * sweep.ts — the what-if, in the worker: sustained random-write throughput
 * of the shingled drive by media cache size and by the host's idle time,
 * with the conventional twin at each idle time. The host writes 4 KB blocks
 * uniformly over the region in bursts (the engine's desktop pattern with no
 * near writes and no reads: a geometric number of writes per burst arriving
 * together, exponential idle gaps between bursts), so the drive has idle time
 * to clean in. The throughput is the MB written in the run's second half
 * over the time a write was outstanding then (the union of the writes'
 * arrival-to-completion intervals): the rate the host sees while it writes,
 * once the media cache has had time to fill: a point writes its base count
 * plus twice what its cache holds, so its first half can fill the cache.
 * One point per run, streamed.
 */
import { Arrivals, EngineError, Pattern, Status, WorkloadParam, type Engine, type Sim } from '../../../engine-wasm/binding';
import { numberArg, wholeArg } from '../../worker/args';
import { checkDriveParams, driveSim, MAX_WRITES } from './drives';
import { WRITE_SECTORS } from './units';
import type { Drive, SweepParams, SweepPoint, SweepProgress, SweepResult } from './protocol';

/** Writes of a burst arrive this close together (ms): all at once, as a host flushing a batch. */
const BURST_GAP_MS = 0.01;
/** Points per sweep, at most (each is a bounded run). */
const MAX_POINTS = 64;

/** MB/s while writing: bytes of the intervals' writes over the measure of their union. */
export function busyThroughput(arrival: Float64Array, complete: Float64Array, bytesEach: number): number {
  const order = Array.from(arrival.keys()).sort((a, b) => arrival[a] - arrival[b]);
  let busy = 0;
  let start = -Infinity;
  let end = -Infinity;
  for (const i of order) {
    if (arrival[i] > end) {
      if (end > start) busy += end - start;
      start = arrival[i];
      end = complete[i];
    } else end = Math.max(end, complete[i]);
  }
  if (end > start) busy += end - start;
  return busy > 0 ? (order.length * bytesEach) / 1e6 / (busy / 1000) : 0;
}

/** The bursts of random writes (the region and seed are the run's). */
function setBursts(sim: Sim, writes: number, burst: number, idleMs: number, regionSectors: number): void {
  sim.workloadSet(WorkloadParam.Arrivals, Arrivals.Open);
  sim.workloadSet(WorkloadParam.Pattern, Pattern.Desktop);
  sim.workloadSet(WorkloadParam.ReadFraction, 0);
  sim.workloadSet(WorkloadParam.NearFraction, 0);
  sim.workloadSet(WorkloadParam.SizeSectors, WRITE_SECTORS);
  sim.workloadSet(WorkloadParam.BurstRequests, burst);
  sim.workloadSet(WorkloadParam.BurstGapMs, BURST_GAP_MS);
  sim.workloadSet(WorkloadParam.IdleMs, idleMs);
  sim.workloadSet(WorkloadParam.RegionLbns, regionSectors);
  sim.workloadSet(WorkloadParam.Count, writes);
}

/** One point: a drive with this cache size, the bursts with this idle time, run to the end. */
export function sweepPoint(engine: Engine, params: SweepParams, drive: Drive, cacheTracks: number, idleMs: number): SweepPoint {
  const p = { ...checkDriveParams(params.run), cacheTracks };
  const { sim, disk } = driveSim(engine, p, drive);
  try {
    const cacheWrites = drive === 'smr' ? Math.floor(sim.smrStats(disk).mcSectors / WRITE_SECTORS) : 0;
    const writes = Math.min(MAX_WRITES, params.writes + 2 * cacheWrites);
    setBursts(sim, writes, params.burst, idleMs, p.regionSectors);
    sim.outputConfigure(0, 4096);
    const arrival: number[] = [];
    const complete: number[] = [];
    let st;
    do {
      st = sim.run();
      const r = sim.results();
      for (let i = 0; i < r.count; i++) {
        arrival.push(r.get(i, 'arrivalMs'));
        complete.push(r.get(i, 'completeMs'));
      }
    } while (st === 1);
    // The second half by arrival: the writes after the cache has had the first half to fill.
    const order = Array.from(arrival.keys()).sort((a, b) => arrival[a] - arrival[b]).slice(arrival.length >> 1);
    const sectorBytes = p.disk.geometry.sectorBytes;
    const mbPerS = busyThroughput(Float64Array.from(order, (i) => arrival[i]), Float64Array.from(order, (i) => complete[i]), WRITE_SECTORS * sectorBytes);
    const s = drive === 'smr' ? sim.smrStats(disk) : null;
    return {
      drive, cacheTracks: drive === 'smr' ? cacheTracks : 0, idleMs, writes, mbPerS,
      cacheMb: s ? (s.mcSectors * sectorBytes) / 1e6 : 0, cleans: s?.cleans ?? 0, stalls: s?.stalls ?? 0,
    };
  } finally {
    sim.dispose();
  }
}

/** Every point of the sweep, in order: the twin at each idle time, then the shingled drive per (idle time, cache size). */
export function sweepPlan(params: SweepParams): { drive: Drive; cacheTracks: number; idleMs: number }[] {
  return params.idleMs.flatMap((idleMs) => [
    { drive: 'cmr' as const, cacheTracks: 0, idleMs },
    ...params.cacheTracks.map((cacheTracks) => ({ drive: 'smr' as const, cacheTracks, idleMs })),
  ]);
}

function checkSweep(params: SweepParams): SweepParams {
  const list = (field: string, xs: unknown, check: (x: unknown) => number) => {
    if (!Array.isArray(xs) || xs.length === 0 || xs.length > MAX_POINTS) throw new EngineError(Status.Range, `${field}: not a list of 1 to ${MAX_POINTS} values`, undefined, field);
    return xs.map(check);
  };
  const run = checkDriveParams(params?.run);
  return {
    run: params.run,
    cacheTracks: list('cacheTracks', params.cacheTracks, (x) => wholeArg('cacheTracks', x, 1, run.disk.geometry.cylinders - 1)),
    idleMs: list('idleMs', params.idleMs, (x) => numberArg('idleMs', x, 0, 1e9)),
    writes: wholeArg('writes', params.writes, 2, MAX_WRITES),
    burst: numberArg('burst', params.burst, 1, MAX_WRITES),
  };
}

export function* smrSweepStream(engine: Engine, raw: SweepParams): Generator<SweepProgress, SweepResult, void> {
  const params = checkSweep(raw);
  const plan = sweepPlan(params);
  if (plan.length > MAX_POINTS) throw new EngineError(Status.Range, `idleMs: the sweep would have ${plan.length} points; at most ${MAX_POINTS}`, undefined, 'idleMs');
  const points: SweepPoint[] = [];
  for (const [i, x] of plan.entries()) {
    const point = sweepPoint(engine, params, x.drive, x.cacheTracks, x.idleMs);
    points.push(point);
    yield { kind: 'point', point, done: i + 1, total: plan.length };
  }
  return { points };
}
