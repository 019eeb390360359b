/*
 * disksRead.ts — which disks of the volume an access reads, in words for the
 * stage's legend: a record sits inside one quadrangle, on one disk, so its
 * access marks and moves that disk's platter only; the sentence says so,
 * rather than leaving the idle platters to look like a fault.
 */
import type { AccessResult, Layout } from './protocol';

/** The access in words: "record 1000", "column 2 of records 1000…1015". */
export function accessName(result: Pick<AccessResult, 'params' | 'row' | 'column' | 'scan'>): string {
  return result.params.access === 'row' ? `record ${result.row}` : `column ${result.column} of records ${result.row}…${result.row + result.scan - 1}`;
}

/** The disks (ascending) holding the cells `layout` reads in `result`. */
export function disksRead(result: Pick<AccessResult, 'runs'>, layout: Layout): number[] {
  const run = result.runs.find((r) => r.layout === layout);
  if (!run) return [];
  return [...new Set(run.cells.filter((c) => c.accessed).map((c) => c.disk))].sort((a, b) => a - b);
}

const diskList = (disks: readonly number[]): string =>
  disks.length === 1 ? `disk ${disks[0]}` : `disks ${disks.slice(0, -1).join(', ')} and ${disks[disks.length - 1]}`;

/**
 * The legend's sentence for the layouts on the stage: which disks the access reads under each,
 * and that the others stay unmarked; empty when every layout reads every disk.
 */
export function disksReadNote(result: Pick<AccessResult, 'runs' | 'params' | 'row' | 'column' | 'scan'>, layouts: readonly Layout[], names: Record<Layout, string>): string {
  const p = result.params.p;
  const name = accessName(result);
  const what = name[0].toUpperCase() + name.slice(1);
  const read = layouts.map((l) => ({ l, disks: disksRead(result, l) })).filter((x) => x.disks.length > 0);
  if (!read.length || read.every((x) => x.disks.length === p)) return '';
  const same = read.every((x) => x.disks.join() === read[0].disks.join());
  const where = same
    ? `${what}'s cells lie on ${diskList(read[0].disks)} under ${read.length === layouts.length && layouts.length > 1 ? 'every layout shown' : names[read[0].l]}`
    : `${what}'s cells lie on ${read.map((x) => `${diskList(x.disks)} under ${names[x.l]}`).join('; ')}`;
  return `${where}: only those platters carry marks; the other disks' heads stay idle.`;
}
