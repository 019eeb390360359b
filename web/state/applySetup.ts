/*
 * applySetup.ts — the one place that turns a Setup into engine calls:
 *
 *   1. each device: its preset's disk (configureDisk, which commits it and
 *      checks the preset's capacity against the engine's), then the device's
 *      overrides (sp_disk_set on the committed disk; the preset's own
 *      scheduler and queue depth stay unless overridden);
 *   2. the host: the volume over all devices (sp_host_set, sp_host_commit),
 *      then the volume's capacity from the engine (sp_volume_capacity);
 *   3. the workload (sp_workload_set), checked first against that capacity.
 *
 * Works on any object with the binding's methods (SetupSink), so tests can
 * record the calls. An engine without the host layer (API 1) runs the
 * pass-through volume (one device, identity, no host queue limit) exactly as
 * before, and refuses anything else, naming the host field.
 *
 * Every failure is a SetupError naming the setup field it is about (its
 * message starts with that field's path); engineFieldOf maps a message (an
 * engine message such as "disk 2.rpm: …" or "host.stripe_tracks: …", or a
 * SetupError's) back to the setup field, so the editor can show it there.
 */
import {
  Align, Arrivals, DiskParam, EngineError, Pattern, ReadAhead, SizeDist, WorkloadParam, WriteCache,
} from '../../engine-wasm/binding';
import { configureDisk, PresetError, SCHEDULER_CODE, type Approximation, type DiskSink } from './presetEngine';
import type { DiskPreset } from './presetSchema';
import {
  DEVICE_FIELD_BY_PATH, fieldByPath, passThrough, validateSetup, SETUP_FIELD_BY_PATH,
  type DeviceOverrides, type PolicyName, type Setup,
} from './setup';

/** sp_host_param (spindle.h, engine API 2), number for number. */
export const HostParamCode = {
  Policy: 0, FirstDevice: 1, Devices: 2, StripeSectors: 3, StripeTracks: 4, Scheduler: 5, QueueDepth: 6,
} as const;
export type HostParamCode = (typeof HostParamCode)[keyof typeof HostParamCode];
/** SP_POLICY_* */
export const POLICY_CODE: Record<PolicyName, number> = { identity: 0, stripe: 1 };

/** The binding calls a setup needs. The host methods exist from engine API 2 on. */
export interface SetupSink extends DiskSink {
  diskCapacity(disk: number): number;
  diskTrackCount?(disk: number): number;
  workloadSet(param: WorkloadParam, value: number): void;
  hostSet?(param: HostParamCode, value: number): void;
  hostCommit?(): void;
  volumeCapacity?(): number;
}

/** A setup the engine cannot run, and the setup field at fault. */
export class SetupError extends Error {
  constructor(readonly field: string, why: string) {
    super(`${field}: ${why}`);
    this.name = 'SetupError';
  }
}

export interface Configured {
  /** The engine's index of each device (devices[i] of the setup). */
  devices: number[];
  /** LBNs of the volume (the engine's). */
  capacity: number;
}

export interface ConfigureOptions {
  /** What the engine cannot express exactly in a device's preset. */
  onApproximation?(device: number, a: Approximation): void;
}

const READ_AHEAD_CODE = { none: ReadAhead.None, 'track-end': ReadAhead.TrackEnd, continue: ReadAhead.Continue } as const;

/** Override fields → engine parameter and value. */
const OVERRIDE_PARAM: ReadonlyArray<[keyof DeviceOverrides, DiskParam, (v: never) => number]> = [
  ['rpm', DiskParam.Rpm, Number],
  ['headSwitchMs', DiskParam.HeadSwitchMs, Number],
  ['cylSwitchMs', DiskParam.CylSwitchMs, Number],
  ['writeSettleMs', DiskParam.WriteSettleMs, Number],
  ['zeroLatency', DiskParam.ZeroLatency, Number],
  ['readOverheadMs', DiskParam.ReadOverheadMs, Number],
  ['writeOverheadMs', DiskParam.WriteOverheadMs, Number],
  ['busMsPerSector', DiskParam.BusMsPerSector, Number],
  ['readFenceSectors', DiskParam.ReadFenceSectors, Number],
  // The segment size before the count: a count needs a size.
  ['segmentSectors', DiskParam.CacheSegmentSectors, Number],
  ['segments', DiskParam.CacheSegments, Number],
  ['readAhead', DiskParam.ReadAhead, (v: keyof typeof READ_AHEAD_CODE) => READ_AHEAD_CODE[v]],
  ['writeCache', DiskParam.WriteCache, (v: string) => (v === 'immediate' ? WriteCache.Immediate : WriteCache.Off)],
  ['scheduler', DiskParam.Scheduler, (v: keyof typeof SCHEDULER_CODE) => SCHEDULER_CODE[v]],
  ['queueDepth', DiskParam.QueueDepth, Number],
];

