/*
 * setup.ts — a setup (version 2): everything needed to reproduce a run, as
 * one typed value with defaults and field-level validation:
 *
 *   { version: 2, devices: [{ kind: 'disk', preset, overrides }], host,
 *     workload, seed, view }
 *
 * One field table per section: DEVICE_FIELDS (each device: its preset and
 * the overrides of the preset's values), HOST_FIELDS (the volume's policy and
 * the host queue), WORKLOAD_FIELDS, RUN_FIELDS (the seed) and VIEW_FIELDS.
 * The URL codec, the JSON save/load and the parameter editor all read them,
 * so a new field cannot silently skip the URL. A device's field has the path
 * `devices[i].<path in DEVICE_FIELDS>`; fieldsOf(setup) lists every field of
 * a setup with such absolute paths. Pure functions only: no DOM, no engine.
 *
 * A device override that is absent means the preset's value, the preset's
 * own scheduler and queue depth included. The defaults of a version are
 * frozen: a link omits fields equal to their default, so changing a default
 * means a new version (and a migration: setupV1.ts reads version 1).
 */

import {
  MAX_SAFE, checkValue, choices, displayValue, getPath, int, num, oneOf, setPath, show,
  type FieldError, type FieldSpec, type FieldValue, type Problem,
} from './fields';
import { HOST_SCHEDULERS, SCHEDULERS, WRITE_CACHES } from './presetSchema';
import { engineParam, paramKind, type EngineTable } from './engineParams';
import { wordsOf, type Word, type WordEnum } from '../../engine-wasm/binding/constants';

/** A field whose values are words of an engine enum: all of them, or the subset a setup offers. */
interface Words {
  words: WordEnum;
  values: readonly string[];
}
const words = <E extends WordEnum>(e: E, values: readonly Word<E>[] = wordsOf(e)): Words => ({ words: e, values });

/**
 * A field that sets engine parameter `table.name`: its kind is the engine's
 * range and whole-number flag (engineParams.ts), unless `kind` is given (the
 * words of an engine enum, or a deliberately narrower range, said at the field).
 */
function param(table: EngineTable, name: string, kind?: FieldSpec['kind'] | Words): Pick<SetupField, 'kind' | 'param'> {
  if (kind && 'words' in kind) return { kind: oneOf(kind.values), param: { table, name, words: kind.words } };
  return { kind: kind ?? paramKind(engineParam(table, name)), param: { table, name } };
}
const disk = (name: string, kind?: FieldSpec['kind'] | Words) => param('disk', name, kind);
const host = (name: string, kind?: FieldSpec['kind'] | Words) => param('host', name, kind);
const work = (name: string, kind?: FieldSpec['kind'] | Words) => param('workload', name, kind);

/** Devices a setup may have: the engine's range of host.devices. */
export const MAX_DEVICES = engineParam('host', 'devices').hi;

export {
  checkValue, describeKind, displayValue, encodeValue, quoteRaw,
  type Checked, type FieldError, type FieldKind, type FieldValue, type Problem,
} from './fields';

export const SETUP_VERSION = 2;

/*
 * The names of enum values are the engine's words (binding/constants.ts). A
 * list written here is the subset a version 2 setup offers, frozen with it.
 */
export const SCHEDULER_NAMES = SCHEDULERS;
export const HOST_SCHEDULER_NAMES = HOST_SCHEDULERS;
export const POLICY_NAMES = ['identity', 'stripe', 'raid4', 'raid5'] as const satisfies readonly Word<'Policy'>[];
export const DEVICE_KIND_NAMES = ['disk'] as const satisfies readonly Word<'DeviceKind'>[];
export const ARRIVAL_NAMES = wordsOf('Arrivals');
export const PATTERN_NAMES = ['random', 'sequential'] as const satisfies readonly Word<'Pattern'>[];
export const SIZE_DIST_NAMES = wordsOf('SizeDist');
export const ALIGN_NAMES = wordsOf('Align');
export const READ_AHEAD_NAMES = ['none', 'track-end', 'continue'] as const satisfies readonly Word<'ReadAhead'>[];
export const WRITE_CACHE_NAMES = WRITE_CACHES;
export const TAB_NAMES = ['stats', 'setup', 'disk'] as const;

