/*
 * The NVCache page's worker methods in Node, over the same wasm engine: the
 * run "with FQueues" and its baseline "without" get the same requests; the
 * FQueue replayed from the engine's FQ events (what the bars draw) has the
 * engine's own occupancy after every event; each recorded decision is the
 * paper's inequality over its four times; the latency CDF is the engine's
 * histogram; an FQueue of size 0 is the baseline exactly; a sweep streams one
 * point per (size, scheduler). Refused arguments are named.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import {
  Arrivals, DiskParam, EraseMode, Estimator, FlashParam, HOST_WRITES, HostParam, Pattern, Policy, Scheduler, SizeDist, WorkloadParam, WriteCache,
  type Engine,
} from '../engine-wasm/binding';
import { configureDisk } from '../web/state/diskPreset';
import { loadPreset } from './fidelity/context';
import { testEngine } from './helpers/engine';
import { loadPresetJson } from './helpers/presets';
import { nvRun, nvSweepStream } from '../web/pages/nvcache/service';
import { DEFAULT_NV_SETUP, runParams } from '../web/pages/nvcache/setup';
import { parseTrace } from '../web/trace/parse';
import { traceWindow } from '../web/trace/window';
import { traceRequests } from '../web/pages/nvcache/trace';
import { cdfPoints, fqAt, idleIntervals, writeSeeks } from '../web/pages/nvcache/replay';
import type { RunParams, RunResult, SweepPointNv } from '../web/pages/nvcache/protocol';

let engine: Engine;
let run: RunResult;
const params = (over: Partial<typeof DEFAULT_NV_SETUP> = {}): RunParams =>
  runParams({ ...DEFAULT_NV_SETUP, n: 400, rate: 20, fq: 0.25, ...over }, loadPresetJson(over.disk ?? DEFAULT_NV_SETUP.disk), 512);

beforeAll(async () => {
  engine = await testEngine();
  run = nvRun(engine, params());
});

describe('nvRun', () => {
  it('with and without FQueues serve the same requests; only the run with FQueues redirects', () => {
    const key = (r: RunResult['with']['requests'][number]) => [r.id, r.write, r.lbn, r.sectors, r.arrivalMs];
    expect(run.with.requests).toHaveLength(400);
    expect(run.with.requests.map(key)).toEqual(run.without.requests.map(key));
    expect(run.with.stats.redirected).toBeGreaterThan(0);
    expect(run.without.stats.redirected).toBe(0);
    expect(run.without.fq).toEqual([]);
    expect(run.with.requests.filter((r) => r.served === 'flash')).toHaveLength(run.with.stats.redirected);
    expect(run.normalized).toBe(run.with.latency.meanMs / run.without.latency.meanMs);
    // the platter's write-backs, told apart by their FQ_WRITEBACK events
    const disk = run.with.ops.filter((o) => o.device === 'disk');
    expect(disk.filter((o) => o.what === 'purge')).toHaveLength(run.with.stats.purgeWrites);
    expect(disk.filter((o) => o.what === 'flush')).toHaveLength(run.with.stats.flushWrites);
    expect(disk.filter((o) => o.what === 'write' || o.what === 'flush' || o.what === 'purge')).toHaveLength(run.with.stats.diskWrites);
  });

  it('the FQueue replayed from the FQ events has the engine\'s occupancy after every add and remove', () => {
    const fq = run.with.fq;
    const counted = fq.filter((e) => e.kind === 'add' || e.kind === 'remove');
    expect(counted.length).toBeGreaterThan(10);
    expect(fq.some((e) => e.kind === 'remove' && (e.reason === 'flushed' || e.reason === 'purged'))).toBe(true);
    fq.forEach((e, i) => {
      if (e.kind !== 'add' && e.kind !== 'remove') return;
      const s = fqAt(fq, Infinity, i + 1);
      expect(s.occupancy).toBe(e.occupancy);
      expect(s.engineOccupancy).toBe(e.occupancy);
    });
    expect(fqAt(fq, Infinity).occupancy).toBe(run.with.stats.fqSectors);
  });

  it('each decision with times is the inequality h_n + n_nn > f_n + h_nn (no room: the disk)', () => {
    const timed = run.with.decisions.filter((d) => d.times);
    expect(timed.length).toBeGreaterThan(0);
    for (const d of timed) {
      const t = d.times!;
      const redirect = t.hN + t.nNn > t.fN + t.hNn;
      if (redirect) expect(['flash', 'no-room']).toContain(d.outcome);
      else expect(d.outcome).toBe('disk');
    }
    expect(run.with.decisions.filter((d) => d.outcome === 'flash')).toHaveLength(run.with.stats.redirected);
    // every write is decided once
    expect(run.with.decisions).toHaveLength(run.with.requests.filter((r) => r.write).length);
  });

  it('the latency figures are the engine\'s: the mean of the writes\' responses, a CDF that reaches 1', () => {
    for (const side of [run.with, run.without]) {
      const w = side.requests.filter((r) => r.write);
      const mean = w.reduce((s, r) => s + r.responseMs, 0) / w.length;
      expect(side.latency.meanMs).toBeCloseTo(mean, 6);
      expect(side.latency.writes).toBe(w.length);
      expect(side.stats.writeLatencyMeanMs).toBe(side.latency.meanMs);
      const cdf = cdfPoints(side.latency);
      expect(cdf[cdf.length - 1].y).toBe(1);
      expect(cdf[cdf.length - 1].x).toBeGreaterThanOrEqual(side.latency.maxMs);
    }
    expect(run.with.latency.meanMs).toBeLessThan(run.without.latency.meanMs);
  });

  it('every idle-purge write-back leaves the host while the Request Queue is empty', () => {
    const idle = idleIntervals(run.with.requests, run.with.endMs);
    const purges = run.with.fq.filter((e) => e.kind === 'writeback' && e.reason === 'purge');
    expect(purges).toHaveLength(run.with.stats.purgeWrites);
    for (const p of purges) expect(idle.some((i) => p.timeMs >= i.from && p.timeMs <= i.to), `purge at ${p.timeMs}`).toBe(true);
    expect(idle.reduce((s, i) => s + i.to - i.from, 0)).toBeLessThan(run.with.endMs);
  });

  it('seek distances are between successive writes, each with its decision', () => {
    const s = writeSeeks(run.with.requests, run.with.decisions);
    const w = run.with.requests.filter((r) => r.write);
    expect(s).toHaveLength(w.length - 1);
    expect(s[0].distance).toBe(Math.abs(w[1].lbn - w[0].lbn));
    expect(s.filter((p) => p.outcome === 'flash').length).toBeGreaterThan(0);
  });

  it('the workload is the one chosen: desktop writes land near the previous write, random ones do not', () => {
    const nearShare = (r: RunResult) => {
      const w = r.with.requests.filter((x) => x.write);
      let near = 0;
      for (let i = 1; i < w.length; i++) if (Math.abs(w[i].lbn - (w[i - 1].lbn + w[i - 1].sectors)) <= 2048 + 256) near++;
      return near / (w.length - 1);
    };
    expect(run.params.workload.pattern).toBe('desktop');
    expect(nearShare(run)).toBeGreaterThan(0.35);
    expect(nearShare(nvRun(engine, params({ pat: 'random' })))).toBeLessThan(0.05);
  });

  it('refuses bad arguments, naming them', () => {
    expect(() => nvRun(engine, { ...params(), low: 0.9, high: 0.5 })).toThrow(/^low: the low watermark 0.9 is above the high watermark 0.5/);
    expect(() => nvRun(engine, { ...params(), sched: 'scan' as never })).toThrow(/sched/);
    expect(() => nvRun(engine, { ...params(), flash: { ...params().flash, writeFactor: 0 } })).toThrow(/flash.writeFactor/);
  });
});

describe('nvRun against the binding alone', () => {
  it('the run with FQueues is the hybrid disk built with direct engine calls, value by value', () => {
    const s = { ...DEFAULT_NV_SETUP, n: 300, fq: 0.25, fw: 1.5, fwk: 0.06, wf: 2, eb: 64, end: 50000, hi: 0.8, lo: 0.4, hs: 'sstf' as const, est: 'expected' as const };
    const got = nvRun(engine, runParams(s, loadPresetJson(s.disk), 512));
    const sim = engine.createSim(s.seed);
    try {
      const d = configureDisk(sim, loadPreset(s.disk));
      sim.diskSet(d, DiskParam.WriteCache, WriteCache.Off);
      const f = sim.flashAdd();
      sim.flashSet(f, FlashParam.CapacitySectors, 512);
      sim.flashSet(f, FlashParam.WriteMs, 1.5);
      sim.flashSet(f, FlashParam.WriteMsPerKb, 0.06);
      sim.flashSet(f, FlashParam.WriteFactor, 2);
      sim.flashSet(f, FlashParam.EraseBlockBytes, 65536);
      sim.flashSet(f, FlashParam.Endurance, 50000);
      sim.flashSet(f, FlashParam.EraseMode, EraseMode.PerWrite);
      sim.hostSet(HostParam.Policy, Policy.Nvcache);
      sim.hostSet(HostParam.FlashDevice, f);
      sim.hostSet(HostParam.Scheduler, Scheduler.Sstf);
      sim.hostSet(HostParam.QueueDepth, 1);
      sim.hostSet(HostParam.Estimator, Estimator.Expected);
      sim.hostSet(HostParam.HighWatermark, 0.8);
      sim.hostSet(HostParam.LowWatermark, 0.4);
      sim.workloadSet(WorkloadParam.Arrivals, Arrivals.Open);
      sim.workloadSet(WorkloadParam.Pattern, Pattern.Desktop);
      sim.workloadSet(WorkloadParam.SizeDist, SizeDist.Exponential);
      sim.workloadSet(WorkloadParam.SizeSectors, 16);
      sim.workloadSet(WorkloadParam.SizeMaxSectors, 256);
      sim.workloadSet(WorkloadParam.ReadFraction, 0.3);
      sim.workloadSet(WorkloadParam.Count, 300);
      sim.outputConfigure(0, 0);
      while (sim.run() !== 0) { /* chunks */ }
      expect(got.with.stats).toEqual(sim.nvcacheStats());
      expect(got.with.latency.meanMs).toBe(sim.statsGet(HOST_WRITES).responseMeanMs);
      expect(got.with.stats.redirected).toBeGreaterThan(0);
    } finally {
      sim.dispose();
    }
  });
});

