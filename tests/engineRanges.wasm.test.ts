/*
 * The TypeScript validators accept what the engine accepts and refuse what it
 * refuses, for every setup field and preset field that sets an engine
 * parameter. The cases come from the engine's tables (lo, hi, just below lo,
 * just above hi, and a fraction for whole-number parameters), and the
 * engine's answer for each comes from the wasm engine itself (sp_disk_set,
 * sp_workload_set, sp_host_set), not from the table.
 *
 * Two differences are by design and written at their fields: the -1
 * "derived" value (and the engine's (-1, 0) around it) is written as an absent
 * override or a null preset field, never entered; and the page's request
 * count is narrower than the engine's (setup.ts says why).
 */
import { describe, expect, it } from 'vitest';
import { EngineError, type DiskParam, type HostParam, type Sim, type WorkloadParam } from '../engine-wasm/binding';
import {
  ENGINE_PARAMS, engineAccepts as tableAccepts, engineParam, isDerivedSentinel, valueRange, type EngineParam, type EngineTable,
} from '../web/state/engineParams';
import { checkValue } from '../web/state/fields';
import { configureDisk } from '../web/state/presetEngine';
import { PRESET_ENGINE_PARAMS, validateDiskPreset, type DiskPreset } from '../web/state/presetSchema';
import {
  DEVICE_COUNT_FIELD, DEVICE_FIELDS, HOST_FIELDS, WORKLOAD_FIELDS, defaultSetup, deviceField, validateSetup, withField,
  type SetupField,
} from '../web/state/setup';
import { testEngine } from './helpers/engine';
import { loadPresetJson } from './helpers/presets';

/** The values to try for a parameter: its bounds, just outside them, and a fraction for whole numbers. */
function cases(p: EngineParam): number[] {
  const eps = (x: number) => (p.whole ? 1 : Math.max(Math.abs(x) * 1e-6, 1e-9));
  const out = [p.lo, p.hi, p.lo - eps(p.lo), p.hi + eps(p.hi), (p.lo + p.hi) / 2];
  if (p.whole) out.push(p.lo + 0.5, p.hi - 0.5);
  const r = valueRange(p);
  if (r.lo !== p.lo) out.push(r.lo, r.lo - eps(r.lo));   // around the first value a user may enter
  return out;
}

/** The engine's own answer: does sp_*_set accept this value? */
function engineAccepts(sim: Sim, table: EngineTable, index: number, v: number): boolean {
  try {
    if (table === 'disk') sim.diskSet(sim.diskAdd(), index as DiskParam, v);
    else if (table === 'workload') sim.workloadSet(index as WorkloadParam, v);
    else sim.hostSet(index as HostParam, v);
    return true;
  } catch {
    return false;
  }
}

/** Fields whose -1 is the engine's "none" (no failed device), which the setup writes as -1,
 * where other parameters' -1 means "derived" and a setup writes no value. */
const NONE_IS_MINUS_ONE = new Set(['host.failedDevice']);

/** What the TS side is meant to accept: the engine's answer, less the documented narrowings. */
function expected(p: EngineParam, engine: boolean, v: number, narrower?: { lo: number; hi: number }, path = ''): boolean {
  if (isDerivedSentinel(p) && v < 0 && !(NONE_IS_MINUS_ONE.has(path) && v === -1)) return false;
  if (narrower && (v < narrower.lo || v > narrower.hi)) return false;
  return engine;
}

/** Setup fields whose range is deliberately narrower than the engine's (the reason is at the field). */
const NARROWER: Record<string, { lo: number; hi: number }> = {
  'workload.count': { lo: 1, hi: 1_000_000 },
};

const numericFields = (fs: readonly SetupField[]) => fs.filter((f) => f.param && (f.kind.type === 'int' || f.kind.type === 'num'));
const SETUP_CASES: SetupField[] = [
  ...numericFields(DEVICE_FIELDS).map((f) => deviceField(f, 0)),
  DEVICE_COUNT_FIELD, ...numericFields(HOST_FIELDS), ...numericFields(WORKLOAD_FIELDS),
];

