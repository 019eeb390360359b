/*
 * service.ts — the NVCache experiment's work in the engine's worker (bridge
 * methods nvRun and nvSweep, see protocol.ts), without worker globals so it
 * runs under Vitest too. A hybrid disk is one sim: the preset's disk, a
 * flash device whose capacity is the FQueue size, and the host's nvcache
 * policy (SP_POLICY_NVCACHE) over them. The baseline "without FQueues" is
 * the very same sim with an FQueue of size 0: the same requests, the same
 * Request Queue scheduler and the same one-at-a-time disk, so the two differ
 * only by redirection. Every number comes from the engine (events, results,
 * sp_nvcache_stats, SP_HOST_WRITES statistics, sp_decision records); this
 * file chooses what to ask and copies the answers.
 */
import {
  Arrivals, DiskParam, EngineError, EventKind, FlashParam, HOST_WRITES, HostParam, Policy, Status, WorkloadParam, WriteCache,
  codeOf, wordsOf, type Engine, type Sim,
} from '../../../engine-wasm/binding';
import { configureDisk, type DiskPreset } from '../../state/diskPreset';
import { boolArg, numberArg, oneOfArg, presetArg, wholeArg } from '../../worker/args';
import type {
  DecisionRec, DeviceOp, FqEvent, HostRequest, HostSched, LatencyDist, Outcome, PatternName, RunParams, RunResult, SideResult, SweepParams,
  SweepPointNv, SweepProgressNv, SweepResultNv, TraceRequests,
} from './protocol';
import { HOST_SCHEDS, OUTCOMES } from './protocol';
import { mbToSectors } from './units';
import { submitRequest } from '../../trace/replay';
import { MAX_RUN_REQUESTS } from './limits';

const REMOVE_REASON = ['coalesced', 'flushed', 'purged', 'overwritten'];
/** Bins of the write-latency histogram the CDF is drawn from. */
const CDF_BINS = 400;

/** The parameters as the worker received them, checked: each refusal names its argument. */
export function checkRunParams(p: RunParams, maxCount = MAX_RUN_REQUESTS): RunParams {
  if (!p || typeof p !== 'object') throw new EngineError(Status.Invalid, 'params: not an object', undefined, 'params');
  const f = p.flash ?? ({} as RunParams['flash']);
  const w = p.workload ?? ({} as RunParams['workload']);
  const high = numberArg('high', p.high, 0, 1), low = numberArg('low', p.low, 0, 1);
  if (low > high) throw new EngineError(Status.Invalid, `low: the low watermark ${low} is above the high watermark ${high}`, undefined, 'low');
  const sizeSectors = wholeArg('workload.sizeSectors', w.sizeSectors, 1, 65536);
  return {
    preset: p.preset,
    writeCache: oneOfArg('writeCache', p.writeCache, ['off', 'preset'] as const),
    fqSectors: wholeArg('fqSectors', p.fqSectors, 0, 2147483647),
    flash: {
      writeMs: numberArg('flash.writeMs', f.writeMs, 0, 1e4), writeMsPerKb: numberArg('flash.writeMsPerKb', f.writeMsPerKb, 0, 1e4),
      writeFactor: numberArg('flash.writeFactor', f.writeFactor, 0.01, 100),
      readMs: numberArg('flash.readMs', f.readMs, 0, 1e4), readMsPerKb: numberArg('flash.readMsPerKb', f.readMsPerKb, 0, 1e4),
      pinMs: numberArg('flash.pinMs', f.pinMs, 0, 1e4), eraseBlockBytes: wholeArg('flash.eraseBlockBytes', f.eraseBlockBytes, 512, 1 << 30),
      endurance: numberArg('flash.endurance', f.endurance, 1, 1e12), eraseMode: oneOfArg('flash.eraseMode', f.eraseMode, wordsOf('EraseMode')),
    },
    sched: oneOfArg('sched', p.sched, HOST_SCHEDS),
    estimator: oneOfArg('estimator', p.estimator, wordsOf('Estimator')),
    high, low,
    idlePurge: boolArg('idlePurge', p.idlePurge),
    workload: {
      pattern: oneOfArg('workload.pattern', w.pattern, ['random', 'desktop'] as const satisfies readonly PatternName[]),
      sizeDist: oneOfArg('workload.sizeDist', w.sizeDist, wordsOf('SizeDist')),
      ratePerS: numberArg('workload.ratePerS', w.ratePerS, 0.001, 1e6),
      count: wholeArg('workload.count', w.count, 1, maxCount),
      readFraction: numberArg('workload.readFraction', w.readFraction, 0, 1),
      sizeSectors, sizeMaxSectors: wholeArg('workload.sizeMaxSectors', w.sizeMaxSectors, sizeSectors, 65536),
      regionFirst: wholeArg('workload.regionFirst', w.regionFirst, 0, Number.MAX_SAFE_INTEGER),
      regionSectors: wholeArg('workload.regionSectors', w.regionSectors, 0, Number.MAX_SAFE_INTEGER),
      burstRequests: numberArg('workload.burstRequests', w.burstRequests, 1, 1e9),
      burstGapMs: numberArg('workload.burstGapMs', w.burstGapMs, 0, 1e9),
      idleMs: numberArg('workload.idleMs', w.idleMs, 0, 1e9),
      nearFraction: numberArg('workload.nearFraction', w.nearFraction, 0, 1),
      nearSectors: wholeArg('workload.nearSectors', w.nearSectors, 1, 1 << 30),
    },
    ...(p.trace !== undefined ? { trace: checkTrace(p.trace, maxCount) } : {}),
    seed: wholeArg('seed', p.seed, 0, Number.MAX_SAFE_INTEGER),
  };
}

