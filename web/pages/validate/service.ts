/*
 * service.ts — the worker's side of the validation view: checks what the page
 * sent (each refusal names its argument), configures the preset in a sim of
 * its own, replays the trace closed with progress between chunks (so a
 * cancel gets in), and returns the comparison with both CDFs sorted and the
 * request classes. No worker globals.
 */
import { EngineError, Status, WorkloadParam, type Engine } from '../../../engine-wasm/binding';
import { configureDisk } from '../../state/diskPreset';
import { presetArg, wholeArg } from '../../worker/args';
import type { TraceColumns } from '../../trace/types';
import { MAX_TRACE_REQUESTS } from '../../trace/types';
import { requestClasses } from './classes';
import { validateSteps } from './validate';
import type { ValProgress, ValRunParams, ValRunResult } from './protocol';

const COLUMN_TYPES = {
  arrivalMs: Float64Array, thinkMs: Float64Array, lbn: Float64Array, sectors: Int32Array, isWrite: Uint8Array,
  serviceMs: Float64Array, line: Uint32Array,
} as const;

/** The trace columns as the page sent them: each one the right typed array, long enough. */
export function columnsArg(x: unknown): TraceColumns {
  if (x === null || typeof x !== 'object') throw new EngineError(Status.Invalid, 'columns: not a parsed trace', undefined, 'columns');
  const c = x as Record<string, unknown>;
  const count = wholeArg('columns.count', c.count, 0, MAX_TRACE_REQUESTS);
  for (const [k, T] of Object.entries(COLUMN_TYPES)) {
    const a = c[k];
    if (!(a instanceof T) || a.length < count) {
      throw new EngineError(Status.Invalid, `columns.${k}: must be a ${T.name} of at least ${count} entries`, undefined, `columns.${k}`);
    }
  }
  return c as unknown as TraceColumns;
}

export function* valRunStream(engine: Engine, { preset, columns }: ValRunParams): Generator<ValProgress, ValRunResult, void> {
  const p = presetArg(preset);
  const trace = columnsArg(columns);
  const sim = engine.createSim(1);
  try {
    configureDisk(sim, p);
    sim.workloadSet(WorkloadParam.Count, 0);
    const steps = validateSteps(engine, sim, trace);
    let step = steps.next();
    while (!step.done) {
      yield { done: step.value, total: trace.count };
      step = steps.next();
    }
    const v = step.value;
    const ascending = (a: Float64Array) => Float64Array.from(a).sort();
    return { ...v, presetName: p.name, measuredSorted: ascending(v.measuredMs), simulatedSorted: ascending(v.simulatedMs), classes: requestClasses(v) };
  } finally {
    sim.dispose();
  }
}
