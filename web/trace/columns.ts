/*
 * columns.ts — growable typed-array columns for a trace being parsed, capped
 * at MAX_TRACE_REQUESTS, and the last step (times from 0, arrival order,
 * think times) that turns them into a TraceColumns.
 */
import { MAX_TRACE_REQUESTS, type TraceColumns } from './types';
import { FieldError } from './fields';

export class ColumnBuilder {
  count = 0;
  private cap = 0;
  arrivalMs = new Float64Array(0);
  thinkMs = new Float64Array(0);
  lbn = new Float64Array(0);
  sectors = new Int32Array(0);
  isWrite = new Uint8Array(0);
  serviceMs = new Float64Array(0);
  line = new Uint32Array(0);

  private grow(): void {
    if (this.count >= MAX_TRACE_REQUESTS) {
      throw new FieldError('', `the trace holds more than ${MAX_TRACE_REQUESTS.toLocaleString('en')} requests, ` +
        'the most the importer reads: cut it into parts (e.g. with head -n)');
    }
    const cap = Math.min(MAX_TRACE_REQUESTS, Math.max(1024, this.cap * 2));
    const g = <T extends Float64Array | Int32Array | Uint8Array | Uint32Array>(a: T, make: new (n: number) => T): T => {
      const b = new make(cap);
      b.set(a as never);
      return b;
    };
    this.arrivalMs = g(this.arrivalMs, Float64Array);
    this.thinkMs = g(this.thinkMs, Float64Array);
    this.lbn = g(this.lbn, Float64Array);
    this.sectors = g(this.sectors, Int32Array);
    this.isWrite = g(this.isWrite, Uint8Array);
    this.serviceMs = g(this.serviceMs, Float64Array);
    this.line = g(this.line, Uint32Array);
    this.cap = cap;
  }

  /** Adds a request; returns its index. */
  push(arrivalMs: number, lbn: number, sectors: number, isWrite: boolean, serviceMs: number, line: number, thinkMs = NaN): number {
    if (this.count === this.cap) this.grow();
    const i = this.count++;
    this.arrivalMs[i] = arrivalMs;
    this.thinkMs[i] = thinkMs;
    this.lbn[i] = lbn;
    this.sectors[i] = sectors;
    this.isWrite[i] = isWrite ? 1 : 0;
    this.serviceMs[i] = serviceMs;
    this.line[i] = line;
    return i;
  }

  /**
   * The columns, trimmed: in arrival order
   * (a stable sort when the file is out of order; `notes` says so), and think
   * times where the format had none: the idle gap the trace shows
   * (next arrival − this arrival − measured service, at least 0; without a
   * measured service, the gap between arrivals).
   */
  finish(notes: string[]): TraceColumns {
    const n = this.count;
    let cols: TraceColumns = {
      count: n,
      arrivalMs: this.arrivalMs.slice(0, n),
      thinkMs: this.thinkMs.slice(0, n),
      lbn: this.lbn.slice(0, n),
      sectors: this.sectors.slice(0, n),
      isWrite: this.isWrite.slice(0, n),
      serviceMs: this.serviceMs.slice(0, n),
      line: this.line.slice(0, n),
    };
    let t0 = Infinity;
    let late = 0;
    for (let i = 0; i < n; i++) {
      const t = cols.arrivalMs[i];
      if (t < t0) t0 = t;
      if (i > 0 && t < cols.arrivalMs[i - 1]) late++;
    }
    if (late > 0) {
      cols = sortByArrival(cols);
      notes.push(`${late.toLocaleString('en')} request${late === 1 ? '' : 's'} arrive earlier than the line before: the requests are replayed in arrival order`);
    }
    // Times stay as the file gives them unless some are negative (a file out of order whose clock starts at its first line).
    if (n > 0 && t0 < 0) for (let i = 0; i < n; i++) cols.arrivalMs[i] -= t0;
    for (let i = 0; i < n; i++) {
      if (!Number.isNaN(cols.thinkMs[i])) continue;
      if (i === n - 1) { cols.thinkMs[i] = 0; continue; }
      const s = cols.serviceMs[i];
      cols.thinkMs[i] = Math.max(0, cols.arrivalMs[i + 1] - cols.arrivalMs[i] - (Number.isFinite(s) ? s : 0));
    }
    return cols;
  }
}

function sortByArrival(c: TraceColumns): TraceColumns {
  const idx = new Uint32Array(c.count);
  for (let i = 0; i < c.count; i++) idx[i] = i;
  // Stable: ties keep file order.
  const order = Array.from(idx).sort((a, b) => c.arrivalMs[a] - c.arrivalMs[b] || a - b);
  const pick = <T extends Float64Array | Int32Array | Uint8Array | Uint32Array>(a: T): T => {
    const b = a.slice() as T;
    for (let i = 0; i < order.length; i++) b[i] = a[order[i]];
    return b;
  };
  return {
    count: c.count, arrivalMs: pick(c.arrivalMs), thinkMs: pick(c.thinkMs), lbn: pick(c.lbn), sectors: pick(c.sectors),
    isWrite: pick(c.isWrite), serviceMs: pick(c.serviceMs), line: pick(c.line),
  };
}
