/*
 * setup.ts — the explorer's setup: everything needed to reproduce a run
 * (disk preset + overrides, workload, scheduler, queue depth, cache, seed,
 * view), as one typed value with defaults and field-level validation.
 *
 * One table (FIELDS) drives everything: each field has its path in the
 * Setup, its short URL key, its label, its kind and range, and its default.
 * The URL codec, the JSON save/load and the parameter editor all read it, so
 * a new field cannot silently skip the URL. Pure functions only: no DOM, no
 * engine; helper-4's property tests and the worker use the same code.
 *
 * The defaults of a version are frozen: a link written by version 1 omits
 * fields equal to version 1's defaults, so changing a default means a new
 * version (and a migration in restoreSetup).
 */

import { SCHEDULERS, WRITE_CACHES } from './diskPreset';

export const SETUP_VERSION = 1;

/** The same names a disk preset uses (one list: diskPreset.ts). */
export const SCHEDULER_NAMES = SCHEDULERS;
export const ARRIVAL_NAMES = ['closed', 'open'] as const;
export const PATTERN_NAMES = ['random', 'sequential'] as const;
export const SIZE_DIST_NAMES = ['fixed', 'uniform', 'exponential'] as const;
export const ALIGN_NAMES = ['none', 'track'] as const;
export const READ_AHEAD_NAMES = ['none', 'track-end', 'continue'] as const;
export const WRITE_CACHE_NAMES = WRITE_CACHES;
export const TAB_NAMES = ['stats', 'setup', 'disk'] as const;

export type SchedulerName = (typeof SCHEDULER_NAMES)[number];
export type ArrivalName = (typeof ARRIVAL_NAMES)[number];
export type PatternName = (typeof PATTERN_NAMES)[number];
export type SizeDistName = (typeof SIZE_DIST_NAMES)[number];
export type AlignName = (typeof ALIGN_NAMES)[number];
export type ReadAheadName = (typeof READ_AHEAD_NAMES)[number];
export type WriteCacheName = (typeof WRITE_CACHE_NAMES)[number];
export type TabName = (typeof TAB_NAMES)[number];

/** Disk parameters that may override the preset's; absent = the preset's value. */
export interface DiskOverrides {
  rpm?: number;
  headSwitchMs?: number;
  cylSwitchMs?: number;
  writeSettleMs?: number;
  zeroLatency?: boolean;
  readOverheadMs?: number;
  writeOverheadMs?: number;
  busMsPerSector?: number;
  readFenceSectors?: number;
}

/** Cache parameters that may override the preset's; absent = the preset's value. */
export interface CacheOverrides {
  segments?: number;
  segmentSectors?: number;
  readAhead?: ReadAheadName;
  writeCache?: WriteCacheName;
}

/** The synthetic workload (sp_workload_set), in the engine's terms. */
export interface Workload {
  count: number;
  arrivals: ArrivalName;
  outstanding: number;
  thinkMs: number;
  ratePerS: number;
  pattern: PatternName;
  sizeDist: SizeDistName;
  sizeSectors: number;
  /** Uniform: the maximum; exponential: a cap; 0 = none (the size itself). */
  sizeMaxSectors: number;
  /** > 0: the size is this many times the start track's LBN count. */
  sizeTracks: number;
  readFraction: number;
  regionFirstLbn: number;
  /** 0 = to the end of the disk. */
  regionLbns: number;
  align: AlignName;
}

/** How the page shows the run; part of a shared link, never of the engine's input. */
export interface View {
  tab: TabName;
  /** Slow motion: simulated time runs 1/slow of real time (1 = real time). */
  slow: number;
}

export interface Setup {
  preset: string;
  disk: DiskOverrides;
  cache: CacheOverrides;
  scheduler: SchedulerName;
  queueDepth: number;
  workload: Workload;
  seed: number;
  view: View;
}

