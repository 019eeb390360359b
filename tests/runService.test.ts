/*
 * The explorer's run in the worker (RunService), in Node through the same
 * wasm: chunked streaming gives exactly the events, results and statistics
 * of one plain run of the same setup; snapshots are the engine's own.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { testEngine } from './helpers/engine';
import { loadPresetJson } from './helpers/presets';
import { EventKind, EventView, ResultView, type Engine } from '../engine-wasm/binding';
import { RunService, niceBinMs, seekSampleDistances, snapshotStride } from '../web/worker/runService';
import { configureSetup } from '../web/state/applySetup';
import { validateDiskPreset } from '../web/state/diskPreset';
import { defaultSetup, withField, type Setup } from '../web/state/setup';
import type { RunChunk } from '../web/engine/runProtocol';

let engine: Engine;
beforeAll(async () => {
  engine = await testEngine();
});

function runAll(svc: RunService, budgetMs = 5): RunChunk[] {
  const chunks: RunChunk[] = [];
  for (let i = 0; i < 100_000; i++) {
    const c = svc.runNext({ budgetMs });
    chunks.push(c);
    if (c.done) return chunks;
  }
  throw new Error('run did not finish');
}

/** The same setup run in one go, with large buffers. */
function direct(setup: Setup) {
  const v = validateDiskPreset(loadPresetJson(setup.devices[0].preset));
  if (!v.ok) throw new Error('preset');
  const sim = engine.createSim(setup.seed);
  configureSetup(sim, setup, (id) => (id === v.preset.id ? v.preset : undefined));
  sim.outputConfigure(1 << 20, 1 << 20);
  const events: EventView[] = [];
  const results: ResultView[] = [];
  for (;;) {
    const st = sim.run(-1);
    events.push(sim.events().copy());
    results.push(sim.results().copy());
    if (st === 0) break;
  }
  const stats = sim.statsGet(-1);
  sim.dispose();
  return { events, results, stats };
}

function flatten<T>(views: { count: number; at(i: number): T }[]): T[] {
  return views.flatMap((v) => Array.from({ length: v.count }, (_, i) => v.at(i)));
}