/** Trace requests as the worker received them: columns of one length, arrivals in order, at most `max`. */
function checkTrace(t: TraceRequests, max: number): TraceRequests {
  const bad = (why: string) => new EngineError(Status.Invalid, `trace: ${why}`, undefined, 'trace');
  if (!t || !(t.arrivalMs instanceof Float64Array) || !(t.lbn instanceof Float64Array) || !(t.sectors instanceof Int32Array)
      || !(t.isWrite instanceof Uint8Array) || !(t.line instanceof Uint32Array)) throw bad('not a trace (typed-array columns)');
  const n = t.arrivalMs.length;
  if ([t.lbn, t.sectors, t.isWrite, t.line].some((c) => c.length !== n)) throw bad('its columns differ in length');
  if (n < 1) throw bad('no requests');
  if (n > max) throw bad(`${n} requests; the page replays at most ${max} (choose a shorter window)`);
  for (let i = 1; i < n; i++) if (!(t.arrivalMs[i] >= t.arrivalMs[i - 1])) throw bad(`line ${t.line[i]}: arrivals go back in time`);
  return t;
}

/** Submits the trace's requests (each checked against the disk: a request past its end names its line). */
function submitTrace(sim: Sim, t: TraceRequests): void {
  const cap = sim.volumeCapacity();
  for (let i = 0; i < t.arrivalMs.length; i++) {
    if (t.lbn[i] + t.sectors[i] > cap) {
      throw new EngineError(Status.Range, `trace line ${t.line[i]}: sectors ${t.lbn[i]}-${t.lbn[i] + t.sectors[i] - 1} are past the disk's end (${cap} sectors)`, undefined, 'trace');
    }
    submitRequest(sim, t.arrivalMs[i], t.lbn[i], t.sectors[i], t.isWrite[i] === 1);
  }
}