export type SchedulerName = (typeof SCHEDULER_NAMES)[number];
export type HostSchedulerName = (typeof HOST_SCHEDULER_NAMES)[number];
export type PolicyName = (typeof POLICY_NAMES)[number];
export type DeviceKindName = (typeof DEVICE_KIND_NAMES)[number];
export type ArrivalName = (typeof ARRIVAL_NAMES)[number];
export type PatternName = (typeof PATTERN_NAMES)[number];
export type SizeDistName = (typeof SIZE_DIST_NAMES)[number];
export type AlignName = (typeof ALIGN_NAMES)[number];
export type WriteCacheName = (typeof WRITE_CACHE_NAMES)[number];
export type TabName = (typeof TAB_NAMES)[number];

/** What a device may change of its preset; absent = the preset's value. */
export interface DeviceOverrides {
  rpm?: number;
  headSwitchMs?: number;
  cylSwitchMs?: number;
  writeSettleMs?: number;
  zeroLatency?: boolean;
  readOverheadMs?: number;
  writeOverheadMs?: number;
  busMsPerSector?: number;
  /** 0: the disk's own bus; k: bus k, held by one of the disks set to k at a time (their commands too). */
  sharedBus?: number;
  readFenceSectors?: number;
  segments?: number;
  segmentSectors?: number;
  readAhead?: (typeof READ_AHEAD_NAMES)[number];
  writeCache?: WriteCacheName;
  /** The disk's own command queue: its scheduler and depth. */
  scheduler?: SchedulerName;
  queueDepth?: number;
  /** Commands beyond the queue depth wait at the host's driver (their overhead starts when the disk takes them). */
  driverQueue?: boolean;
}

export interface DeviceSetup {
  kind: DeviceKindName;
  preset: string;
  overrides: DeviceOverrides;
}

/** The host: how the volume maps onto the devices, and its own queue of logical requests. */
export interface HostSetup {
  policy: PolicyName;
  /** Stripe unit in sectors; 0 = stripeTracks whole tracks. */
  stripeSectors: number;
  /** Stripe unit in tracks (when stripeSectors is 0); needs identical disks. */
  stripeTracks: number;
  scheduler: HostSchedulerName;
  /** Logical requests outstanding at the devices at once; 0 = no limit. */
  queueDepth: number;
  /** RAID-4/5: the failed device (0-based among the setup's devices); -1 = none. */
  failedDevice: number;
}

/** The synthetic workload (sp_workload_set), in the engine's terms; it addresses the volume. */
export interface Workload {
  count: number;
  arrivals: ArrivalName;
  outstanding: number;
  thinkMs: number;
  ratePerS: number;
  pattern: PatternName;
  sizeDist: SizeDistName;
  sizeSectors: number;
  /** Uniform: the maximum; exponential: a cap; 0 = none (the size itself). */
  sizeMaxSectors: number;
  /** > 0: the size is this many times the start unit's (track's) LBN count. */
  sizeTracks: number;
  readFraction: number;
  regionFirstLbn: number;
  /** 0 = to the end of the volume. */
  regionLbns: number;
  align: AlignName;
}

/** How the page shows the run; part of a shared link, never of the engine's input. */
export interface View {
  tab: TabName;
  /** Slow motion: simulated time runs 1/slow of real time (1 = real time). */
  slow: number;
  /** Presentation mode: large type, the platter as large as the window allows. */
  present: boolean;
  /** A moment of the run to open at, paused: events played (-1 = none: play from the start). Older links. */
  at: number;
  /** The instant of the run to open at, paused: simulated ms (-1 = none). A link to a moment writes this. */
  moment: number;
}

export interface Setup {
  version: 2;
  devices: DeviceSetup[];
  host: HostSetup;
  workload: Workload;
  seed: number;
  view: View;
}

export type Group = 'disk' | 'cache' | 'queue' | 'host' | 'workload' | 'run' | 'view';
export type SetupField = FieldSpec<Group>;

