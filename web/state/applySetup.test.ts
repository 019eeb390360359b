import { describe, it, expect } from 'vitest';
import { DiskParam, EngineError, HostParam, Status, WORDS, WorkloadParam } from '../../engine-wasm/binding';
import { ENGINE_PARAMS } from './engineParams';
import { configureSetup, SetupError, setupFieldOfEngine, setupFieldOfError, type SetupSink } from './applySetup';
import { DEVICE_COUNT_FIELD, DEVICE_FIELDS, SETUP_FIELDS, defaultSetup, withField, type Setup } from './setup';
import type { DiskPreset } from './presetSchema';
import { decodeSetup } from './urlCodec';

// A preset is only read by configureDisk, which the recorder below lets through as calls.
const PRESET = {
  id: 'hp-c2200a', geometry: { surfaces: 8, sectorBytes: 256, rpm: 4002, cylinders: 10, surfaceOrder: 'normal', zones: [], defects: [] },
  mechanics: { seek: { model: 'curve', a: 1, b: 1, c: 1, e: 1, boundary: 5 }, writeSettleMs: 0, headSwitchMs: 0, cylSwitchMs: null, zeroLatency: false },
  controller: { readMissOverheadMs: 1, writeMissOverheadMs: 1, busMsPerSector: 0, readFenceSectors: 0, queueDepth: 1, scheduler: 'fcfs' },
  cache: { segments: 0, segmentSectors: 0, readAhead: 'none', writeCache: 'off' },
  stated: { capacityLbns: 1000 },
} as unknown as DiskPreset;

interface Rec { disk: Array<[number, DiskParam, number]>; wl: Array<[WorkloadParam, number]>; host: Array<[number, number]>; commits: number }

function recorder(opts: { host?: boolean; capacity?: (d: number) => number; failDisk?: [DiskParam, number, string, string]; failHost?: [string, string] } = {}): SetupSink & { rec: Rec } {
  const rec: Rec = { disk: [], wl: [], host: [], commits: 0 };
  let disks = 0;
  const sink: SetupSink & { rec: Rec } = {
    rec,
    diskAdd: () => disks++,
    diskSet: (d, p, v) => {
      if (opts.failDisk && p === opts.failDisk[0] && v === opts.failDisk[1]) throw new EngineError(Status.Range, opts.failDisk[2], 'sp_disk_set', opts.failDisk[3]);
      rec.disk.push([d, p, v]);
    },
    diskAddZone: () => {},
    diskSetZone: () => {},
    diskAddDefect: () => {},
    diskAddSeekPoint: () => {},
    diskCommit: () => {},
    diskCapacity: (d) => opts.capacity?.(d) ?? 1000,
    diskTrackCount: () => 80,
    workloadSet: (p, v) => { rec.wl.push([p, v]); },
  };
  if (opts.host) {
    sink.hostSet = (p, v) => { rec.host.push([p, v]); };
    sink.hostCommit = () => { if (opts.failHost) throw new EngineError(Status.Invalid, opts.failHost[0], 'sp_host_commit', opts.failHost[1]); rec.commits++; };
    sink.volumeCapacity = () => 4000;
  }
  return sink;
}
const presetOf = (id: string) => ({ ...PRESET, id, stated: { capacityLbns: id === 'hp-97560' ? 2000 : 1000 } } as unknown as DiskPreset);
const setsOn = (r: Rec, d: number) => new Map(r.disk.filter(([x]) => x === d).map(([, p, v]) => [p, v]));
function fails(fn: () => unknown): SetupError {
  try { fn(); } catch (e) { if (e instanceof SetupError) return e; throw e; }
  throw new Error('did not fail');
}

