/*
 * validate.ts — validation of a disk model against a measured trace, as
 * DiskSim's validate mode does it: the trace replayed closed (one request
 * outstanding, the host's think time from the trace) through the model, each
 * request's simulated response time set beside the measured one, and the two
 * distributions compared by the demerit figure of Ruemmler & Wilkes (1994):
 * the root-mean-square horizontal distance between the two CDFs (the
 * engine's sp_demerit). Pure over a configured sim: the CLI (tools/validate.ts),
 * the fidelity rows (tests/fidelity/validation.ts) and the page use it.
 */
import { Status, type Engine, type Sim } from '../../../engine-wasm/binding';
import { TraceReplay } from '../../trace/replay';
import type { TraceColumns } from '../../trace/types';

export { VALIDATION_DRIVES, validationDriveOf, type ValidationDrive } from './drives';

export interface ValidationResult {
  count: number;
  /** Measured response time of each request (ms), in trace order. */
  measuredMs: Float64Array;
  /** The model's response time of each request (ms), in trace order. */
  simulatedMs: Float64Array;
  /** The trace's kind (1 = write) and size of each request. */
  isWrite: Uint8Array;
  sectors: Int32Array;
  /** How the model's cache served each request (sp_result.cache: 0 miss, 1 partial hit, 2 full hit, 3 immediate report). */
  cache: Uint8Array;
  /** The model's seek time of each request (ms; 0 when it did not move the arm). */
  seekMs: Float64Array;
  measuredMeanMs: number;
  modelMeanMs: number;
  /** (model − measured) / measured mean. */
  meanError: number;
  /** Demerit (rms horizontal distance between the two CDFs), ms. */
  demeritMs: number;
  /** Demerit as a fraction of the measured mean. */
  demeritRelative: number;
  /** Where the model's time goes: means over the requests, ms. */
  breakdown: { overheadMs: number; seekMs: number; rotationMs: number; transferMs: number; switchMs: number; busMs: number; cacheHits: number };
}

export class ValidationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ValidationError';
  }
}

function mean(a: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i];
  return a.length ? s / a.length : NaN;
}

/**
 * Replays `trace` closed through `sim` (configured, its synthetic workload off)
 * and compares the responses with the trace's measured ones. Every request of
 * the trace must carry a measured time. Yields the requests completed so far
 * between chunks of the replay (the worker's progress and cancel points);
 * returns the comparison.
 */
export function* validateSteps(engine: Engine, sim: Sim, trace: TraceColumns): Generator<number, ValidationResult, void> {
  const n = trace.count;
  if (n === 0) throw new ValidationError('the trace has no requests');
  for (let i = 0; i < n; i++)
    if (!Number.isFinite(trace.serviceMs[i]))
      throw new ValidationError(`trace line ${trace.line[i]}: no measured response time (validation needs one per request, as DiskSim's validate traces have)`);
  const replay = new TraceReplay(sim, trace, 'closed');
  replay.outputConfigure(0, 4096);
  const simulated = new Float64Array(n).fill(NaN);
  const cache = new Uint8Array(n);
  const seekMs = new Float64Array(n);
  let filled = 0;
  for (;;) {
    const st = replay.run();
    const r = replay.results();
    for (let i = 0; i < r.count; i++) {
      // Pass-through: the device record is the logical request; otherwise its logical record (disk -1).
      if (r.get(i, 'disk') !== -1 && r.get(i, 'logical') !== r.get(i, 'id')) continue;
      // Closed, one outstanding: requests complete in trace order.
      if (filled < n) {
        simulated[filled] = r.get(i, 'completeMs') - r.get(i, 'arrivalMs');
        cache[filled] = r.get(i, 'cache');
        seekMs[filled] = r.get(i, 'seekMs');
      }
      filled++;
    }
    if (st === Status.Ok) break;
    yield replay.completedCount;
  }
  if (filled !== n) throw new ValidationError(`the replay completed ${filled} of the trace's ${n} requests`);
  const measured = Float64Array.from(trace.serviceMs.subarray(0, n));
  const { demeritMs, relative } = engine.demerit(measured, simulated);
  const s = sim.statsGet(-1);
  const measuredMeanMs = mean(measured), modelMeanMs = mean(simulated);
  return {
    count: n, measuredMs: measured, simulatedMs: simulated, cache, seekMs,
    isWrite: trace.isWrite.slice(0, n), sectors: trace.sectors.slice(0, n), measuredMeanMs, modelMeanMs,
    meanError: (modelMeanMs - measuredMeanMs) / measuredMeanMs, demeritMs, demeritRelative: relative,
    breakdown: { overheadMs: s.overheadMeanMs, seekMs: s.seekMeanMs, rotationMs: s.rotationMeanMs, transferMs: s.transferMeanMs,
      switchMs: s.switchMeanMs, busMs: s.busMeanMs, cacheHits: s.cacheHits },
  };
}

/** validateSteps run to the end; `onProgress(done)` between chunks. */
export function validateTrace(engine: Engine, sim: Sim, trace: TraceColumns, onProgress?: (done: number) => void): ValidationResult {
  const steps = validateSteps(engine, sim, trace);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    onProgress?.(r.value);
  }
}