/** The hybrid disk: device 0 the disk, device 1 the flash holding an FQueue of `fqSectors`, the nvcache policy over them. */
export function hybridSim(engine: Engine, disk: DiskPreset, p: RunParams, fqSectors: number): Sim {
  const sim = engine.createSim(p.seed);
  try {
    const d = configureDisk(sim, disk);
    if (p.writeCache === 'off') sim.diskSet(d, DiskParam.WriteCache, WriteCache.Off);
    const f = sim.flashAdd();
    const fl = p.flash;
    const flashValues: [FlashParam, number][] = [
      [FlashParam.SectorBytes, sim.diskGet(d, DiskParam.SectorBytes)], [FlashParam.CapacitySectors, fqSectors],
      [FlashParam.WriteMs, fl.writeMs], [FlashParam.WriteMsPerKb, fl.writeMsPerKb], [FlashParam.WriteFactor, fl.writeFactor],
      [FlashParam.ReadMs, fl.readMs], [FlashParam.ReadMsPerKb, fl.readMsPerKb], [FlashParam.PinMs, fl.pinMs],
      [FlashParam.EraseBlockBytes, fl.eraseBlockBytes], [FlashParam.Endurance, fl.endurance], [FlashParam.EraseMode, codeOf('EraseMode', fl.eraseMode)],
    ];
    for (const [param, v] of flashValues) sim.flashSet(f, param, v);
    sim.hostSet(HostParam.Policy, Policy.Nvcache);
    sim.hostSet(HostParam.FirstDevice, d);
    sim.hostSet(HostParam.Devices, 1);
    sim.hostSet(HostParam.FlashDevice, f);
    sim.hostSet(HostParam.Scheduler, codeOf('Scheduler', p.sched));
    sim.hostSet(HostParam.QueueDepth, 1);
    sim.hostSet(HostParam.Estimator, codeOf('Estimator', p.estimator));
    sim.hostSet(HostParam.HighWatermark, p.high);
    sim.hostSet(HostParam.LowWatermark, p.low);
    sim.hostSet(HostParam.IdlePurge, p.idlePurge ? 1 : 0);
    const w = p.workload;
    sim.workloadSet(WorkloadParam.Arrivals, Arrivals.Open);
    sim.workloadSet(WorkloadParam.RatePerS, w.ratePerS);
    sim.workloadSet(WorkloadParam.Pattern, codeOf('Pattern', w.pattern));
    sim.workloadSet(WorkloadParam.SizeDist, codeOf('SizeDist', w.sizeDist));
    sim.workloadSet(WorkloadParam.SizeSectors, w.sizeSectors);
    sim.workloadSet(WorkloadParam.SizeMaxSectors, w.sizeMaxSectors);
    sim.workloadSet(WorkloadParam.ReadFraction, w.readFraction);
    sim.workloadSet(WorkloadParam.RegionFirstLbn, w.regionFirst);
    sim.workloadSet(WorkloadParam.RegionLbns, w.regionSectors);
    if (w.pattern === 'desktop') {
      sim.workloadSet(WorkloadParam.BurstRequests, w.burstRequests);
      sim.workloadSet(WorkloadParam.BurstGapMs, w.burstGapMs);
      sim.workloadSet(WorkloadParam.IdleMs, w.idleMs);
      sim.workloadSet(WorkloadParam.NearFraction, w.nearFraction);
      sim.workloadSet(WorkloadParam.NearSectors, w.nearSectors);
    }
    sim.workloadSet(WorkloadParam.Count, p.trace ? 0 : w.count);
    sim.hostCommit();
    if (p.trace) submitTrace(sim, p.trace);
    return sim;
  } catch (e) {
    sim.dispose();
    throw e;
  }
}

/** The engine's write-latency distribution (SP_HOST_WRITES): mean, percentiles and a histogram for the CDF. */
export function latencyDist(sim: Sim): LatencyDist {
  const s = sim.statsGet(HOST_WRITES);
  if (s.completed === 0) return { meanMs: 0, p50Ms: 0, p90Ms: 0, p99Ms: 0, maxMs: 0, writes: 0, binMs: 1, counts: [] };
  // Bins up to the largest response (a round width), so the CDF ends at 1.
  const binMs = Math.max(0.01, Math.ceil((s.responseMaxMs * 1.0001 / CDF_BINS) * 100) / 100);
  return {
    meanMs: s.responseMeanMs, p50Ms: s.p50Ms, p90Ms: s.p90Ms, p99Ms: s.p99Ms, maxMs: s.responseMaxMs, writes: s.completed,
    binMs, counts: Array.from(sim.responseHistogram(HOST_WRITES, binMs, CDF_BINS)),
  };
}