describe('configureSetup', () => {
  it('the preset\'s own scheduler and queue depth survive unless the setup overrides them', () => {
    const s = recorder();
    configureSetup(s, defaultSetup(), presetOf);
    // configureDisk sets the preset's (fcfs = 0, 1) once; nothing overrides them.
    expect(s.rec.disk.filter(([, p]) => p === DiskParam.Scheduler || p === DiskParam.QueueDepth)).toEqual([[0, DiskParam.QueueDepth, 1], [0, DiskParam.Scheduler, 0]]);
    const t = recorder();
    configureSetup(t, withField(withField(defaultSetup(), 'devices[0].overrides.scheduler', 'sptf'), 'devices[0].overrides.queueDepth', 8), presetOf);
    const last = (p: DiskParam) => t.rec.disk.filter(([, q]) => q === p).at(-1)![2];
    expect([last(DiskParam.Scheduler), last(DiskParam.QueueDepth)]).toEqual([4, 8]);
  });

  it('a preset\'s driver queue reaches the engine, and the setup can take it away as a what-if (d0.dq=0)', () => {
    const driver = (id: string) => ({ ...presetOf(id), controller: { ...PRESET.controller, driverQueue: true } } as DiskPreset);
    const last = (r: Rec) => r.disk.filter(([, p]) => p === DiskParam.DriverQueue).at(-1)?.[2];
    const s = recorder();
    configureSetup(s, defaultSetup(), driver);
    expect(last(s.rec)).toBe(1);
    const t = recorder();
    const link = decodeSetup('v=2&d0=hp-c3323a&d0.dq=0', { presetIds: ['hp-c3323a'] });
    expect(link.problems).toEqual([]);
    configureSetup(t, link.setup, driver);
    expect(last(t.rec)).toBe(0);
    const u = recorder();
    configureSetup(u, defaultSetup(), presetOf);              // a preset without the field: the engine's default stands
    expect(last(u.rec)).toBeUndefined();
  });

  it('puts disks on one bus from a link (d1.sbus=2), and refuses a bus the engine has not', () => {
    const link = decodeSetup('v=2&devs=2&pol=stripe&d0=hp-c2200a&d0.sbus=2&d1=hp-c2200a&d1.sbus=2', { presetIds: ['hp-c2200a'] });
    expect(link.problems).toEqual([]);
    const r = recorder({ host: true });
    configureSetup(r, link.setup, presetOf);
    expect([setsOn(r.rec, 0).get(DiskParam.SharedBus), setsOn(r.rec, 1).get(DiskParam.SharedBus)]).toEqual([2, 2]);
    const u = recorder();
    configureSetup(u, defaultSetup(), presetOf);              // no override: the engine's default (its own bus) stands
    expect(u.rec.disk.some(([, p]) => p === DiskParam.SharedBus)).toBe(false);
    const bad = decodeSetup('v=2&d0=hp-c2200a&d0.sbus=17', { presetIds: ['hp-c2200a'] });
    expect(bad.problems.map((p) => [p.field, p.message])).toEqual([['devices[0].overrides.sharedBus', expect.stringMatching(/16/)]]);
  });

  it('passes overrides through in engine units, to their own device', () => {
    let s: Setup = withField(withField(defaultSetup(), 'devices', 2), 'host.policy', 'stripe');
    s = withField(s, 'devices[1].overrides.zeroLatency', true);
    s = withField(s, 'devices[1].overrides.rpm', 7200);
    s = withField(s, 'devices[1].overrides.readAhead', 'continue');
    s = withField(s, 'devices[1].overrides.writeCache', 'immediate');
    const r = recorder({ host: true });
    expect(configureSetup(r, s, presetOf)).toEqual({ devices: [0, 1], capacity: 4000 });
    const d1 = setsOn(r.rec, 1);
    expect([d1.get(DiskParam.ZeroLatency), d1.get(DiskParam.Rpm), d1.get(DiskParam.ReadAhead), d1.get(DiskParam.WriteCache)]).toEqual([1, 7200, 2, 1]);
    expect(setsOn(r.rec, 0).get(DiskParam.Rpm)).toBe(4002);     // the preset's, untouched
  });

  it('sets a cache\'s segment size before its segment count (the engine refuses segments without a size)', () => {
    const s = withField(withField(defaultSetup(), 'devices[0].overrides.segments', 4), 'devices[0].overrides.segmentSectors', 64);
    const r = recorder();
    configureSetup(r, s, presetOf);
    const overrides = r.rec.disk.slice(-2);
    expect(overrides).toEqual([[0, DiskParam.CacheSegmentSectors, 64], [0, DiskParam.CacheSegments, 4]]);
  });

  it('every override reaches the engine parameter its field names, a word as its code', () => {
    for (const f of DEVICE_FIELDS.filter((d) => d.param)) {
      const v = f.kind.type === 'enum' ? f.kind.values[f.kind.values.length - 1] : f.kind.type === 'bool' ? true : 3;
      const r = recorder();
      configureSetup(r, withField(defaultSetup(), `devices[0].${f.path}`, v), presetOf);
      const [, p, code] = r.rec.disk[r.rec.disk.length - 1];
      expect(ENGINE_PARAMS.disk[p].name, f.path).toBe(f.param!.name);
      const want = typeof v === 'string' ? (WORDS as unknown as Record<string, Record<string, number>>)[f.param!.words!][v] : Number(v);
      expect(code, f.path).toBe(want);
    }
  });

  it('sets the host over all devices and commits it; the workload addresses the volume', () => {
    let s = withField(withField(defaultSetup(), 'devices', 4), 'host.policy', 'stripe');
    s = withField(withField(withField(s, 'host.stripeSectors', 64), 'host.scheduler', 'clook'), 'host.queueDepth', 3);
    const r = recorder({ host: true });
    configureSetup(r, s, presetOf);
    expect(new Map(r.rec.host)).toEqual(new Map([[HostParam.Policy, 1], [HostParam.FirstDevice, 0], [HostParam.Devices, 4],
      [HostParam.StripeSectors, 64], [HostParam.StripeTracks, 1], [HostParam.Scheduler, 3], [HostParam.QueueDepth, 3],
      [HostParam.FailedDevice, -1]]));
    expect(r.rec.commits).toBe(1);
    const order = r.rec.wl.map(([p]) => p);
    expect(order.indexOf(WorkloadParam.SizeDist)).toBeLessThan(order.indexOf(WorkloadParam.SizeSectors));
    expect(new Map(r.rec.wl).get(WorkloadParam.Count)).toBe(200);
  });

  it('a RAID-5 link: the policy, its unit and the failed device (counted from the volume\'s first)', () => {
    const { setup: s, problems } = decodeSetup('?v=2&devs=4&pol=raid5&su=64&fail=2');
    expect(problems).toEqual([]);
    const r = recorder({ host: true });
    configureSetup(r, s, presetOf);
    const host = new Map(r.rec.host);
    expect([host.get(HostParam.Policy), host.get(HostParam.StripeSectors), host.get(HostParam.FailedDevice)]).toEqual([5, 64, 2]);
  });

  it('checks the workload\'s region against the volume\'s capacity from the engine', () => {
    const s = withField(defaultSetup(), 'workload.regionFirstLbn', 1500);
    expect(configureSetup(recorder({ host: true }), s, presetOf).capacity).toBe(4000);
    const e = fails(() => configureSetup(recorder(), s, presetOf));
    expect(e.field).toBe('workload.regionFirstLbn');
    expect(e.message).toMatch(/^workload\.regionFirstLbn: Region start \(LBN\): 1500 is past the end of the volume/);
  });

  it('an engine without the host layer runs the pass-through volume and refuses the rest, naming the field', () => {
    expect(fails(() => configureSetup(recorder(), withField(withField(defaultSetup(), 'devices', 2), 'host.policy', 'stripe'), presetOf)).field).toBe('devices');
    expect(fails(() => configureSetup(recorder(), withField(defaultSetup(), 'host.policy', 'stripe'), presetOf)).field).toBe('host.policy');
    expect(fails(() => configureSetup(recorder(), withField(defaultSetup(), 'host.queueDepth', 2), presetOf)).field).toBe('host.queueDepth');
  });

  it('stripe units of whole tracks over disks of different sizes: host.stripeTracks, with the engine\'s capacities', () => {
    let s = withField(withField(defaultSetup(), 'devices', 3), 'host.policy', 'stripe');
    s = withField(s, 'devices[2].preset', 'hp-97560');
    const e = fails(() => configureSetup(recorder({ host: true, capacity: (d) => (d === 2 ? 2000 : 1000) }), s, presetOf));
    expect(e.field).toBe('host.stripeTracks');
    expect(e.message).toMatch(/device 2 \(hp-97560, 2000 LBNs\) differs from device 0 \(hp-c2200a, 1000 LBNs\)/);
    // Units in sectors need no equal disks.
    expect(() => configureSetup(recorder({ host: true, capacity: (d) => (d === 2 ? 2000 : 1000) }), withField(s, 'host.stripeSectors', 8), presetOf)).not.toThrow();
  });

  it('an engine error names the setup field: an override, a host parameter', () => {
    const s = withField(defaultSetup(), 'devices[0].overrides.rpm', 99999);
    const e = fails(() => configureSetup(recorder({ failDisk: [DiskParam.Rpm, 99999, 'disk 0.rpm: 99999 is too fast', 'disk[0].rpm'] }), s, presetOf));
    expect([e.field, e.message]).toEqual(['devices[0].overrides.rpm', 'devices[0].overrides.rpm: disk 0.rpm: 99999 is too fast']);
    const h = fails(() => configureSetup(recorder({ host: true, failHost: ['host.devices: 5 devices from 0, but the sim has 4', 'host.devices'] }), withField(withField(defaultSetup(), 'devices', 2), 'host.policy', 'stripe'), presetOf));
    expect(h.field).toBe('devices');
    const t = fails(() => configureSetup(recorder({ host: true, failHost: ["host.stripe_tracks: disk 2's layout differs from disk 0's", 'host.stripe_tracks'] }), withField(withField(defaultSetup(), 'devices', 3), 'host.policy', 'stripe'), presetOf));
    expect(t.field).toBe('host.stripeTracks');
  });

  it('a preset that is not available, or that the engine refuses, is the device\'s preset field', () => {
    const s = withField(withField(withField(defaultSetup(), 'devices', 2), 'host.policy', 'stripe'), 'devices[1].preset', 'hp-97560');
    expect(fails(() => configureSetup(recorder({ host: true }), s, (id) => (id === 'hp-c2200a' ? presetOf(id) : undefined))).field).toBe('devices[1].preset');
    expect(fails(() => configureSetup(recorder({ host: true }), s, presetOf)).message).toMatch(/^devices\[1\]\.preset: preset hp-97560: stated\.capacityLbns: 2000 does not match the 1000 LBNs/);
    const refused = recorder({ host: true });
    refused.diskCommit = (d) => { if (d === 1) throw new EngineError(Status.Invalid, 'disk 1.surfaces: 0 is too few'); };
    const e = fails(() => configureSetup(refused, s, presetOf));
    expect(e.field).toBe('devices[1].preset');
    expect(e.message).toBe('devices[1].preset: preset hp-97560: disk 1.surfaces: 0 is too few');
  });
});