describe('nvRun replaying a trace in the paper\'s entry format', () => {
  // Writes in two bursts a second apart, alternating between two far regions, then reads.
  const lines = [...Array.from({ length: 40 }, (_, i) => `${(i < 20 ? 0 : 1000) + 3 * i} ${(i % 2) * 50_000_000 + 1000 * i} ${8 + (i % 4) * 8} W`), '2500 1000 8 R'];
  const parsed = parseTrace(lines.join('\n') + '\n');

  it('the run and its baseline replay exactly the trace\'s requests, in a window of it', () => {
    if (!parsed.ok) throw new Error('the trace does not parse');
    const w = traceWindow(parsed.trace, 0, 2000);
    if (!w.ok) throw new Error('no window');
    const r = nvRun(engine, { ...params(), trace: traceRequests('t.txt', w.trace) });
    for (const side of [r.with, r.without]) {
      expect(side.requests.map((q) => [q.arrivalMs, q.lbn, q.sectors, q.write])).toEqual(
        Array.from({ length: 40 }, (_, i) => [(i < 20 ? 0 : 1000) + 3 * i, (i % 2) * 50_000_000 + 1000 * i, 8 + (i % 4) * 8, true]));
    }
    expect(r.with.stats.redirected).toBeGreaterThan(0);
    expect(r.with.stats.purgeWrites).toBeGreaterThan(0);
  });

  it('a request past the disk\'s end is refused, naming its line; so is a window too long for the page', () => {
    const t = parseTrace('0 1000 8 W\n5 999999999999 8 W\n');
    if (!t.ok) throw new Error('the trace does not parse');
    expect(() => nvRun(engine, { ...params(), trace: traceRequests('t.txt', t.trace) })).toThrow(/^trace line 2: sectors 999999999999-1000000000006 are past the disk's end/);
    const long = parseTrace(Array.from({ length: 30 }, (_, i) => `${i} ${i * 8} 8 W`).join('\n'));
    if (!long.ok) throw new Error('the trace does not parse');
    expect(() => nvRun(engine, { ...params({ n: 20 }), trace: traceRequests('t.txt', long.trace) }, 20)).toThrow(/^trace: 30 requests; the page replays at most 20/);
  });
});

describe('nvSweep', () => {
  it('streams a point per (size, scheduler); a size-0 FQueue is the baseline exactly', () => {
    const g = nvSweepStream(engine, { base: params({ n: 200 }), sizesMb: [0, 0.1, 10], scheds: ['fcfs', 'clook'] });
    const seen: SweepPointNv[] = [];
    let x = g.next();
    while (!x.done) { seen.push(x.value.point); expect(x.value.total).toBe(6); x = g.next(); }
    expect(x.value.points).toEqual(seen);
    expect(seen.map((p) => `${p.sizeMb}:${p.sched}`)).toEqual(['0:fcfs', '0:clook', '0.1:fcfs', '0.1:clook', '10:fcfs', '10:clook']);
    for (const p of seen.filter((q) => q.sizeMb === 0)) {
      expect(p).toMatchObject({ normalized: 1, normalizedWithIdle: 1, diskWrites: 1, dutyCycle: 1, redirected: 0 });
    }
    const big = seen.find((p) => p.sizeMb === 10 && p.sched === 'clook')!;
    const at10 = nvRun(engine, { ...params({ n: 200 }), fqSectors: 20480, sched: 'clook' });
    expect(big.normalized).toBe(at10.normalized);
    expect(big.overwritten).toBe(at10.with.stats.fracOverwritten);
    expect(big.diskWrites).toBe(at10.with.stats.diskWrites / at10.without.stats.diskWrites);
    expect(big.normalized).toBeLessThan(1);
    expect(big.normalizedWithIdle).toBeGreaterThan(big.normalized);
    expect(big.lifetimeYears).toBeGreaterThan(0);
  });
});
