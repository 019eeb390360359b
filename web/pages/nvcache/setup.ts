/*
 * setup.ts — the NVCache experiment's setup and its URL form, after the
 * page's hash: #nvcache?disk=hitachi-travelstar-5k120&fq=1&nv=256&...&hs=clook&seed=1&n=1000
 * One field table (NV_FIELDS) read by the same table-driven codec as every
 * setup (web/state/fields.ts); the flash and host fields take their defaults
 * and ranges from the engine's parameter tables. Two checks span fields: the
 * low watermark may not be above the high one, and the FQueue may not be
 * larger than the NVCache it is pinned in. Nothing here throws: a bad value
 * falls back and the problem names its field and what was used instead.
 */
import { MAX_SAFE, flatCodec, int, num, oneOf, type FieldKind, type FieldSpec, type Problem } from '../../state/fields';
import { engineParam, paramKind } from '../../state/engineParams';
import type { EraseModeName, EstimatorName, HostSched, PatternName, RunParams, SizeDistName, SweepParams, WriteCacheChoice } from './protocol';
import { HOST_SCHEDS } from './protocol';
import { wordsOf } from '../../../engine-wasm/binding/constants';
import { mbToSectors } from './units';

export interface NvSetup {
  disk: string;
  wc: WriteCacheChoice;
  /** FQueue size (DRAM = flash), MB; and the NVCache it is pinned in, MB. */
  fq: number;
  nv: number;
  /** Flash: write time w0 (ms), per KB (ms), write performance factor, erase block (KB), endurance, erase accounting. */
  fw: number;
  fwk: number;
  wf: number;
  eb: number;
  end: number;
  erase: EraseModeName;
  hi: number;
  lo: number;
  est: EstimatorName;
  hs: HostSched;
  idle: boolean;
  /** Workload: pattern; arrivals per second (random); the desktop pattern's bursts and write locality; read fraction; sizes (sectors). */
  pat: PatternName;
  rate: number;
  burst: number;
  gap: number;
  idlems: number;
  near: number;
  nears: number;
  rd: number;
  dist: SizeDistName;
  size: number;
  smax: number;
  /** The region the requests fall in, MB from the disk's start (0 = the whole disk). */
  reg: number;
  seed: number;
  n: number;
}

const flash = (name: string) => engineParam('flash', name);
const work = (name: string) => engineParam('workload', name);
const host = (name: string) => engineParam('host', name);
const fromEngine = (name: string): FieldKind => paramKind(flash(name));

