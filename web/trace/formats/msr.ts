/*
 * msr.ts — the MSR Cambridge block traces as SNIA's IOTTA repository
 * publishes them: CSV, `Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime`,
 * Timestamp and ResponseTime in Windows filetime units (100 ns; the
 * timestamps are near 1.3e17, past 2^53, so they are read as BigInt),
 * Type Read or Write, Offset and Size in bytes. LBN = Offset / 512, sectors =
 * Size / 512 rounded up. A header line is allowed.
 */
import { bytesBig, FieldError, quote } from '../fields';
import { cells, expectFields, type FormatSpec, type LineParser } from './format';

const LOOKS = /^\s*\d+\s*,[^,]*,\s*\d+\s*,\s*(?:Read|Write)\s*,\s*\d+\s*,\s*\d+\s*,\s*\d+\s*$/i;
const HEADER = /^\s*timestamp\s*,\s*hostname\s*,/i;
const SECTOR = 512n;

export const msr: FormatSpec = {
  id: 'msr',
  hasService: true,
  looks: (first) => LOOKS.test(first) || HEADER.test(first),
  isHeader: (first) => HEADER.test(first),
  create(): LineParser {
    let t0: bigint | undefined;
    let unaligned = 0;
    const disks = new Set<string>();
    return {
      line(text, lineNo, out) {
        const f = cells(text);
        expectFields(f, 7, 'Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime');
        const ts = bytesBig(f[0], 'Timestamp');
        const type = f[3].toLowerCase();
        if (type !== 'read' && type !== 'write') throw new FieldError('Type', `${quote(f[3])} is neither Read nor Write`);
        const offset = bytesBig(f[4], 'Offset');
        const size = bytesBig(f[5], 'Size');
        if (size === 0n) throw new FieldError('Size', `${quote(f[5])} is not a positive number of bytes`);
        const resp = bytesBig(f[6], 'ResponseTime');
        if (offset % SECTOR !== 0n || size % SECTOR !== 0n) unaligned++;
        const lbnBig = offset / SECTOR;
        const sectorsBig = (size + SECTOR - 1n) / SECTOR;
        if (lbnBig > BigInt(Number.MAX_SAFE_INTEGER)) throw new FieldError('Offset', `${quote(f[4])} is past the largest block the importer keeps exactly`);
        if (sectorsBig > 0x7fffffffn) throw new FieldError('Size', `${quote(f[5])} bytes is more than one request can hold`);
        if (disks.size < 64) disks.add(`${f[1]}/${f[2]}`);
        t0 ??= ts;
        // 100 ns ticks → ms; the difference from the first request is small enough for a double.
        const ms = Number(ts - t0) / 1e4;
        out.push(ms, Number(lbnBig), Number(sectorsBig), type === 'write', Number(resp) / 1e4, lineNo);
      },
      finish(out, notes) {
        if (unaligned) notes.push(`${unaligned.toLocaleString('en')} request${unaligned === 1 ? ' is' : 's are'} not 512-byte aligned: rounded out to whole sectors`);
        if (disks.size > 1) notes.push(`the trace names ${disks.size} disks (${[...disks].slice(0, 6).join(', ')}); every request is replayed on the one volume`);
        return out;
      },
    };
  },
};