/** Runs an engine step; an engine or preset error becomes a SetupError about `field` (or the field its message names). */
function step<T>(field: string, devices: number, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof SetupError) throw e;
    if (e instanceof EngineError || e instanceof PresetError) {
      const named = engineFieldOf(e.message, devices);
      throw new SetupError(named ?? field, e.message);
    }
    throw e;
  }
}

/**
 * Builds the setup's devices, host and workload in a fresh sim. `presetOf`
 * gives each device's preset (validated); a preset it does not have is a
 * SetupError on that device's preset field.
 */
export function configureSetup(sim: SetupSink, setup: Setup, presetOf: (id: string) => DiskPreset | undefined,
                               opts: ConfigureOptions = {}): Configured {
  const n = setup.devices.length;
  const errors = validateSetup(setup);
  if (errors.length) throw new SetupError(errors[0].field, errors.map((e) => e.message).join('; '));

  // 1. The devices.
  const devices = setup.devices.map((d, i) => {
    const at = `devices[${i}]`;
    const preset = presetOf(d.preset);
    if (!preset) throw new SetupError(`${at}.preset`, `the preset "${d.preset}" is not available here`);
    let disk: number;
    try {
      disk = configureDisk(sim, preset, (a) => opts.onApproximation?.(i, a));
    } catch (e) {
      // Errors in the preset itself are about the preset, whatever engine field they name.
      if (e instanceof EngineError || e instanceof PresetError) throw new SetupError(`${at}.preset`, `preset ${d.preset}: ${e.message}`);
      throw e;
    }
    for (const [name, param, code] of OVERRIDE_PARAM) {
      const v = d.overrides[name];
      if (v === undefined) continue;
      step(`${at}.overrides.${name}`, n, () => sim.diskSet(disk, param, code(v as never)));
    }
    return disk;
  });
  const capacities = devices.map((disk) => sim.diskCapacity(disk));

  // 2. The host and the volume.
  const h = setup.host;
  if (h.policy === 'stripe' && h.stripeSectors === 0) {
    // Track-sized units need identical layouts: the engine's capacities and track counts must agree.
    const tracks = devices.map((disk) => sim.diskTrackCount?.(disk));
    const odd = devices.findIndex((_, i) => capacities[i] !== capacities[0] || tracks[i] !== tracks[0]);
    if (odd > 0) {
      throw new SetupError('host.stripeTracks', `stripe units of whole tracks need identical disks, and device ${odd} (${setup.devices[odd].preset}, ${capacities[odd]} LBNs) differs from device 0 (${setup.devices[0].preset}, ${capacities[0]} LBNs); give a stripe unit in sectors, or the same preset`);
    }
  }
  let capacity: number;
  if (sim.hostSet && sim.hostCommit && sim.volumeCapacity) {
    const set = (field: string, p: HostParamCode, v: number) => step(field, n, () => sim.hostSet!(p, v));
    set('host.policy', HostParamCode.Policy, POLICY_CODE[h.policy]);
    set('devices', HostParamCode.FirstDevice, devices[0]);
    set('devices', HostParamCode.Devices, n);
    set('host.stripeSectors', HostParamCode.StripeSectors, h.stripeSectors);
    set('host.stripeTracks', HostParamCode.StripeTracks, h.stripeTracks);
    set('host.scheduler', HostParamCode.Scheduler, SCHEDULER_CODE[h.scheduler]);
    set('host.queueDepth', HostParamCode.QueueDepth, h.queueDepth);
    step('host.policy', n, () => sim.hostCommit!());
    capacity = step('host.policy', n, () => sim.volumeCapacity!());
  } else {
    if (!passThrough(setup)) {
      const field = n !== 1 ? 'devices' : h.policy !== 'identity' ? 'host.policy' : 'host.queueDepth';
      throw new SetupError(field, 'this engine has no host layer (engine API 1): it runs one disk, the identity policy and no host queue limit');
    }
    capacity = capacities[0];
  }

  // 3. The workload, on the volume.
  const capErrors = validateSetup(setup, { capacity });
  if (capErrors.length) throw new SetupError(capErrors[0].field, capErrors.map((e) => e.message).join('; '));
  const w = setup.workload;
  const set = (p: WorkloadParam, v: number) => step('workload', n, () => sim.workloadSet(p, v));
  // Engine API 1 aims the workload at one disk; API 2 at the volume (no such parameter).
  const diskParam = (WorkloadParam as unknown as Record<string, number | undefined>).Disk;
  if (diskParam !== undefined) set(diskParam, devices[0]);
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
  return { devices, capacity };
}

