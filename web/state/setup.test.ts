import { describe, it, expect } from 'vitest';
import {
  DEVICE_FIELDS, SETUP_FIELDS, DEVICE_COUNT_FIELD, checkValue, defaultSetup, editorFields, fieldByPath, fieldsOf,
  getField, restoreSetup, sameRun, sameSetup, validateSetup, withField, withPreset,
} from './setup';
import { setupFromJson, setupToJson } from './setupJson';
import { MAX_PROBLEMS } from './fields';

const ctx = { presetIds: ['hp-c2200a', 'hp-97560'] };

describe('the field tables', () => {
  it('one unique path and one unique URL key per field, in each table and across devices', () => {
    const all = fieldsOf(withField(defaultSetup(), 'devices', 3));
    expect(new Set(all.map((f) => f.path)).size).toBe(all.length);
    expect(new Set(all.map((f) => f.key)).size).toBe(all.length);
    expect(all.map((f) => f.key)).not.toContain('v');
    expect(new Set(DEVICE_FIELDS.map((f) => f.key)).size).toBe(DEVICE_FIELDS.length);
    expect(fieldByPath('devices[2].overrides.rpm', 3)).toMatchObject({ key: 'd2.rpm', label: 'Device 2: Rotation speed (RPM)' });
    expect(fieldByPath('devices[0].preset')).toMatchObject({ key: 'd0', label: 'Disk preset' });
    expect(fieldByPath('devices[0].overrides.nope')).toBeUndefined();
  });

  it('every default is valid for its own field', () => {
    for (const f of [...DEVICE_FIELDS, DEVICE_COUNT_FIELD, ...SETUP_FIELDS]) {
      if (f.def !== undefined) expect(checkValue(f, f.def), f.path).toEqual({ ok: true, value: f.def });
    }
  });

  it('the default setup is version 2, one disk of the default preset with no overrides, identity, no host queue limit', () => {
    const s = defaultSetup();
    expect(s).toMatchObject({ version: 2, devices: [{ kind: 'disk', preset: 'hp-c2200a', overrides: {} }],
      host: { policy: 'identity', stripeSectors: 0, stripeTracks: 1, scheduler: 'fcfs', queueDepth: 0 }, seed: 1 });
  });

  it('the editor shows device 0, the device count, host, workload and seed, not the view', () => {
    const paths = editorFields(defaultSetup()).map((f) => f.path);
    expect(paths).toContain('devices[0].overrides.queueDepth');
    expect(paths).toContain('devices');
    expect(paths).toContain('host.policy');
    expect(paths).toContain('seed');
    expect(paths.some((p) => p.startsWith('view.'))).toBe(false);
  });

  it('withField refuses a path that is no field (a programming error)', () => {
    expect(() => withField(defaultSetup(), 'queueDepth', 1)).toThrow('"queueDepth" is not a setup field');
  });

  it('the device count makes copies of device 0; withPreset changes the copies with device 0', () => {
    let s = withField(defaultSetup(), 'devices[0].overrides.rpm', 7200);
    s = withField(s, 'devices', 3);
    expect(s.devices.map((d) => d.overrides.rpm)).toEqual([7200, 7200, 7200]);
    s = withField(s, 'devices[2].overrides.rpm', 5400);
    const t = withPreset(s, 'hp-97560');
    expect(t.devices.map((d) => d.preset)).toEqual(['hp-97560', 'hp-97560', 'hp-c2200a']);
    expect(getField(t, 'devices')).toBe(3);
    expect(withField(t, 'devices', 1).devices).toHaveLength(1);
  });
});

