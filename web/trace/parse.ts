/*
 * parse.ts — a trace file in, columns out: the format is detected from the
 * first data line (blank lines and # comments are skipped in every format),
 * then each line is read by that format's parser. Every problem is a
 * TraceProblem naming the line and the field; nothing throws, and the work
 * is linear in the input. TraceParser works a slice at a time (the worker
 * streams its progress); parseTrace runs it to the end.
 */
import { ColumnBuilder } from './columns';
import { FieldError } from './fields';
import { blkparse } from './formats/blkparse';
import { disksimAscii } from './formats/disksimAscii';
import { disksimValidate } from './formats/disksimValidate';
import type { FormatSpec, LineParser } from './formats/format';
import { msr } from './formats/msr';
import { spindleRequests, spindleResults } from './formats/spindleCsv';
import { LineSource } from './lines';
import { FORMAT_NAMES, MAX_LINE_CHARS, MAX_TRACE_BYTES, type ParseResult, type Trace, type TraceFormat, type TraceProblem } from './types';

/** In the order detection tries them. */
export const FORMATS: readonly FormatSpec[] = [disksimValidate, disksimAscii, blkparse, msr, spindleResults, spindleRequests];

export function formatSpec(id: TraceFormat): FormatSpec | undefined {
  return FORMATS.find((f) => f.id === id);
}

/** The format whose first data line this is, if any. */
export function detectFormat(first: string): FormatSpec | undefined {
  return FORMATS.find((f) => f.looks(first));
}

export interface ParseOptions {
  /** Skip detection and read the file as this format. */
  format?: TraceFormat;
}

export interface ParseProgress {
  bytesDone: number;
  bytesTotal: number;
  requests: number;
}

const MB = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MiB`;

/** The problem with a file of this many bytes, if it is past the importer's cap (checked before reading it). */
export function sizeProblem(bytes: number): TraceProblem | undefined {
  if (bytes <= MAX_TRACE_BYTES) return undefined;
  return { line: 0, field: '', message: `the file is ${MB(bytes)}; the importer reads at most ${MB(MAX_TRACE_BYTES)} (cut it into parts)` };
}

export class TraceParser {
  private readonly source: LineSource;
  private spec: FormatSpec | undefined;
  private parser: LineParser | undefined;
  private readonly out = new ColumnBuilder();
  private readonly notes: string[] = [];
  private outcome: ParseResult | undefined;
  private sawData = false;

  constructor(input: string | Uint8Array, private readonly options: ParseOptions = {}) {
    this.source = new LineSource(input);
    const tooLarge = sizeProblem(input.length);
    if (tooLarge) this.outcome = { ok: false, error: tooLarge };
    if (options.format !== undefined && !formatSpec(options.format)) {
      this.outcome = fail(0, 'format', `'${String(options.format)}' is not a format the importer reads (${FORMATS.map((f) => f.id).join(', ')})`);
    }
  }

  get done(): boolean {
    return this.outcome !== undefined;
  }

  progress(): ParseProgress {
    return { bytesDone: Math.min(this.source.consumed, this.source.size), bytesTotal: this.source.size, requests: this.out.count };
  }

  /** Reads the next slice of the file (about 1 MiB); true once finished. */
  step(): boolean {
    if (this.outcome) return true;
    let lineNo = 0;
    try {
      const lines = this.source.next();
      if (!lines) {
        this.outcome = this.source.tooLong
          ? fail(this.source.tooLong, '', `longer than ${MAX_LINE_CHARS} characters: not a trace line (is this a text trace file?)`)
          : this.finish();
        return true;
      }
      for (const text of lines) {
        lineNo = this.source.nextLine++;
        if (this.parser?.ended) continue;
        if (text.length > MAX_LINE_CHARS) {
          this.outcome = fail(lineNo, '', `longer than ${MAX_LINE_CHARS} characters: not a trace line (is this a text trace file?)`);
          return true;
        }
        const trimmed = text.trim();
        if (trimmed === '' || trimmed.startsWith('#')) continue;
        if (!this.parser) {
          const spec = this.options.format ? formatSpec(this.options.format)! : detectFormat(text);
          if (!spec) {
            this.outcome = fail(lineNo, '', `not a line of any format the importer reads: ${Object.values(FORMAT_NAMES).join('; ')}`);
            return true;
          }
          this.spec = spec;
          const header = spec.isHeader?.(text) ? text : undefined;
          this.parser = spec.create(header);
          if (header !== undefined) continue;
        }
        this.sawData = true;
        this.parser.line(text, lineNo, this.out);
      }
      return false;
    } catch (e) {
      if (e instanceof FieldError) this.outcome = fail(lineNo, e.field, e.message);
      else this.outcome = fail(lineNo, '', `internal error: ${e instanceof Error ? e.message : String(e)}`);
      return true;
    }
  }

  private finish(): ParseResult {
    const spec = this.spec;
    if (!spec || !this.parser || !this.sawData) return fail(0, '', 'the file holds no requests');
    const cols = this.parser.finish(this.out, this.notes);
    if (cols.count === 0) return fail(0, '', 'the file holds no requests');
    const trace: Trace = { format: spec.id, hasService: spec.hasService, notes: this.notes, ...cols.finish(this.notes) };
    if (spec.hasService && trace.serviceMs.every(Number.isNaN)) trace.hasService = false;
    return { ok: true, trace };
  }

  result(): ParseResult {
    while (!this.step()) { /* next slice */ }
    return this.outcome!;
  }
}

function fail(line: number, field: string, message: string): ParseResult {
  const error: TraceProblem = { line, field, message };
  return { ok: false, error };
}

/** Parses a whole trace (a string, or the file's bytes). Never throws. */
export function parseTrace(input: string | Uint8Array, options: ParseOptions = {}): ParseResult {
  try {
    return new TraceParser(input, options).result();
  } catch (e) {
    return fail(0, '', `internal error: ${e instanceof Error ? e.message : String(e)}`);
  }
}
