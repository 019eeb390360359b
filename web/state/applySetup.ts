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
 * message starts with that field's path); setupFieldOfError maps a failure
 * (a SetupError, or an EngineError by its engine field: "disk[2].rpm",
 * "host.stripe_tracks") to the setup field, so the editor can show it there.
 */
import { EngineError, HostParam, WorkloadParam, codeOf, type DiskParam } from '../../engine-wasm/binding';
import { configureDisk, PresetError, type Approximation, type DiskSink } from './presetEngine';
import type { DiskPreset } from './presetSchema';
import { paramCode } from './engineParams';
import { getPath } from './fields';
import {
  DEVICE_COUNT_FIELD, DEVICE_FIELDS, DEVICE_FIELD_BY_PATH, SETUP_FIELDS, WORKLOAD_FIELDS, checkValue, fieldByPath, passThrough,
  validateSetup, type DeviceOverrides, type DeviceSetup, type FieldValue, type Setup, type SetupField,
} from './setup';

/** The binding calls a setup needs. The host methods exist from engine API 2 on. */
export interface SetupSink extends DiskSink {
  diskCapacity(disk: number): number;
  diskTrackCount?(disk: number): number;
  workloadSet(param: WorkloadParam, value: number): void;
  hostSet?(param: HostParam, value: number): void;
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

/** A field's value as its engine parameter takes it: a word as its enum's code, a switch as 1 or 0. */
export function engineValue(f: SetupField, v: FieldValue): number {
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'number') return v;
  const e = f.param?.words;
  if (!e) throw new Error(`${f.path}: "${v}" is a word, and the field names no engine enum`);
  return codeOf(e, v as never);
}

/**
 * The device fields that set a disk parameter, in the order they are set: the
 * field table's, with the segment size before the count (a count needs a size).
 */
const OVERRIDE_FIELDS: readonly SetupField[] = DEVICE_FIELDS.filter((f) => f.param?.table === 'disk')
  .sort((a, b) => Number(b.param!.name === 'cache_segment_sectors') - Number(a.param!.name === 'cache_segment_sectors'));

/** Runs an engine step; an engine or preset error becomes a SetupError about `field` (or the field its message names). */
function step<T>(field: string, devices: number, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof SetupError) throw e;
    if (e instanceof EngineError) throw new SetupError(setupFieldOfError(e, devices) ?? field, e.message);
    if (e instanceof PresetError) throw new SetupError(field, e.message);
    throw e;
  }
}

/**
 * One device of a setup (devices[i]): its preset's disk, then its overrides
 * on the committed disk. The locator runs its disk with this alone. Errors
 * name the device's setup field.
 */
export function configureDevice(sim: DiskSink, d: DeviceSetup, preset: DiskPreset, i = 0, devices = 1, opts: ConfigureOptions = {}): number {
  const at = `devices[${i}]`;
  let disk: number;
  try {
    disk = configureDisk(sim, preset, (a) => opts.onApproximation?.(i, a));
  } catch (e) {
    // Errors in the preset itself are about the preset, whatever engine field they name.
    if (e instanceof EngineError || e instanceof PresetError) throw new SetupError(`${at}.preset`, `preset ${d.preset}: ${e.message}`);
    throw e;
  }
  for (const f of OVERRIDE_FIELDS) {
    const v = getPath(d, f.path) as FieldValue | undefined;
    if (v === undefined) continue;
    step(`${at}.${f.path}`, devices, () => sim.diskSet(disk, paramCode('disk', f.param!.name) as DiskParam, engineValue(f, v)));
  }
  return disk;
}

/**
 * Device overrides as received (a link, a message): each one checked
 * against its field (setup.ts); the first bad one is a SetupError naming
 * devices[i].overrides.<name>. Keys that are not overrides are refused too.
 */