// ---------------------------------------------------------------------------
// Engine fields → setup fields
// ---------------------------------------------------------------------------

/** Engine disk parameter names (sp_error, sp_error_field) → a device's field, relative. */
const DISK_NAMES: Record<string, string> = {
  rpm: 'overrides.rpm', head_switch_ms: 'overrides.headSwitchMs', cyl_switch_ms: 'overrides.cylSwitchMs',
  write_settle_ms: 'overrides.writeSettleMs', zero_latency: 'overrides.zeroLatency', read_overhead_ms: 'overrides.readOverheadMs',
  write_overhead_ms: 'overrides.writeOverheadMs', bus_ms_per_sector: 'overrides.busMsPerSector',
  read_fence_sectors: 'overrides.readFenceSectors', cache_segments: 'overrides.segments',
  cache_segment_sectors: 'overrides.segmentSectors', read_ahead: 'overrides.readAhead', write_cache: 'overrides.writeCache',
  queue_depth: 'overrides.queueDepth', scheduler: 'overrides.scheduler',
};
/** Engine host parameter names → setup fields. */
const HOST_NAMES: Record<string, string> = {
  policy: 'host.policy', first_device: 'devices', devices: 'devices', stripe_sectors: 'host.stripeSectors',
  stripe_tracks: 'host.stripeTracks', scheduler: 'host.scheduler', queue_depth: 'host.queueDepth',
};
/** Engine workload parameter names → setup fields. */
const WORKLOAD_NAMES: Record<string, string> = {
  arrivals: 'workload.arrivals', outstanding: 'workload.outstanding', think_ms: 'workload.thinkMs',
  rate_per_s: 'workload.ratePerS', count: 'workload.count', pattern: 'workload.pattern',
  size_dist: 'workload.sizeDist', size_sectors: 'workload.sizeSectors', size_max_sectors: 'workload.sizeMaxSectors',
  size_tracks: 'workload.sizeTracks', read_fraction: 'workload.readFraction',
  region_first_lbn: 'workload.regionFirstLbn', region_lbns: 'workload.regionLbns', align: 'workload.align',
};

/**
 * The setup field an engine field is about: "disk[2].rpm" or "disk 2.rpm"
 * (a device's override, or its preset for the layout's own parameters),
 * "host.stripe_tracks", "workload.count". Undefined when it names nothing
 * the setup has, or a device that does not exist (`devices`, when given).
 */
export function setupFieldOfEngine(field: string, devices = Infinity): string | undefined {
  const d = /^disk(?: |\[)(\d+)\]?\.([a-z_]+)$/.exec(field);
  if (d) {
    const i = Number(d[1]);
    if (i >= devices) return 'devices';
    return `devices[${i}].${DISK_NAMES[d[2]] ?? 'preset'}`;
  }
  const h = /^host\.([a-z_]+)$/.exec(field);
  if (h) return HOST_NAMES[h[1]];
  const w = /^workload\.([a-z_]+)$/.exec(field);
  if (w) return WORKLOAD_NAMES[w[1]];
  return undefined;
}

/**
 * The setup field a message is about, or undefined: a SetupError's (it
 * starts with the setup path), an engine message ("disk N.name: …",
 * "host.name: …", "workload.name: …"), or the in-flight cap of an open
 * workload whose rate the disks cannot keep up with.
 */
export function engineFieldOf(message: string, devices = Infinity): string | undefined {
  const own = /^([A-Za-z[\]0-9.]+): /.exec(message);
  if (own) {
    const p = own[1];
    if (p === 'devices' || SETUP_FIELD_BY_PATH.has(p)) return p;
    const dm = /^devices\[(\d+)\]\.(.+)$/.exec(p);
    if (dm && DEVICE_FIELD_BY_PATH.has(dm[2]) && fieldByPath(p)) return Number(dm[1]) < devices ? p : 'devices';
  }
  const m = /^((?:disk(?: \d+|\[\d+\])|host|workload)\.[a-z_]+):/.exec(message);
  if (m) {
    const f = setupFieldOfEngine(m[1], devices);
    if (f) return f;
  }
  if (/requests in flight/.test(message)) return 'workload.ratePerS';
  return undefined;
}