export type FieldKind =
  | { type: 'int'; min: number; max: number }
  | { type: 'num'; min: number; max: number; exclusiveMin?: boolean }
  | { type: 'enum'; values: readonly string[] }
  | { type: 'bool' }
  | { type: 'id' };

export type FieldValue = number | string | boolean;

export interface FieldSpec {
  /** Path in the Setup, e.g. "workload.count". */
  path: string;
  /** Key in the URL's query string, e.g. "n". */
  key: string;
  /** What the editor and messages call it. */
  label: string;
  kind: FieldKind;
  /** The default; undefined for an override (absent = the preset's value). */
  def: FieldValue | undefined;
  /** Which editor group it belongs to. */
  group: 'disk' | 'cache' | 'queue' | 'workload' | 'run' | 'view';
  help?: string;
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

const int = (min: number, max: number): FieldKind => ({ type: 'int', min, max });
const num = (min: number, max: number, exclusiveMin = false): FieldKind => ({ type: 'num', min, max, exclusiveMin });
const oneOf = (values: readonly string[]): FieldKind => ({ type: 'enum', values });

/** Every field of a Setup, in the order the URL writes them. */
export const FIELDS: readonly FieldSpec[] = [
  { path: 'preset', key: 'disk', label: 'Disk preset', kind: { type: 'id' }, def: 'hp-c2200a', group: 'disk' },
  { path: 'seed', key: 'seed', label: 'Seed', kind: int(0, MAX_SAFE), def: 1, group: 'run',
    help: 'the random seed of the workload: the same seed gives the same run' },
  { path: 'workload.count', key: 'n', label: 'Requests', kind: int(1, 1_000_000), def: 200, group: 'workload' },
  { path: 'workload.arrivals', key: 'arrive', label: 'Arrivals', kind: oneOf(ARRIVAL_NAMES), def: 'closed', group: 'workload',
    help: 'closed: a fixed number outstanding; open: Poisson arrivals at a rate' },
  { path: 'workload.outstanding', key: 'out', label: 'Outstanding requests', kind: int(1, 1024), def: 1, group: 'workload',
    help: 'closed arrivals: requests always in flight (1 = onereq, 2 = tworeq)' },
  { path: 'workload.thinkMs', key: 'think', label: 'Think time (ms)', kind: num(0, 1e6), def: 0, group: 'workload' },
  { path: 'workload.ratePerS', key: 'rate', label: 'Arrival rate (per s)', kind: num(0, 1e6, true), def: 50, group: 'workload' },
  { path: 'workload.pattern', key: 'pattern', label: 'Pattern', kind: oneOf(PATTERN_NAMES), def: 'random', group: 'workload' },
  { path: 'workload.sizeDist', key: 'dist', label: 'Size distribution', kind: oneOf(SIZE_DIST_NAMES), def: 'fixed', group: 'workload' },
  { path: 'workload.sizeSectors', key: 'size', label: 'Size (sectors)', kind: num(1, 65536), def: 8, group: 'workload',
    help: 'fixed size, uniform minimum, or exponential mean' },
  { path: 'workload.sizeMaxSectors', key: 'max', label: 'Maximum size (sectors)', kind: int(0, 65536), def: 0, group: 'workload',
    help: 'uniform maximum or exponential cap; 0 = none' },
  { path: 'workload.sizeTracks', key: 'tracks', label: 'Size in tracks', kind: num(0, 1024), def: 0, group: 'workload',
    help: '> 0: each request is this many times its start track\'s length' },
  { path: 'workload.readFraction', key: 'read', label: 'Read fraction', kind: num(0, 1), def: 1, group: 'workload' },
  { path: 'workload.regionFirstLbn', key: 'from', label: 'Region start (LBN)', kind: int(0, MAX_SAFE), def: 0, group: 'workload' },
  { path: 'workload.regionLbns', key: 'len', label: 'Region length (LBNs)', kind: int(0, MAX_SAFE), def: 0, group: 'workload',
    help: '0 = to the end of the disk' },
  { path: 'workload.align', key: 'align', label: 'Alignment', kind: oneOf(ALIGN_NAMES), def: 'none', group: 'workload',
    help: 'track: every request starts on a track boundary' },
  { path: 'scheduler', key: 'sched', label: 'Scheduler', kind: oneOf(SCHEDULER_NAMES), def: 'fcfs', group: 'queue' },
  { path: 'queueDepth', key: 'qd', label: 'Queue depth', kind: int(1, 1024), def: 1, group: 'queue',
    help: 'commands the disk holds at once; the rest wait in the host queue' },
  { path: 'disk.rpm', key: 'rpm', label: 'Rotation speed (RPM)', kind: num(0, 100_000, true), def: undefined, group: 'disk' },
  { path: 'disk.headSwitchMs', key: 'hsw', label: 'Head switch (ms)', kind: num(0, 1e4), def: undefined, group: 'disk' },
  { path: 'disk.cylSwitchMs', key: 'csw', label: 'Cylinder switch (ms)', kind: num(0, 1e4), def: undefined, group: 'disk' },
  { path: 'disk.writeSettleMs', key: 'wsettle', label: 'Write settle (ms)', kind: num(0, 1e4), def: undefined, group: 'disk' },
  { path: 'disk.zeroLatency', key: 'zl', label: 'Zero-latency access', kind: { type: 'bool' }, def: undefined, group: 'disk' },
  { path: 'disk.readOverheadMs', key: 'rover', label: 'Read overhead (ms)', kind: num(0, 1e4), def: undefined, group: 'disk' },
  { path: 'disk.writeOverheadMs', key: 'wover', label: 'Write overhead (ms)', kind: num(0, 1e4), def: undefined, group: 'disk' },
  { path: 'disk.busMsPerSector', key: 'bus', label: 'Bus time per sector (ms)', kind: num(0, 1e4), def: undefined, group: 'disk' },
  { path: 'disk.readFenceSectors', key: 'fence', label: 'Read fence (sectors)', kind: int(0, 1 << 24), def: undefined, group: 'disk' },
  { path: 'cache.segments', key: 'segs', label: 'Cache segments', kind: int(0, 64), def: undefined, group: 'cache',
    help: '0 disables the read cache' },
  { path: 'cache.segmentSectors', key: 'segsize', label: 'Segment size (sectors)', kind: int(0, 1 << 24), def: undefined, group: 'cache' },
  { path: 'cache.readAhead', key: 'ra', label: 'Read-ahead', kind: oneOf(READ_AHEAD_NAMES), def: undefined, group: 'cache' },
  { path: 'cache.writeCache', key: 'wc', label: 'Write cache', kind: oneOf(WRITE_CACHE_NAMES), def: undefined, group: 'cache',
    help: 'immediate: writes are reported once in the buffer' },
  { path: 'view.tab', key: 'tab', label: 'Side panel', kind: oneOf(TAB_NAMES), def: 'stats', group: 'view',
    help: 'what the right-hand column shows: statistics, the setup editor or the disk' },
  { path: 'view.slow', key: 'slow', label: 'Slow motion (×)', kind: int(1, 100_000), def: 100, group: 'view',
    help: 'simulated time runs this many times slower than real time' },
];

export const FIELD_BY_PATH: ReadonlyMap<string, FieldSpec> = new Map(FIELDS.map((f) => [f.path, f]));
export const FIELD_BY_KEY: ReadonlyMap<string, FieldSpec> = new Map(FIELDS.map((f) => [f.key, f]));

/** An error in one field: its path and a message that names it. */
export interface FieldError {
  field: string;
  message: string;
}

/** What validation needs to know beyond the setup itself; all optional. */
export interface SetupContext {
  /** Preset ids that exist (presets/disks/*.json). */
  presetIds?: readonly string[];
  /** LBNs of the chosen disk, when known (checks the workload's region). */
  capacity?: number;
}

/** A fresh copy of the default setup. */
export function defaultSetup(): Setup {
  const s = { disk: {}, cache: {}, workload: {}, view: {} } as Setup;
  for (const f of FIELDS) if (f.def !== undefined) setPath(s, f.path, f.def);
  return s;
}

/** The value at a field's path (undefined for an absent override). */
export function getField(setup: Setup, path: string): FieldValue | undefined {
  const [a, b] = path.split('.');
  const top = (setup as unknown as Record<string, unknown>)[a];
  if (b === undefined) return top as FieldValue | undefined;
  return (top as Record<string, FieldValue | undefined> | undefined)?.[b];
}

/** A copy of the setup with one field changed (undefined removes an override). */
export function withField(setup: Setup, path: string, value: FieldValue | undefined): Setup {
  const copy = cloneSetup(setup);
  setPath(copy, path, value);
  return copy;
}

export function cloneSetup(s: Setup): Setup {
  return {
    preset: s.preset, disk: { ...s.disk }, cache: { ...s.cache }, scheduler: s.scheduler, queueDepth: s.queueDepth,
    workload: { ...s.workload }, seed: s.seed, view: { ...s.view },
  };
}

function setPath(s: Setup, path: string, value: FieldValue | undefined): void {
  const [a, b] = path.split('.');
  const root = s as unknown as Record<string, unknown>;
  if (b === undefined) {
    root[a] = value;
    return;
  }
  const obj = (root[a] ??= {}) as Record<string, unknown>;
  if (value === undefined) delete obj[b];
  else obj[b] = value;
}

/** Two setups are equal field by field (overrides absent in both count as equal). */
export function sameSetup(a: Setup, b: Setup): boolean {
  return FIELDS.every((f) => getField(a, f.path) === getField(b, f.path));
}

/** Same engine input: equal in every field but the view's. */
export function sameRun(a: Setup, b: Setup): boolean {
  return FIELDS.every((f) => f.group === 'view' || getField(a, f.path) === getField(b, f.path));
}

// ---------------------------------------------------------------------------
// Values: parsing (from a URL string or a JSON value) and checking
// ---------------------------------------------------------------------------

export type Checked = { ok: true; value: FieldValue } | { ok: false; message: string };

const NUMBER_RE = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const ID_RE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Thin grouping for messages: 1000000 -> "1 000 000". */
function show(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Number.isInteger(n) && Math.abs(n) >= 10000 && Math.abs(n) < 1e16) {
    return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  }
  return String(n);
}

