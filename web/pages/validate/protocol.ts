/*
 * protocol.ts — the validation view across the engine worker's bridge: a
 * preset (JSON) and a parsed trace with measured times go to the worker,
 * which replays the trace closed through the preset (web/pages/validate/validate.ts)
 * with progress and cancel; the comparison comes back, its arrays
 * transferred. Plain data only.
 */
import type { MethodsOf, StreamsOf } from '../../engine/protocol';
import type { TraceColumns } from '../../trace/types';
import type { RequestClass } from './classes';
import type { ValidationResult } from './validate';

export interface ValRunParams {
  /** The disk preset as JSON (validated in the worker). */
  preset: unknown;
  /** The trace's columns; every request needs its measured time (serviceMs). Transferred. */
  columns: TraceColumns;
}

export interface ValProgress {
  done: number;
  total: number;
}

export interface ValRunResult extends ValidationResult {
  presetName: string;
  /** Both samples sorted ascending: the two response-time CDFs. */
  measuredSorted: Float64Array;
  simulatedSorted: Float64Array;
  /** Where the difference of the means comes from (classes.ts). */
  classes: RequestClass[];
}

export interface ValidateApi {
  /** Replays a measured trace closed through a preset and compares; streams the requests completed. */
  valRun(params: ValRunParams): Generator<ValProgress, ValRunResult, void>;
}

/** The streamed methods (the compiler checks that the list is complete). */
export const STREAMS: StreamsOf<ValidateApi> = { valRun: true };

/** Every method (the worker loads this page's code on the first call of one). */
export const METHODS: MethodsOf<ValidateApi> = { valRun: true };

declare module '../../engine/protocol' {
  interface EngineApi extends ValidateApi {}
}