/** The fields of one device, paths relative to the device; key '' is the device's own key (`d0=hp-97560`). */
export const DEVICE_FIELDS: readonly SetupField[] = [
  { path: 'preset', key: '', label: 'Disk preset', kind: { type: 'id' }, def: 'hp-c2200a', group: 'disk' },
  { path: 'kind', key: 'kind', label: 'Device kind', kind: oneOf(DEVICE_KIND_NAMES), def: 'disk', group: 'disk' },
  { path: 'overrides.scheduler', key: 'sched', label: 'Scheduler', ...disk('scheduler', words('Scheduler')), def: undefined, group: 'queue',
    help: 'the disk\'s own command queue order' },
  { path: 'overrides.queueDepth', key: 'qd', label: 'Queue depth', ...disk('queue_depth'), def: undefined, group: 'queue',
    help: 'commands the disk holds at once; the rest wait for a slot' },
  { path: 'overrides.driverQueue', key: 'dq', label: 'Wait at the host', ...disk('driver_queue', { type: 'bool' }), def: undefined, group: 'queue',
    help: 'on: commands beyond the queue depth wait at the host, and the controller starts on one only when the disk takes it (DiskSim); off: the controller takes every command on arrival' },
  { path: 'overrides.rpm', key: 'rpm', label: 'Rotation speed (RPM)', ...disk('rpm'), def: undefined, group: 'disk' },
  { path: 'overrides.headSwitchMs', key: 'hsw', label: 'Head switch (ms)', ...disk('head_switch_ms'), def: undefined, group: 'disk' },
  { path: 'overrides.cylSwitchMs', key: 'csw', label: 'Cylinder switch (ms)', ...disk('cyl_switch_ms'), def: undefined, group: 'disk' },
  { path: 'overrides.writeSettleMs', key: 'wsettle', label: 'Write settle (ms)', ...disk('write_settle_ms'), def: undefined, group: 'disk' },
  { path: 'overrides.zeroLatency', key: 'zl', label: 'Zero-latency access', ...disk('zero_latency', { type: 'bool' }), def: undefined, group: 'disk' },
  { path: 'overrides.readOverheadMs', key: 'rover', label: 'Read overhead (ms)', ...disk('read_overhead_ms'), def: undefined, group: 'disk' },
  { path: 'overrides.writeOverheadMs', key: 'wover', label: 'Write overhead (ms)', ...disk('write_overhead_ms'), def: undefined, group: 'disk' },
  { path: 'overrides.busMsPerSector', key: 'bus', label: 'Bus time per sector (ms)', ...disk('bus_ms_per_sector'), def: undefined, group: 'disk' },
  { path: 'overrides.sharedBus', key: 'sbus', label: 'Shared bus', ...disk('shared_bus'), def: undefined, group: 'disk',
    help: '0: the disk\'s own bus; k: bus k, shared by every disk set to k, held by one at a time through its commands and data' },
  { path: 'overrides.readFenceSectors', key: 'fence', label: 'Read fence (sectors)', ...disk('read_fence_sectors'), def: undefined, group: 'disk' },
  { path: 'overrides.segments', key: 'segs', label: 'Cache segments', ...disk('cache_segments'), def: undefined, group: 'cache',
    help: '0 disables the read cache' },
  { path: 'overrides.segmentSectors', key: 'segsize', label: 'Segment size (sectors)', ...disk('cache_segment_sectors'), def: undefined, group: 'cache' },
  { path: 'overrides.readAhead', key: 'ra', label: 'Read-ahead', ...disk('read_ahead', words('ReadAhead', READ_AHEAD_NAMES)), def: undefined, group: 'cache' },
  { path: 'overrides.writeCache', key: 'wc', label: 'Write cache', ...disk('write_cache', words('WriteCache')), def: undefined, group: 'cache',
    help: 'immediate: writes are reported once in the buffer' },
];

/** How many devices; more than one needs a policy that spreads the volume over them. */
export const DEVICE_COUNT_FIELD: SetupField = {
  path: 'devices', key: 'devs', label: 'Devices', ...host('devices'), def: 1, group: 'host',
  help: 'disks in the volume; new ones are copies of device 0',
};

