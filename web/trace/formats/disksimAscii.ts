/*
 * disksimAscii.ts — DiskSim's ascii input format: `time devno blkno bcount
 * flags`, time in ms, bcount in blocks (sectors), flags in hex with bit 0 set
 * for a read (DiskSim 4.0 iotrace_ascii_get_ioreq_event: "%lf %d %ld %d %x").
 * Requests go to the volume whatever their device number; a trace naming
 * several devices gets a note.
 */
import { blockNumber, FieldError, nonNegative, quote, sectorCount } from '../fields';
import { expectFields, words, type FormatSpec, type LineParser } from './format';

const LOOKS = /^\s*[\d.eE+-]+\s+\d+\s+\d+\s+\d+\s+(?:0[xX])?[0-9a-fA-F]+\s*$/;
const HEX = /^(?:0[xX])?[0-9a-fA-F]{1,8}$/;

export const disksimAscii: FormatSpec = {
  id: 'disksim-ascii',
  hasService: false,
  looks: (first) => LOOKS.test(first),
  create(): LineParser {
    const devices = new Set<string>();
    return {
      line(text, lineNo, out) {
        const f = words(text);
        expectFields(f, 5, 'time_ms devno blkno bcount flags');
        const t = nonNegative(f[0], 'time');
        if (!/^\d+$/.test(f[1])) throw new FieldError('devno', `${quote(f[1])} is not a device number`);
        if (devices.size < 64) devices.add(String(Number(f[1])));
        const lbn = blockNumber(f[2], 'blkno');
        const sectors = sectorCount(f[3], 'bcount');
        if (!HEX.test(f[4])) throw new FieldError('flags', `${quote(f[4])} is not a hexadecimal flags word`);
        const read = (parseInt(f[4], 16) & 1) === 1;
        out.push(t, lbn, sectors, !read, NaN, lineNo);
      },
      finish(out, notes) {
        if (devices.size > 1) notes.push(`the trace names ${devices.size} device numbers (${[...devices].slice(0, 8).join(', ')}); every request is replayed on the one volume, by its blkno`);
        return out;
      },
    };
  },
};