/** A raw value as it may appear in a message: quoted, short, no control characters. */
export function quoteRaw(raw: unknown): string {
  if (raw === undefined) return 'nothing';
  if (raw === null) return 'null';
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  if (typeof raw !== 'string') return Array.isArray(raw) ? 'a list' : 'an object';
  // eslint-disable-next-line no-control-regex
  const clean = raw.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return JSON.stringify(clean.length > 40 ? `${clean.slice(0, 40)}…` : clean);
}

/** What a kind accepts, in words: "a whole number from 1 to 1 000 000". */
export function describeKind(kind: FieldKind): string {
  switch (kind.type) {
    case 'int': return `a whole number from ${show(kind.min)} to ${show(kind.max)}`;
    case 'num': return kind.exclusiveMin ? `a number above ${show(kind.min)}, at most ${show(kind.max)}` : `a number from ${show(kind.min)} to ${show(kind.max)}`;
    case 'enum': return `one of ${kind.values.join(', ')}`;
    case 'bool': return '1 (on) or 0 (off)';
    case 'id': return 'a preset id (lower-case words joined by "-")';
  }
}

/**
 * Checks a raw value for a field: a string (from a URL or an input box) or a
 * JSON value. Never throws; the message says what was wrong and what is allowed.
 */
export function checkValue(spec: FieldSpec, raw: unknown): Checked {
  const k = spec.kind;
  const want = describeKind(k);
  const bad = (why: string): Checked => ({ ok: false, message: `${spec.label}: ${why}; enter ${want}` });
  switch (k.type) {
    case 'int':
    case 'num': {
      let v: number;
      if (typeof raw === 'number') v = raw;
      else if (typeof raw === 'string') {
        const t = raw.trim();
        if (t === '') return bad('empty');
        if (!NUMBER_RE.test(t)) return bad(`${quoteRaw(raw)} is not a number`);
        v = Number(t);
      } else return bad(`${quoteRaw(raw)} is not a number`);
      if (!Number.isFinite(v)) return bad(`${quoteRaw(raw)} is not a finite number`);
      if (k.type === 'int' && !Number.isInteger(v)) return bad(`${show(v)} is not a whole number`);
      if (v < k.min || (k.type === 'num' && k.exclusiveMin && v <= k.min)) return bad(`${show(v)} is too small`);
      if (v > k.max) return bad(`${show(v)} is too large`);
      return { ok: true, value: v === 0 ? 0 : v };   // no -0
    }
    case 'enum': {
      if (typeof raw === 'string' && k.values.includes(raw)) return { ok: true, value: raw };
      return bad(`${quoteRaw(raw)} is not a known value`);
    }
    case 'bool': {
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      if (raw === '1' || raw === 'true' || raw === 1) return { ok: true, value: true };
      if (raw === '0' || raw === 'false' || raw === 0) return { ok: true, value: false };
      return bad(`${quoteRaw(raw)} is not on or off`);
    }
    case 'id': {
      if (typeof raw === 'string' && raw.length <= 64 && ID_RE.test(raw)) return { ok: true, value: raw };
      return bad(`${quoteRaw(raw)} is not a preset id`);
    }
  }
}

