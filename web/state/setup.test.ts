import { describe, it, expect } from 'vitest';
import {
  FIELDS, FIELD_BY_KEY, checkValue, defaultSetup, restoreSetup, sameRun, sameSetup, validateSetup, withField,
} from './setup';
import { setupFromJson, setupToJson } from './setupJson';

const ctx = { presetIds: ['hp-c2200a', 'hp-97560'] };

describe('the field table', () => {
  it('has one unique path and one unique URL key per field', () => {
    expect(new Set(FIELDS.map((f) => f.path)).size).toBe(FIELDS.length);
    expect(new Set(FIELDS.map((f) => f.key)).size).toBe(FIELDS.length);
    expect(FIELD_BY_KEY.has('v')).toBe(false);
  });

  it('every default is valid for its own field', () => {
    for (const f of FIELDS) if (f.def !== undefined) expect(checkValue(f, f.def), f.path).toEqual({ ok: true, value: f.def });
  });
});

describe('validateSetup', () => {
  it('accepts the defaults', () => {
    expect(validateSetup(defaultSetup(), ctx)).toEqual([]);
  });

  it('names the field of a value out of range, with its label', () => {
    const s = withField(defaultSetup(), 'queueDepth', 0);
    expect(validateSetup(s, ctx)).toEqual([{ field: 'queueDepth', message: 'Queue depth: 0 is too small; enter a whole number from 1 to 1024' }]);
    const t = withField(defaultSetup(), 'workload.readFraction', Number.NaN);
    expect(validateSetup(t, ctx)[0]).toMatchObject({ field: 'workload.readFraction' });
  });

  it('checks overrides only when they are set', () => {
    expect(validateSetup(withField(defaultSetup(), 'disk.rpm', undefined), ctx)).toEqual([]);
    expect(validateSetup(withField(defaultSetup(), 'disk.rpm', -5), ctx)[0].field).toBe('disk.rpm');
    expect(validateSetup(withField(defaultSetup(), 'cache.readAhead', 'sideways' as never), ctx)[0].field).toBe('cache.readAhead');
  });

  it('checks the preset against the known ids', () => {
    expect(validateSetup(withField(defaultSetup(), 'preset', 'nope'), ctx)).toEqual([
      { field: 'preset', message: 'Disk preset: "nope" does not exist; choose one of hp-c2200a, hp-97560' },
    ]);
    expect(validateSetup(withField(defaultSetup(), 'preset', 'nope'))).toEqual([]);
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
    const r = restoreSetup(new Map(), { presetIds: ['only-one'] });
    expect(r.setup.preset).toBe('only-one');
    expect(r.problems).toEqual([]);
  });
});

describe('sameSetup / sameRun', () => {
  it('sameRun ignores the view', () => {
    const a = defaultSetup();
    const b = withField(a, 'view.slow', 7);
    expect(sameSetup(a, b)).toBe(false);
    expect(sameRun(a, b)).toBe(true);
    expect(sameRun(a, withField(a, 'seed', 2))).toBe(false);
  });
});

describe('JSON save and load', () => {
  it('round-trips a setup with overrides', () => {
    const s = withField(withField(withField(defaultSetup(), 'disk.rpm', 7200), 'cache.writeCache', 'immediate'), 'scheduler', 'sptf');
    const text = setupToJson(s);
    expect(JSON.parse(text)).toMatchObject({ format: 'spindle-setup', version: 1, preset: 'hp-c2200a', disk: { rpm: 7200 } });
    const r = setupFromJson(text, ctx);
    expect(r.problems).toEqual([]);
    expect(r.setup).toEqual(s);
  });

  it('reports what is wrong in a file and keeps the rest', () => {
    const r = setupFromJson(JSON.stringify({
      format: 'spindle-setup', version: 1, scheduler: 'look', queueDepth: 'eight', colour: 'red',
      workload: { count: 10, speed: 3 }, disk: 5,
    }), ctx);
    expect(r.setup.scheduler).toBe('look');
    expect(r.setup.workload.count).toBe(10);
    expect(r.setup.queueDepth).toBe(1);
    expect(r.problems.map((p) => p.field).sort()).toEqual(['colour', 'disk', 'queueDepth', 'workload.speed']);
  });

  it('is never thrown off by a file that is not a setup', () => {
    for (const text of ['', 'nope', '[]', 'null', '42', '{"format":"x"}', '{"__proto__":{"polluted":1}}']) {
      const r = setupFromJson(text, ctx);
      expect(validateSetup(r.setup, ctx), text).toEqual([]);
      expect(r.problems.length, text).toBeGreaterThan(0);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
