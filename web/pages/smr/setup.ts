/*
 * setup.ts — the shingled-drive page's setup and its URL form:
 * #smr?pat=random&n=540&mc=1&clean=1000&wc=off&reg=0&seed=1&sw=2000&sb=256&ops=w2@0:2048,w2@4096:8
 * One field table read by the same table-driven codec as every setup
 * (web/state/fields.ts); the shingling fields take their ranges from the
 * engine's smr table. `ops` is the host-managed drive's command list,
 * read here item by item. Nothing throws: a bad value falls back and the
 * problem names its field and what was used instead.
 */
import { MAX_SAFE, flatCodec, int, num, oneOf, quoteRaw, type FieldSpec, type Problem } from '../../state/fields';
import { engineParam, paramKind } from '../../state/engineParams';
import { wordsOf } from '../../../engine-wasm/binding/constants';
import { MAX_ZONE_OPS, WRITE_CACHE_CHOICES, WRITE_PATTERNS, type DriveParams, type SweepParams, type WriteCacheChoice, type WritePattern, type ZoneOp } from './protocol';

/** The drives of the page (presets/disks/). */
export const DM_PRESET = 'seagate-st5000as0011-smr';
export const HM_PRESET = 'hgst-ultrastar-hs14-smr';

export interface SmrSetup {
  pat: WritePattern;
  n: number;
  /** Media cache tracks; the drive's idle delay before cleaning (ms, -1 never); the write cache. */
  mc: number;
  clean: number;
  wc: WriteCacheChoice;
  /** The region written, MB from the drive's start (0 = the whole drive). */
  reg: number;
  seed: number;
  /** The sweep: writes per point, mean writes per burst. */
  sw: number;
  sb: number;
}

const smr = (name: string) => engineParam('smr', name);

export const SMR_FIELDS: readonly FieldSpec<'smr'>[] = [
  { path: 'pat', key: 'pat', label: 'Writes', kind: oneOf(WRITE_PATTERNS), def: 'random', group: 'smr', help: '4 KB writes, one at a time: at random places, or one after another' },
  { path: 'n', key: 'n', label: 'Writes per drive', kind: int(10, 20000), def: 540, group: 'smr' },
  // At most 2,000 tracks (3.9 GB at the outer zone): the scaled drive has 24,000, and its bands must keep most of them.
  { path: 'mc', key: 'mc', label: 'Media cache', kind: int(1, Math.min(2000, smr('conventional_tracks').hi)), def: 1, group: 'smr', help: "tracks at the outer edge (3,800 sectors, 1.9 MB each); the preset's 82 (160 MB) take about 39,000 random writes to fill" },
  { path: 'clean', key: 'clean', label: 'Clean after idle', kind: paramKind(smr('clean_idle_ms')), def: 1000, group: 'smr', help: 'ms the drive waits idle before it cleans; -1: never in idle time, only when the cache is full' },
  { path: 'wc', key: 'wc', label: 'Volatile write cache', kind: oneOf(WRITE_CACHE_CHOICES), def: 'off', group: 'smr', help: "off: a write is reported once on the platter; preset: the drive's 32 MB buffer reports it at once" },
  // At most 28,000 MB: the host capacity with the largest media cache allowed.
  { path: 'reg', key: 'reg', label: 'Region', kind: num(0, 28000), def: 0, group: 'smr', help: 'MB from the start of the drive the writes fall in (0 = the whole drive)' },
  { path: 'seed', key: 'seed', label: 'Seed', kind: int(0, MAX_SAFE), def: 1, group: 'smr' },
  { path: 'sw', key: 'sw', label: 'What-if: writes per point', kind: int(100, 20000), def: 2000, group: 'smr', help: 'and twice what the media cache holds, so it fills (at most 20,000)' },
  { path: 'sb', key: 'sb', label: 'What-if: writes per burst', kind: int(1, 20000), def: 256, group: 'smr', help: 'mean; a burst arrives at once, then the host is idle' },
];