export const HOST_FIELDS: readonly SetupField[] = [
  { path: 'host.policy', key: 'pol', label: 'Volume policy', ...host('policy', words('Policy', POLICY_NAMES)), def: 'identity', group: 'host',
    help: 'identity: the volume is one disk; stripe: RAID-0 over all devices' },
  { path: 'host.stripeSectors', key: 'su', label: 'Stripe unit (sectors)', ...host('stripe_sectors'), def: 0, group: 'host',
    help: '0 = units of whole tracks (the next field)' },
  { path: 'host.stripeTracks', key: 'st', label: 'Stripe unit (tracks)', ...host('stripe_tracks'), def: 1, group: 'host',
    help: 'track-sized units need identical disks' },
  { path: 'host.scheduler', key: 'hsched', label: 'Host scheduler', ...host('scheduler', words('Scheduler', HOST_SCHEDULER_NAMES)), def: 'fcfs', group: 'host',
    help: 'the order logical requests leave the host queue, by volume block' },
  { path: 'host.queueDepth', key: 'hqd', label: 'Host queue depth', ...host('queue_depth'), def: 0, group: 'host',
    help: 'logical requests at the devices at once; 0 = no limit' },
  // -1 is "none" here, not the engine's "derived" sentinel that paramKind leaves out
  { path: 'host.failedDevice', key: 'fail', label: 'Failed device', ...host('failed_device', int(-1, engineParam('host', 'failed_device').hi)), def: -1, group: 'host',
    help: 'raid4, raid5: this device has failed; its blocks are rebuilt from the others; -1 = none' },
];

export const RUN_FIELDS: readonly SetupField[] = [
  { path: 'seed', key: 'seed', label: 'Seed', kind: int(0, MAX_SAFE), def: 1, group: 'run',
    help: 'the random seed of the workload: the same seed gives the same run' },
];

export const WORKLOAD_FIELDS: readonly SetupField[] = [
  // Narrower than the engine's count (0..1e12): a setup's run is played back on the page, which keeps
  // every result of it, so at most a million; and 0 (no synthetic requests) is for replaying a trace,
  // which a setup does not carry.
  { path: 'workload.count', key: 'n', label: 'Requests', ...work('count', int(1, 1_000_000)), def: 200, group: 'workload' },
  { path: 'workload.arrivals', key: 'arrive', label: 'Arrivals', ...work('arrivals', words('Arrivals')), def: 'closed', group: 'workload',
    help: 'closed: a fixed number outstanding; open: Poisson arrivals at a rate' },
  { path: 'workload.outstanding', key: 'out', label: 'Outstanding requests', ...work('outstanding'), def: 1, group: 'workload',
    help: 'closed arrivals: requests always in flight (1 = onereq, 2 = tworeq)' },
  { path: 'workload.thinkMs', key: 'think', label: 'Think time (ms)', ...work('think_ms'), def: 0, group: 'workload' },
  { path: 'workload.ratePerS', key: 'rate', label: 'Arrival rate (per s)', ...work('rate_per_s'), def: 50, group: 'workload' },
  { path: 'workload.pattern', key: 'pattern', label: 'Pattern', ...work('pattern', words('Pattern', PATTERN_NAMES)), def: 'random', group: 'workload' },
  { path: 'workload.sizeDist', key: 'dist', label: 'Size distribution', ...work('size_dist', words('SizeDist')), def: 'fixed', group: 'workload' },
  { path: 'workload.sizeSectors', key: 'size', label: 'Size (sectors)', ...work('size_sectors'), def: 8, group: 'workload',
    help: 'fixed size, uniform minimum, or exponential mean' },
  { path: 'workload.sizeMaxSectors', key: 'max', label: 'Maximum size (sectors)', ...work('size_max_sectors'), def: 0, group: 'workload',
    help: 'uniform maximum or exponential cap; 0 = none' },
  { path: 'workload.sizeTracks', key: 'tracks', label: 'Size in tracks', ...work('size_tracks'), def: 0, group: 'workload',
    help: '> 0: each request is this many times its start track\'s length' },
  { path: 'workload.readFraction', key: 'read', label: 'Read fraction', ...work('read_fraction'), def: 1, group: 'workload' },
  { path: 'workload.regionFirstLbn', key: 'from', label: 'Region start (LBN)', ...work('region_first_lbn'), def: 0, group: 'workload' },
  { path: 'workload.regionLbns', key: 'len', label: 'Region length (LBNs)', ...work('region_lbns'), def: 0, group: 'workload',
    help: '0 = to the end of the volume' },
  { path: 'workload.align', key: 'align', label: 'Alignment', ...work('align', words('Align')), def: 'none', group: 'workload',
    help: 'track: every request starts on a track (stripe unit) boundary' },
];