export function checkOverrides(raw: unknown, i = 0): DeviceOverrides {
  if (raw === undefined) return {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new SetupError(`devices[${i}].overrides`, 'must be an object of overrides');
  const out: Record<string, FieldValue> = {};
  for (const [name, v] of Object.entries(raw)) {
    const f = DEVICE_FIELD_BY_PATH.get(`overrides.${name}`);
    if (!f) throw new SetupError(`devices[${i}].overrides.${name}`, 'is not an override of a device');
    if (v === undefined) continue;
    const c = checkValue(f, v);
    if (!c.ok) throw new SetupError(`devices[${i}].overrides.${name}`, c.message);
    out[name] = c.value;
  }
  return out as DeviceOverrides;
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
    const preset = presetOf(d.preset);
    if (!preset) throw new SetupError(`devices[${i}].preset`, `the preset "${d.preset}" is not available here`);
    return configureDevice(sim, d, preset, i, n, opts);
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
    const set = (field: string, p: HostParam, v: number) => step(field, n, () => sim.hostSet!(p, v));
    set('host.policy', HostParam.Policy, codeOf('Policy', h.policy));
    set('devices', HostParam.FirstDevice, devices[0]);
    set('devices', HostParam.Devices, n);
    set('host.stripeSectors', HostParam.StripeSectors, h.stripeSectors);
    set('host.stripeTracks', HostParam.StripeTracks, h.stripeTracks);
    set('host.scheduler', HostParam.Scheduler, codeOf('Scheduler', h.scheduler));
    set('host.queueDepth', HostParam.QueueDepth, h.queueDepth);
    set('host.failedDevice', HostParam.FailedDevice, h.failedDevice < 0 ? -1 : devices[0] + h.failedDevice);
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
  const set = (p: WorkloadParam, v: number) => step('workload', n, () => sim.workloadSet(p, v));
  // Engine API 1 aims the workload at one disk; API 2 at the volume (no such parameter).
  const diskParam = (WorkloadParam as unknown as Record<string, WorkloadParam | undefined>).Disk;
  if (diskParam !== undefined) set(diskParam, devices[0]);
  // In the field table's order, which sets the size distribution before the size: whether the size
  // must be whole depends on it.
  for (const f of WORKLOAD_FIELDS.filter((w) => w.param)) {
    set(paramCode('workload', f.param!.name) as WorkloadParam, engineValue(f, getPath(setup, f.path) as FieldValue));
  }
  return { devices, capacity };
}

// ---------------------------------------------------------------------------
// Engine fields → setup fields
// ---------------------------------------------------------------------------

/**
 * The one table from engine fields (sp_error_field, EngineError.field) to
 * setup fields. Most rows come from the setup's field tables, where each
 * field names the engine parameter it sets (field.param): `disk.rpm` is a
 * device's `overrides.rpm`, `host.stripe_tracks` is `host.stripeTracks`,
 * `workload.count` is `workload.count`. The rows below are the engine fields
 * that are no setup field of their own.
 */
const ENGINE_FIELD_EXTRAS: Readonly<Record<string, string>> = {
  // The volume's first device: the setup always starts it at device 0; what can be wrong is the count.
  'host.first_device': 'devices',
  // The one failure that names the workload as a whole: more requests in flight than the engine holds
  // (SP_MAX_IN_FLIGHT), which an open workload reaches when its arrival rate outruns the volume (a
  // closed workload is held to its outstanding count, whose range stops at that cap).
  'workload': 'workload.ratePerS',
};

/** Engine field → setup field (a device's field relative to the device, for `disk.*`). */
const ENGINE_FIELDS: ReadonlyMap<string, string> = new Map([
  ...DEVICE_FIELDS.filter((f) => f.param).map((f) => [`${f.param!.table}.${f.param!.name}`, f.path] as const),
  ...[DEVICE_COUNT_FIELD, ...SETUP_FIELDS].filter((f) => f.param).map((f) => [`${f.param!.table}.${f.param!.name}`, f.path] as const),
  ...Object.entries(ENGINE_FIELD_EXTRAS),
]);

/**
 * The setup field an engine field is about: "disk[2].rpm" (a device's
 * override; the device's preset for a parameter the setup does not override,
 * such as the layout's, a zone or a seek point: "disk[2].seek_table[4].ms"),
 * "host.stripe_tracks", "workload.count", "workload". Undefined when it names
 * nothing the setup has; "devices" for a device that does not exist
 * (`devices`, when given).
 */
export function setupFieldOfEngine(field: string, devices = Infinity): string | undefined {
  if (field.startsWith('disk[')) {
    const close = field.indexOf(']');
    const index = field.slice(5, close);
    if (close < 0 || index === '' || ![...index].every((ch) => ch >= '0' && ch <= '9')) return undefined;
    const i = Number(index);
    if (i >= devices) return 'devices';
    const rest = field.slice(close + 1);
    const name = rest.startsWith('.') ? rest.slice(1) : '';
    return `devices[${i}].${ENGINE_FIELDS.get(`disk.${name}`) ?? 'preset'}`;
  }
  return ENGINE_FIELDS.get(field);
}

/**
 * The setup field a failure is about, or undefined: a SetupError's own field,
 * an EngineError's engine field (EngineError.field, from sp_error_field)
 * through the table above, or the same for a failure that crossed the
 * worker bridge (the page's EngineCallError carries `wire: { name, field }`).
 */
export function setupFieldOfError(e: unknown, devices = Infinity): string | undefined {
  if (e instanceof SetupError) return e.field;
  if (e instanceof EngineError) return e.field ? setupFieldOfEngine(e.field, devices) : undefined;
  const wire = (e as { wire?: unknown } | null)?.wire;
  if (typeof wire !== 'object' || wire === null) return undefined;
  const { name, field } = wire as { name?: unknown; field?: unknown };
  if (typeof field !== 'string' || field === '') return undefined;
  if (name === 'SetupError') return fieldByPath(field, devices) || field === 'devices' ? field : undefined;
  if (name === 'EngineError') return setupFieldOfEngine(field, devices);
  return undefined;
}
