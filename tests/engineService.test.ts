/*
 * The worker's service and host in Node: the code behind each bridge method,
 * with the real wasm and the real HP C2200A preset, and the host that turns
 * messages into calls (streams, cancel, a fresh engine after a wasm trap).
 * (The worker file itself only wires messages to the host.)
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { testEngine, WASM_PATH } from './helpers/engine';
import { loadPresetJson } from './helpers/presets';
import { simWith } from './fidelity/context';
import { EngineService } from '../web/worker/engineService';
import { EngineHost } from '../web/worker/host';
import { LazyService } from '../web/worker/lazyService';
import type { PageService } from '../web/worker/pageService';
import { RunService } from '../web/worker/runService';
import { DiskParam, Engine, loadEngine } from '../engine-wasm/binding';
import { configureDisk, validateDiskPreset } from '../web/state/diskPreset';
import { defaultSetup, withField } from '../web/state/setup';
import { configureSetup, setupFieldOfError } from '../web/state/applySetup';
import { runPoint, zoneRegion } from '../web/pages/traxtents';
import { isStreamMethod, type FromWorker, type ProgressMessage, type ResponseMessage } from '../web/engine/protocol';
import type { DiskSummary } from '../web/pages/locate/protocol';
import type { RunChunk } from '../web/engine/runProtocol';
import type { ExtractResult, SweepProgress, SweepResult } from '../web/pages/traxtents/protocol';

let engine: Engine;
beforeAll(async () => {
  engine = await testEngine('full');
});

describe('EngineService', () => {
  it('loads the HP C2200A preset and summarises it from the engine', () => {
    const svc = new EngineService(engine);
    const d = svc.call('loadPreset', { preset: loadPresetJson('hp-c2200a') });
    expect(d.name).toBe('HP C2200A');
    expect(d.cylinders).toBe(1449);
    expect(d.surfaces).toBe(8);
    expect(d.capacity).toBe(1449 * 8 * 113);
    expect(d.trackCount).toBe(1449 * 8);
    expect(d.rpm).toBe(4002);
    expect(d.revolutionMs).toBeCloseTo(60000 / 4002, 12);
    expect(d.zones).toEqual([{ zone: 0, firstCyl: 0, lastCyl: 1448, slotsPerTrack: 114, lbnsPerTrack: 113, density: 0 }]);
  });

  it('locates an LBN exactly as the binding does', () => {
    const svc = new EngineService(engine);
    svc.call('loadPreset', { preset: loadPresetJson('hp-c2200a') });
    const q = { lbn: 654321, sectors: 16, fromCyl: 3, fromSurface: 1, startMs: 12.5 };
    const r = svc.call('locate', q);

    const v = validateDiskPreset(loadPresetJson('hp-c2200a'));
    if (!v.ok) throw new Error('preset invalid');
    const sim = engine.createSim(0);
    try {
      const d = configureDisk(sim, v.preset);
      expect(r.phys).toEqual(sim.lbnToPhys(d, q.lbn));
      expect(r.endPhys).toEqual(sim.lbnToPhys(d, q.lbn + q.sectors - 1));
      expect(r.breakdown).toEqual(sim.accessTime(d, q));
      expect(r.angleAtStart).toBe(sim.angleAt(d, q.startMs));
      expect(r.track).toEqual(sim.trackInfo(d, sim.trackOfLbn(d, q.lbn)));
    } finally {
      sim.dispose();
    }
  });

  it('picks the slot under an angle and the LBN stored there', () => {
    const svc = new EngineService(engine);
    svc.call('loadPreset', { preset: loadPresetJson('hp-c2200a') });
    const where = svc.call('locate', { lbn: 4321, sectors: 1, fromCyl: 0, fromSurface: 0, startMs: 0 });
    const mid = where.phys.angle + 0.5 / where.phys.slotsPerTrack;
    const p = svc.call('pick', { cyl: where.phys.cyl, surface: where.phys.surface, angle: mid % 1 });
    expect(p.slot).toBe(where.phys.slot);
    expect(p.lbn).toBe(4321);
    // The spare at the end of every track holds no LBN.
    const t = where.track;
    const spareAngle = (t.slot0Angle + (t.slots - 0.5) / t.slots) % 1;
    expect(svc.call('pick', { cyl: t.cyl, surface: t.surface, angle: spareAngle })).toMatchObject({ slot: 113, lbn: -1 });
  });

  it('reports errors that name the field', () => {
    const svc = new EngineService(engine);
    expect(() => svc.call('locate', { lbn: 0, sectors: 1, fromCyl: 0, fromSurface: 0, startMs: 0 })).toThrow(/no disk loaded/);
    const bad = structuredClone(loadPresetJson('hp-c2200a')) as { geometry: { rpm: number } };
    bad.geometry.rpm = -5;
    expect(() => svc.call('loadPreset', { preset: bad })).toThrow(/geometry\.rpm/);
    svc.call('loadPreset', { preset: loadPresetJson('hp-c2200a') });
    expect(() => svc.call('locate', { lbn: 0, sectors: 1, fromCyl: 5000, fromSurface: 0, startMs: 0 })).toThrow(/from_cyl/);
    expect(() => svc.call('pick', { cyl: 0, surface: 8, angle: 0 })).toThrow(/surface/);
    expect(() => svc.call('nope' as 'locate', {} as never)).toThrow(/unknown engine method: nope/);
    expect(() => svc.call('current' as 'locate', {} as never)).toThrow(/unknown engine method/);
  });

  it('the locator\'s disk takes the explorer\'s overrides: the same answer as device 0 of the explorer\'s setup', () => {
    const svc = new EngineService(engine);
    const overrides = { rpm: 7200, headSwitchMs: 2.25, zeroLatency: true };
    const d = svc.call('loadPreset', { preset: loadPresetJson('hp-c2200a'), overrides });
    expect(d.rpm).toBe(7200);
    expect(d.revolutionMs).toBeCloseTo(60000 / 7200, 12);
    const q = { lbn: 654321, sectors: 200, fromCyl: 3, fromSurface: 1, startMs: 12.5 };
    const r = svc.call('locate', q);
    // The explorer's path: the whole setup through configureSetup, device 0 read back.
    let setup = withField(defaultSetup(), 'devices[0].preset', 'hp-c2200a');
    for (const [k, v] of Object.entries(overrides)) setup = withField(setup, `devices[0].overrides.${k}`, v);
    const v = validateDiskPreset(loadPresetJson('hp-c2200a'));
    if (!v.ok) throw new Error('preset invalid');
    const sim = engine.createSim(0);
    try {
      const { devices: [k] } = configureSetup(sim, setup, () => v.preset);
      expect(r.breakdown).toEqual(sim.accessTime(k, q));
      expect(sim.diskGet(k, DiskParam.ZeroLatency)).toBe(1);
    } finally {
      sim.dispose();
    }
    // ... and differs from the preset as shipped.
    svc.call('loadPreset', { preset: loadPresetJson('hp-c2200a') });
    expect(svc.call('locate', q).breakdown.totalMs).not.toBe(r.breakdown.totalMs);
  });

  it('a bad override is refused by its setup field, and the loaded disk stays', () => {
    const svc = new EngineService(engine);
    svc.call('loadPreset', { preset: loadPresetJson('hp-c2200a'), overrides: { rpm: 5400 } });
    expect(() => svc.call('loadPreset', { preset: loadPresetJson('hp-c2200a'), overrides: { rpm: 'fast' } as never })).toThrow(/^devices\[0\]\.overrides\.rpm: Rotation speed/);
    expect(() => svc.call('loadPreset', { preset: loadPresetJson('hp-c2200a'), overrides: { warp: 9 } as never })).toThrow(/^devices\[0\]\.overrides\.warp: is not an override/);
    expect(() => svc.call('loadPreset', { preset: loadPresetJson('hp-c2200a'), overrides: [] as never })).toThrow(/^devices\[0\]\.overrides: /);
    expect(svc.call('locate', { lbn: 1, sectors: 1, fromCyl: 0, fromSurface: 0, startMs: 0 }).breakdown).toBeDefined();
    expect(svc.call('loadPreset', { preset: loadPresetJson('hp-c2200a'), overrides: { rpm: 5400 } }).rpm).toBe(5400);
  });

  it('a failed load keeps the disk that was loaded', () => {
    const svc = new EngineService(engine);
    svc.call('loadPreset', { preset: loadPresetJson('hp-c2200a') });
    expect(() => svc.call('loadPreset', { preset: { format: 'nonsense' } })).toThrow(/invalid disk preset/);
    expect(svc.call('locate', { lbn: 1, sectors: 1, fromCyl: 0, fromSurface: 0, startMs: 0 }).phys.cyl).toBe(0);
  });
});

describe('pages\' methods on the bridge', () => {
  const protocols = import.meta.glob<{ STREAMS?: Record<string, true> }>('../web/pages/*/protocol.ts', { eager: true });
  const streamed = Object.values(protocols).flatMap((m) => Object.keys(m.STREAMS ?? {}));

  it('every method a page lists as streamed is a stream on both sides: the client cancels it, the worker answers it with a generator', () => {
    expect(streamed.length).toBeGreaterThan(10);
    const svc = new EngineService(engine);
    for (const name of [...streamed, 'traceParse']) {
      expect(isStreamMethod(name), name).toBe(true);
      // Empty parameters: a stream checks them when called or when first stepped, and either way runs nothing.
      let out: unknown;
      try {
        out = svc.call(name as 'traceParse', {} as never);
      } catch (e) {
        expect(String(e), name).not.toMatch(/unknown engine method/);
        continue;
      }
      expect(typeof (out as Generator).next, name).toBe('function');
    }
  });

  it('each page lists every method its worker code answers (METHODS), so the worker knows which code to load for a call', () => {
    const lists = import.meta.glob<Record<string, true>>(['../web/pages/*/protocol.ts', '../web/trace/protocol.ts'], { eager: true, import: 'METHODS' });
    const services = import.meta.glob<PageService<object>>(['../web/pages/*/worker.ts', '../web/trace/worker.ts'], { eager: true, import: 'service' });
    const runs = new RunService(engine);
    expect(Object.keys(services).length).toBe(12);
    for (const [file, make] of Object.entries(services)) {
      const list = lists[file.replace(/worker\.ts$/, 'protocol.ts')];
      expect(Object.keys(list ?? {}).sort(), file).toEqual(Object.keys(make(engine, { runs })).sort());
    }
  });

  it('the worker\'s service holds the run alone until a page\'s method is asked for; then that page\'s code is loaded', async () => {
    const svc = new LazyService(engine);
    expect(() => svc.call('loadPreset', { preset: C2200A() })).toThrow(/unknown engine method: loadPreset/);
    await svc.prepare('loadPreset');
    expect((svc.call('loadPreset', { preset: C2200A() }) as DiskSummary).cylinders).toBe(1449);
    expect(() => svc.call('atAccess', {} as never)).toThrow(/unknown engine method: atAccess/);
  });

  it('a plain method is not streamed', () => {
    for (const name of ['loadPreset', 'locate', 'pick', 'atAccess', 'nvRun', 'hwRun', 'lessonStep', 'runBegin', 'runNext', 'runEnd']) {
      expect(isStreamMethod(name), name).toBe(false);
    }
  });
});

