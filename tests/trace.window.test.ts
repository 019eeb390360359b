/*
 * The flash-backed I/O paper's trace entries (time, sector, length, R/W,
 * separated by spaces) and the time window that cuts one day out of a long trace.
 */
import { describe, it, expect } from 'vitest';
import { parseTrace, detectFormat } from '../web/trace/parse';
import { traceWindow } from '../web/trace/window';
import { describeProblem, type ParseResult, type Trace } from '../web/trace/types';

const ok = (r: ParseResult): Trace => {
  if (!r.ok) throw new Error(describeProblem(r.error));
  return r.trace;
};

/** Four requests a day apart (times in ms), plus one more on day 2. */
const DAY = 86_400_000;
const PAPER = [`0 1000 8 W`, `${DAY} 2000 16 R`, `${DAY + 500} 2100 8 W`, `${2 * DAY} 3000 8 W`, `${3 * DAY} 4000 1 R`].join('\n') + '\n';

describe("the paper's trace entries: time sector length R/W", () => {
  it('are read with spaces or tabs, as with commas', () => {
    expect(detectFormat('0 1000 8 W')?.id).toBe('spindle-requests');
    expect(detectFormat('12.5\t1000\t8\tr')?.id).toBe('spindle-requests');
    const t = ok(parseTrace(PAPER));
    expect(t.format).toBe('spindle-requests');
    expect(Array.from(t.arrivalMs)).toEqual([0, DAY, DAY + 500, 2 * DAY, 3 * DAY]);
    expect(Array.from(t.lbn)).toEqual([1000, 2000, 2100, 3000, 4000]);
    expect(Array.from(t.sectors)).toEqual([8, 16, 8, 8, 1]);
    expect(Array.from(t.isWrite)).toEqual([1, 0, 1, 1, 0]);
    expect(ok(parseTrace('time sector length rw\n0 5 1 R\n')).count).toBe(1);     // a header line
  });

  it('a bad line names its line and field', () => {
    const r = parseTrace('0 1000 8 W\n5 1000 8 X\n');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(describeProblem(r.error)).toBe("line 2, field R|W: 'X' is neither R nor W");
    const r2 = parseTrace('0 1000 8 W\n5 1000 W\n');
    expect(r2.ok).toBe(false);
    if (!r2.ok) expect(describeProblem(r2.error)).toMatch(/^line 2: expected 4 fields/);
  });
});

describe('a time window of a trace', () => {
  const t = ok(parseTrace(PAPER));

  it('keeps the requests arriving in [from, to), with times counted from the start', () => {
    const w = traceWindow(t, DAY, 2 * DAY);
    expect(w.ok).toBe(true);
    if (!w.ok) return;
    expect(w.trace.count).toBe(2);
    expect(Array.from(w.trace.arrivalMs)).toEqual([0, 500]);
    expect(Array.from(w.trace.lbn)).toEqual([2000, 2100]);
    expect(Array.from(w.trace.isWrite)).toEqual([0, 1]);
    expect(Array.from(w.trace.line)).toEqual([2, 3]);
    expect(w.trace.notes.join('\n')).toMatch(/requests 2-3 of 5/);
    expect(t.count).toBe(5);                                     // the trace itself is untouched
  });

  it('the whole span is the trace as it is', () => {
    const w = traceWindow(t, 0, Infinity);
    expect(w.ok && w.trace.count).toBe(5);
    if (w.ok) {
      expect(Array.from(w.trace.arrivalMs)).toEqual(Array.from(t.arrivalMs));
      expect(w.trace.notes).toEqual(t.notes);
    }
  });

  it('bad bounds and an empty window name the field', () => {
    const field = (r: ReturnType<typeof traceWindow>) => (r.ok ? '' : r.error.field);
    expect(field(traceWindow(t, -1, 5))).toBe('window.from_ms');
    expect(field(traceWindow(t, NaN, 5))).toBe('window.from_ms');
    expect(field(traceWindow(t, 10, 10))).toBe('window.to_ms');
    const empty = traceWindow(t, 1, 1000);
    expect(field(empty)).toBe('window');
    if (!empty.ok) expect(empty.error.message).toMatch(/no request arrives in \[1, 1000\) ms/);
  });
});
