/*
 * The binding covers the whole C API: every function the public headers
 * (include/: spindle.h, the core, and its extensions' headers) declare is
 * bound (BOUND_FUNCTIONS) and exported by the full wasm build, the core build
 * exports the core's (spindle.h) and no experiment's, and nothing is bound
 * that the header does not declare.
 */
import { describe, it, expect, beforeAll, afterEach } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { testEngine, WASM_PATHS } from './helpers/engine';
import { BOUND_FUNCTIONS, DiskParam, EngineError, Limits, ParamTable, ProbeKind, SpareKind, Status, WorkloadParam, type Engine, type Sim } from '../engine-wasm/binding';

const INCLUDE = fileURLToPath(new URL('../engine-wasm/include/', import.meta.url));
const HEADERS = readdirSync(INCLUDE).filter((f) => f.endsWith('.h')).map((f) => INCLUDE + f);

/** Function names declared in the headers, by the rule engine-wasm/exports.sh uses. */
function headerFunctions(headers = HEADERS): string[] {
  const names = new Set<string>();
  for (const line of headers.flatMap((h) => readFileSync(h, 'utf8').split('\n'))) {
    const m = /^[a-z_0-9 ]*[ *](sp_[a-z_0-9]*)\(/.exec(line);
    if (m) names.add(m[1]);
  }
  return [...names].sort();
}

let engine: Engine;
const owned: { dispose(): void }[] = [];
beforeAll(async () => {
  engine = await testEngine('full');
});
afterEach(() => {
  while (owned.length) owned.pop()!.dispose();
});

describe('binding coverage', () => {
  it('binds every function of the public headers, and only those', () => {
    expect(HEADERS.length).toBeGreaterThan(1);
    expect([...BOUND_FUNCTIONS].sort()).toEqual(headerFunctions());
  });

  /** The functions a build's module exports (read from the module, not the binding's view of it). */
  const exportedBy = (path: string) =>
    new Set(WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(path))).filter((e) => e.kind === 'function').map((e) => e.name));

  it('finds every bound function among the full build\'s exports', () => {
    const exported = exportedBy(WASM_PATHS.full);
    for (const fn of BOUND_FUNCTIONS) expect(exported.has(fn), fn).toBe(true);
  });

  it('the core build exports every function of spindle.h and none of the experiments\' headers', () => {
    const exported = exportedBy(WASM_PATHS.core);
    const core = headerFunctions([INCLUDE + 'spindle.h']);
    expect(core.length).toBeGreaterThan(50);
    expect(BOUND_FUNCTIONS.filter((fn) => exported.has(fn)).sort()).toEqual(core);
  });
});

function disk(sim: Sim): number {
  const d = sim.diskAdd();
  sim.diskSet(d, DiskParam.Surfaces, 2);
  sim.diskSet(d, DiskParam.Rpm, 7200);
  sim.diskSet(d, DiskParam.HeadSwitchMs, 0.8);
  sim.diskAddZone(d, { firstCyl: 0, lastCyl: 19, sectorsPerTrack: 40, trackSkew: 8, cylSkew: 10, spareKind: SpareKind.SectorsPerTrack, spareCount: 1 });
  sim.diskAddZone(d, { firstCyl: 20, lastCyl: 39, sectorsPerTrack: 30, trackSkew: 6, cylSkew: 8, spareKind: SpareKind.None, spareCount: 0 });
  sim.diskCommit(d);
  return d;
}

describe('disk copy and track-boundary extraction through the binding', () => {
  it('copies a disk into another sim', () => {
    const a = engine.createSim(1);
    const b = engine.createSim(2);
    owned.push(b, a);
    const d = disk(a);
    const copy = b.diskCopy(a, d);
    expect(b.diskCapacity(copy)).toBe(a.diskCapacity(d));
    expect(b.lbnToPhys(copy, 777)).toEqual(a.lbnToPhys(d, 777));
  });

  it('finds the track starts the layout reports', () => {
    const sim = engine.createSim(1);
    owned.push(sim);
    const d = disk(sim);
    const ex = sim.extractNew(d, 0, 0);
    owned.unshift(ex); // before the sim
    let st: Status;
    let probes = 0;
    do {
      st = ex.step(16);
      const pv = ex.probes();
      for (let i = 0; i < pv.count; i++) {
        expect(Object.values(ProbeKind)).toContain(pv.get(i, 'kind'));
        probes++;
      }
    } while (st === Status.More);
    const truth: number[] = [];
    for (let t = 0; t < sim.diskTrackCount(d); t++) {
      const info = sim.trackInfo(d, t);
      if (info.lbnCount > 0 && info.firstLbn > 0) truth.push(info.firstLbn);
    }
    expect(ex.boundaries()).toEqual(truth);
    const rep = ex.report();
    expect(rep.done).toBe(1);
    expect(rep.failed).toBe(0);
    expect(rep.boundaries).toBe(truth.length);
    expect(rep.revMs).toBeCloseTo(60000 / 7200, 6);
    expect(probes).toBeGreaterThan(0);
  });

  it('reports bad extraction arguments through sp_error', () => {
    const sim = engine.createSim(1);
    owned.push(sim);
    const d = disk(sim);
    expect(() => sim.extractNew(d, sim.diskCapacity(d) + 5, 0)).toThrow(/lbn/i);
  });
});