export const VIEW_FIELDS: readonly SetupField[] = [
  { path: 'view.tab', key: 'tab', label: 'Side panel', kind: oneOf(TAB_NAMES), def: 'stats', group: 'view',
    help: 'what the right-hand column shows: statistics, the setup editor or the disk' },
  { path: 'view.slow', key: 'slow', label: 'Slow motion (×)', kind: int(1, 100_000), def: 100, group: 'view',
    help: 'simulated time runs this many times slower than real time' },
  { path: 'view.present', key: 'present', label: 'Presentation mode', kind: { type: 'bool' }, def: false, group: 'view',
    help: 'large type and the platter as large as the window allows (key P)' },
  { path: 'view.at', key: 'at', label: 'Moment (events played)', kind: int(-1, MAX_SAFE), def: -1, group: 'view',
    help: 'opens the run paused after this many events; -1 = play from the start' },
  { path: 'view.moment', key: 'moment', label: 'Moment (simulated ms)', kind: num(-1, 1e12), def: -1, group: 'view',
    help: 'opens the run paused at this instant; -1 = play from the start' },
];

/** The fields outside the devices, in the order the URL writes them. */
export const SETUP_FIELDS: readonly SetupField[] = [...RUN_FIELDS, ...WORKLOAD_FIELDS, ...HOST_FIELDS, ...VIEW_FIELDS];
export const SETUP_FIELD_BY_PATH: ReadonlyMap<string, SetupField> = new Map(SETUP_FIELDS.map((f) => [f.path, f]));
/**
 * The keys a field answers to in a link: its engine parameter's name
 * (`d0.head_switch_ms`, `stripe_sectors`) and the short key links write
 * (`d0.hsw`, `su`), an alias kept so that links stay short.
 */
export function fieldKeys(f: SetupField): string[] {
  return f.param && f.param.name !== f.key ? [f.key, f.param.name] : [f.key];
}
const byKey = (fields: readonly SetupField[]): ReadonlyMap<string, SetupField> =>
  new Map(fields.flatMap((f) => fieldKeys(f).map((k) => [k, f] as const)));
export const SETUP_FIELD_BY_KEY = byKey(SETUP_FIELDS);
export const DEVICE_FIELD_BY_PATH: ReadonlyMap<string, SetupField> = new Map(DEVICE_FIELDS.map((f) => [f.path, f]));
export const DEVICE_FIELD_BY_KEY = byKey(DEVICE_FIELDS);

const DEVICE_PATH_RE = /^devices\[(\d+)\]\.(.+)$/;

/** "devices[2].overrides.rpm" -> [2, "overrides.rpm"], or undefined. */
export function devicePath(path: string): [number, string] | undefined {
  const m = DEVICE_PATH_RE.exec(path);
  return m && /^(0|[1-9]\d{0,2})$/.test(m[1]) ? [Number(m[1]), m[2]] : undefined;
}

/** A device field with its absolute path and key (`d2.rpm`), labelled with its device when there are several. */
export function deviceField(f: SetupField, i: number, many = i > 0): SetupField {
  return {
    ...f,
    path: `devices[${i}].${f.path}`,
    key: f.key === '' ? `d${i}` : `d${i}.${f.key}`,
    label: many ? `Device ${i}: ${f.label}` : f.label,
  };
}

/** The field at an absolute path (a device's field for any device index), or undefined. */
export function fieldByPath(path: string, devices = 1): SetupField | undefined {
  if (path === DEVICE_COUNT_FIELD.path) return DEVICE_COUNT_FIELD;
  const d = devicePath(path);
  if (d) {
    const f = DEVICE_FIELD_BY_PATH.get(d[1]);
    return f && deviceField(f, d[0], devices > 1);
  }
  return SETUP_FIELD_BY_PATH.get(path);
}

