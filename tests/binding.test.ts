/*
 * The binding covers the whole C API: every function spindle.h declares is
 * bound (BOUND_FUNCTIONS) and exported by the wasm, and nothing is bound that
 * the header does not declare.
 */
import { describe, it, expect, beforeAll, afterEach } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { testEngine } from './helpers/engine';
import { BOUND_FUNCTIONS, DiskParam, ProbeKind, SpareKind, Status, type Engine, type Sim } from '../engine-wasm/binding';

const HEADER = fileURLToPath(new URL('../engine-wasm/include/spindle.h', import.meta.url));

/** Function names declared in the header, by the rule engine-wasm/exports.sh uses. */
function headerFunctions(): string[] {
  const names = new Set<string>();
  for (const line of readFileSync(HEADER, 'utf8').split('\n')) {
    const m = /^[a-z_0-9 ]*[ *](sp_[a-z_0-9]*)\(/.exec(line);
    if (m) names.add(m[1]);
  }
  return [...names].sort();
}

let engine: Engine;
const owned: { dispose(): void }[] = [];
beforeAll(async () => {
  engine = await testEngine();
});
afterEach(() => {
  while (owned.length) owned.pop()!.dispose();
});

describe('binding coverage', () => {
  it('binds every function of spindle.h, and only those', () => {
    expect([...BOUND_FUNCTIONS].sort()).toEqual(headerFunctions());
  });

  it('finds every bound function among the wasm exports', () => {
    const exported = engine.wasm as unknown as Record<string, unknown>;
    for (const fn of BOUND_FUNCTIONS) expect(typeof exported[fn], fn).toBe('function');
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
