/*
 * The trace importer's parsers (web/trace): real DiskSim validation samples
 * and written samples of every other format give the requests the format
 * describes; a Spindle results export reads back as the run that made it;
 * errors name the line and the field; the caps hold; any input at all gives a
 * result or a named error (never a throw, never an internal error).
 */
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseTrace, detectFormat, TraceParser } from '../web/trace/parse';
import { tracePreview } from '../web/trace/preview';
import { describeProblem, MAX_LINE_CHARS, MAX_TRACE_BYTES, MAX_TRACE_REQUESTS, type ParseResult, type Trace } from '../web/trace/types';
import { resultsCsv } from '../web/pages/explorer/exports';
import { fidelityEngine, simWith } from './fidelity/context';
import { WorkloadParam } from '../engine-wasm/binding';

const FIX = fileURLToPath(new URL('./fixtures/trace/', import.meta.url));
const fixture = (name: string) => readFileSync(FIX + name, 'utf8');

function ok(r: ParseResult): Trace {
  if (!r.ok) throw new Error(describeProblem(r.error));
  return r.trace;
}

function err(r: ParseResult): string {
  if (r.ok) throw new Error(`parsed ${r.trace.count} requests, expected an error`);
  return describeProblem(r.error);
}

describe('DiskSim validate format (real validation traces)', () => {
  it('reads the Atlas III sample: fields, measured times, DiskSim\'s think times and the rebuilt timeline', () => {
    const text = fixture('atlas_III.head40.trace');
    const t = ok(parseTrace(text));
    expect(t.format).toBe('disksim-validate');
    expect(t.count).toBe(40);
    expect(t.hasService).toBe(true);
    // Line 1: "W Hit   11392096  12   1686.00000  40961.00000"
    expect([t.lbn[0], t.sectors[0], t.isWrite[0], t.serviceMs[0], t.thinkMs[0], t.arrivalMs[0]]).toEqual([11392096, 12, 1, 1.686, 40.961, 0]);
    // Line 2: "R Hit    7563004   4  14368.00000  28778.00000", issued next_us after line 1 completed.
    expect([t.lbn[1], t.sectors[1], t.isWrite[1], t.serviceMs[1], t.thinkMs[1]]).toEqual([7563004, 4, 0, 14.368, 28.778]);
    expect(t.arrivalMs[1]).toBeCloseTo(1.686 + 40.961, 9);
    // Every line, read independently: same columns.
    const lines = text.trim().split('\n').map((l) => l.trim().split(/\s+/));
    lines.forEach((f, i) => {
      expect(t.isWrite[i]).toBe(f[0] === 'W' ? 1 : 0);
      expect(t.lbn[i]).toBe(Number(f[2]));
      expect(t.sectors[i]).toBe(Number(f[3]));
      expect(t.serviceMs[i]).toBeCloseTo(Number(f[4]) / 1000, 12);
      expect(t.thinkMs[i]).toBeCloseTo(Number(f[5]) / 1000, 12);
      if (i > 0) expect(t.arrivalMs[i]).toBeCloseTo(t.arrivalMs[i - 1] + (Number(lines[i - 1][4]) + Number(lines[i - 1][5])) / 1000, 6);
      expect(t.line[i]).toBe(i + 1);
    });
  });

  it('reads the DEC RZ26 sample (single spaces, six decimals)', () => {
    const t = ok(parseTrace(fixture('dec_rz26.head25.trace')));
    expect(t.count).toBe(25);
    expect([t.lbn[1], t.sectors[1], t.isWrite[1]]).toEqual([25805, 43, 1]);
    expect(t.thinkMs[0]).toBeCloseTo(20.935440364, 9);
  });

  // The full measured traces committed with the validation rows (DiskSim's validation set).
  const dir = fileURLToPath(new URL('./fixtures/validation/', import.meta.url));
  it('reads every full validation trace: one request per line', () => {
    expect(readdirSync(dir).filter((n) => n.endsWith('.trace')).length).toBeGreaterThan(0);
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.trace'))) {
      const bytes = new Uint8Array(readFileSync(dir + f));
      const lines = new TextDecoder().decode(bytes).split('\n').filter((l) => l.trim() !== '').length;
      const t = ok(parseTrace(bytes));
      expect(t.format, f).toBe('disksim-validate');
      expect(t.count, f).toBe(lines);
    }
  });
});

