/*
 * service.ts — the worker's side of trace import: parses the bytes a slice
 * at a time (yielding progress between slices, so a cancel gets in) and
 * hands back the columns and the preview. No worker globals.
 */
import { TraceParser, type ParseProgress } from './parse';
import { tracePreview } from './preview';
import type { TraceParseParams, TraceParsed } from './protocol';
import { describeProblem } from './types';

export class TraceParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TraceParseError';
  }
}

export function* traceParseStream({ bytes, format }: TraceParseParams): Generator<ParseProgress, TraceParsed, void> {
  if (!(bytes instanceof Uint8Array)) throw new TraceParseError('traceParse: bytes must be a Uint8Array');
  const p = new TraceParser(bytes, { format });
  while (!p.step()) yield p.progress();
  const r = p.result();
  if (!r.ok) throw new TraceParseError(describeProblem(r.error));
  const { format: f, hasService, notes: _notes, ...columns } = r.trace;
  return { columns, format: f, hasService, preview: tracePreview(r.trace) };
}
