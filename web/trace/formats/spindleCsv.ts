/*
 * spindleCsv.ts — Spindle's own CSVs:
 *  - the explorer's results export (web/pages/explorer/exports.ts resultsCsv): a
 *    header of sp_result's C field names; a request is lbn, sectors,
 *    is_write, arrival_ms, with response_ms as its measured time. Columns are
 *    found by name, so exports with more columns read the same. When the
 *    file holds logical (volume) records (disk = -1) only those are used.
 *  - the command line's request list (npm run sim -- --trace):
 *    `time_ms,lbn,sectors,R|W`, a header line allowed. The same four fields
 *    separated by spaces or tabs are read too: the entries of the block
 *    traces of Bisson & Brandt's flash-backed I/O paper ("I/O time, sector,
 *    sector length, and read or write").
 */
import { blockNumber, FieldError, nonNegative, number, quote, sectorCount } from '../fields';
import { ColumnBuilder } from '../columns';
import { cells, expectFields, words, type FormatSpec, type LineParser } from './format';

const RESULTS_HEADER = /^\s*id\s*,.*\barrival_ms\b/;
const NEEDED = ['lbn', 'sectors', 'is_write', 'arrival_ms'] as const;

export const spindleResults: FormatSpec = {
  id: 'spindle-results',
  hasService: true,
  looks: (first) => RESULTS_HEADER.test(first),
  isHeader: () => true,
  create(header): LineParser {
    const names = cells(header ?? '');
    const col = (n: string) => names.indexOf(n);
    const missing = NEEDED.filter((n) => col(n) < 0);
    const logical = new ColumnBuilder();
    return {
      line(text, lineNo, out) {
        if (missing.length) throw new FieldError('', `the header lacks ${missing.join(', ')}`);
        const f = cells(text);
        expectFields(f, names.length, `one per header column`);
        const lbn = blockNumber(f[col('lbn')], 'lbn');
        const sectors = sectorCount(f[col('sectors')], 'sectors');
        const w = f[col('is_write')];
        if (w !== '0' && w !== '1') throw new FieldError('is_write', `${quote(w)} is neither 0 nor 1`);
        const arrival = nonNegative(f[col('arrival_ms')], 'arrival_ms');
        const r = col('response_ms');
        const service = r >= 0 ? nonNegative(f[r], 'response_ms', 'response time') : NaN;
        const d = col('disk');
        const isLogical = d >= 0 && number(f[d], 'disk') === -1;
        if (isLogical) logical.push(arrival, lbn, sectors, w === '1', service, lineNo);
        else { out.push(arrival, lbn, sectors, w === '1', service, lineNo); }
      },
      finish(out, notes) {
        if (logical.count === 0) return out;
        if (out.count > 0) notes.push(`the export holds ${logical.count.toLocaleString('en')} volume (logical) requests and ${out.count.toLocaleString('en')} device requests: the volume requests are replayed`);
        return logical;
      },
    };
  },
};

const REQUESTS_LOOKS = /^\s*[^,]*,[^,]*,[^,]*,\s*[RrWw]\s*$/;
const REQUESTS_LOOKS_SPACED = /^\s*[\d.eE+-]+\s+\d+\s+\d+\s+[RrWw]\s*$/;
const REQUESTS_HEADER = /^\s*time(?:_ms)?\s*(?:,|\s+\w+\s+\w+\s+\S+\s*$)/i;

export const spindleRequests: FormatSpec = {
  id: 'spindle-requests',
  hasService: false,
  looks: (first) => REQUESTS_HEADER.test(first) || REQUESTS_LOOKS_SPACED.test(first) ||
    (REQUESTS_LOOKS.test(first) && /^\s*[\d.]/.test(first)),
  isHeader: (first) => REQUESTS_HEADER.test(first),
  create(): LineParser {
    return {
      line(text, lineNo, out) {
        const f = text.includes(',') ? cells(text) : words(text);
        expectFields(f, 4, 'time_ms,lbn,sectors,R|W');
        const t = nonNegative(f[0], 'time_ms');
        const lbn = blockNumber(f[1], 'lbn');
        const sectors = sectorCount(f[2], 'sectors');
        if (!/^[RrWw]$/.test(f[3])) throw new FieldError('R|W', `${quote(f[3])} is neither R nor W`);
        out.push(t, lbn, sectors, /w/i.test(f[3]), NaN, lineNo);
      },
      finish: (out) => out,
    };
  },
};
