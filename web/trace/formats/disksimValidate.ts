/*
 * disksimValidate.ts — DiskSim's validate format: one request a line,
 * `R|W outcome lbn sectors service_us next_us` (DiskSim 4.0
 * iotrace_validate_get_ioreq_event). The drive's measured service time is
 * kept; next_us is the host's think time after this request completes. The
 * arrival times are the measured timeline DiskSim's closed replay rebuilds:
 * request k arrives at arrival(k−1) + service(k−1) + next(k−1).
 */
import { blockNumber, FieldError, nonNegative, quote, sectorCount } from '../fields';
import { expectFields, words, type FormatSpec, type LineParser } from './format';

const LOOKS = /^\s*[RW]\s+\S+\s+\d+\s+\d+\s+[\d.eE+-]+\s+[\d.eE+-]+\s*$/;

export const disksimValidate: FormatSpec = {
  id: 'disksim-validate',
  hasService: true,
  looks: (first) => LOOKS.test(first),
  create(): LineParser {
    let next = 0;
    return {
      line(text, lineNo, out) {
        const f = words(text);
        expectFields(f, 6, 'R|W outcome lbn sectors service_us next_us');
        if (f[0] !== 'R' && f[0] !== 'W') throw new FieldError('R|W', `${quote(f[0])} is neither R nor W`);
        const lbn = blockNumber(f[2], 'lbn');
        const sectors = sectorCount(f[3], 'sectors');
        const serviceMs = nonNegative(f[4], 'service_us', 'service time') / 1000;
        const thinkMs = nonNegative(f[5], 'next_us', 'think time') / 1000;
        out.push(next, lbn, sectors, f[0] === 'W', serviceMs, lineNo, thinkMs);
        next += serviceMs + thinkMs;
      },
      finish: (out) => out,
    };
  },
};
