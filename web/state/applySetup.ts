/*
 * applySetup.ts — the one place that turns an explorer Setup into engine
 * calls, after configureDisk has built the preset's disk: the setup's disk
 * and cache overrides, scheduler and queue depth (sp_disk_set on the
 * committed disk), then the workload (sp_workload_set). The seed is the
 * sim's own (sp_new / sp_reset). Works on any object with the two setters,
 * so tests can record the calls.
 *
 * engineFieldOf maps an engine message ("disk 0.rpm: …", "workload.count: …")
 * back to the setup field it is about, so the editor can show it there.
 */
import {
  HostParam, Align, Arrivals, DiskParam, Pattern, ReadAhead, SizeDist, WorkloadParam, WriteCache,
} from '../../engine-wasm/binding/constants';
import type { Setup } from './setup';
import { SCHEDULER_CODE } from './diskPreset';

export interface SetupSink {
  diskSet(disk: number, param: DiskParam, value: number): void;
  workloadSet(param: WorkloadParam, value: number): void;
  hostSet(param: HostParam, value: number): void;
}

const READ_AHEAD_CODE = { none: ReadAhead.None, 'track-end': ReadAhead.TrackEnd, continue: ReadAhead.Continue } as const;

/** Disk override fields → engine parameter. */
const DISK_PARAM: ReadonlyArray<[keyof Setup['disk'], DiskParam]> = [
  ['rpm', DiskParam.Rpm],
  ['headSwitchMs', DiskParam.HeadSwitchMs],
  ['cylSwitchMs', DiskParam.CylSwitchMs],
  ['writeSettleMs', DiskParam.WriteSettleMs],
  ['zeroLatency', DiskParam.ZeroLatency],
  ['readOverheadMs', DiskParam.ReadOverheadMs],
  ['writeOverheadMs', DiskParam.WriteOverheadMs],
  ['busMsPerSector', DiskParam.BusMsPerSector],
  ['readFenceSectors', DiskParam.ReadFenceSectors],
];

/** Applies a setup's overrides and workload to disk `disk` of a configured, committed sim. */
export function applySetup(sim: SetupSink, disk: number, setup: Setup): void {
  for (const [field, param] of DISK_PARAM) {
    const v = setup.disk[field];
    if (v !== undefined) sim.diskSet(disk, param, typeof v === 'boolean' ? Number(v) : v);
  }
  const c = setup.cache;
  if (c.segmentSectors !== undefined) sim.diskSet(disk, DiskParam.CacheSegmentSectors, c.segmentSectors);
  if (c.segments !== undefined) sim.diskSet(disk, DiskParam.CacheSegments, c.segments);
  if (c.readAhead !== undefined) sim.diskSet(disk, DiskParam.ReadAhead, READ_AHEAD_CODE[c.readAhead]);
  if (c.writeCache !== undefined) sim.diskSet(disk, DiskParam.WriteCache, c.writeCache === 'immediate' ? WriteCache.Immediate : WriteCache.Off);
  sim.diskSet(disk, DiskParam.Scheduler, SCHEDULER_CODE[setup.scheduler]);
  sim.diskSet(disk, DiskParam.QueueDepth, setup.queueDepth);

  const w = setup.workload;
  const set = (p: WorkloadParam, v: number) => sim.workloadSet(p, v);
  sim.hostSet(HostParam.FirstDevice, disk);   // the workload addresses the volume: this disk as it is
  set(WorkloadParam.Arrivals, w.arrivals === 'open' ? Arrivals.Open : Arrivals.Closed);
  set(WorkloadParam.Outstanding, w.outstanding);
  set(WorkloadParam.ThinkMs, w.thinkMs);
  set(WorkloadParam.RatePerS, w.ratePerS);
  set(WorkloadParam.Pattern, w.pattern === 'sequential' ? Pattern.Sequential : Pattern.Random);
  // The distribution first: whether the size must be whole depends on it.
  set(WorkloadParam.SizeDist, w.sizeDist === 'uniform' ? SizeDist.Uniform : w.sizeDist === 'exponential' ? SizeDist.Exponential : SizeDist.Fixed);
  set(WorkloadParam.SizeSectors, w.sizeSectors);
  set(WorkloadParam.SizeMaxSectors, w.sizeMaxSectors);
  set(WorkloadParam.SizeTracks, w.sizeTracks);
  set(WorkloadParam.ReadFraction, w.readFraction);
  set(WorkloadParam.RegionFirstLbn, w.regionFirstLbn);
  set(WorkloadParam.RegionLbns, w.regionLbns);
  set(WorkloadParam.Align, w.align === 'track' ? Align.Track : Align.None);
  set(WorkloadParam.Count, w.count);
}

/** Engine parameter names (as sp_error writes them) → setup field paths. */
const ENGINE_NAMES: Record<string, string> = {
  rpm: 'disk.rpm', head_switch_ms: 'disk.headSwitchMs', cyl_switch_ms: 'disk.cylSwitchMs',
  write_settle_ms: 'disk.writeSettleMs', zero_latency: 'disk.zeroLatency', read_overhead_ms: 'disk.readOverheadMs',
  write_overhead_ms: 'disk.writeOverheadMs', bus_ms_per_sector: 'disk.busMsPerSector',
  read_fence_sectors: 'disk.readFenceSectors', cache_segments: 'cache.segments',
  cache_segment_sectors: 'cache.segmentSectors', read_ahead: 'cache.readAhead', write_cache: 'cache.writeCache',
  queue_depth: 'queueDepth', scheduler: 'scheduler',
  arrivals: 'workload.arrivals', outstanding: 'workload.outstanding', think_ms: 'workload.thinkMs',
  rate_per_s: 'workload.ratePerS', count: 'workload.count', pattern: 'workload.pattern',
  size_dist: 'workload.sizeDist', size_sectors: 'workload.sizeSectors', size_max_sectors: 'workload.sizeMaxSectors',
  size_tracks: 'workload.sizeTracks', read_fraction: 'workload.readFraction',
  region_first_lbn: 'workload.regionFirstLbn', region_lbns: 'workload.regionLbns', align: 'workload.align',
};

/**
 * The setup field an engine error message is about, or undefined. Knows the
 * "disk N.name:" and "workload.name:" forms of sp_error, and the in-flight
 * cap of an open workload whose rate the disk cannot keep up with.
 */
export function engineFieldOf(message: string): string | undefined {
  const m = /^(?:disk \d+|workload)\.([a-z_]+):/.exec(message);
  if (m && ENGINE_NAMES[m[1]]) return ENGINE_NAMES[m[1]];
  if (/requests in flight/.test(message)) return 'workload.ratePerS';
  return undefined;
}