describe('setupFieldOfError / setupFieldOfEngine', () => {
  it('maps engine fields (sp_error_field) to setup fields, through the field tables', () => {
    expect(setupFieldOfEngine('disk[0].rpm')).toBe('devices[0].overrides.rpm');
    expect(setupFieldOfEngine('disk[2].queue_depth')).toBe('devices[2].overrides.queueDepth');
    expect(setupFieldOfEngine('disk[2].cache_segments')).toBe('devices[2].overrides.segments');
    expect(setupFieldOfEngine('disk[3].surfaces')).toBe('devices[3].preset');
    expect(setupFieldOfEngine('disk[1].seek_table[4].ms')).toBe('devices[1].preset');
    expect(setupFieldOfEngine('disk[5].rpm', 4)).toBe('devices');
    expect(setupFieldOfEngine('host.stripe_sectors')).toBe('host.stripeSectors');
    expect(setupFieldOfEngine('host.devices')).toBe('devices');
    expect(setupFieldOfEngine('host.first_device')).toBe('devices');
    expect(setupFieldOfEngine('workload.size_sectors')).toBe('workload.sizeSectors');
    expect(setupFieldOfEngine('workload')).toBe('workload.ratePerS');
    expect(setupFieldOfEngine('host.nonsense')).toBeUndefined();
    expect(setupFieldOfEngine('disk[x].rpm')).toBeUndefined();
    expect(setupFieldOfEngine('')).toBeUndefined();
  });

  it('reads the field of a failure, never its message', () => {
    const engine = (msg: string, field: string) => new EngineError(Status.Invalid, msg, 'sp_disk_set', field);
    expect(setupFieldOfError(engine('anything at all', 'disk[0].rpm'))).toBe('devices[0].overrides.rpm');
    // A message that looks like a field names nothing: only the field counts.
    expect(setupFieldOfError(engine('disk 0.rpm: 0 is outside [1, 1e+06]', ''))).toBeUndefined();
    expect(setupFieldOfError(new SetupError('host.stripeTracks', 'need identical disks'))).toBe('host.stripeTracks');
    // A failure that crossed the worker bridge keeps its name and field.
    expect(setupFieldOfError({ wire: { name: 'EngineError', message: 'x', field: 'workload.count' } })).toBe('workload.count');
    expect(setupFieldOfError({ wire: { name: 'SetupError', message: 'x', field: 'devices[1].overrides.rpm' } })).toBe('devices[1].overrides.rpm');
    expect(setupFieldOfError({ wire: { name: 'SetupError', message: 'x', field: 'devices' } })).toBe('devices');
    expect(setupFieldOfError({ wire: { name: 'SetupError', message: 'x', field: 'nonsense' } })).toBeUndefined();
    expect(setupFieldOfError({ wire: { name: 'Error', message: 'x', field: 'disk[0].rpm' } })).toBeUndefined();
    expect(setupFieldOfError(new Error('disk 0.rpm: x'))).toBeUndefined();
    expect(setupFieldOfError(null)).toBeUndefined();
  });

  it('every engine parameter a setup field sets maps back to that field', () => {
    for (const f of [...DEVICE_FIELDS, DEVICE_COUNT_FIELD, ...SETUP_FIELDS]) {
      if (!f.param) continue;
      const engineField = f.param.table === 'disk' ? `disk[1].${f.param.name}` : `${f.param.table}.${f.param.name}`;
      expect(setupFieldOfEngine(engineField)).toBe(f.param.table === 'disk' ? `devices[1].${f.path}` : f.path);
    }
  });
});