/** A field's value as the URL writes it. */
export function encodeValue(spec: FieldSpec, value: FieldValue): string {
  if (spec.kind.type === 'bool') return value ? '1' : '0';
  return String(value);
}

/** A field's value as messages show it ("200", "fcfs", "on"). */
export function displayValue(spec: FieldSpec, value: FieldValue | undefined): string {
  if (value === undefined) return "the preset's value";
  if (spec.kind.type === 'bool') return value ? 'on' : 'off';
  return typeof value === 'number' ? show(value) : String(value);
}

// ---------------------------------------------------------------------------
// Validation of a whole setup
// ---------------------------------------------------------------------------

/**
 * Every problem with a setup, each naming its field: values of the wrong
 * type or out of range, an unknown preset, and rules between fields (a
 * uniform size range upside down, a region off the end of the disk).
 * An empty list means the engine may be given this setup.
 */
export function validateSetup(setup: Setup, ctx: SetupContext = {}): FieldError[] {
  const errors: FieldError[] = [];
  for (const f of FIELDS) {
    const v = getField(setup, f.path);
    if (v === undefined && f.def === undefined) continue;
    const c = checkValue(f, v);
    if (!c.ok) errors.push({ field: f.path, message: c.message });
  }
  if (errors.length) return errors;

  if (ctx.presetIds && !ctx.presetIds.includes(setup.preset)) {
    errors.push({ field: 'preset', message: `Disk preset: "${setup.preset}" does not exist; choose one of ${ctx.presetIds.join(', ')}` });
  }
  const w = setup.workload;
  if (w.sizeDist !== 'exponential' && !Number.isInteger(w.sizeSectors)) {
    errors.push({ field: 'workload.sizeSectors', message: `Size (sectors): ${w.sizeSectors} must be a whole number unless the size distribution is exponential` });
  }
  if (w.sizeDist === 'uniform' && w.sizeMaxSectors !== 0 && w.sizeMaxSectors < w.sizeSectors) {
    errors.push({ field: 'workload.sizeMaxSectors', message: `Maximum size (sectors): ${w.sizeMaxSectors} is below the minimum size ${w.sizeSectors}; enter 0 or a number >= ${w.sizeSectors}` });
  }
  if (ctx.capacity !== undefined) {
    const cap = ctx.capacity;
    if (w.regionFirstLbn >= cap) {
      errors.push({ field: 'workload.regionFirstLbn', message: `Region start (LBN): ${show(w.regionFirstLbn)} is past the end of the disk; enter a number below ${show(cap)}` });
    } else if (w.regionFirstLbn + w.regionLbns > cap) {
      errors.push({ field: 'workload.regionLbns', message: `Region length (LBNs): ${show(w.regionLbns)} from LBN ${show(w.regionFirstLbn)} runs past the disk's ${show(cap)} LBNs; enter at most ${show(cap - w.regionFirstLbn)} (or 0 for the rest)` });
    }
    if (w.sizeTracks === 0 && w.sizeSectors > cap) {
      errors.push({ field: 'workload.sizeSectors', message: `Size (sectors): ${show(w.sizeSectors)} is larger than the disk (${show(cap)} LBNs)` });
    }
  }
  return errors;
}

