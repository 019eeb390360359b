/*
 * protocol.ts — the ladder page across the engine worker's bridge: a ladder
 * file and its disk preset (JSON) go to the worker, which runs every rung on
 * the same workload and seed (ladder.ts), streaming each rung's result as it
 * is done (progress and cancel between chunks). Plain data only.
 */
import type { MethodsOf, StreamsOf } from '../../engine/protocol';
import type { RungResult } from './ladder';

export interface LadderRunParams {
  /** The ladder file as JSON (presets/ladders/; read by ladderFile.ts in the worker). */
  ladder: unknown;
  /** The ladder's disk preset as JSON. */
  preset: unknown;
  seed: number;
  /** Requests per rung (the ladder file's workload count when 0). */
  count: number;
}

export interface LadderProgress {
  /** Rungs finished so far, with their results (the reference's first). */
  done: RungResult[];
  /** The rung running now, and its requests done. */
  running: string | null;
  requests: number;
  total: number;
}

export interface LadderApi {
  /** Every rung of a ladder on one workload, against its reference rung; streams the rungs as they finish. */
  ladderRun(params: LadderRunParams): Generator<LadderProgress, RungResult[], void>;
}

/** The streamed methods (the compiler checks that the list is complete). */
export const STREAMS: StreamsOf<LadderApi> = { ladderRun: true };

/** Every method (the worker loads this page's code on the first call of one). */
export const METHODS: MethodsOf<LadderApi> = { ladderRun: true };

declare module '../../engine/protocol' {
  interface EngineApi extends LadderApi {}
}
