/*
 * types.ts — a parsed trace as columns (typed arrays, one entry per request,
 * in the file's order), the formats, the caps and the error type. Plain data:
 * imported by the page, the worker and Node tools.
 */

/** The formats the importer reads (auto-detected from the first data lines). */
export type TraceFormat = 'disksim-validate' | 'disksim-ascii' | 'blkparse' | 'msr' | 'spindle-results' | 'spindle-requests';

export const FORMAT_NAMES: Record<TraceFormat, string> = {
  'disksim-validate': 'DiskSim validate trace (R|W outcome lbn sectors service_us next_us)',
  'disksim-ascii': 'DiskSim ascii trace (time_ms devno blkno blocks flags)',
  'blkparse': 'blktrace / blkparse text output',
  'msr': 'SNIA / MSR Cambridge CSV (Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime)',
  'spindle-results': "Spindle's results CSV export (id,lbn,sectors,is_write,…,arrival_ms,…)",
  'spindle-requests': "Spindle's request list (time_ms,lbn,sectors,R|W; commas, or spaces as in the flash-backed I/O paper's traces)",
};

/** The largest file the importer reads, in bytes (256 MiB). */
export const MAX_TRACE_BYTES = 256 * 1024 * 1024;
/** The most requests a trace may hold (2,000,000). */
export const MAX_TRACE_REQUESTS = 2_000_000;
/** The longest line, in characters. */
export const MAX_LINE_CHARS = 4096;

/**
 * A parsed trace, in arrival order. Times in ms, on the file's clock
 * (formats with an absolute clock, MSR's, count from the first line). LBNs are
 * whole numbers stored exactly in a Float64Array (checked to be at most
 * 2^53 − 1, so no precision is lost).
 */
export interface TraceColumns {
  count: number;
  /** Open replay: when each request arrives. */
  arrivalMs: Float64Array;
  /**
   * Closed replay: the host's think time after this request completes,
   * before it issues the next one (DiskSim validate's next_us; otherwise
   * the idle gap the trace shows, see parse.ts).
   */
  thinkMs: Float64Array;
  lbn: Float64Array;
  sectors: Int32Array;
  /** 1 = write, 0 = read. */
  isWrite: Uint8Array;
  /** The measured service (response) time the trace records, NaN where it has none. */
  serviceMs: Float64Array;
  /** The line of the file each request came from (1-based). */
  line: Uint32Array;
}

export interface Trace extends TraceColumns {
  format: TraceFormat;
  /** True when the format records a measured time per request. */
  hasService: boolean;
  /** What the importer did that the user should know (sorting, skipped lines, …). */
  notes: string[];
}

/** A problem in the file: the line (1-based; 0 for the file as a whole), the field, and what is wrong. */
export interface TraceProblem {
  line: number;
  field: string;
  message: string;
}

export type ParseResult = { ok: true; trace: Trace } | { ok: false; error: TraceProblem };

/** "line 12, field size: '-4' is not a positive number of sectors". */
export function describeProblem(p: TraceProblem): string {
  const where = p.line > 0 ? `line ${p.line}` : 'the file';
  return p.field ? `${where}, field ${p.field}: ${p.message}` : `${where}: ${p.message}`;
}

/** Replay modes: open (arrival times from the trace) or closed (one outstanding, think time from the trace). */
export type ReplayMode = 'open' | 'closed';