describe('the other formats (written samples)', () => {
  it('DiskSim ascii: time, block, blocks, hex flags with bit 0 = read; several devices are noted', () => {
    const t = ok(parseTrace(fixture('disksim-ascii.trace')));
    expect(t.format).toBe('disksim-ascii');
    expect(Array.from(t.arrivalMs)).toEqual([0, 0.533, 1.250125, 2, 2, 7.75]);
    expect(Array.from(t.lbn)).toEqual([1234, 98304, 98320, 500000, 1242, 2048]);
    expect(Array.from(t.sectors)).toEqual([8, 16, 16, 64, 8, 1]);
    expect(Array.from(t.isWrite)).toEqual([0, 1, 1, 0, 0, 0]); // 0x11 has bit 0 set: a read
    expect(t.hasService).toBe(false);
    expect(t.notes.join('\n')).toMatch(/2 device numbers/);
    // Closed replay's think time without a think column: the gap between arrivals.
    expect(t.thinkMs[0]).toBeCloseTo(0.533, 12);
    expect(t.thinkMs[5]).toBe(0);
  });

  it('blkparse: D events are the requests, C events their measured times, data-less events and the summary skipped', () => {
    const t = ok(parseTrace(fixture('blkparse.txt')));
    expect(t.format).toBe('blkparse');
    expect(t.count).toBe(4);
    expect(Array.from(t.lbn)).toEqual([1953512, 409600, 1953520, 77000]);
    expect(Array.from(t.sectors)).toEqual([8, 16, 256, 8]);
    expect(Array.from(t.isWrite)).toEqual([0, 1, 0, 1]);
    expect(t.arrivalMs[0]).toBeCloseTo(0.007612, 12);
    expect(t.arrivalMs[1]).toBeCloseTo(10.003, 9);
    expect(t.serviceMs[0]).toBeCloseTo(4.512031 - 0.007612, 9);
    expect(t.serviceMs[1]).toBeCloseTo(13.25 - 10.003, 9);
    expect(t.serviceMs[2]).toBeCloseTo(20.74 - 12.001, 9);
    expect(t.serviceMs[3]).toBeNaN();
    expect(Array.from(t.line)).toEqual([6, 10, 12, 19]);
    const notes = t.notes.join('\n');
    expect(notes).toMatch(/D \(issued/);
    expect(notes).toMatch(/without data/);
    expect(notes).toMatch(/1 request has no matching C event/);
  });

  it('blkparse without D events uses the Q events', () => {
    const text = fixture('blkparse.txt').split('\n').filter((l) => !/\sD\s/.test(l)).join('\n');
    const t = ok(parseTrace(text));
    expect(Array.from(t.lbn)).toEqual([1953512, 409600, 1953520]);
    expect(t.notes.join('\n')).toMatch(/Q \(queued\)/);
  });

  it('MSR Cambridge CSV: filetime stamps past 2^53 read exactly, bytes to sectors, response time kept', () => {
    const t = ok(parseTrace(fixture('msr.csv')));
    expect(t.format).toBe('msr');
    expect(t.count).toBe(5);
    // (128166372003074712 − 128166372003061629) ticks of 100 ns; in doubles the difference would be 13088.
    expect(t.arrivalMs[1]).toBe(1.3083);
    expect(t.arrivalMs[4]).toBe(3332.0671);
    expect(Array.from(t.lbn)).toEqual([7745, 7744, 7749, 2106936, 2107064]);
    expect(Array.from(t.sectors)).toEqual([8, 1, 8, 128, 2]);
    expect(Array.from(t.isWrite)).toEqual([1, 1, 0, 0, 1]);
    expect(t.serviceMs[0]).toBeCloseTo(6.1338, 12);
    expect(t.notes.join('\n')).toMatch(/1 request is not 512-byte aligned/);
  });

  it("Spindle's request CSV (the command line's --trace file)", () => {
    const t = ok(parseTrace(fixture('spindle-requests.csv')));
    expect(t.format).toBe('spindle-requests');
    expect(Array.from(t.arrivalMs)).toEqual([0, 0.5, 0.5, 12.25]);
    expect(Array.from(t.isWrite)).toEqual([0, 1, 0, 1]);
    expect(ok(parseTrace('3,10,1,W\n')).count).toBe(1); // no header
  });

  it("Spindle's results export reads back as the run that wrote it (in arrival order, response as measured time)", async () => {
    const e = await fidelityEngine();
    const { sim } = simWith(e, 'hp-c2200a', 3);
    sim.workloadSet(WorkloadParam.Count, 200);
    sim.workloadSet(WorkloadParam.Outstanding, 4);
    sim.outputConfigure(0, 1000);
    sim.run();
    const res = sim.results();
    expect(res.count).toBe(200);
    const csv = resultsCsv(res);
    const t = ok(parseTrace(csv));
    expect(t.format).toBe('spindle-results');
    expect(t.count).toBe(200);
    const rows = Array.from({ length: 200 }, (_, i) => ({ a: res.get(i, 'arrivalMs'), l: res.get(i, 'lbn'), s: res.get(i, 'sectors'), w: res.get(i, 'isWrite'), r: res.get(i, 'responseMs'), id: res.get(i, 'id') }))
      .sort((x, y) => x.a - y.a || x.id - y.id);
    rows.forEach((r, i) => {
      expect(t.arrivalMs[i]).toBe(r.a);
      expect([t.lbn[i], t.sectors[i], t.isWrite[i], t.serviceMs[i]]).toEqual([r.l, r.s, r.w, r.r]);
    });
    sim.dispose();
  });

  it('detects each format from its first data line', () => {
    expect(detectFormat('W Hit   11392096  12   1686.00000  40961.00000')?.id).toBe('disksim-validate');
    expect(detectFormat('0.000000 0 1234 8 1')?.id).toBe('disksim-ascii');
    expect(detectFormat('  8,0    1        6     0.000007612  4162  D   R 1953512 + 8 [cat]')?.id).toBe('blkparse');
    expect(detectFormat('128166372003061629,wdev,0,Write,3965440,4096,61338')?.id).toBe('msr');
    expect(detectFormat('id,lbn,sectors,is_write,disk,cache,arrival_ms')?.id).toBe('spindle-results');
    expect(detectFormat('0,1000,8,R')?.id).toBe('spindle-requests');
    expect(detectFormat('hello world')).toBeUndefined();
  });

  it('bytes and text give the same trace, whatever the chunking (UTF-8 across chunk boundaries)', () => {
    const line = '0.5,1000,8,R\n';
    const text = `time_ms,lbn,sectors,rw\n${line.repeat(100_000)}`;
    const pad = `# ${'é'.repeat(1000)}\n`.repeat(600); // multi-byte characters straddle the 1 MiB chunk boundary
    const a = ok(parseTrace(pad + text));
    const b = ok(parseTrace(new TextEncoder().encode(pad + text)));
    expect(b.count).toBe(100_000);
    expect(Array.from(b.line.subarray(0, 3))).toEqual(Array.from(a.line.subarray(0, 3)));
    expect(b.line[99_999]).toBe(600 + 1 + 100_000);
  });
});

describe('errors name the line and the field', () => {
  it('a bad size', () => {
    const text = 'R Hit 100 8 1000 1000\nR Hit 200 8 1000 1000\nW Hit 300 -4 1000 1000\n';
    expect(err(parseTrace(text))).toBe("line 3, field sectors: '-4' is not a positive number of sectors");
  });

  it('each format names its own fields', () => {
    expect(err(parseTrace('0,1,8,R\n1,2,x,W\n'))).toBe("line 2, field sectors: 'x' is not a positive number of sectors");
    expect(err(parseTrace('0 0 10 8 1\n1 0 10 8 zz\n'))).toBe("line 2, field flags: 'zz' is not a hexadecimal flags word");
    expect(err(parseTrace('128166372003061629,wdev,0,Write,3965440,4096,61338\n128166372003061630,wdev,0,Erase,0,512,1\n'))).toBe("line 2, field Type: 'Erase' is neither Read nor Write");
    expect(err(parseTrace('R Hit 100 8 1000 1000\nR Hit 100 8 -1 1000\n'))).toMatch(/^line 2, field service_us: '-1' is negative/);
    expect(err(parseTrace('R Hit 100 8 1000 1000\nR Hit 100 8\n'))).toBe('line 2: expected 6 fields (R|W outcome lbn sectors service_us next_us), found 4');
    expect(err(parseTrace('0,1,8,R\n1,9007199254740993,8,W\n'))).toMatch(/^line 2, field lbn: '9007199254740993' .*2\^53/);
    expect(err(parseTrace('  8,0 1 1 0.1 5 D R 10 + 8 [x]\n  8,0 1 2 0.2 5 D R 10 + -8 [x]\n'))).toBe("line 2, field count: '-8' is not a positive number of sectors");
  });

  it('an unknown format, an empty file, a file without requests', () => {
    expect(err(parseTrace('\n\n# comment\nhello, world\n'))).toMatch(/^line 4: not a line of any format/);
    expect(err(parseTrace(''))).toBe('the file: the file holds no requests');
    expect(err(parseTrace('time_ms,lbn,sectors,rw\n'))).toBe('the file: the file holds no requests');
  });

  it('caps: file bytes, line length and request count are stated', () => {
    const huge = new Uint8Array(MAX_TRACE_BYTES + 1);
    expect(err(parseTrace(huge))).toMatch(/^the file: the file is 256\.0 MiB; the importer reads at most 256\.0 MiB/);
    expect(err(parseTrace(`0,1,8,R\n${'9'.repeat(MAX_LINE_CHARS + 1)}\n`))).toBe(`line 2: longer than ${MAX_LINE_CHARS} characters: not a trace line (is this a text trace file?)`);
    expect(err(parseTrace(`0,1,8,R\n${'9'.repeat(3 << 20)}`))).toMatch(/^line 2: longer than/);
  });

  it(`more than ${MAX_TRACE_REQUESTS} requests is refused at the first one past the cap`, () => {
    const r = parseTrace('0,0,1,R\n'.repeat(MAX_TRACE_REQUESTS + 1));
    expect(err(r)).toBe(`line ${MAX_TRACE_REQUESTS + 1}: the trace holds more than 2,000,000 requests, the most the importer reads: cut it into parts (e.g. with head -n)`);
  }, 60_000);
});

describe('any input: a trace or a named error', () => {
  const check = (input: string | Uint8Array) => {
    const r = parseTrace(input);
    if (r.ok) {
      const t = r.trace;
      expect(t.count).toBeGreaterThan(0);
      for (let i = 0; i < t.count; i++) {
        expect(Number.isSafeInteger(t.lbn[i]) && t.lbn[i] >= 0).toBe(true);
        expect(t.sectors[i]).toBeGreaterThan(0);
        expect(t.arrivalMs[i]).toBeGreaterThanOrEqual(i ? t.arrivalMs[i - 1] : 0);
        expect(t.thinkMs[i]).toBeGreaterThanOrEqual(0);
      }
      tracePreview(t);
    } else {
      expect(r.error.line).toBeGreaterThanOrEqual(0);
      expect(r.error.message).not.toBe('');
      expect(r.error.message).not.toMatch(/internal error/);
    }
  };

  it('any string', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 400 }), check), { numRuns: 2000 });
  });

  it('any bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 400 }), check), { numRuns: 1000 });
  });

  // Lines built from the formats' own tokens, so the parsers get past detection.
  const token = fc.constantFrom('R', 'W', 'Hit', 'Miss', '0', '1', '8', '-4', '4.5', '1e309', '1e3', 'NaN', '0x1', 'ff', '+', '[x]',
    '8,0', 'D', 'Q', 'C', 'WS', 'RA', 'N', '0.000001', '128166372003061629', 'wdev', 'Read', 'Write', '9007199254740993', '',
    'CPU0 (8,0):', 'Timestamp', 'id', 'arrival_ms', 'lbn', 'sectors', 'is_write', 'disk', '-1', 'time_ms', '#');
  const line = fc.tuple(fc.array(token, { maxLength: 9 }), fc.constantFrom(' ', ',', '  ', '\t')).map(([t, sep]) => t.join(sep));
  it('lines of format tokens', () => {
    fc.assert(fc.property(fc.array(line, { maxLength: 20 }), fc.constantFrom('\n', '\r\n'), (ls, nl) => check(ls.join(nl))), { numRuns: 3000 });
  });

  it('a well-formed validate trace reads back exactly (count, fields, order)', () => {
    const req = fc.record({ w: fc.boolean(), lbn: fc.nat(2 ** 40), n: fc.integer({ min: 1, max: 4096 }), s: fc.nat(10 ** 7), t: fc.nat(10 ** 7) });
    fc.assert(fc.property(fc.array(req, { minLength: 1, maxLength: 50 }), (rs) => {
      const t = ok(parseTrace(rs.map((r) => `${r.w ? 'W' : 'R'} Hit ${r.lbn} ${r.n} ${r.s} ${r.t}`).join('\n')));
      expect(t.count).toBe(rs.length);
      rs.forEach((r, i) => expect([t.isWrite[i], t.lbn[i], t.sectors[i], t.serviceMs[i], t.thinkMs[i]]).toEqual([r.w ? 1 : 0, r.lbn, r.n, r.s / 1000, r.t / 1000]));
    }), { numRuns: 300 });
  });
});

