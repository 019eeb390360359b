/*
 * protocol.ts — trace import across the engine worker's bridge: the file's
 * bytes go to the worker (transferred), are parsed there with progress, and
 * the columns come back (transferred) with the preview. A run replays a
 * trace when its RunBeginParams carry a TraceRun. Plain data only.
 */
import type { MethodsOf } from '../engine/protocol';
import type { ParseProgress } from './parse';
import type { TracePreview } from './preview';
import type { ReplayColumns } from './replay';
import type { ReplayMode, TraceColumns, TraceFormat } from './types';

export interface TraceParseParams {
  /** The file's bytes (transferred: the page's copy is gone after the call). */
  bytes: Uint8Array;
  /** Skip detection. */
  format?: TraceFormat;
}

export interface TraceParsed {
  columns: TraceColumns;
  format: TraceFormat;
  hasService: boolean;
  preview: TracePreview;
}

/** What a run needs to replay a trace instead of the synthetic workload. */
export interface TraceRun {
  /** Shown to the user (the file's name). */
  name: string;
  mode: ReplayMode;
  columns: ReplayColumns;
}

export interface TraceApi {
  /** Parses a trace file in the worker; streams parse progress; a bad file is an error naming the line and field. */
  traceParse(params: TraceParseParams): Generator<ParseProgress, TraceParsed, void>;
}

/** Every method (the worker loads the parser on the first call of one). */
export const METHODS: MethodsOf<TraceApi> = { traceParse: true };

/** A copy of a run's columns, to transfer while the page keeps its own. */
export function copyTraceRun(t: TraceRun): TraceRun {
  const c = t.columns;
  return {
    name: t.name, mode: t.mode,
    columns: {
      count: c.count, arrivalMs: c.arrivalMs.slice(), thinkMs: c.thinkMs.slice(), lbn: c.lbn.slice(), sectors: c.sectors.slice(),
      isWrite: c.isWrite.slice(), ...(c.line ? { line: c.line.slice() } : {}),
    },
  };
}