describe('validateSetup', () => {
  it('accepts the defaults', () => {
    expect(validateSetup(defaultSetup(), ctx)).toEqual([]);
  });

  it('names the field of a value out of range, with its label', () => {
    const s = withField(defaultSetup(), 'devices[0].overrides.queueDepth', 0);
    expect(validateSetup(s, ctx)).toEqual([{ field: 'devices[0].overrides.queueDepth', message: 'Queue depth: 0 is too small; enter a whole number from 1 to 1024' }]);
    const t = withField(defaultSetup(), 'workload.readFraction', Number.NaN);
    expect(validateSetup(t, ctx)[0]).toMatchObject({ field: 'workload.readFraction' });
    const h = withField(defaultSetup(), 'host.stripeTracks', 0);
    expect(validateSetup(h, ctx)[0]).toMatchObject({ field: 'host.stripeTracks', message: 'Stripe unit (tracks): 0 is too small; enter a whole number from 1 to 1024' });
  });

  it('checks overrides only when they are set, on every device', () => {
    expect(validateSetup(withField(defaultSetup(), 'devices[0].overrides.rpm', undefined), ctx)).toEqual([]);
    expect(validateSetup(withField(defaultSetup(), 'devices[0].overrides.rpm', -5), ctx)[0].field).toBe('devices[0].overrides.rpm');
    let two = withField(withField(defaultSetup(), 'devices', 2), 'host.policy', 'stripe');
    two = withField(two, 'devices[1].overrides.readAhead', 'sideways' as never);
    expect(validateSetup(two, ctx)).toEqual([{ field: 'devices[1].overrides.readAhead', message: 'Device 1: Read-ahead: "sideways" is not a known value; enter one of none, track-end, continue' }]);
  });

  it('checks every device\'s preset against the known ids', () => {
    expect(validateSetup(withField(defaultSetup(), 'devices[0].preset', 'nope'), ctx)).toEqual([
      { field: 'devices[0].preset', message: 'Disk preset: "nope" does not exist; choose one of hp-c2200a, hp-97560' },
    ]);
    expect(validateSetup(withField(defaultSetup(), 'devices[0].preset', 'nope'))).toEqual([]);
  });

  it('identity maps onto one device: more need a policy that spreads', () => {
    const s = withField(defaultSetup(), 'devices', 4);
    expect(validateSetup(s, ctx)).toEqual([{ field: 'host.policy', message: 'Volume policy: identity maps the volume onto one device, and the setup has 4; choose stripe, or 1 device' }]);
    expect(validateSetup(withField(s, 'host.policy', 'stripe'), ctx)).toEqual([]);
  });

  it('no devices, or more than the engine holds', () => {
    expect(validateSetup({ ...defaultSetup(), devices: [] }, ctx)[0].field).toBe('devices');
    expect(validateSetup({ ...defaultSetup(), devices: Array(17).fill(defaultSetup().devices[0]) }, ctx)[0].field).toBe('devices');
  });

  it('rules between fields', () => {
    let s = withField(defaultSetup(), 'workload.sizeSectors', 2.5);
    expect(validateSetup(s, ctx).map((e) => e.field)).toEqual(['workload.sizeSectors']);
    s = withField(s, 'workload.sizeDist', 'exponential');
    expect(validateSetup(s, ctx)).toEqual([]);
    s = withField(withField(defaultSetup(), 'workload.sizeDist', 'uniform'), 'workload.sizeMaxSectors', 4);
    expect(validateSetup(s, ctx).map((e) => e.field)).toEqual(['workload.sizeMaxSectors']);
    const region = withField(withField(defaultSetup(), 'workload.regionFirstLbn', 900), 'workload.regionLbns', 200);
    expect(validateSetup(region, { ...ctx, capacity: 1000 }).map((e) => e.field)).toEqual(['workload.regionLbns']);
    expect(validateSetup(withField(defaultSetup(), 'workload.regionFirstLbn', 1000), { capacity: 1000 })[0].field).toBe('workload.regionFirstLbn');
    expect(validateSetup(withField(defaultSetup(), 'workload.sizeSectors', 2000), { capacity: 1000 })[0].field).toBe('workload.sizeSectors');
  });
});

describe('restoreSetup', () => {
  it('falls back to the first preset when the default preset does not exist', () => {
    const r = restoreSetup({ devices: [], fields: new Map() }, { presetIds: ['only-one'] });
    expect(r.setup.devices[0].preset).toBe('only-one');
    expect(r.problems).toEqual([]);
  });

  it('identity over several devices keeps device 0 only, and says so', () => {
    const r = restoreSetup({ devices: [{ values: new Map([['preset', 'hp-97560']]) }, { values: new Map(), copyOfFirst: true }], fields: new Map() }, ctx);
    expect(r.setup.devices).toHaveLength(1);
    expect(r.setup.devices[0].preset).toBe('hp-97560');
    expect(r.problems).toEqual([expect.objectContaining({ field: 'host.policy', used: 'device 0 only' })]);
  });
});

describe('sameSetup / sameRun', () => {
  it('sameRun ignores the view', () => {
    const a = defaultSetup();
    const b = withField(a, 'view.slow', 7);
    expect(sameSetup(a, b)).toBe(false);
    expect(sameRun(a, b)).toBe(true);
    expect(sameRun(a, withField(a, 'seed', 2))).toBe(false);
    const c = withField(withField(a, 'devices', 2), 'host.policy', 'stripe');
    expect(sameRun(c, withField(c, 'devices[1].overrides.rpm', 7200))).toBe(false);
    expect(sameRun(a, c)).toBe(false);
  });
});