export const NV_FIELDS: readonly FieldSpec<'nvcache'>[] = [
  { path: 'disk', key: 'disk', label: 'Disk preset', kind: { type: 'id' }, def: 'hitachi-travelstar-5k120', group: 'nvcache' },
  { path: 'wc', key: 'wc', label: 'Disk write cache', kind: oneOf(['off', 'preset']), def: 'off', group: 'nvcache', help: "off: every write reaches the platter (as the paper measured); preset: the drive's own" },
  { path: 'fq', key: 'fq', label: 'FQueue size', kind: num(0, 4096), def: 1, group: 'nvcache', help: 'MB of DRAM and the same of flash' },
  { path: 'nv', key: 'nv', label: 'NVCache size', kind: num(0, 4096), def: 256, group: 'nvcache', help: 'MB of flash on the hybrid disk; the FQueue is pinned in it' },
  { path: 'fw', key: 'fw', label: 'Flash write time', kind: fromEngine('write_ms'), def: flash('write_ms').def, group: 'nvcache', help: 'ms per write (estimated from the paper\u2019s Fig. 2c)' },
  { path: 'fwk', key: 'fwk', label: 'Flash write time per KB', kind: fromEngine('write_ms_per_kb'), def: flash('write_ms_per_kb').def, group: 'nvcache', help: 'ms per KB' },
  { path: 'wf', key: 'wf', label: 'Flash write performance factor', kind: fromEngine('write_factor'), def: flash('write_factor').def, group: 'nvcache', help: 'write time divided by it (Fig. 11)' },
  { path: 'eb', key: 'eb', label: 'Erase block', kind: int(1, 1048576), def: flash('erase_block_bytes').def / 1024, group: 'nvcache', help: 'KB' },
  { path: 'end', key: 'end', label: 'Endurance', kind: fromEngine('endurance'), def: flash('endurance').def, group: 'nvcache', help: 'erase cycles per block' },
  { path: 'erase', key: 'erase', label: 'Erase accounting', kind: oneOf(wordsOf('EraseMode')), def: 'per-write', group: 'nvcache' },
  { path: 'hi', key: 'hi', label: 'High watermark', kind: paramKind(host('high_watermark')), def: host('high_watermark').def, group: 'nvcache', help: 'fraction of the FQueue where flushing starts' },
  { path: 'lo', key: 'lo', label: 'Low watermark', kind: paramKind(host('low_watermark')), def: host('low_watermark').def, group: 'nvcache', help: 'fraction flushing runs down to' },
  { path: 'est', key: 'est', label: 'Access-time estimator', kind: oneOf(wordsOf('Estimator')), def: 'mimic', group: 'nvcache' },
  { path: 'hs', key: 'hs', label: 'Request Queue scheduler', kind: oneOf(HOST_SCHEDS), def: 'clook', group: 'nvcache' },
  { path: 'idle', key: 'idle', label: 'Idle-time purge', kind: { type: 'bool' }, def: true, group: 'nvcache' },
  { path: 'pat', key: 'pat', label: 'Workload', kind: oneOf(['desktop', 'random'] satisfies PatternName[]), def: 'desktop', group: 'nvcache', help: 'desktop: on/off bursts, writes often near the previous one; random: uniform, Poisson arrivals' },
  { path: 'rate', key: 'rate', label: 'Arrival rate', kind: num(0.01, 10000), def: 10, group: 'nvcache', help: 'requests per second (random workload)' },
  { path: 'burst', key: 'burst', label: 'Requests per burst', kind: paramKind(work('burst_requests')), def: work('burst_requests').def, group: 'nvcache', help: 'mean (desktop workload)' },
  { path: 'gap', key: 'gap', label: 'Gap in a burst', kind: paramKind(work('burst_gap_ms')), def: work('burst_gap_ms').def, group: 'nvcache', help: 'ms, mean (desktop workload)' },
  { path: 'idlems', key: 'idlems', label: 'Idle between bursts', kind: paramKind(work('idle_ms')), def: work('idle_ms').def, group: 'nvcache', help: 'ms, mean (desktop workload)' },
  { path: 'near', key: 'near', label: 'Near writes', kind: paramKind(work('near_fraction')), def: work('near_fraction').def, group: 'nvcache', help: 'fraction of writes near the previous one (desktop workload)' },
  { path: 'nears', key: 'nears', label: 'Near reach', kind: paramKind(work('near_sectors')), def: work('near_sectors').def, group: 'nvcache', help: 'sectors (desktop workload)' },
  { path: 'rd', key: 'rd', label: 'Read fraction', kind: num(0, 0.95), def: 0.3, group: 'nvcache', help: 'below 1: the page is about writes' },
  { path: 'dist', key: 'dist', label: 'Size distribution', kind: oneOf(wordsOf('SizeDist')), def: 'exponential', group: 'nvcache' },
  { path: 'size', key: 'size', label: 'Request size', kind: int(1, 65536), def: 16, group: 'nvcache', help: 'sectors: the mean (exponential), the smallest (uniform) or the size (fixed)' },
  { path: 'smax', key: 'smax', label: 'Largest request', kind: int(1, 65536), def: 256, group: 'nvcache', help: 'sectors (exponential and uniform)' },
  { path: 'reg', key: 'reg', label: 'Region', kind: num(0, 1e7), def: 0, group: 'nvcache', help: 'MB of the disk the requests fall in, from its start (0 = the whole disk)' },
  { path: 'seed', key: 'seed', label: 'Seed', kind: int(0, MAX_SAFE), def: 1, group: 'nvcache' },
  { path: 'n', key: 'n', label: 'Requests', kind: int(10, 20000), def: 1000, group: 'nvcache' },
];