describe('setup fields read their ranges from the engine', () => {
  it('every numeric field that sets an engine parameter is covered, and only the listed ones are narrower', () => {
    // Every number a device, the host or the workload has is an engine parameter.
    const numbers = [...DEVICE_FIELDS, DEVICE_COUNT_FIELD, ...HOST_FIELDS, ...WORKLOAD_FIELDS]
      .filter((f) => f.kind.type === 'int' || f.kind.type === 'num');
    expect(numbers.filter((f) => !f.param).map((f) => f.path)).toEqual([]);
    expect(SETUP_CASES.length).toBe(numbers.length);
    for (const f of SETUP_CASES) {
      const r = valueRange(engineParam(f.param!.table, f.param!.name));
      const k = f.kind as { min: number; max: number; type: string };
      const lo = NONE_IS_MINUS_ONE.has(f.path) ? -1 : r.lo;
      const same = k.min === lo && k.max === r.hi && (k.type === 'int') === r.whole;
      expect(same ? undefined : f.path, `${f.path} differs from the engine's ${f.param!.table}.${f.param!.name}`)
        .toBe(NARROWER[f.path] ? f.path : undefined);
    }
  });

  it.each(SETUP_CASES.map((f) => [f.path, f] as const))('%s: accepted exactly when the engine accepts it', async (_path, f) => {
    const engine = await testEngine();
    const sim = engine.createSim(1);
    try {
      const { table, name } = f.param!;
      const p = engineParam(table, name);
      const index = ENGINE_PARAMS[table].indexOf(p);
      for (const v of cases(p)) {
        const want = expected(p, engineAccepts(sim, table, index, v), v, NARROWER[f.path], f.path);
        // The field check (URL decode, JSON load, the editor): the table's range. (The engine's rules
        // on top, such as a whole size unless the distribution is exponential, are validateSetup's.)
        const wantField = expected(p, tableAccepts(p, v), v, NARROWER[f.path], f.path);
        expect(checkValue(f, v).ok, `${f.path} = ${v} (field check)`).toBe(wantField);
        expect(checkValue(f, String(v)).ok, `${f.path} = "${v}" (from a link)`).toBe(wantField);
        // The whole setup's validation: the engine's own answer (its rules on top included).
        if (f !== DEVICE_COUNT_FIELD) {
          const errors = validateSetup(withField(defaultSetup(), f.path, v)).filter((e) => e.field === f.path);
          expect(errors.length === 0, `${f.path} = ${v} (validateSetup)`).toBe(want);
        }
      }
    } finally {
      sim.dispose();
    }
  });
});

describe('preset fields read their ranges from the engine', () => {
  const BASE = 'hp-97560';   // a curve seek model, a cylinder switch time and number overheads: every path below is a number
  const setAt = (root: Record<string, unknown>, path: string, v: number) => {
    const parts = path.split('.');
    let o = root;
    for (const k of parts.slice(0, -1)) o = o[k] as Record<string, unknown>;
    o[parts[parts.length - 1]] = v;
  };

  it('the base preset validates', () => {
    expect(validateDiskPreset(loadPresetJson(BASE)).ok).toBe(true);
  });

  it.each(Object.entries(PRESET_ENGINE_PARAMS))('%s (disk.%s): accepted exactly when the engine accepts it', async (path, name) => {
    const engine = await testEngine();
    const sim = engine.createSim(1);
    try {
      const p = engineParam('disk', name);
      const index = ENGINE_PARAMS.disk.indexOf(p);
      for (const v of cases(p)) {
        const want = expected(p, engineAccepts(sim, 'disk', index, v), v);
        const json = loadPresetJson(BASE) as Record<string, unknown>;
        setAt(json, path, v);
        // A rule between fields the engine checks at commit: a cache with segments needs a segment size.
        if (path === 'cache.segmentSectors') setAt(json, 'cache.segments', 0);
        // A rule between fields the preset checks: no more write segments than segments (DiskSim's "Maximum number of
        // write segments" counts among them).
        if (path === 'cache.writeSegments') setAt(json, 'cache.segments', engineParam('disk', 'cache_segments').hi);
        const r = validateDiskPreset(json);
        const errs = r.ok ? [] : r.errors.filter((e) => e.field === path);
        expect(errs.length === 0, `${path} = ${v}: ${errs.map((e) => e.message).join('; ')}`).toBe(want);
      }
    } finally {
      sim.dispose();
    }
  });
});

describe('seek tables: the preset validator and the engine agree', () => {
  const TABLES: Array<[string, Array<[number, number]>]> = [
    ['rising', [[1, 1.2], [50, 4.0], [1961, 12.5]]],
    ['a dip inside', [[1, 1.2], [50, 4.0], [60, 3.9], [1961, 12.5]]],
    ['a flat end', [[1, 1.2], [50, 4.0], [1961, 4.0]]],
    ['a faster last point', [[1, 1.2], [50, 4.0], [1961, 3.9]]],
    ['a single point', [[1961, 3.9]]],
  ];
  it.each(TABLES)('%s', async (_name, points) => {
    const engine = await testEngine();
    const json = loadPresetJson('hp-97560') as DiskPreset;
    json.mechanics.seek = { model: 'table', points };
    const ts = validateDiskPreset(json).ok;
    const sim = engine.createSim(1);
    let committed = true;
    try {
      configureDisk(sim, json);
    } catch (e) {
      if (!(e instanceof EngineError)) throw e;
      committed = false;
      expect(e.field).toBe(`disk[0].seek_table[${points.length - 1}].ms`);
    } finally {
      sim.dispose();
    }
    expect(ts).toBe(committed);
  });
});