// ---------------------------------------------------------------------------
// Restoring a setup from raw values (URL or JSON): never throws
// ---------------------------------------------------------------------------

/** Something wrong in a link or a saved file, and what was used instead. */
export interface Problem {
  /** The field's path, the URL key, or "link"/"file" for the whole input. */
  field: string;
  message: string;
  /** What the page used instead, in words. */
  used: string;
}

export interface Restored {
  setup: Setup;
  problems: Problem[];
}

/** What a bad field falls back to: its default (the first preset if the default preset is missing). */
function fallbackFor(f: FieldSpec, ctx: SetupContext): FieldValue | undefined {
  if (f.path === 'preset' && ctx.presetIds?.length && !ctx.presetIds.includes(String(f.def))) return ctx.presetIds[0];
  return f.def;
}

/**
 * Builds a setup from raw values by path (strings or JSON values). Fields not
 * given take their defaults; a bad value falls back to the default (or the
 * preset's value for an override) and is reported, and so is a field that
 * breaks a rule between fields. The result always validates.
 */
export function restoreSetup(raw: ReadonlyMap<string, unknown>, ctx: SetupContext = {}): Restored {
  const problems: Problem[] = [];
  let setup = defaultSetup();
  const presetFallback = fallbackFor(FIELD_BY_PATH.get('preset')!, ctx);
  if (presetFallback !== undefined) setup.preset = String(presetFallback);
  for (const f of FIELDS) {
    if (!raw.has(f.path)) continue;
    const c = checkValue(f, raw.get(f.path));
    if (c.ok) setup = withField(setup, f.path, c.value);
    else problems.push({ field: f.path, message: c.message, used: displayValue(f, fallbackFor(f, ctx)) });
  }
  // Rules between fields: reset the field at fault, until none is left.
  for (let round = 0; round < 4; round++) {
    const errors = validateSetup(setup, ctx);
    if (!errors.length) return { setup, problems };
    for (const e of errors) {
      const f = FIELD_BY_PATH.get(e.field);
      const fallback = f ? fallbackFor(f, ctx) : undefined;
      if (f) setup = withField(setup, f.path, fallback);
      problems.push({ field: e.field, message: e.message, used: f ? displayValue(f, fallback) : 'the default' });
    }
  }
  // Unreachable with sane defaults; kept so that no input can leave a bad setup.
  const d = defaultSetup();
  if (ctx.presetIds?.length && !ctx.presetIds.includes(d.preset)) d.preset = ctx.presetIds[0];
  problems.push({ field: 'setup', message: 'the setup could not be repaired field by field', used: 'the default setup' });
  return { setup: d, problems };
}
