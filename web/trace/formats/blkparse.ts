/*
 * blkparse.ts — blktrace events as blkparse prints them by default
 * ("%D %2c %8s %5T.%9t %5p %2a %3d " then, for a request, "sector + count
 * [process]"), e.g.
 *     8,0    3       12     0.000104120  4587  D   W 223490 + 8 [kworker]
 * A request is its D event (issued to the device driver, what the disk sees);
 * a trace without D events uses its Q events (queued). The matching C event
 * (completed, same device and sector) gives the measured service time
 * C − D. RWBS with W is a write, with R a read; discards (D…) and events
 * without data (N, flushes, + 0) are skipped and counted in a note. The
 * summary blkparse prints at the end ("CPU0 (8,0):", "Total (8,0):") ends
 * the requests.
 */
import { blockNumber, FieldError, quote, sectorCount } from '../fields';
import { ColumnBuilder } from '../columns';
import type { FormatSpec, LineParser } from './format';

const EVENT = /^\s*(\d+,\d+)\s+\d+\s+\d+\s+(\d+)\.(\d{1,9})\s+\d+\s+([A-Za-z]{1,2})\s+(\S+)\s*(.*)$/;
const SUMMARY = /^\s*(?:CPU\d+|Total)\s+\(/;
const RANGE = /^(\S+)\s+\+\s+(\S+)/;

export const blkparse: FormatSpec = {
  id: 'blkparse',
  hasService: true,
  looks: (first) => EVENT.test(first),
  create(): LineParser {
    const issued = new ColumnBuilder();
    const queued = new ColumnBuilder();
    // Requests waiting for their C event, by "device sector": index in `issued`/`queued`.
    const openD = new Map<string, number>();
    const openQ = new Map<string, number>();
    let skipped = 0;
    let unmatched = 0;
    const p: LineParser & { ended: boolean } = {
      ended: false,
      line(text, lineNo) {
        if (SUMMARY.test(text)) { p.ended = true; return; }
        const m = EVENT.exec(text);
        if (!m) throw new FieldError('', `${quote(text.trim())} is not a blkparse event line (device cpu sequence time pid action rwbs …)`);
        const [, dev, sec, frac, action, rwbs, rest] = m;
        if (action !== 'D' && action !== 'Q' && action !== 'C') return;
        const ms = Number(sec) * 1000 + Number(frac.padEnd(9, '0')) / 1e6;
        const r = RANGE.exec(rest);
        const write = rwbs.includes('W');
        const data = !rwbs.startsWith('D') && (write || rwbs.includes('R'));
        if (!r || !data) {
          if (action !== 'C') skipped++;
          return;
        }
        if (r[2] === '0') { if (action !== 'C') skipped++; return; }
        const lbn = blockNumber(r[1], 'sector');
        const sectors = sectorCount(r[2], 'count');
        const key = `${dev} ${lbn}`;
        if (action === 'C') {
          for (const [open, cols] of [[openD, issued], [openQ, queued]] as const) {
            const i = open.get(key);
            if (i === undefined) continue;
            cols.serviceMs[i] = Math.max(0, ms - cols.arrivalMs[i]);
            open.delete(key);
          }
          return;
        }
        const cols = action === 'D' ? issued : queued;
        const open = action === 'D' ? openD : openQ;
        if (open.has(key)) unmatched++;
        open.set(key, cols.push(ms, lbn, sectors, write, NaN, lineNo));
      },
      finish(_out, notes) {
        const cols = issued.count > 0 ? issued : queued;
        const open = issued.count > 0 ? openD : openQ;
        notes.push(issued.count > 0 ? 'requests are the D (issued to the driver) events' : 'the trace has no D events: requests are its Q (queued) events');
        if (skipped) notes.push(`${skipped.toLocaleString('en')} event${skipped === 1 ? '' : 's'} without data (discards, flushes, N) skipped`);
        const missing = open.size + unmatched;
        if (missing) notes.push(`${missing.toLocaleString('en')} request${missing === 1 ? ' has' : 's have'} no matching C event: no measured time`);
        return cols;
      },
    };
    return p;
  },
};