describe('the incremental parser and the preview', () => {
  it('reports progress slice by slice and ends with the same trace', () => {
    const text = '0,1,8,R\n'.repeat(300_000);
    const p = new TraceParser(text);
    const seen: number[] = [];
    while (!p.step()) seen.push(p.progress().bytesDone);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const r = p.result();
    expect(ok(r).count).toBe(300_000);
  });

  it('preview: counts, span, LBN range, size histogram, first rows', () => {
    const t = ok(parseTrace(fixture('disksim-ascii.trace')));
    const p = tracePreview(t, 3);
    expect([p.count, p.reads, p.writes]).toEqual([6, 4, 2]);
    expect(p.spanMs).toBe(7.75);
    expect([p.lbnMin, p.lbnMax]).toEqual([1234, 500063]);
    expect(p.sizes).toEqual([
      { lo: 1, hi: 1, count: 1 }, { lo: 2, hi: 2, count: 0 }, { lo: 3, hi: 4, count: 0 }, { lo: 5, hi: 8, count: 2 },
      { lo: 9, hi: 16, count: 2 }, { lo: 17, hi: 32, count: 0 }, { lo: 33, hi: 64, count: 1 },
    ]);
    expect(p.rows.map((r) => r.lbn)).toEqual([1234, 98304, 98320]);
    expect(p.hasService).toBe(false);
    const v = tracePreview(ok(parseTrace(fixture('atlas_III.head40.trace'))));
    expect(v.serviceMeanMs).toBeGreaterThan(0);
  });
});