describe('RunService', () => {
  it('streams exactly the events, results and statistics of a plain run', () => {
    const setup = withField(withField(withField(defaultSetup(), 'workload.count', 120), 'devices[0].overrides.queueDepth', 4), 'workload.outstanding', 6);
    const svc = new RunService(engine);
    const info = svc.runBegin({ setup: withField(setup, 'devices[0].overrides.scheduler', 'sptf'), preset: loadPresetJson('hp-c2200a') });
    expect(info.disk.cylinders).toBe(1449);
    expect(info.disk.params.Scheduler).toBe(4);
    expect(info.disk.params.QueueDepth).toBe(4);
    const chunks = runAll(svc, 0);
    svc.runEnd();
    const want = direct(withField(setup, 'devices[0].overrides.scheduler', 'sptf'));
    const gotEvents = flatten(chunks.map((c) => new EventView(c.events, 0, c.eventCount)));
    const gotResults = flatten(chunks.map((c) => new ResultView(c.results, 0, c.resultCount)));
    expect(gotEvents).toEqual(flatten(want.events));
    expect(gotResults).toEqual(flatten(want.results));
    expect(gotResults).toHaveLength(120);
    const snaps = chunks.flatMap((c) => c.snapshots);
    expect(snaps.length).toBeGreaterThanOrEqual(120);   // stride 1: one per completion
    expect(snaps[snaps.length - 1].stats).toEqual(want.stats);
    expect(snaps.map((s) => s.stats.completed)).toEqual([...snaps.map((s) => s.stats.completed)].sort((a, b) => a - b));
    const last = snaps[snaps.length - 1];
    expect(Array.from(last.hist).reduce((a, b) => a + b, 0)).toBe(120);
  });

  it('a long run has statistics from its first completions on: snapshots after 1, 2, 3, … completions, then every stride', () => {
    const setup = withField(defaultSetup(), 'workload.count', 20_000);
    const svc = new RunService(engine);
    const info = svc.runBegin({ setup, preset: loadPresetJson('hp-c2200a'), eventLimit: 0 });
    expect(info.stride).toBe(40);
    const chunks = runAll(svc, 50);
    svc.runEnd();
    const done = chunks.flatMap((c) => c.snapshots).map((s) => s.stats.completed);
    expect(done.slice(0, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(done[done.length - 1]).toBe(20_000);
    // Never more than a stride apart, and not many more snapshots than the steady stride gives.
    for (let i = 1; i < done.length; i++) expect(done[i] - done[i - 1]).toBeLessThanOrEqual(info.stride);
    expect(done.length).toBeLessThan(20_000 / info.stride + 60);
    // Changing the chunk size on the way loses and reorders nothing: the results of one plain run.
    const got = flatten(chunks.map((c) => new ResultView(c.results, 0, c.resultCount)));
    expect(got).toEqual(flatten(direct(setup).results));
    expect(snapshotStride(0, 40)).toBe(1);
    expect(snapshotStride(1_000_000, 40)).toBe(40);
  });

  it('is deterministic: the same setup gives the same bytes', () => {
    const setup = withField(defaultSetup(), 'workload.count', 50);
    const a = new RunService(engine);
    a.runBegin({ setup, preset: loadPresetJson('hp-c2200a') });
    const ca = runAll(a);
    const b = new RunService(engine);
    b.runBegin({ setup, preset: loadPresetJson('hp-c2200a') });
    const cb = runAll(b, 0);
    const bytes = (cs: RunChunk[]) => cs.flatMap((c) => Array.from(new Uint8Array(c.results)));
    expect(bytes(ca)).toEqual(bytes(cb));
  });

  it('stops keeping events past the limit but streams every result', () => {
    const setup = withField(defaultSetup(), 'workload.count', 300);
    const svc = new RunService(engine);
    const info = svc.runBegin({ setup, preset: loadPresetJson('hp-c2200a'), eventLimit: 500 });
    expect(info.eventLimit).toBe(500);
    const chunks = runAll(svc);
    const events = chunks.reduce((n, c) => n + c.eventCount, 0);
    expect(events).toBeGreaterThanOrEqual(500);
    expect(events).toBeLessThan(500 + 16_384 + 1);
    expect(chunks[chunks.length - 1].eventsStopped).toBe(true);
    expect(chunks.reduce((n, c) => n + c.resultCount, 0)).toBe(300);
  });

  it('the event stream tells a consistent story: every request arrives, is dispatched once and completes once', () => {
    const setup = withField(withField(defaultSetup(), 'workload.count', 80), 'workload.outstanding', 3);
    const svc = new RunService(engine);
    svc.runBegin({ setup: withField(withField(setup, 'devices[0].overrides.queueDepth', 2), 'devices[0].preset', 'hp-97560'), preset: loadPresetJson('hp-97560') });
    const ev = flatten(runAll(svc).map((c) => new EventView(c.events, 0, c.eventCount)));
    const count = (k: EventKind) => ev.filter((e) => e.kind === k).length;
    expect(count(EventKind.Arrive)).toBe(80);
    expect(count(EventKind.Complete)).toBe(80);
    for (let i = 1; i < ev.length; i++) expect(ev[i].timeMs).toBeGreaterThanOrEqual(ev[i - 1].timeMs);
  });

  it('refuses a bad setup or a preset that is not the one asked for, naming the field', () => {
    const svc = new RunService(engine);
    expect(() => svc.runBegin({ setup: withField(defaultSetup(), 'devices[0].overrides.queueDepth', 0), preset: loadPresetJson('hp-c2200a') }))
      .toThrow(/Queue depth: 0 is too small/);
    expect(() => svc.runBegin({ setup: defaultSetup(), preset: loadPresetJson('hp-97560') })).toThrow(/asked for "hp-c2200a"/);
    expect(() => svc.runBegin({ setup: withField(defaultSetup(), 'workload.regionFirstLbn', 1e12), preset: loadPresetJson('hp-c2200a') }))
      .toThrow(/Region start \(LBN\)/);
    expect(() => svc.runNext({})).toThrow(/no run in progress/);
  });
});

describe('helpers', () => {
  it('seekSampleDistances: every distance up to 512, then spread to the full stroke', () => {
    const d = seekSampleDistances(1449);
    expect(d[0]).toBe(0);
    expect(d[512]).toBe(512);
    expect(d[d.length - 1]).toBe(1448);
    for (let i = 1; i < d.length; i++) expect(d[i]).toBeGreaterThan(d[i - 1]);
    expect(Array.from(seekSampleDistances(3))).toEqual([0, 1, 2]);
    expect(Array.from(seekSampleDistances(1))).toEqual([0]);
  });

  it('niceBinMs gives 1-2-5 widths of at least 0.01 ms', () => {
    expect(niceBinMs(40)).toBe(1);
    expect(niceBinMs(41)).toBe(2);
    expect(niceBinMs(150)).toBe(5);
    expect(niceBinMs(0)).toBe(0.01);
    expect(niceBinMs(0.3)).toBe(0.01);
  });
});