describe('HP C2200A preset through configureDisk', () => {
  const paper = (d: number) => (d < 616 ? 3.45 + 0.597 * Math.sqrt(d) : 10.8 + 0.012 * d);
  it('has the paper\'s seek curve', () => {
    const v = validateDiskPreset(loadPresetJson('hp-c2200a'));
    if (!v.ok) throw new Error('preset invalid');
    const sim = engine.createSim(0);
    try {
      const d = configureDisk(sim, v.preset);
      for (const dist of [1, 5, 50, 300, 615, 616, 900, 1448]) expect(sim.seekTime(d, dist)).toBeCloseTo(paper(dist), 12);
      expect(sim.diskGet(d, DiskParam.Rpm)).toBe(4002);
    } finally {
      sim.dispose();
    }
  });
});

/* ---- the host: messages, streams, cancel, a fresh engine after a wasm trap ---- */

const C2200A = () => loadPresetJson('hp-c2200a');

/** A host over `makeEngine`, recording every message it posts; `onPost` sees each as it is posted. */
function hostWith(makeEngine: () => Promise<Engine>, onPost?: (m: FromWorker, host: EngineHost) => void) {
  const posted: FromWorker[] = [];
  const host: EngineHost = new EngineHost(makeEngine, (m) => { posted.push(m); onPost?.(m, host); });
  const finalOf = (id: number) => posted.find((m): m is ResponseMessage => m.id === id && 'ok' in m);
  const progressOf = (id: number) => posted.filter((m): m is ProgressMessage => m.id === id && 'progress' in m).map((m) => m.progress);
  return { host, posted, finalOf, progressOf };
}