describe('parameter tables and error fields', () => {
  it('reads the disk and workload tables from the engine', () => {
    const dt = engine.paramTable(ParamTable.Disk);
    const wt = engine.paramTable(ParamTable.Workload);
    expect(dt.length).toBe(DiskParam.Count);
    expect(wt.length).toBe(WorkloadParam.CountParams);
    expect(dt[DiskParam.Rpm]).toEqual({ name: 'rpm', def: 5400, lo: 1, hi: 1e6, whole: false });
    expect(dt[DiskParam.QueueDepth]).toMatchObject({ name: 'queue_depth', def: 1, lo: 1, hi: Limits.queueDepth, whole: true });
    expect(wt[WorkloadParam.RatePerS]).toMatchObject({ name: 'rate_per_s', def: 100 });
    expect(() => engine.paramTable(1.5 as ParamTable)).toThrow(/table must be a whole number/);
    expect(engine.paramTable(9 as ParamTable)).toEqual([]);
    // what the table says is what a new disk holds and what sp_disk_set accepts
    const sim = engine.createSim(1);
    owned.push(sim);
    const d = sim.diskAdd();
    dt.forEach((row, i) => {
      const p = i as DiskParam;
      expect(sim.diskGet(d, p), row.name).toBe(row.def);
      sim.diskSet(d, p, row.hi);
      expect(() => sim.diskSet(d, p, row.hi + 1), row.name).toThrow(EngineError);
    });
  });

  it('puts the field of a failure in EngineError.field and errorField()', () => {
    const sim = engine.createSim(1);
    owned.push(sim);
    sim.diskAdd();
    const d = sim.diskAdd();
    expect(sim.errorField()).toBe('');
    let err: unknown;
    try { sim.diskSet(d, DiskParam.Rpm, 0); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).field).toBe('disk[1].rpm');
    expect((err as EngineError).code).toBe(Status.Invalid);
    expect(sim.errorField()).toBe('disk[1].rpm');
    try { sim.workloadSet(WorkloadParam.Count, -1); } catch (e) { err = e; }
    expect((err as EngineError).field).toBe('workload.count');
  });
});

describe('integer arguments are checked before they reach the engine', () => {
  const bad: [number, RegExp][] = [[NaN, /NaN/], [2 ** 32 + 9, /4294967305/], [100.7, /100\.7/], [Infinity, /Infinity/], [-(2 ** 31) - 1, /-2147483649/]];
  it('refuses NaN, values past int32 and fractions, naming the argument', () => {
    const sim = engine.createSim(1);
    owned.push(sim);
    const d = disk(sim);
    for (const [v, shown] of bad) {
      let err: unknown;
      try { sim.requestSubmit(d, 0, 0, v); } catch (e) { err = e; }
      expect(err, String(v)).toBeInstanceOf(EngineError);
      expect((err as EngineError).field).toBe('sectors');
      expect((err as EngineError).message).toMatch(/sp_request_submit: sectors must be a whole number/);
      expect((err as EngineError).message).toMatch(shown);
      expect(() => sim.diskSet(v, DiskParam.Rpm, 7200)).toThrow(/sp_disk_set: disk must be a whole number/);
      expect(() => sim.trackInfo(d, v)).toThrow(/trackIndex/);
      expect(() => sim.outputConfigure(v, 0)).toThrow(/eventCapacity/);
      expect(() => sim.seekTime(d, v)).toThrow(/distance/);
    }
    // 2^32 + 1 sectors used to submit a 1-sector read
    expect(() => sim.requestSubmit(d, 0, 0, 2 ** 32 + 1)).toThrow(EngineError);
    sim.outputConfigure(0, 8);
    expect(sim.run()).toBe(Status.Ok);
    expect(sim.statsGet().completed).toBe(0);
    expect(sim.requestSubmit(d, 0, 0, 8)).toBe(0);      // a good call still works
  });
});

describe('extractor lifetimes', () => {
  it('an extractor of a disposed sim throws instead of touching freed memory', () => {
    const sim = engine.createSim(1);
    const d = disk(sim);
    const ex = sim.extractNew(d, 0, 0);
    expect(ex.step(1)).toBe(Status.More);
    sim.dispose();
    expect(() => ex.step(1)).toThrow(/disposed/);
    ex.dispose();                                       // a no-op now: Sim.dispose freed it
    ex.dispose();
  });

  it('disposing the sim before its extractors leaks nothing', () => {
    const round = () => {
      const sim = engine.createSim(1);
      const d = disk(sim);
      const ex = sim.extractNew(d, 0, 0);
      ex.step(2);
      sim.dispose();
      ex.dispose();
    };
    for (let i = 0; i < 5; i++) round();
    const before = engine.wasm.memory.buffer.byteLength;
    for (let i = 0; i < 60; i++) round();               // each extractor holds > 2 MB while alive
    expect(engine.wasm.memory.buffer.byteLength - before).toBeLessThan(8 << 20);
  });
});
