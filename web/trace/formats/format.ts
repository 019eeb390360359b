/*
 * format.ts — what each trace format provides: a test of its first data line
 * (auto-detection), whether a line is a header, and a parser that turns one
 * data line into a request (throwing FieldError for a bad field).
 */
import type { TraceFormat } from '../types';
import type { ColumnBuilder } from '../columns';
import { FieldError } from '../fields';

export interface LineParser {
  /** Reads one data line (not blank, not a # comment). May push a request, or skip the line. */
  line(text: string, lineNo: number, out: ColumnBuilder): void;
  /** After the last line: the columns to keep (the parser may have used its own), and notes. */
  finish(out: ColumnBuilder, notes: string[]): ColumnBuilder;
  /** True once the rest of the file is not requests (blkparse's closing summary). */
  readonly ended?: boolean;
}

export interface FormatSpec {
  id: TraceFormat;
  /** Does the file's first data line look like this format (a header counts)? */
  looks(first: string): boolean;
  /** Is this first line a header to skip (or read for column names)? */
  isHeader?(first: string): boolean;
  create(header: string | undefined): LineParser;
  /** True when the format records the measured service time of each request. */
  hasService: boolean;
}

/** Whitespace-separated fields. */
export const words = (s: string): string[] => s.trim().split(/\s+/);
/** Comma-separated fields, trimmed. */
export const cells = (s: string): string[] => s.split(',').map((c) => c.trim());

/** A line with the wrong number of fields: the error names them. */
export function expectFields(got: string[], n: number, names: string): void {
  if (got.length !== n) throw new FieldError('', `expected ${n} fields (${names}), found ${got.length}`);
}