const codec = flatCodec<NvSetup>(NV_FIELDS);
const label = (path: keyof NvSetup) => NV_FIELDS.find((f) => f.path === path)!.label;

export const DEFAULT_NV_SETUP: NvSetup = codec.defaults();

/** The checks that span fields; each problem names the field changed and what was used. */
export function crossCheck(s: NvSetup): { setup: NvSetup; problems: Problem[] } {
  const out = { ...s };
  const problems: Problem[] = [];
  if (out.lo > out.hi) {
    problems.push({ field: 'hi', message: `${label('hi')}: ${out.hi} is below the low watermark ${out.lo}; the high watermark must be at least the low one`, used: `high ${DEFAULT_NV_SETUP.hi}, low ${Math.min(out.lo, DEFAULT_NV_SETUP.hi)}` });
    out.hi = DEFAULT_NV_SETUP.hi;
    out.lo = Math.min(out.lo, out.hi);
  }
  if (out.fq > out.nv) {
    problems.push({ field: 'fq', message: `${label('fq')}: ${out.fq} MB is larger than the NVCache (${out.nv} MB); the flash FQueue is pinned in the NVCache`, used: `${out.nv} MB (the whole NVCache)` });
    out.fq = out.nv;
  }
  if (out.dist !== 'fixed' && out.smax < out.size) {
    problems.push({ field: 'smax', message: `${label('smax')}: ${out.smax} sectors is below the smallest request (${out.size})`, used: `${out.size} sectors` });
    out.smax = out.size;
  }
  return { setup: out, problems };
}

/** Parses the part after '#nvcache?' (or a whole hash); `disks` are the known preset ids. */
export function decodeNvSetup(hash: string, disks: readonly string[]): { setup: NvSetup; problems: Problem[] } {
  const q = hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '';
  const r = codec.decode(q, { disk: disks });
  const c = crossCheck(r.setup);
  return { setup: c.setup, problems: [...r.problems, ...c.problems] };
}

/** The hash for a setup (every field written, so a link is explicit). */
export function encodeNvSetup(s: NvSetup): string {
  return `#nvcache?${codec.encode(s)}`;
}

/** The bridge parameters of a setup: `preset` is the disk preset's JSON, `sectorBytes` its sector size. */
export function runParams(s: NvSetup, preset: unknown, sectorBytes: number): RunParams {
  return {
    preset, writeCache: s.wc, fqSectors: mbToSectors(s.fq, sectorBytes),
    flash: {
      writeMs: s.fw, writeMsPerKb: s.fwk, writeFactor: s.wf, readMs: flash('read_ms').def, readMsPerKb: flash('read_ms_per_kb').def,
      pinMs: flash('pin_ms').def, eraseBlockBytes: s.eb * 1024, endurance: s.end, eraseMode: s.erase,
    },
    sched: s.hs, estimator: s.est, high: s.hi, low: s.lo, idlePurge: s.idle,
    workload: {
      pattern: s.pat, sizeDist: s.dist, ratePerS: s.rate, count: s.n, readFraction: s.rd, sizeSectors: s.size,
      sizeMaxSectors: s.dist === 'fixed' ? s.size : s.smax, regionFirst: 0, regionSectors: mbToSectors(s.reg, sectorBytes),
      burstRequests: s.burst, burstGapMs: s.gap, idleMs: s.idlems, nearFraction: s.near, nearSectors: s.nears,
    },
    seed: s.seed,
  };
}

/** The FQueue sizes of the sweep (MB, the paper's log axis 0.01–100) and its schedulers (Fig. 7's three panels). */
export const SWEEP_SIZES_MB: readonly number[] = [0.01, 0.03, 0.1, 0.3, 1, 3, 10, 30, 100];

export function sweepParams(s: NvSetup, preset: unknown, sectorBytes: number): SweepParams {
  return { base: runParams(s, preset, sectorBytes), sizesMb: [...SWEEP_SIZES_MB], scheds: [...HOST_SCHEDS] };
}