function answer(m: ResponseMessage | undefined): unknown {
  if (!m) throw new Error('no final answer');
  if (!m.ok) throw new Error(`${m.error.name}: ${m.error.message}`);
  return m.result;
}

const SWEEP = { preset: C2200A(), q: 2 as const, zl: 'preset' as const, n: 200, seed: 3, points: 3 };

describe('EngineHost', () => {
  it('streams the traxtent sweep point by point; the points are the engine\'s, as runPoint computes them', async () => {
    const { host, finalOf, progressOf } = hostWith(() => Promise.resolve(engine));
    await host.receive({ id: 1, method: 'traxSweep', params: SWEEP });
    const result = answer(finalOf(1)) as SweepResult;
    const progress = progressOf(1) as SweepProgress[];
    expect(progress[0]).toEqual({ kind: 'info', info: result.info });
    const points = progress.slice(1).map((p) => (p.kind === 'point' ? p.point : null));
    expect(points).toEqual(result.points);
    expect(points).toHaveLength(2 * result.info.sizes.length);
    // the track-sized aligned point, recomputed here in a sim of its own
    const { sim, disk } = simWith(engine, 'hp-c2200a');
    try {
      const i = result.info.sizes.indexOf(result.info.trackLbns);
      const want = runPoint(sim, disk, { region: zoneRegion(sim, disk), requests: 200, seed: 3 }, { size: result.info.trackLbns, alignment: 'aligned', outstanding: 2 });
      expect(result.points.find((p) => p.index === i && p.alignment === 'aligned')).toMatchObject({ headMs: want.headMs, efficiency: want.efficiency, completed: 200 });
    } finally {
      sim.dispose();
    }
  });

  it('a cancel stops a stream between two steps; the engine keeps serving', async () => {
    const { host, finalOf, progressOf } = hostWith(() => Promise.resolve(engine), (m, h) => {
      // cancel as soon as the first point arrives
      if (m.id === 1 && 'progress' in m && (m.progress as SweepProgress).kind === 'point') void h.receive({ id: 1, cancel: true });
    });
    await host.receive({ id: 1, method: 'traxSweep', params: SWEEP });
    const f = finalOf(1);
    expect(f && !f.ok && f.error.name).toBe('AbortError');
    expect((progressOf(1) as SweepProgress[]).filter((p) => p.kind === 'point')).toHaveLength(1);
    await host.receive({ id: 2, method: 'loadPreset', params: { preset: C2200A() } });
    expect((answer(finalOf(2)) as DiskSummary).cylinders).toBe(1449);
  });

  it('streams the extraction\'s progress and finds every boundary of a region', async () => {
    const { host, finalOf, progressOf } = hostWith(() => Promise.resolve(engine));
    await host.receive({ id: 7, method: 'traxExtract', params: { preset: C2200A(), lbns: 113 * 8 * 40 } });
    const r = answer(finalOf(7)) as ExtractResult;
    expect(progressOf(7).length).toBeGreaterThan(0);
    expect(r.found).toBe(r.truth);
    expect(r.truth).toBeGreaterThan(300);
    expect(r.missing).toEqual([]);
    expect(r.extra).toEqual([]);
  });

  it('calls start in the order they came: a run call sent while a page\'s code is loading is answered after that page\'s call', async () => {
    const { host, finalOf } = hostWith(() => Promise.resolve(engine));
    const order: number[] = [];
    const first = host.receive({ id: 1, method: 'loadPreset', params: { preset: C2200A() } }).then(() => order.push(1));
    const second = host.receive({ id: 2, method: 'runEnd', params: {} }).then(() => order.push(2));
    await Promise.all([first, second]);
    expect(order).toEqual([1, 2]);
    expect((answer(finalOf(1)) as DiskSummary).cylinders).toBe(1449);
    expect(answer(finalOf(2))).toBeNull();
  });

  it('a bad call is answered with an error naming the field; unknown methods too', async () => {
    const { host, finalOf } = hostWith(() => Promise.resolve(engine));
    await host.receive({ id: 1, method: 'traxSweep', params: { ...SWEEP, points: 1 } });
    await host.receive({ id: 2, method: 'nope' as 'runEnd', params: {} });
    const a = finalOf(1);
    const b = finalOf(2);
    expect(a && !a.ok && a.error.message).toMatch(/^points: 1 is not a whole number from 2 to 200/);
    expect(b && !b.ok && b.error.message).toMatch(/unknown engine method: nope/);
  });

  it('a refused run names its field over the bridge: a setup field, or the engine\'s', async () => {
    const { host, finalOf } = hostWith(() => Promise.resolve(engine));
    // Device 1's preset is not the one the run carries: a SetupError about devices[1].preset.
    let setup = withField(withField(defaultSetup(), 'devices', 2), 'host.policy', 'stripe');
    setup = withField(withField(setup, 'host.stripeSectors', 64), 'devices[1].preset', 'hp-97560');
    await host.receive({ id: 1, method: 'runBegin', params: { setup, preset: C2200A() } });
    const a = finalOf(1);
    expect(a && !a.ok && [a.error.name, a.error.field]).toEqual(['SetupError', 'devices[1].preset']);
    expect(a && !a.ok && setupFieldOfError({ wire: a.error })).toBe('devices[1].preset');
    // An open workload faster than the disk: the engine stops the run, naming the workload.
    let open = withField(withField(defaultSetup(), 'workload.arrivals', 'open'), 'workload.ratePerS', 1e9);
    open = withField(open, 'workload.count', 1_000_000);
    await host.receive({ id: 2, method: 'runBegin', params: { setup: open, preset: C2200A(), eventLimit: 0 } });
    answer(finalOf(2));
    let last: ResponseMessage | undefined;
    for (let id = 3; id < 200 && (!last || last.ok); id++) {
      await host.receive({ id, method: 'runNext', params: { budgetMs: 1e6 } });
      last = finalOf(id);
      if (last?.ok && (last.result as RunChunk).done) break;
    }
    expect(last && !last.ok && [last.error.name, last.error.field]).toEqual(['EngineError', 'workload']);
    expect(last && !last.ok && setupFieldOfError({ wire: last.error })).toBe('workload.ratePerS');
  });

  it('after a wasm trap the call is rejected saying the engine was restarted, and the next run works on a fresh instance', async () => {
    const bytes = readFileSync(WASM_PATH);
    const instances: Engine[] = [];
    const makeEngine = async () => {
      const real = await loadEngine(bytes);
      // The first instance's sp_run is called with a pointer far outside its memory: a real trap.
      const e = instances.length === 0
        ? new Engine({ ...real.wasm, sp_run: (_sim: number, max: number) => real.wasm.sp_run(0x7ffffff0, max) })
        : real;
      instances.push(e);
      return e;
    };
    const { host, finalOf } = hostWith(makeEngine);
    const setup = withField(defaultSetup(), 'workload.count', 40);
    await host.receive({ id: 1, method: 'runBegin', params: { setup, preset: C2200A() } });
    answer(finalOf(1));
    await host.receive({ id: 2, method: 'runNext', params: {} });
    const trapped = finalOf(2);
    if (!trapped || trapped.ok) throw new Error('runNext did not fail');
    expect(trapped.error.restarted).toBe(true);
    expect(trapped.error.name).toBe('EngineRestarted');
    expect(trapped.error.message).toMatch(/^the engine crashed during runNext \(WebAssembly trap: memory access out of bounds\); it was restarted/);
    expect(host.restarts).toBe(1);

    // The next run: a fresh instance, the whole run, the same results as a run on an engine that never trapped.
    await host.receive({ id: 3, method: 'runBegin', params: { setup, preset: C2200A() } });
    answer(finalOf(3));
    let chunk: RunChunk | undefined;
    let results = 0;
    for (let id = 4; !chunk?.done; id++) {
      await host.receive({ id, method: 'runNext', params: {} });
      chunk = answer(finalOf(id)) as RunChunk;
      results += chunk.resultCount;
    }
    expect(instances).toHaveLength(2);
    expect(results).toBe(40);
    const want = new RunService(engine);
    want.runBegin({ setup, preset: C2200A() });
    let last: RunChunk;
    do last = want.runNext({}); while (!last.done);
    want.runEnd();
    expect(chunk.snapshots[chunk.snapshots.length - 1].stats).toEqual(last.snapshots[last.snapshots.length - 1].stats);
  });

  it('a stream running on an instance that another call trapped stops with the same news', async () => {
    const bytes = readFileSync(WASM_PATH);
    let made = 0;
    const makeEngine = async () => {
      const real = await loadEngine(bytes);
      return made++ === 0 ? new Engine({ ...real.wasm, sp_run: (_s: number, max: number) => real.wasm.sp_run(0x7ffffff0, max) }) : real;
    };
    // The locator's loadPreset works on the first instance; the sweep's first point traps.
    const { host, finalOf } = hostWith(makeEngine);
    await host.receive({ id: 1, method: 'loadPreset', params: { preset: C2200A() } });
    answer(finalOf(1));
    await host.receive({ id: 2, method: 'traxSweep', params: SWEEP });
    const f = finalOf(2);
    expect(f && !f.ok && f.error.restarted).toBe(true);
    // the locator's disk was in the discarded instance
    await host.receive({ id: 3, method: 'locate', params: { lbn: 1, sectors: 1, fromCyl: 0, fromSurface: 0, startMs: 0 } });
    const g = finalOf(3);
    expect(g && !g.ok && g.error.message).toMatch(/no disk loaded/);
    await host.receive({ id: 4, method: 'traxSweep', params: SWEEP });
    expect((answer(finalOf(4)) as SweepResult).points).toHaveLength(2 * 4);
  });
});