describe('JSON save and load', () => {
  it('round-trips a setup with overrides, several devices and a host', () => {
    let s = withField(withField(defaultSetup(), 'devices[0].overrides.rpm', 7200), 'devices[0].overrides.writeCache', 'immediate');
    s = withField(withField(s, 'devices', 3), 'host.policy', 'stripe');
    s = withField(withField(s, 'devices[2].preset', 'hp-97560'), 'host.stripeSectors', 64);
    s = withField(s, 'devices[1].overrides.scheduler', 'sptf');
    const text = setupToJson(s);
    expect(JSON.parse(text)).toMatchObject({ format: 'spindle-setup', version: 2,
      devices: [{ kind: 'disk', preset: 'hp-c2200a', overrides: { rpm: 7200 } }, { overrides: { scheduler: 'sptf' } }, { preset: 'hp-97560' }],
      host: { policy: 'stripe', stripeSectors: 64 } });
    const r = setupFromJson(text, ctx);
    expect(r.problems).toEqual([]);
    expect(r.setup).toEqual(s);
  });

  it('reads a version 1 file as the same run: device 0 with the scheduler and queue depth version 1 always set', () => {
    const r = setupFromJson(JSON.stringify({ format: 'spindle-setup', version: 1, preset: 'hp-97560', seed: 7,
      disk: { rpm: 5400 }, cache: { readAhead: 'none' }, workload: { count: 30 } }), ctx);
    expect(r.problems).toEqual([]);
    expect(r.setup.devices).toEqual([{ kind: 'disk', preset: 'hp-97560', overrides: { rpm: 5400, readAhead: 'none', scheduler: 'fcfs', queueDepth: 1 } }]);
    expect(r.setup.seed).toBe(7);
    expect(r.setup.workload.count).toBe(30);
  });

  it('reports what is wrong in a file and keeps the rest (version 1)', () => {
    const r = setupFromJson(JSON.stringify({
      format: 'spindle-setup', version: 1, scheduler: 'look', queueDepth: 'eight', colour: 'red',
      workload: { count: 10, speed: 3 }, disk: 5,
    }), ctx);
    expect(r.setup.devices[0].overrides.scheduler).toBe('look');
    expect(r.setup.workload.count).toBe(10);
    expect(r.setup.devices[0].overrides.queueDepth).toBe(1);
    expect(r.problems.map((p) => p.field).sort()).toEqual(['colour', 'devices[0].overrides.queueDepth', 'disk', 'workload.speed']);
  });

  it('reports what is wrong in a version 2 file: devices, overrides, host', () => {
    const r = setupFromJson(JSON.stringify({
      format: 'spindle-setup', version: 2, devices: [{ preset: 'hp-97560', overrides: { rpm: -1, colour: 1 }, shape: 'round' }, 7],
      host: { policy: 'stripe', stripeTracks: 0 },
    }), ctx);
    expect(r.setup.devices.map((d) => d.preset)).toEqual(['hp-97560', 'hp-c2200a']);
    expect(r.setup.host).toMatchObject({ policy: 'stripe', stripeTracks: 1 });
    expect(r.problems.map((p) => p.field).sort()).toEqual([
      'devices[0].overrides.colour', 'devices[0].overrides.rpm', 'devices[0].shape', 'devices[1]', 'host.stripeTracks']);
  });

  it('is never thrown off by a file that is not a setup', () => {
    for (const text of ['', 'nope', '[]', 'null', '42', '{"format":"x"}', '{"__proto__":{"polluted":1}}', '{"devices":{"length":5}}', '{"version":2,"devices":[null,[],"x"]}']) {
      const r = setupFromJson(text, ctx);
      expect(validateSetup(r.setup, ctx), text).toEqual([]);
      expect(r.problems.length, text).toBeGreaterThan(0);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a file with 100,000 unknown keys: the list is capped, the rest summed up in one line', () => {
    const doc: Record<string, unknown> = { format: 'spindle-setup', version: 2, seed: 9 };
    for (let i = 0; i < 100_000; i++) doc[`junk${i}`] = i;
    const r = setupFromJson(JSON.stringify(doc), ctx);
    expect(r.setup.seed).toBe(9);
    expect(r.problems).toHaveLength(MAX_PROBLEMS);
    expect(r.problems[0]).toMatchObject({ field: 'junk0', message: '"junk0" is not a setting this page knows' });
    expect(r.problems[MAX_PROBLEMS - 1]).toMatchObject({ field: 'file', message: `and 99\u202f981 more problems, not listed (the first ${MAX_PROBLEMS - 1} are)` });
  });
});