const codec = flatCodec<SmrSetup>(SMR_FIELDS);
export const DEFAULT_SMR_SETUP: SmrSetup = codec.defaults();
/** The host-managed commands a link opens with: a write at zone 2's pointer, then one past it (refused). */
export const DEFAULT_OPS: readonly ZoneOp[] = [
  { kind: 'write', zone: 2, offset: 0, sectors: 2048 },
  { kind: 'write', zone: 2, offset: 4096, sectors: 8 },
];

const ACTION_LETTER: Record<Exclude<ZoneOp['kind'], 'write'>, string> = { open: 'o', close: 'c', finish: 'f', reset: 'r' };
const OP_RE = /^(?:w(\d{1,6})@(\d{1,12}):(\d{1,6})|([ocfr])(\d{1,6}))$/;

export function formatOps(ops: readonly ZoneOp[]): string {
  return ops.map((o) => (o.kind === 'write' ? `w${o.zone}@${o.offset}:${o.sectors}` : `${ACTION_LETTER[o.kind]}${o.zone}`)).join(',');
}

/** The command list of a link; a bad item is named and dropped with the ones after it. */
export function parseOps(raw: string): { ops: ZoneOp[]; problems: Problem[] } {
  const ops: ZoneOp[] = [];
  if (raw === '') return { ops, problems: [] };
  const items = raw.split(',');
  for (const [i, item] of items.entries()) {
    const m = OP_RE.exec(item);
    const bad = !m ? 'is not a command: w<zone>@<offset>:<sectors> (a write), or o, c, f, r and a zone (open, close, finish, reset)'
      : i >= MAX_ZONE_OPS ? `is past the ${MAX_ZONE_OPS} commands a link may hold` : '';
    if (bad || !m) {
      return { ops, problems: [{ field: 'ops', message: `Zone commands: item ${i + 1}, ${quoteRaw(item)}, ${bad}`, used: ops.length ? `the ${ops.length} commands before it` : 'no commands' }] };
    }
    if (m[1] !== undefined) ops.push({ kind: 'write', zone: Number(m[1]), offset: Number(m[2]), sectors: Math.max(1, Number(m[3])) });
    else ops.push({ kind: wordsOf('ZoneAction').find((w) => ACTION_LETTER[w] === m[4])!, zone: Number(m[5]) });
  }
  return { ops, problems: [] };
}

/** Parses the part after '#smr?' (or a whole hash). */
export function decodeSmrSetup(hash: string): { setup: SmrSetup; ops: ZoneOp[]; problems: Problem[] } {
  const q = hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '';
  const params = new URLSearchParams(q);
  const rawOps = params.get('ops');
  params.delete('ops');
  const r = codec.decode(params.toString());
  const o = rawOps === null ? { ops: [...DEFAULT_OPS], problems: [] } : parseOps(rawOps);
  return { setup: r.setup, ops: o.ops, problems: [...r.problems, ...o.problems] };
}

/** The hash for a setup and its commands (every field written, so a link is explicit). */
export function encodeSmrSetup(s: SmrSetup, ops: readonly ZoneOp[]): string {
  return `#smr?${codec.encode(s)}&ops=${formatOps(ops)}`;
}

/** The worker's parameters of a setup: `preset` is the drive-managed preset's JSON. */
export function driveParams(s: SmrSetup, preset: unknown, sectorBytes: number): DriveParams {
  return {
    preset, pattern: s.pat, writes: s.n, cacheTracks: s.mc, cleanIdleMs: s.clean, writeCache: s.wc,
    regionSectors: Math.round((s.reg * 1e6) / sectorBytes), seed: s.seed,
  };
}

/** The what-if's axes: media cache tracks (1.9 MB each) and the host's mean idle time between bursts (ms). */
export const SWEEP_CACHE_TRACKS: readonly number[] = [1, 2, 4, 8, 16];
export const SWEEP_IDLE_MS: readonly number[] = [100, 2000, 10000];

export function sweepParams(s: SmrSetup, preset: unknown, sectorBytes: number): SweepParams {
  return { run: driveParams(s, preset, sectorBytes), cacheTracks: [...SWEEP_CACHE_TRACKS], idleMs: [...SWEEP_IDLE_MS], writes: s.sw, burst: s.sb };
}