/** Runs a hybrid sim to its end with events on, collecting what the page plays back. */
export function runSide(sim: Sim, diskDev = 0, flashDev = 1): SideResult {
  sim.outputConfigure(65536, 65536);
  const requests: HostRequest[] = [];
  const decisions: DecisionRec[] = [];
  const fq: FqEvent[] = [];
  const ops: DeviceOp[] = [];
  const served = new Map<number, HostRequest['served']>();
  /** Device request id → why it writes an FQueue entry back (FQ_WRITEBACK). */
  const writebacks = new Map<number, string>();
  for (;;) {
    const st = sim.run();
    const ev = sim.events();
    for (let i = 0; i < ev.count; i++) {
      const k = ev.kind(i);
      const lbn = ev.cyl(i) * 2147483648 + ev.surface(i);
      if (k === EventKind.Redirect) {
        const c = ev.c(i);
        const outcome: Outcome = OUTCOMES[ev.a(i)];
        let times: DecisionRec['times'] = null;
        if (c >= 0) {
          const d = sim.decision(c);
          times = { hN: d.hN, nNn: d.nNn, fN: d.fN, hNn: d.hNn, headLbn: d.headLbn, nextLbn: d.nextLbn };
        }
        decisions.push({ req: ev.req(i), timeMs: ev.time(i), lbn, sectors: ev.b(i), outcome, times });
        if (outcome === 'flash') served.set(ev.req(i), 'flash');
      } else if (k === EventKind.FqAdd) {
        const ph = sim.lbnToPhys(diskDev, lbn);
        const place = { cyl: ph.cyl, angle: ph.angle, slots: ph.slotsPerTrack };
        fq.push({ timeMs: ev.time(i), kind: 'add', req: ev.req(i), lbn, sectors: ev.b(i), occupancy: ev.a(i), reason: 'redirected', place });
      } else if (k === EventKind.FqRemove) {
        fq.push({ timeMs: ev.time(i), kind: 'remove', req: ev.req(i), lbn, sectors: ev.c(i), occupancy: ev.a(i), reason: REMOVE_REASON[ev.b(i)] ?? String(ev.b(i)) });
      } else if (k === EventKind.FqWriteback) {
        const reason = ev.a(i) === 1 ? 'flush' : 'purge';
        writebacks.set(ev.req(i), reason);
        fq.push({ timeMs: ev.time(i), kind: 'writeback', req: ev.req(i), lbn, sectors: ev.b(i), occupancy: -1, reason });
      } else if (k === EventKind.Flush) {
        fq.push({ timeMs: ev.time(i), kind: 'flush', req: -1, lbn: 0, sectors: 0, occupancy: ev.b(i), reason: ev.a(i) === 1 ? 'begin' : 'end' });
      } else if ((k === EventKind.FlashWrite || k === EventKind.FlashRead) && ev.disk(i) === flashDev) {
        const b = ev.b(i);
        const what = k === EventKind.FlashRead ? 'read' : b === 1 ? 'pinned-write' : b === 2 ? 'unpin' : 'write';
        const logical = ev.logical(i);
        ops.push({ device: 'flash', logical: logical === 0xffffffff || b === 2 ? -1 : logical, startMs: ev.time(i), endMs: ev.time(i) + ev.dur(i), lbn, sectors: ev.a(i), what });
      }
    }
    const rs = sim.results();
    for (let i = 0; i < rs.count; i++) {
      const r = rs.at(i);
      const disk = rs.disk(i);
      if (disk === -1) {
        requests.push({
          id: r.id, write: r.isWrite === 1, lbn: r.lbn, sectors: r.sectors, arrivalMs: r.arrivalMs, issueMs: r.dispatchMs, completeMs: r.completeMs, responseMs: r.responseMs,
          served: r.parts === 0 ? 'dram' : served.get(r.id) ?? 'disk',
        });
      } else if (disk === diskDev) {
        const logical = rs.logical(i);
        ops.push({ device: 'disk', logical, startMs: r.arrivalMs, endMs: r.completeMs, lbn: r.lbn, sectors: r.sectors, what: logical < 0 ? writebacks.get(r.id) ?? 'writeback' : r.isWrite ? 'write' : 'read' });
      }
    }
    if (st === Status.Ok) break;
  }
  requests.sort((a, b) => a.arrivalMs - b.arrivalMs || a.id - b.id);
  ops.sort((a, b) => a.startMs - b.startMs);
  return { stats: sim.nvcacheStats(), latency: latencyDist(sim), requests, decisions, fq, ops, endMs: sim.now() };
}