/** Every field of this setup, devices' fields with absolute paths, in the URL's order. */
export function fieldsOf(setup: Pick<Setup, 'devices'>): SetupField[] {
  const n = Array.isArray(setup.devices) ? setup.devices.length : 0;
  const out: SetupField[] = [];
  for (let i = 0; i < n; i++) for (const f of DEVICE_FIELDS) out.push(deviceField(f, i, n > 1));
  out.push(DEVICE_COUNT_FIELD, ...SETUP_FIELDS);
  return out;
}

/** The fields the parameter editor shows: device 0, the device count, the host, workload and seed. */
export function editorFields(setup: Pick<Setup, 'devices'>): SetupField[] {
  const many = Array.isArray(setup.devices) && setup.devices.length > 1;
  return [
    ...DEVICE_FIELDS.map((f) => deviceField(f, 0, many)), DEVICE_COUNT_FIELD,
    ...SETUP_FIELDS.filter((f) => f.group !== 'view'),
  ];
}

/** What validation needs to know beyond the setup itself; all optional. */
export interface SetupContext {
  /** Preset ids that exist (presets/disks/*.json). */
  presetIds?: readonly string[];
  /** LBNs of the volume, when known (checks the workload's region). */
  capacity?: number;
}

export function defaultDevice(preset = String(DEVICE_FIELDS[0].def)): DeviceSetup {
  return { kind: 'disk', preset, overrides: {} };
}

/** A fresh copy of the default setup. */
export function defaultSetup(): Setup {
  const s = { version: SETUP_VERSION, devices: [defaultDevice()], host: {}, workload: {}, view: {} } as Setup;
  for (const f of SETUP_FIELDS) setPath(s as unknown as Record<string, unknown>, f.path, f.def);
  return s;
}


/** The value at a field's path (undefined for an absent override); "devices" is the device count. */
export function getField(setup: Setup, path: string): FieldValue | undefined {
  if (path === DEVICE_COUNT_FIELD.path) return Array.isArray(setup.devices) ? setup.devices.length : undefined;
  const d = devicePath(path);
  if (d) return getPath(setup.devices?.[d[0]], d[1]) as FieldValue | undefined;
  return getPath(setup, path) as FieldValue | undefined;
}

export function cloneDevice(d: DeviceSetup): DeviceSetup {
  return { kind: d.kind, preset: d.preset, overrides: { ...d.overrides } };
}

export function cloneSetup(s: Setup): Setup {
  return {
    version: SETUP_VERSION, devices: s.devices.map(cloneDevice), host: { ...s.host }, workload: { ...s.workload },
    seed: s.seed, view: { ...s.view },
  };
}

/** Sets the device count: extra devices are dropped, new ones are copies of device 0. */
export function withDeviceCount(setup: Setup, n: number): Setup {
  const copy = cloneSetup(setup);
  const count = Math.max(1, Math.min(MAX_DEVICES, Math.floor(n)));
  copy.devices = Array.from({ length: count }, (_, i) => (i < copy.devices.length ? copy.devices[i] : cloneDevice(copy.devices[0])));
  return copy;
}

/**
 * A copy of the setup with one field changed (undefined removes an override).
 * "devices" sets the device count; a device path past the last device is
 * ignored; a path that is no field is a programming error (throws).
 */
export function withField(setup: Setup, path: string, value: FieldValue | undefined): Setup {
  if (path === DEVICE_COUNT_FIELD.path) return typeof value === 'number' ? withDeviceCount(setup, value) : cloneSetup(setup);
  if (!fieldByPath(path)) throw new Error(`withField: "${path}" is not a setup field`);
  const copy = cloneSetup(setup);
  const d = devicePath(path);
  if (d) {
    const dev = copy.devices[d[0]];
    if (dev) setPath(dev as unknown as Record<string, unknown>, d[1], value);
  } else setPath(copy as unknown as Record<string, unknown>, path, value);
  return copy;
}

/** Device 0's preset changed, and with it every device that was a copy of device 0. */
export function withPreset(setup: Setup, preset: string): Setup {
  const copy = cloneSetup(setup);
  const d0 = setup.devices[0];
  copy.devices.forEach((d, i) => { if (i === 0 || sameDevice(setup.devices[i], d0)) d.preset = preset; });
  return copy;
}

