/*
 * setup.ts — the system-level traxtent page's setup and its URL form:
 * #traxsystem?view=video&disk=quantum-atlas-10k-ii&adapter=paper&sched=sptf&io=1&vmin=10&vmax=80&vstep=5&rounds=1000&frac=0.9999&rate=4&disks=10&round=500&u=0.8&maxtr=6&pts=14&n=1000&fmb=512&cmb=1024&out=per-stream&cblk=32&sect=0&seed=1
 * One field table read by the shared table-driven codec (web/state/fields.ts):
 * a bad value falls back to its default and the page names the field.
 */
import { MAX_SAFE, flatCodec, int, num, oneOf, type FieldSpec, type Problem } from '../../state/fields';
import { adapterField, type Adapter } from '../../experiments/adapter';
import { OUTSTANDING, type Outstanding } from './ffs';
import { VIDEO_SCHEDULERS, type FfsParams, type LfsParams, type Scheduler, type VideoParams } from './protocol';

export type View = 'video' | 'lfs' | 'ffs';

export interface SysSetup {
  view: View;
  disk: string;
  adapter: Adapter;
  sched: Scheduler;
  io: number;
  vmin: number;
  vmax: number;
  vstep: number;
  rounds: number;
  frac: number;
  rate: number;
  disks: number;
  round: number;
  u: number;
  maxtr: number;
  pts: number;
  n: number;
  fmb: number;
  cmb: number;
  out: Outstanding;
  cblk: number;
  sect: number;
  seed: number;
}

export const SYS_FIELDS: readonly FieldSpec<'sys'>[] = [
  { path: 'view', key: 'view', label: 'View', kind: oneOf(['video', 'lfs', 'ffs']), def: 'video', group: 'sys' },
  { path: 'disk', key: 'disk', label: 'Disk preset', kind: { type: 'id' }, def: 'quantum-atlas-10k-ii', group: 'sys' },
  adapterField('sys'),
  { path: 'sched', key: 'sched', label: 'Disk scheduler', kind: oneOf(VIDEO_SCHEDULERS), def: 'sptf', group: 'sys' },
  { path: 'io', key: 'io', label: 'I/O size (tracks)', kind: int(1, 16), def: 1, group: 'sys' },
  { path: 'vmin', key: 'vmin', label: 'Fewest streams', kind: int(1, 200), def: 10, group: 'sys' },
  { path: 'vmax', key: 'vmax', label: 'Most streams', kind: int(1, 200), def: 80, group: 'sys' },
  { path: 'vstep', key: 'vstep', label: 'Streams step', kind: int(1, 50), def: 5, group: 'sys' },
  { path: 'rounds', key: 'rounds', label: 'Rounds per point', kind: int(10, 100000), def: 1000, group: 'sys' },
  { path: 'frac', key: 'frac', label: 'Deadlines met', kind: num(0.5, 1), def: 0.9999, group: 'sys' },
  { path: 'rate', key: 'rate', label: 'Bit rate (Mb/s)', kind: num(0.01, 1000), def: 4, group: 'sys' },
  { path: 'disks', key: 'disks', label: 'Disks', kind: int(1, 1000), def: 10, group: 'sys' },
  { path: 'round', key: 'round', label: 'Round time (ms)', kind: num(1, 1e6), def: 500, group: 'sys' },
  { path: 'u', key: 'u', label: 'Cleaned-segment utilisation', kind: num(0, 0.99), def: 0.8, group: 'sys' },
  { path: 'maxtr', key: 'maxtr', label: 'Largest segment (tracks)', kind: int(1, 64), def: 6, group: 'sys' },
  { path: 'pts', key: 'pts', label: 'Segment sizes', kind: int(2, 100), def: 14, group: 'sys' },
  { path: 'n', key: 'n', label: 'Segment writes per point', kind: int(10, 100000), def: 1000, group: 'sys' },
  { path: 'fmb', key: 'fmb', label: 'Diff: each file (MB)', kind: int(1, 8192), def: 512, group: 'sys' },
  { path: 'cmb', key: 'cmb', label: 'Copy: the file (MB)', kind: int(1, 8192), def: 1024, group: 'sys' },
  { path: 'out', key: 'out', label: 'Requests at the disk', kind: oneOf(OUTSTANDING), def: 'per-stream', group: 'sys' },
  { path: 'cblk', key: 'cblk', label: 'Unmodified FFS cluster (8 KB blocks)', kind: int(1, 128), def: 32, group: 'sys' },
  { path: 'sect', key: 'sect', label: 'File sections (MB)', kind: int(0, 4096), def: 0, group: 'sys', help: '0 = the second file after the first; N = the two files in alternating N MB sections' },
  { path: 'seed', key: 'seed', label: 'Seed', kind: int(0, MAX_SAFE), def: 1, group: 'sys' },
];

const codec = flatCodec<SysSetup>(SYS_FIELDS);

export const DEFAULT_SYS: SysSetup = codec.defaults();

/** Parses the part after '#traxsystem?' (or a whole hash); `disks` are the known preset ids. */
export function decodeSysSetup(hash: string, disks: readonly string[]): { setup: SysSetup; problems: Problem[] } {
  const q = hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '';
  const r = codec.decode(q, { disk: disks });
  if (r.setup.vmax < r.setup.vmin) {
    r.problems.push({ field: 'vmax', message: `Most streams: ${r.setup.vmax} is below the fewest (${r.setup.vmin})`, used: String(r.setup.vmin) });
    r.setup = { ...r.setup, vmax: r.setup.vmin };
  }
  return r;
}

export function encodeSysSetup(s: SysSetup): string {
  return `#traxsystem?${codec.encode(s)}`;
}

/** The worker call's arguments for the video view (the page and the tests build them here). */
export function videoParams(s: SysSetup, preset: unknown): VideoParams {
  return {
    preset, adapter: s.adapter, scheduler: s.sched, ioTracks: s.io, vMin: s.vmin, vMax: s.vmax, vStep: s.vstep,
    rounds: s.rounds, fraction: s.frac, seed: s.seed, bitRateMbps: s.rate, disks: s.disks, roundMs: s.round,
  };
}

/** The worker call's arguments for the LFS view. */
export function lfsParams(s: SysSetup, preset: unknown): LfsParams {
  return { preset, adapter: s.adapter, utilisation: s.u, maxTracks: s.maxtr, points: s.pts, n: s.n, seed: s.seed };
}

/** The worker call's arguments for the FFS view. */
export function ffsParams(s: SysSetup, preset: unknown): FfsParams {
  return { preset, adapter: s.adapter, diffMB: s.fmb, copyMB: s.cmb, outstanding: s.out, clusterBlocks: s.cblk, sectionMB: s.sect, seed: s.seed };
}