export function nvRun(engine: Engine, params: RunParams, maxRequests = MAX_RUN_REQUESTS): RunResult {
  const p = checkRunParams(params, maxRequests);
  const disk = presetArg(p.preset);
  const sides: SideResult[] = [];
  let info = { capacity: 0, sectorBytes: 512, revolutionMs: 0, flashWriteMs: [] as { sectors: number; ms: number }[] };
  for (const fqSectors of [p.fqSectors, 0]) {
    const sim = hybridSim(engine, disk, p, fqSectors);
    try {
      if (fqSectors === p.fqSectors) {
        info = {
          capacity: sim.diskCapacity(0), sectorBytes: sim.diskGet(0, DiskParam.SectorBytes), revolutionMs: sim.revolutionMs(0),
          flashWriteMs: [...new Set([p.workload.sizeSectors, p.workload.sizeMaxSectors])].map((n) => ({ sectors: n, ms: sim.flashOpMs(1, 2, n) })),
        };
      }
      sides.push(runSide(sim));
    } finally {
      sim.dispose();
    }
  }
  const [withFq, without] = sides;
  return {
    params: p, diskName: disk.name, ...info, with: withFq, without,
    normalized: without.latency.meanMs > 0 ? withFq.latency.meanMs / without.latency.meanMs : NaN,
  };
}

/** A run without events: its nvcache figures and SP_HOST_WRITES statistics. */
function figures(engine: Engine, disk: DiskPreset, p: RunParams, fqSectors: number) {
  const sim = hybridSim(engine, disk, p, fqSectors);
  try {
    sim.outputConfigure(0, 0);
    while (sim.run() !== Status.Ok) { /* to the end */ }
    const w = sim.statsGet(HOST_WRITES);
    return { nv: sim.nvcacheStats(), meanMs: w.responseMeanMs, writes: w.completed };
  } finally {
    sim.dispose();
  }
}

/** One sweep point from a run with FQueues and its baseline's figures. */
export function sweepPoint(sched: HostSched, sizeMb: number, w: ReturnType<typeof figures>, base: ReturnType<typeof figures>): SweepPointNv {
  const baseTotal = base.meanMs * base.writes;
  const ratio = (a: number, b: number) => (b > 0 ? a / b : NaN);
  return {
    sched, sizeMb,
    normalized: ratio(w.meanMs, base.meanMs),
    normalizedWithIdle: ratio(w.meanMs * w.writes + w.nv.purgeDiskMs, baseTotal),
    idleShare: ratio(w.nv.purgeDiskMs, baseTotal),
    overwritten: w.nv.fracOverwritten, redirected: w.nv.fracRedirected,
    diskWrites: ratio(w.nv.diskWrites, base.nv.diskWrites), dutyCycle: ratio(w.nv.diskBusyMs, base.nv.diskBusyMs),
    erases: w.nv.erases, lifetimeYears: w.nv.lifetimeYears,
  };
}

export function* nvSweepStream(engine: Engine, params: SweepParams): Generator<SweepProgressNv, SweepResultNv, void> {
  const p = checkRunParams(params?.base);
  if (!Array.isArray(params.sizesMb) || params.sizesMb.length < 1 || params.sizesMb.length > 24) {
    throw new EngineError(Status.Range, 'sizesMb: 1 to 24 FQueue sizes', undefined, 'sizesMb');
  }
  const sizes = params.sizesMb.map((x, i) => numberArg(`sizesMb[${i}]`, x, 0, 1e6));
  if (!Array.isArray(params.scheds) || params.scheds.length < 1 || params.scheds.length > 3) {
    throw new EngineError(Status.Range, 'scheds: 1 to 3 schedulers', undefined, 'scheds');
  }
  const scheds = params.scheds.map((s, i) => oneOfArg(`scheds[${i}]`, s, HOST_SCHEDS));
  const disk = presetArg(p.preset);
  const sectorBytes = disk.geometry.sectorBytes;
  const out: SweepPointNv[] = [];
  const total = sizes.length * scheds.length;
  const bases = new Map<HostSched, ReturnType<typeof figures>>();
  // Sizes grow together: every scheduler at the smallest size, then the next.
  for (const sizeMb of sizes) {
    for (const sched of scheds) {
      const q = { ...p, sched };
      if (!bases.has(sched)) bases.set(sched, figures(engine, disk, q, 0));
      const pt = sweepPoint(sched, sizeMb, figures(engine, disk, q, mbToSectors(sizeMb, sectorBytes)), bases.get(sched)!);
      out.push(pt);
      yield { kind: 'point', point: pt, done: out.length, total };
    }
  }
  return { points: out };
}