export function sameDevice(a: DeviceSetup, b: DeviceSetup): boolean {
  return DEVICE_FIELDS.every((f) => getPath(a, f.path) === getPath(b, f.path));
}

/** Two setups are equal field by field (overrides absent in both count as equal). */
export function sameSetup(a: Setup, b: Setup): boolean {
  return a.devices.length === b.devices.length && fieldsOf(a).every((f) => getField(a, f.path) === getField(b, f.path));
}

/** Same engine input: equal in every field but the view's. */
export function sameRun(a: Setup, b: Setup): boolean {
  return a.devices.length === b.devices.length
    && fieldsOf(a).every((f) => f.group === 'view' || getField(a, f.path) === getField(b, f.path));
}

/** The volume is pass-through (today's single-disk behaviour): one device, identity, no host queue limit. */
export function passThrough(setup: Setup): boolean {
  return setup.devices.length === 1 && setup.host.policy === 'identity' && setup.host.queueDepth === 0;
}

// ---------------------------------------------------------------------------
// Validation of a whole setup
// ---------------------------------------------------------------------------

/**
 * Every problem with a setup, each naming its field: values of the wrong
 * type or out of range, an unknown preset, no devices or too many, and rules
 * between fields (identity over several devices, a uniform size range upside
 * down, a region off the end of the volume). An empty list means the engine
 * may be given this setup.
 */
export function validateSetup(setup: Setup, ctx: SetupContext = {}): FieldError[] {
  const errors: FieldError[] = [];
  const devices = (setup as { devices?: unknown }).devices;
  if (!Array.isArray(devices) || devices.length < 1 || devices.length > MAX_DEVICES) {
    const n = Array.isArray(devices) ? devices.length : 0;
    return [{ field: 'devices', message: `Devices: ${n} device${n === 1 ? '' : 's'}; a setup has 1 to ${MAX_DEVICES}` }];
  }
  for (const f of fieldsOf(setup)) {
    if (f.path === DEVICE_COUNT_FIELD.path) continue;
    const v = getField(setup, f.path);
    if (v === undefined && f.def === undefined) continue;
    const c = checkValue(f, v);
    if (!c.ok) errors.push({ field: f.path, message: c.message });
  }
  if (errors.length) return errors;

  if (ctx.presetIds) {
    const ids = ctx.presetIds, shown = choices(ids);
    setup.devices.forEach((d, i) => {
      if (!ids.includes(d.preset)) {
        errors.push({ field: `devices[${i}].preset`, message: `${fieldByPath(`devices[${i}].preset`, devices.length)!.label}: "${d.preset}" does not exist; choose one of ${shown}` });
      }
    });
  }
  const h = setup.host;
  if (h.policy === 'identity' && setup.devices.length !== 1) {
    errors.push({ field: 'host.policy', message: `Volume policy: identity maps the volume onto one device, and the setup has ${setup.devices.length}; choose stripe, or 1 device` });
  }
  const w = setup.workload;
  if (w.sizeDist !== 'exponential' && !Number.isInteger(w.sizeSectors)) {
    errors.push({ field: 'workload.sizeSectors', message: `Size (sectors): ${w.sizeSectors} must be a whole number unless the size distribution is exponential` });
  }
  if (w.sizeDist === 'uniform' && w.sizeMaxSectors !== 0 && w.sizeMaxSectors < w.sizeSectors) {
    errors.push({ field: 'workload.sizeMaxSectors', message: `Maximum size (sectors): ${w.sizeMaxSectors} is below the minimum size ${w.sizeSectors}; enter 0 or a number >= ${w.sizeSectors}` });
  }
  if (ctx.capacity !== undefined) {
    const cap = ctx.capacity;
    if (w.regionFirstLbn >= cap) {
      errors.push({ field: 'workload.regionFirstLbn', message: `Region start (LBN): ${show(w.regionFirstLbn)} is past the end of the volume; enter a number below ${show(cap)}` });
    } else if (w.regionFirstLbn + w.regionLbns > cap) {
      errors.push({ field: 'workload.regionLbns', message: `Region length (LBNs): ${show(w.regionLbns)} from LBN ${show(w.regionFirstLbn)} runs past the volume's ${show(cap)} LBNs; enter at most ${show(cap - w.regionFirstLbn)} (or 0 for the rest)` });
    }
    if (w.sizeTracks === 0 && w.sizeSectors > cap) {
      errors.push({ field: 'workload.sizeSectors', message: `Size (sectors): ${show(w.sizeSectors)} is larger than the volume (${show(cap)} LBNs)` });
    }
  }
  return errors;
}

// ---------------------------------------------------------------------------
// Restoring a setup from raw values (URL or JSON): never throws
// ---------------------------------------------------------------------------

export interface Restored {
  setup: Setup;
  problems: Problem[];
}

/**
 * Raw values as read from a link or a file, not yet checked: one map per
 * device (paths relative to the device, as in DEVICE_FIELDS), and one for the
 * other fields (absolute paths).
 */
export interface RawSetup {
  devices: RawDevice[];
  fields: Map<string, unknown>;
}

export interface RawDevice {
  values: Map<string, unknown>;
  /** Start from device 0 as restored (a link's `devs=4`: copies of d0), not from the default device. */
  copyOfFirst?: boolean;
}

/** What a bad field falls back to: its default (the first preset if the default preset is missing). */
function fallbackFor(f: SetupField, ctx: SetupContext): FieldValue | undefined {
  if (f.kind.type === 'id' && ctx.presetIds?.length && !ctx.presetIds.includes(String(f.def))) return ctx.presetIds[0];
  return f.def;
}

/**
 * Builds a setup from raw values. Fields not given take their defaults (a
 * device's preset: the default preset); a bad value falls back to the default
 * (or the preset's value for an override) and is reported, and so is a field
 * that breaks a rule between fields. The result always validates.
 */
export function restoreSetup(raw: RawSetup, ctx: SetupContext = {}): Restored {
  const problems: Problem[] = [];
  let setup = defaultSetup();
  const presetField = DEVICE_FIELDS[0];
  const rawDevices: RawDevice[] = raw.devices.length ? raw.devices.slice(0, MAX_DEVICES) : [{ values: new Map() }];
  const many = rawDevices.length > 1;
  setup.devices = [];
  rawDevices.forEach(({ values: m, copyOfFirst }, i) => {
    const d = copyOfFirst && i > 0 ? cloneDevice(setup.devices[0]) : defaultDevice(String(fallbackFor(presetField, ctx)));
    for (const f of DEVICE_FIELDS) {
      if (!m.has(f.path)) continue;
      const abs = deviceField(f, i, many);
      const c = checkValue(abs, m.get(f.path));
      if (c.ok) setPath(d as unknown as Record<string, unknown>, f.path, c.value);
      else problems.push({ field: abs.path, message: c.message, used: displayValue(f, getPath(d, f.path) as FieldValue | undefined) });
    }
    setup.devices.push(d);
  });
  for (const f of SETUP_FIELDS) {
    if (!raw.fields.has(f.path)) continue;
    const c = checkValue(f, raw.fields.get(f.path));
    if (c.ok) setup = withField(setup, f.path, c.value);
    else problems.push({ field: f.path, message: c.message, used: displayValue(f, fallbackFor(f, ctx)) });
  }
  // Rules between fields: reset the field at fault, until none is left.
  for (let round = 0; round < 4; round++) {
    const errors = validateSetup(setup, ctx);
    if (!errors.length) return { setup, problems };
    for (const e of errors) {
      if (e.field === 'host.policy' || e.field === 'devices') {
        setup = withDeviceCount(setup, 1);
        problems.push({ field: e.field, message: e.message, used: 'device 0 only' });
        continue;
      }
      const f = fieldByPath(e.field, setup.devices.length);
      const fallback = f ? fallbackFor(f, ctx) : undefined;
      if (f) setup = withField(setup, f.path, fallback);
      problems.push({ field: e.field, message: e.message, used: f ? displayValue(f, fallback) : 'the default' });
    }
  }
  // Unreachable with sane defaults; kept so that no input can leave a bad setup.
  const d = defaultSetup();
  if (ctx.presetIds?.length && !ctx.presetIds.includes(d.devices[0].preset)) d.devices[0].preset = ctx.presetIds[0];
  problems.push({ field: 'setup', message: 'the setup could not be repaired field by field', used: 'the default setup' });
  return { setup: d, problems };
}
