/*
 * diskPreset.ts — disk presets (presets/disks/<id>.json): their type, a
 * validator that names every wrong field by its JSON path, and the one place
 * that turns a preset into engine calls (configureDisk).
 *
 * A preset is data, never code. The format is documented in presets/README.md;
 * this file is its executable definition. Everything the engine cannot express
 * exactly is listed by engineApproximations(), never silently dropped.
 */
import {
  DefectPolicy, DiskParam, ImmediateRule as ImmediateRuleCode, Limits, ReadAhead, Scheduler, SeekModel, SpareKind, WriteCache,
} from '../../engine-wasm/binding/constants';

export const DISK_PRESET_FORMAT = 'spindle-disk-preset/1';

export const SPARE_KINDS = ['none', 'sectors-per-track', 'sectors-per-cylinder', 'sectors-per-zone',
  'tracks-per-zone'] as const;
export const DEFECT_POLICIES = ['slip', 'remap'] as const;
export const SURFACE_ORDERS = ['normal', 'alternate-per-zone', 'alternate'] as const;
export const READ_AHEADS = ['none', 'track-end', 'track-adaptive', 'cylinder-end', 'continue'] as const;
export const WRITE_CACHES = ['off', 'immediate'] as const;
export const IMMEDIATE_RULES = ['all', 'sequential'] as const;
export const SCHEDULERS = ['fcfs', 'sstf', 'look', 'clook', 'sptf'] as const;

export type SpareKindName = (typeof SPARE_KINDS)[number];
export type DefectPolicyName = (typeof DEFECT_POLICIES)[number];
export type SurfaceOrder = (typeof SURFACE_ORDERS)[number];
export type ReadAheadName = (typeof READ_AHEADS)[number];
export type WriteCacheName = (typeof WRITE_CACHES)[number];
export type ImmediateRule = (typeof IMMEDIATE_RULES)[number];
export type SchedulerName = (typeof SCHEDULERS)[number];

export interface PresetSource {
  /** Short key other fields can refer to (e.g. "rw94", "disksim"). */
  id: string;
  /** Full citation: paper (authors, title, venue) or file names. */
  cite: string;
  /** Table, figure, section or file the values come from. */
  where: string;
  /** Path of the source text in this project, if it is here. */
  file?: string;
}

/** A value no source gives: which field (JSON path, [*] = every element) and why this value. */
export interface EstimatedField {
  field: string;
  reason: string;
}

export interface PresetZone {
  firstCyl: number;
  lastCyl: number;
  /** Physical sectors (slots) per track, spares included. */
  sectorsPerTrack: number;
  /** Skews in sectors of this zone: track switch, and cylinder switch (last track -> next cylinder's first). */
  trackSkew: number;
  cylSkew: number;
  spare: { kind: SpareKindName; count: number };
  /** Sectors at the start of the zone that hold no LBN (DiskSim "Empty space at zone front"). */
  reservedFrontSectors?: number;
  /** Rotational offset of the zone's first block, in sectors (DiskSim "Offset of first block"). */
  firstSectorOffset?: number;
  note?: string;
}

export interface PresetDefect {
  cyl: number;
  surface: number;
  /** Physical slot on the track; absent = the whole track is defective (track sparing). */
  slot?: number;
  policy: DefectPolicyName;
  note?: string;
}

export interface SeekCurve {
  model: 'curve';
  /** seek(d) = a + b*sqrt(d) for 1 <= d < boundary, c + e*d for d >= boundary; seek(0) = 0 (ms). */
  a: number; b: number; c: number; e: number; boundary: number;
  /** Measured times that replace the curve at these exact distances ([distance, ms], increasing):
   *  DiskSim's "First ten seek times" of its HPL+10 model, or a single-cylinder override. */
  points?: Array<[number, number]>;
  /** How the coefficients were obtained, when they are fitted rather than quoted. */
  fit?: string;
}
export interface SeekTable {
  model: 'table';
  /** [distance in cylinders, ms], distances strictly increasing, linear interpolation between. */
  points: Array<[number, number]>;
}
export type SeekSpec = SeekCurve | SeekTable;

export interface PresetMechanics {
  seek: SeekSpec;
  /** Informational values quoted by the sources (the model uses `seek`). */
  singleCylinderSeekMs?: number;
  fullStrokeSeekMs?: number;
  averageSeekMs?: number;
  writeSettleMs: number;
  headSwitchMs: number;
  /** Time to move to the next cylinder in the middle of a transfer; null = seek(1). */
  cylSwitchMs: number | null;
  zeroLatency: boolean;
}

/** An overhead, or one per kind of previous request (DiskSim "... after read" / "... after write"). */
export type Overhead = number | { afterRead: number; afterWrite: number };

export interface PresetController {
  readMissOverheadMs: Overhead;
  writeMissOverheadMs: Overhead;
  /** Absent: the engine uses the miss overheads. */
  readHitOverheadMs?: Overhead;
  writeHitOverheadMs?: Overhead;
  /** Bus time per sector (reads, or both directions when busWriteMsPerSector is absent). */
  busMsPerSector: number;
  busWriteMsPerSector?: number;
  readFenceSectors: number;
  /** Fence as a fraction of each request (DiskSim "Set watermark by reqsize"); the larger fence wins. */
  readFenceFraction?: number;
  queueDepth: number;
  scheduler: SchedulerName;
}

export interface PresetCache {
  segments: number;
  segmentSectors: number;
  readAhead: ReadAheadName;
  maxReadAheadSectors?: number;
  writeCache: WriteCacheName;
  /** Which writes are reported at once: all, or only first-after-read / sequential extensions (HP). */
  immediateReportRule?: ImmediateRule;
}

export interface SeekAverageCheck {
  kind: 'average';
  firstCyl: number;
  lastCyl: number;
  ms: number;
  toleranceMs: number;
  source: string;
}
export interface SeekPointCheck {
  kind: 'point';
  distance: number;
  ms: number;
  toleranceMs: number;
  source: string;
}
export type SeekCheck = SeekAverageCheck | SeekPointCheck;

export interface PresetStated {
  /** LBNs the drive exposes, as the source states it (or as estimated, see capacityEstimated). */
  capacityLbns: number;
  capacitySource: string;
  capacityEstimated?: boolean;
  seekChecks: SeekCheck[];
}

export interface DiskPreset {
  format: typeof DISK_PRESET_FORMAT;
  id: string;
  name: string;
  description: string;
  sources: PresetSource[];
  /** File (next to the preset) whose notice must travel with derived data, e.g. "DISKSIM-NOTICE". */
  notice?: string;
  estimated: EstimatedField[];
  notes?: string[];
  geometry: {
    sectorBytes: number;
    surfaces: number;
    cylinders: number;
    rpm: number;
    surfaceOrder: SurfaceOrder;
    zones: PresetZone[];
    defects: PresetDefect[];
  };
  mechanics: PresetMechanics;
  controller: PresetController;
  cache: PresetCache;
  stated: PresetStated;
}

export interface FieldError {
  field: string;
  message: string;
}

export type ValidationResult =
  | { ok: true; preset: DiskPreset }
  | { ok: false; errors: FieldError[] };

// ---------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Collects errors; each check names the JSON path of the field it looks at. */
class Checker {
  errors: FieldError[] = [];
  fail(field: string, message: string): void {
    this.errors.push({ field, message });
  }
  /** The object at path, or undefined (and an error) if it is not one. */
  obj(v: unknown, path: string): Obj | undefined {
    if (!isObj(v)) { this.fail(path, `must be an object, got ${describe(v)}`); return undefined; }
    return v;
  }
  /** Rejects keys not in `allowed`, so typos do not pass unnoticed. */
  keys(o: Obj, path: string, allowed: readonly string[]): void {
    for (const k of Object.keys(o)) {
      if (!allowed.includes(k)) this.fail(join(path, k), `unknown field (allowed: ${allowed.join(', ')})`);
    }
  }
  str(o: Obj, k: string, path: string, opt = false): string | undefined {
    const v = o[k];
    if (v === undefined && opt) return undefined;
    if (typeof v !== 'string' || v.trim() === '') {
      this.fail(join(path, k), `must be a non-empty string, got ${describe(v)}`);
      return undefined;
    }
    return v;
  }
  bool(o: Obj, k: string, path: string): boolean | undefined {
    const v = o[k];
    if (typeof v !== 'boolean') { this.fail(join(path, k), `must be true or false, got ${describe(v)}`); return undefined; }
    return v;
  }
  /** A finite number in [min, max]; integer if asked. */
  num(o: Obj, k: string, path: string, min: number, max: number,
      { int = false, opt = false, exclusiveMin = false }: { int?: boolean; opt?: boolean; exclusiveMin?: boolean } = {}):
    number | undefined {
    const v = o[k];
    if (v === undefined && opt) return undefined;
    return this.value(v, join(path, k), min, max, { int, exclusiveMin });
  }
  value(v: unknown, field: string, min: number, max: number,
        { int = false, exclusiveMin = false }: { int?: boolean; exclusiveMin?: boolean } = {}): number | undefined {
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      this.fail(field, `must be a number, got ${describe(v)}`);
      return undefined;
    }
    if (int && !Number.isInteger(v)) { this.fail(field, `must be a whole number, got ${v}`); return undefined; }
    if (exclusiveMin ? v <= min : v < min) {
      this.fail(field, `${v} is too small: must be ${exclusiveMin ? '>' : '>='} ${min}`);
      return undefined;
    }
    if (v > max) { this.fail(field, `${v} is too large: must be <= ${max}`); return undefined; }
    return v;
  }
  oneOf<T extends string>(o: Obj, k: string, path: string, allowed: readonly T[], opt = false): T | undefined {
    const v = o[k];
    if (v === undefined && opt) return undefined;
    if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) {
      this.fail(join(path, k), `unknown value ${describe(v)}: must be one of ${allowed.map((a) => `"${a}"`).join(', ')}`);
      return undefined;
    }
    return v as T;
  }
  arr(o: Obj, k: string, path: string, maxLen: number, minLen = 0): unknown[] | undefined {
    const v = o[k];
    if (!Array.isArray(v)) { this.fail(join(path, k), `must be an array, got ${describe(v)}`); return undefined; }
    if (v.length < minLen) { this.fail(join(path, k), `must have at least ${minLen} element(s)`); return undefined; }
    if (v.length > maxLen) { this.fail(join(path, k), `has ${v.length} elements; at most ${maxLen} allowed`); return undefined; }
    return v;
  }
}

function join(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path ? `${path}.${key}` : key;
}

function describe(v: unknown): string {
  if (v === undefined) return 'nothing (missing)';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (typeof v === 'object') return 'an object';
  return String(v);
}

const TOP_KEYS = ['format', 'id', 'name', 'description', 'sources', 'notice', 'estimated', 'notes', 'geometry',
  'mechanics', 'controller', 'cache', 'stated'] as const;
const GEOMETRY_KEYS = ['sectorBytes', 'surfaces', 'cylinders', 'rpm', 'surfaceOrder', 'zones', 'defects'] as const;
const ZONE_KEYS = ['firstCyl', 'lastCyl', 'sectorsPerTrack', 'trackSkew', 'cylSkew', 'spare',
  'reservedFrontSectors', 'firstSectorOffset', 'note'] as const;
const DEFECT_KEYS = ['cyl', 'surface', 'slot', 'policy', 'note'] as const;
const MECH_KEYS = ['seek', 'singleCylinderSeekMs', 'fullStrokeSeekMs', 'averageSeekMs', 'writeSettleMs',
  'headSwitchMs', 'cylSwitchMs', 'zeroLatency'] as const;
const CTRL_KEYS = ['readMissOverheadMs', 'writeMissOverheadMs', 'readHitOverheadMs', 'writeHitOverheadMs',
  'busMsPerSector', 'busWriteMsPerSector', 'readFenceSectors', 'readFenceFraction', 'queueDepth', 'scheduler'] as const;
const CACHE_KEYS = ['segments', 'segmentSectors', 'readAhead', 'maxReadAheadSectors', 'writeCache',
  'immediateReportRule'] as const;
const STATED_KEYS = ['capacityLbns', 'capacitySource', 'capacityEstimated', 'seekChecks'] as const;

const MAX_MS = 10_000;

/**
 * Checks a parsed JSON value against the preset format. On success returns
 * the value typed as a DiskPreset (the same object); otherwise every problem
 * found, each naming its field by JSON path (e.g. "geometry.zones[3].firstCyl").
 */
export function validateDiskPreset(json: unknown): ValidationResult {
  const c = new Checker();
  const root = c.obj(json, '');
  if (!root) return { ok: false, errors: c.errors.map((e) => ({ ...e, field: e.field || '(preset)' })) };
  c.keys(root, '', TOP_KEYS);
  if (root.format !== DISK_PRESET_FORMAT) {
    c.fail('format', `must be "${DISK_PRESET_FORMAT}", got ${describe(root.format)}`);
  }
  const id = c.str(root, 'id', '');
  if (id !== undefined && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(id)) {
    c.fail('id', `"${id}" must be lower-case words joined by "-" (it names the file presets/disks/<id>.json)`);
  }
  c.str(root, 'name', '');
  c.str(root, 'description', '');
  c.str(root, 'notice', '', true);
  const sources = c.arr(root, 'sources', '', 50, 1);
  sources?.forEach((s, i) => {
    const p = join('sources', i);
    const o = c.obj(s, p);
    if (!o) return;
    c.keys(o, p, ['id', 'cite', 'where', 'file']);
    c.str(o, 'id', p); c.str(o, 'cite', p); c.str(o, 'where', p); c.str(o, 'file', p, true);
  });
  if (root.notes !== undefined) {
    const notes = c.arr(root, 'notes', '', 200);
    notes?.forEach((n, i) => { if (typeof n !== 'string' || !n.trim()) c.fail(join('notes', i), 'must be a non-empty string'); });
  }

  const g = c.obj(root.geometry, 'geometry');
  let surfaces: number | undefined;
  let cylinders: number | undefined;
  const zones: Array<ZoneInfo | undefined> = [];
  if (g) {
    c.keys(g, 'geometry', GEOMETRY_KEYS);
    c.num(g, 'sectorBytes', 'geometry', 1, 1 << 20, { int: true });
    surfaces = c.num(g, 'surfaces', 'geometry', 1, Limits.surfaces, { int: true });
    cylinders = c.num(g, 'cylinders', 'geometry', 1, Limits.cylinders, { int: true });
    c.num(g, 'rpm', 'geometry', 0, 100_000, { exclusiveMin: true });
    c.oneOf(g, 'surfaceOrder', 'geometry', SURFACE_ORDERS);
    const zs = c.arr(g, 'zones', 'geometry', Limits.zones, 1);
    zs?.forEach((z, i) => zones.push(checkZone(c, z, i, surfaces)));
    if (zs) checkZoneCoverage(c, zones, cylinders);
    if (surfaces !== undefined && cylinders !== undefined && surfaces * cylinders > Limits.tracks) {
      c.fail('geometry.cylinders', `${cylinders} cylinders x ${surfaces} surfaces = ${surfaces * cylinders} tracks; the engine's cap is ${Limits.tracks}`);
    }
    const ds = c.arr(g, 'defects', 'geometry', Limits.defects);
    if (ds) checkDefects(c, ds, zones, surfaces, cylinders);
  }

  const m = c.obj(root.mechanics, 'mechanics');
  if (m) checkMechanics(c, m);
  const ctl = c.obj(root.controller, 'controller');
  if (ctl) checkController(c, ctl);
  const cache = c.obj(root.cache, 'cache');
  if (cache) checkCache(c, cache);
  const st = c.obj(root.stated, 'stated');
  if (st) checkStated(c, st, cylinders);

  const est = c.arr(root, 'estimated', '', 500);
  est?.forEach((e, i) => {
    const p = join('estimated', i);
    const o = c.obj(e, p);
    if (!o) return;
    c.keys(o, p, ['field', 'reason']);
    const f = c.str(o, 'field', p);
    c.str(o, 'reason', p);
    if (f !== undefined && !pathExists(root, f)) c.fail(join(p, 'field'), `"${f}" names no field of this preset`);
  });

  // Capacity: only when the layout itself is sound, so one mistake is not reported twice.
  if (c.errors.length === 0 && st && g) {
    const preset = root as unknown as DiskPreset;
    const cap = layoutCapacity(preset);
    if (typeof cap === 'string') c.fail('geometry.defects', cap);
    else if (cap !== preset.stated.capacityLbns) {
      c.fail('stated.capacityLbns', `${preset.stated.capacityLbns} does not match the ${cap} LBNs the zones, spares and defects hold`);
    }
  }
  return c.errors.length ? { ok: false, errors: c.errors } : { ok: true, preset: root as unknown as DiskPreset };
}

interface ZoneInfo {
  firstCyl?: number;
  lastCyl?: number;
  spt?: number;
}

function checkZone(c: Checker, z: unknown, i: number, surfaces: number | undefined): ZoneInfo | undefined {
  const p = join('geometry.zones', i);
  const o = c.obj(z, p);
  if (!o) return undefined;
  c.keys(o, p, ZONE_KEYS);
  const firstCyl = c.num(o, 'firstCyl', p, 0, Limits.cylinders - 1, { int: true });
  const lastCyl = c.num(o, 'lastCyl', p, 0, Limits.cylinders - 1, { int: true });
  const spt = c.num(o, 'sectorsPerTrack', p, 1, Limits.sectorsPerTrack, { int: true });
  const maxSkew = spt !== undefined ? spt - 1 : Limits.sectorsPerTrack - 1;
  c.num(o, 'trackSkew', p, 0, maxSkew, { int: true });
  c.num(o, 'cylSkew', p, 0, maxSkew, { int: true });
  c.num(o, 'firstSectorOffset', p, 0, maxSkew, { int: true, opt: true });
  if (o.note !== undefined) c.str(o, 'note', p);
  if (firstCyl !== undefined && lastCyl !== undefined && lastCyl < firstCyl) {
    c.fail(join(p, 'lastCyl'), `${lastCyl} is before firstCyl ${firstCyl}`);
  }
  const cyls = firstCyl !== undefined && lastCyl !== undefined && lastCyl >= firstCyl ? lastCyl - firstCyl + 1 : undefined;
  const tracks = cyls !== undefined && surfaces !== undefined ? cyls * surfaces : undefined;
  const slots = tracks !== undefined && spt !== undefined ? tracks * spt : undefined;
  const front = c.num(o, 'reservedFrontSectors', p, 0, slots ?? Number.MAX_SAFE_INTEGER, { int: true, opt: true }) ?? 0;
  const sp = c.obj(o.spare, join(p, 'spare'));
  if (sp) {
    const sPath = join(p, 'spare');
    c.keys(sp, sPath, ['kind', 'count']);
    const kind = c.oneOf(sp, 'kind', sPath, SPARE_KINDS);
    const count = c.num(sp, 'count', sPath, 0, Number.MAX_SAFE_INTEGER, { int: true });
    if (kind !== undefined && count !== undefined) {
      const cf = join(sPath, 'count');
      if (kind === 'none' && count !== 0) c.fail(cf, `must be 0 when the kind is "none", got ${count}`);
      if (kind === 'sectors-per-track' && spt !== undefined && count >= spt) {
        c.fail(cf, `${count} spare sectors leave no data on a ${spt}-sector track`);
      }
      if (kind === 'sectors-per-cylinder' && spt !== undefined && surfaces !== undefined && count >= spt * surfaces) {
        c.fail(cf, `${count} spare sectors leave no data on a ${spt * surfaces}-sector cylinder`);
      }
      if (kind === 'sectors-per-zone' && slots !== undefined && count + front > slots) {
        c.fail(cf, `${count} spare sectors${front ? ` + ${front} reserved` : ''} exceed the zone's ${slots} sectors`);
      }
      if (kind === 'tracks-per-zone' && tracks !== undefined && spt !== undefined && count * spt + front > tracks * spt) {
        c.fail(cf, `${count} spare tracks${front ? ` + ${front} reserved sectors` : ''} exceed the zone's ${tracks} tracks`);
      }
      if (front > 0 && (kind === 'sectors-per-track' || kind === 'sectors-per-cylinder')) {
        c.fail(join(p, 'reservedFrontSectors'), `reserved front space needs zone-level sparing ("none", "sectors-per-zone" or "tracks-per-zone"), not "${kind}"`);
      }
    }
  }
  return { firstCyl, lastCyl, spt };
}

function checkZoneCoverage(c: Checker, zones: Array<ZoneInfo | undefined>, cylinders: number | undefined): void {
  let expect = 0;
  for (let i = 0; i < zones.length; i++) {
    const z = zones[i];
    if (!z || z.firstCyl === undefined || z.lastCyl === undefined) return;  // already reported
    if (z.firstCyl !== expect) {
      c.fail(`geometry.zones[${i}].firstCyl`, z.firstCyl < expect
        ? `${z.firstCyl} overlaps the previous zone (expected ${expect})`
        : `${z.firstCyl} leaves a gap after the previous zone (cylinders ${expect}..${z.firstCyl - 1} belong to no zone)`);
    }
    expect = Math.max(expect, z.lastCyl + 1);
  }
  if (cylinders !== undefined && expect !== cylinders) {
    const last = zones.length - 1;
    c.fail(`geometry.zones[${last}].lastCyl`, `the zones end at cylinder ${expect - 1} but the disk has ${cylinders} cylinders (0..${cylinders - 1})`);
  }
}

function zoneOfCyl(zones: Array<ZoneInfo | undefined>, cyl: number): ZoneInfo | undefined {
  for (const z of zones) {
    if (z && z.firstCyl !== undefined && z.lastCyl !== undefined && cyl >= z.firstCyl && cyl <= z.lastCyl) return z;
  }
  return undefined;
}

function checkDefects(c: Checker, ds: unknown[], zones: Array<ZoneInfo | undefined>, surfaces: number | undefined,
                      cylinders: number | undefined): void {
  const seen = new Map<string, number>();
  ds.forEach((d, i) => {
    const p = join('geometry.defects', i);
    const o = c.obj(d, p);
    if (!o) return;
    c.keys(o, p, DEFECT_KEYS);
    const cyl = c.num(o, 'cyl', p, 0, cylinders !== undefined ? cylinders - 1 : Limits.cylinders - 1, { int: true });
    const surface = c.num(o, 'surface', p, 0, surfaces !== undefined ? surfaces - 1 : Limits.surfaces - 1, { int: true });
    let slot: number | undefined;
    if (o.slot !== undefined) {
      const z = cyl !== undefined ? zoneOfCyl(zones, cyl) : undefined;
      const maxSlot = z?.spt !== undefined ? z.spt - 1 : Limits.sectorsPerTrack - 1;
      slot = c.num(o, 'slot', p, 0, maxSlot, { int: true });
    }
    c.oneOf(o, 'policy', p, DEFECT_POLICIES);
    if (o.note !== undefined) c.str(o, 'note', p);
    if (cyl !== undefined && surface !== undefined && (o.slot === undefined || slot !== undefined)) {
      const key = `${cyl}/${surface}/${slot ?? '*'}`;
      const prev = seen.get(key);
      if (prev !== undefined) c.fail(p, `duplicates geometry.defects[${prev}] (cylinder ${cyl}, surface ${surface}, slot ${slot ?? 'whole track'})`);
      else seen.set(key, i);
    }
  });
}

function checkSeek(c: Checker, s: unknown): void {
  const p = 'mechanics.seek';
  const o = c.obj(s, p);
  if (!o) return;
  const model = c.oneOf(o, 'model', p, ['curve', 'table'] as const);
  if (model === 'curve') {
    c.keys(o, p, ['model', 'a', 'b', 'c', 'e', 'boundary', 'points', 'fit']);
    for (const k of ['a', 'b', 'c', 'e']) c.num(o, k, p, 0, MAX_MS);
    c.num(o, 'boundary', p, 1, Limits.cylinders, { int: true });
    if (o.fit !== undefined) c.str(o, 'fit', p);
    if (o.points !== undefined) checkSeekPoints(c, o, p, 0);
  } else if (model === 'table') {
    c.keys(o, p, ['model', 'points']);
    checkSeekPoints(c, o, p, 1);
  }
}

function checkSeekPoints(c: Checker, o: Obj, p: string, minLen: number): void {
  const pts = c.arr(o, 'points', p, Limits.seekPoints, minLen);
  let prev = 0;
  pts?.forEach((pt, i) => {
    const pp = join(join(p, 'points'), i);
    if (!Array.isArray(pt) || pt.length !== 2) { c.fail(pp, 'must be a [distance, ms] pair'); return; }
    const d = c.value(pt[0], join(pp, 0), 1, Limits.cylinders, { int: true });
    c.value(pt[1], join(pp, 1), 0, MAX_MS);
    if (d !== undefined) {
      if (d <= prev) c.fail(join(pp, 0), `distance ${d} must be greater than the previous point's (${prev})`);
      prev = Math.max(prev, d);
    }
  });
}

function checkMechanics(c: Checker, m: Obj): void {
  const p = 'mechanics';
  c.keys(m, p, MECH_KEYS);
  checkSeek(c, m.seek);
  c.num(m, 'singleCylinderSeekMs', p, 0, MAX_MS, { opt: true });
  c.num(m, 'fullStrokeSeekMs', p, 0, MAX_MS, { opt: true });
  c.num(m, 'averageSeekMs', p, 0, MAX_MS, { opt: true });
  c.num(m, 'writeSettleMs', p, 0, MAX_MS);
  c.num(m, 'headSwitchMs', p, 0, MAX_MS);
  if (m.cylSwitchMs !== null) c.num(m, 'cylSwitchMs', p, 0, MAX_MS);
  c.bool(m, 'zeroLatency', p);
}

function checkOverhead(c: Checker, o: Obj, k: string, p: string, opt: boolean): void {
  const v = o[k];
  if (v === undefined && opt) return;
  if (isObj(v)) {
    const pp = join(p, k);
    c.keys(v, pp, ['afterRead', 'afterWrite']);
    c.num(v, 'afterRead', pp, 0, MAX_MS);
    c.num(v, 'afterWrite', pp, 0, MAX_MS);
  } else {
    c.num(o, k, p, 0, MAX_MS);
  }
}

function checkController(c: Checker, o: Obj): void {
  const p = 'controller';
  c.keys(o, p, CTRL_KEYS);
  checkOverhead(c, o, 'readMissOverheadMs', p, false);
  checkOverhead(c, o, 'writeMissOverheadMs', p, false);
  checkOverhead(c, o, 'readHitOverheadMs', p, true);
  checkOverhead(c, o, 'writeHitOverheadMs', p, true);
  c.num(o, 'busMsPerSector', p, 0, MAX_MS);
  c.num(o, 'busWriteMsPerSector', p, 0, MAX_MS, { opt: true });
  c.num(o, 'readFenceSectors', p, 0, Number.MAX_SAFE_INTEGER, { int: true });
  c.num(o, 'readFenceFraction', p, 0, 1, { opt: true });
  c.num(o, 'queueDepth', p, 1, Limits.queueDepth, { int: true });
  c.oneOf(o, 'scheduler', p, SCHEDULERS);
}

function checkCache(c: Checker, o: Obj): void {
  const p = 'cache';
  c.keys(o, p, CACHE_KEYS);
  const segs = c.num(o, 'segments', p, 0, Limits.cacheSegments, { int: true });
  const size = c.num(o, 'segmentSectors', p, 0, Number.MAX_SAFE_INTEGER, { int: true });
  const ra = c.oneOf(o, 'readAhead', p, READ_AHEADS);
  c.num(o, 'maxReadAheadSectors', p, 0, Number.MAX_SAFE_INTEGER, { int: true, opt: true });
  const wc = c.oneOf(o, 'writeCache', p, WRITE_CACHES);
  c.oneOf(o, 'immediateReportRule', p, IMMEDIATE_RULES, true);
  if (segs !== undefined && segs > 0 && size === 0) c.fail('cache.segmentSectors', 'must be >= 1 when the cache has segments');
  if (segs === 0 && ra !== undefined && ra !== 'none') c.fail('cache.readAhead', `"${ra}" needs a cache: segments is 0`);
  if (segs === 0 && wc === 'immediate') c.fail('cache.writeCache', '"immediate" needs a cache: segments is 0');
}

function checkStated(c: Checker, o: Obj, cylinders: number | undefined): void {
  const p = 'stated';
  c.keys(o, p, STATED_KEYS);
  c.num(o, 'capacityLbns', p, 1, Number.MAX_SAFE_INTEGER, { int: true });
  c.str(o, 'capacitySource', p);
  if (o.capacityEstimated !== undefined) c.bool(o, 'capacityEstimated', p);
  const checks = c.arr(o, 'seekChecks', p, 100);
  const maxCyl = cylinders !== undefined ? cylinders - 1 : Limits.cylinders - 1;
  checks?.forEach((s, i) => {
    const pp = join('stated.seekChecks', i);
    const q = c.obj(s, pp);
    if (!q) return;
    const kind = c.oneOf(q, 'kind', pp, ['average', 'point'] as const);
    if (kind === 'average') {
      c.keys(q, pp, ['kind', 'firstCyl', 'lastCyl', 'ms', 'toleranceMs', 'source']);
      const f = c.num(q, 'firstCyl', pp, 0, maxCyl, { int: true });
      const l = c.num(q, 'lastCyl', pp, 0, maxCyl, { int: true });
      if (f !== undefined && l !== undefined && l < f) c.fail(join(pp, 'lastCyl'), `${l} is before firstCyl ${f}`);
    } else if (kind === 'point') {
      c.keys(q, pp, ['kind', 'distance', 'ms', 'toleranceMs', 'source']);
      c.num(q, 'distance', pp, 0, maxCyl, { int: true });
    }
    c.num(q, 'ms', pp, 0, MAX_MS);
    c.num(q, 'toleranceMs', pp, 0, MAX_MS);
    c.str(q, 'source', pp);
  });
}

/** Does a JSON path (a.b[2].c, with [*] for "every element") name something in `root`? */
function pathExists(root: unknown, path: string): boolean {
  const parts = path.match(/[^.[\]]+|\[(\d+|\*)\]/g);
  if (!parts) return false;
  let nodes: unknown[] = [root];
  for (const part of parts) {
    const next: unknown[] = [];
    for (const n of nodes) {
      if (part === '[*]') { if (Array.isArray(n)) next.push(...n); }
      else if (part.startsWith('[')) { if (Array.isArray(n)) { const v = n[Number(part.slice(1, -1))]; if (v !== undefined) next.push(v); } }
      else if (isObj(n) && part in n) next.push(n[part]);
    }
    if (!next.length) return false;
    nodes = next;
  }
  return true;
}

// ---------------------------------------------------------------------------
// Layout arithmetic (mirrors engine-wasm/src/layout.c, for validation and UI)
// ---------------------------------------------------------------------------

/**
 * LBNs the preset's layout holds, computed the way the engine lays it out:
 * each sparing unit (track, cylinder or zone) holds its slots minus its
 * spares (and minus reserved front space), slipped slots push LBNs on into
 * the spares, remapped ones take a spare. Returns an error message instead
 * if a unit has more defects than spares to absorb them.
 */
export function layoutCapacity(p: DiskPreset): number | string {
  const z = zoneLbns(p);
  return typeof z === 'string' ? z : z.reduce((a, b) => a + b, 0);
}

/** LBNs of each zone of the preset (see layoutCapacity), or an error message. */
export function zoneLbns(p: DiskPreset): number[] | string {
  const S = p.geometry.surfaces;
  const defectsByTrack = new Map<number, { slips: number; remaps: number }>();
  for (const d of p.geometry.defects) {
    const t = d.cyl * S + d.surface;
    const z = p.geometry.zones.find((zz) => d.cyl >= zz.firstCyl && d.cyl <= zz.lastCyl)!;
    const n = d.slot === undefined ? z.sectorsPerTrack : 1;
    const e = defectsByTrack.get(t) ?? { slips: 0, remaps: 0 };
    if (d.policy === 'slip') e.slips += n; else e.remaps += n;
    defectsByTrack.set(t, e);
  }
  const out: number[] = [];
  for (const [zi, z] of p.geometry.zones.entries()) {
    let total = 0;
    const t0 = z.firstCyl * S, t1 = (z.lastCyl + 1) * S;
    let unit = t1 - t0, reserve = 0;
    switch (z.spare.kind) {
      case 'sectors-per-track': unit = 1; reserve = z.spare.count; break;
      case 'sectors-per-cylinder': unit = S; reserve = z.spare.count; break;
      case 'sectors-per-zone': reserve = z.spare.count; break;
      case 'tracks-per-zone': reserve = z.spare.count * z.sectorsPerTrack; break;
      default: break;
    }
    for (let u = t0; u < t1; u += unit) {
      const end = Math.min(u + unit, t1);
      const slots = (end - u) * z.sectorsPerTrack;
      const front = u === t0 ? (z.reservedFrontSectors ?? 0) : 0;
      let slips = 0, remaps = 0;
      for (let t = u; t < end; t++) {
        const e = defectsByTrack.get(t);
        if (e) { slips += e.slips; remaps += e.remaps; }
      }
      const target = Math.max(0, slots - reserve - front);
      const lbns = Math.max(0, Math.min(target, slots - front - slips));
      if (remaps > slots - front - slips - lbns) {
        return `zone ${zi} (cylinders ${z.firstCyl}..${z.lastCyl}): more remapped defects than free spare sectors`;
      }
      total += lbns;
    }
    out.push(total);
  }
  return out;
}

/** Sectors (slots) in a zone. */
export function zoneSlots(p: DiskPreset, z: PresetZone): number {
  return (z.lastCyl - z.firstCyl + 1) * p.geometry.surfaces * z.sectorsPerTrack;
}

/** seek(d) of the preset's model, as the engine computes it (for a quick look; the engine is authoritative). */
export function presetSeekMs(p: DiskPreset, d: number): number {
  if (d <= 0) return 0;
  const s = p.mechanics.seek;
  if (s.model === 'curve') {
    const o = s.points?.find(([dd]) => dd === d);
    if (o) return o[1];
    return d < s.boundary ? s.a + s.b * Math.sqrt(d) : s.c + s.e * d;
  }
  const pts = s.points;
  if (d <= pts[0][0]) return pts[0][1];
  for (let i = 1; i < pts.length; i++) {
    if (d <= pts[i][0]) {
      const [d0, t0] = pts[i - 1], [d1, t1] = pts[i];
      return t0 + ((t1 - t0) * (d - d0)) / (d1 - d0);
    }
  }
  return pts[pts.length - 1][1];
}

/**
 * Mean of seek(d) over independent, uniformly random start and end cylinders
 * in [firstCyl, lastCyl] (distance 0 counts as 0 ms): the "average seek in
 * the first zone" of the traxtent and Atropos papers.
 */
export function averageSeekMs(seek: (d: number) => number, firstCyl: number, lastCyl: number): number {
  const z = lastCyl - firstCyl + 1;
  let sum = 0;
  for (let d = 1; d < z; d++) sum += 2 * (z - d) * seek(d);
  return sum / (z * z);
}

// ---------------------------------------------------------------------------
// Configuring the engine
// ---------------------------------------------------------------------------

/** The binding calls configureDisk needs (engine-wasm/binding's Sim has them all). */
export interface DiskSink {
  diskAdd(): number;
  diskSet(disk: number, param: DiskParam, value: number): void;
  diskAddZone(disk: number, z: {
    firstCyl: number; lastCyl: number; sectorsPerTrack: number; trackSkew: number; cylSkew: number;
    spareKind: SpareKind; spareCount: number;
  }): void;
  diskAddDefect(disk: number, d: { cyl: number; surface: number; slot: number; policy: DefectPolicy }): void;
  diskAddSeekPoint(disk: number, distance: number, ms: number): void;
  diskCommit(disk: number): void;
}

export interface EngineZone {
  firstCyl: number; lastCyl: number; sectorsPerTrack: number; trackSkew: number; cylSkew: number;
  spareKind: SpareKind; spareCount: number;
}

/** Something in the preset the engine cannot express exactly, and what is used instead. */
export interface Approximation {
  field: string;
  message: string;
}

const SPARE_KIND_CODE: Record<SpareKindName, SpareKind> = {
  'none': SpareKind.None,
  'sectors-per-track': SpareKind.SectorsPerTrack,
  'sectors-per-cylinder': SpareKind.SectorsPerCylinder,
  'sectors-per-zone': SpareKind.SectorsPerZone,
  'tracks-per-zone': SpareKind.TracksPerZone,
};
const READ_AHEAD_CODE: Record<ReadAheadName, ReadAhead> = {
  'none': ReadAhead.None,
  'track-end': ReadAhead.TrackEnd,
  'track-adaptive': ReadAhead.TrackEnd,
  'cylinder-end': ReadAhead.Continue,
  'continue': ReadAhead.Continue,
};
export const SCHEDULER_CODE: Record<SchedulerName, Scheduler> = {
  fcfs: Scheduler.FCFS, sstf: Scheduler.SSTF, look: Scheduler.LOOK, clook: Scheduler.CLOOK, sptf: Scheduler.SPTF,
};

/**
 * The zones as the engine gets them. Exact translations: a reserved front of
 * whole cylinders becomes a zone of spare tracks of its own. Reserved front
 * space that is not whole cylinders is moved to the end of the zone (an
 * approximation, reported by engineApproximations).
 */
export function engineZones(p: DiskPreset): EngineZone[] {
  const S = p.geometry.surfaces;
  const out: EngineZone[] = [];
  for (const z of p.geometry.zones) {
    let first = z.firstCyl;
    let front = z.reservedFrontSectors ?? 0;
    const cylSlots = S * z.sectorsPerTrack;
    const wholeCyls = Math.min(Math.floor(front / cylSlots), z.lastCyl - z.firstCyl);
    if (wholeCyls > 0) {
      out.push({ firstCyl: first, lastCyl: first + wholeCyls - 1, sectorsPerTrack: z.sectorsPerTrack,
        trackSkew: z.trackSkew, cylSkew: z.cylSkew, spareKind: SpareKind.TracksPerZone, spareCount: wholeCyls * S });
      first += wholeCyls;
      front -= wholeCyls * cylSlots;
    }
    let kind = SPARE_KIND_CODE[z.spare.kind];
    let count = z.spare.count;
    if (front > 0) {
      // Only zone-level sparing gets here (the validator insists). Put the rest at the end of the zone.
      if (kind === SpareKind.TracksPerZone && front % z.sectorsPerTrack === 0) {
        count += front / z.sectorsPerTrack;
      } else {
        if (kind === SpareKind.TracksPerZone) count *= z.sectorsPerTrack;
        kind = SpareKind.SectorsPerZone;
        count += front;
      }
    }
    out.push({ firstCyl: first, lastCyl: z.lastCyl, sectorsPerTrack: z.sectorsPerTrack, trackSkew: z.trackSkew,
      cylSkew: z.cylSkew, spareKind: kind, spareCount: count });
  }
  return out;
}

/** Everything configureDisk cannot give the engine exactly (empty for a preset it expresses exactly). */
export function engineApproximations(p: DiskPreset): Approximation[] {
  const out: Approximation[] = [];
  const S = p.geometry.surfaces;
  if (p.geometry.surfaceOrder !== 'normal') {
    out.push({ field: 'geometry.surfaceOrder', message: `"${p.geometry.surfaceOrder}" (odd cylinders visit the surfaces in reverse) is not in the engine: LBNs use surfaces 0..${S - 1} on every cylinder, and defects on reversed cylinders are mirrored onto the track holding the same LBNs, so LBN-to-track boundaries stay exact and only the surface numbers of odd cylinders differ` });
  }
  p.geometry.zones.forEach((z, i) => {
    const front = z.reservedFrontSectors ?? 0;
    if (front % (S * z.sectorsPerTrack) !== 0) {
      out.push({ field: `geometry.zones[${i}].reservedFrontSectors`, message: `${front} reserved sectors are not whole cylinders; the part that is not is reserved at the end of the zone instead of the front` });
    }
    if ((z.firstSectorOffset ?? 0) !== 0) {
      out.push({ field: `geometry.zones[${i}].firstSectorOffset`, message: 'the engine carries the skew on from the previous zone; the zone\'s own first-block offset is ignored' });
    }
  });
  const seek = p.mechanics.seek;
  if (seek.model === 'curve' && seek.points?.length && p.geometry.cylinders - 1 > Limits.seekPoints) {
    out.push({ field: 'mechanics.seek.points', message: `the curve's measured points need a table of ${p.geometry.cylinders - 1} points (the engine holds ${Limits.seekPoints}); the plain curve is used` });
  }
  const c = p.controller;
  for (const k of ['readMissOverheadMs', 'writeMissOverheadMs', 'readHitOverheadMs', 'writeHitOverheadMs'] as const) {
    const v = c[k];
    if (isObj(v) && v.afterRead !== v.afterWrite) {
      out.push({ field: `controller.${k}`, message: `the engine has one value; uses the one after a ${k.startsWith('read') ? 'read' : 'write'} (${k.startsWith('read') ? v.afterRead : v.afterWrite} ms)` });
    }
  }
  if (p.cache.readAhead === 'track-adaptive') {
    out.push({ field: 'cache.readAhead', message: '"track-adaptive" (to the end of the track, one more track when sequential) runs as "track-end"' });
  }
  if (p.cache.readAhead === 'cylinder-end') {
    out.push({ field: 'cache.readAhead', message: '"cylinder-end" runs as "continue" (bounded by the segment)' });
  }
  return out;
}

/** Does this cylinder visit its surfaces in reverse (LBN order S-1..0) under the preset's surface order? */
export function reversedCylinder(p: DiskPreset, z: PresetZone, cyl: number): boolean {
  switch (p.geometry.surfaceOrder) {
    case 'alternate-per-zone': return (cyl - z.firstCyl) % 2 === 1;
    case 'alternate': return cyl % 2 === 1;
    default: return false;
  }
}

function overheadFor(v: Overhead | undefined, after: 'read' | 'write'): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'number') return v;
  return after === 'read' ? v.afterRead : v.afterWrite;
}

/**
 * Adds the preset's disk to a sim through the binding and commits it.
 * Returns the new disk's index. Binding errors (EngineError) propagate with
 * the engine's message. What the engine cannot express exactly is applied as
 * engineApproximations() says and reported through onApproximation.
 */
export function configureDisk(sim: DiskSink, preset: DiskPreset,
                              onApproximation?: (a: Approximation) => void): number {
  const p = preset;
  const d = sim.diskAdd();
  const set = (param: DiskParam, v: number) => sim.diskSet(d, param, v);
  set(DiskParam.Surfaces, p.geometry.surfaces);
  set(DiskParam.SectorBytes, p.geometry.sectorBytes);
  set(DiskParam.Rpm, p.geometry.rpm);

  const m = p.mechanics;
  const maxD = p.geometry.cylinders - 1;
  if (m.seek.model === 'curve' && m.seek.points?.length && maxD <= Limits.seekPoints) {
    // A curve with measured overrides: exactly the same times as a table with a point at every distance.
    set(DiskParam.SeekModel, SeekModel.Table);
    for (let dist = 1; dist <= maxD; dist++) sim.diskAddSeekPoint(d, dist, presetSeekMs(p, dist));
  } else if (m.seek.model === 'curve') {
    set(DiskParam.SeekModel, SeekModel.Curve);
    set(DiskParam.SeekA, m.seek.a);
    set(DiskParam.SeekB, m.seek.b);
    set(DiskParam.SeekC, m.seek.c);
    set(DiskParam.SeekE, m.seek.e);
    set(DiskParam.SeekBoundary, m.seek.boundary);
  } else {
    set(DiskParam.SeekModel, SeekModel.Table);
    for (const [dist, ms] of m.seek.points) sim.diskAddSeekPoint(d, dist, ms);
  }
  set(DiskParam.WriteSettleMs, m.writeSettleMs);
  set(DiskParam.HeadSwitchMs, m.headSwitchMs);
  if (m.cylSwitchMs !== null) set(DiskParam.CylSwitchMs, m.cylSwitchMs);
  set(DiskParam.ZeroLatency, m.zeroLatency ? 1 : 0);

  const S = p.geometry.surfaces;
  const c = p.controller;
  set(DiskParam.ReadOverheadMs, overheadFor(c.readMissOverheadMs, 'read')!);
  set(DiskParam.WriteOverheadMs, overheadFor(c.writeMissOverheadMs, 'write')!);
  const rh = overheadFor(c.readHitOverheadMs, 'read');
  if (rh !== undefined) set(DiskParam.ReadHitOverheadMs, rh);
  const wh = overheadFor(c.writeHitOverheadMs, 'write');
  if (wh !== undefined) set(DiskParam.WriteHitOverheadMs, wh);
  set(DiskParam.BusMsPerSector, c.busMsPerSector);
  set(DiskParam.ReadFenceSectors, c.readFenceSectors);
  set(DiskParam.ReadFenceFraction, c.readFenceFraction ?? 0);
  if (c.busWriteMsPerSector !== undefined) set(DiskParam.WriteBusMsPerSector, c.busWriteMsPerSector);
  set(DiskParam.QueueDepth, c.queueDepth);
  set(DiskParam.Scheduler, SCHEDULER_CODE[c.scheduler]);

  const k = p.cache;
  set(DiskParam.CacheSegments, k.segments);
  set(DiskParam.CacheSegmentSectors, k.segmentSectors);
  set(DiskParam.ReadAhead, READ_AHEAD_CODE[k.readAhead]);
  set(DiskParam.WriteCache, k.writeCache === 'immediate' ? WriteCache.Immediate : WriteCache.Off);
  set(DiskParam.ImmediateRule, k.immediateReportRule === 'sequential' ? ImmediateRuleCode.Sequential : ImmediateRuleCode.All);
  if (k.maxReadAheadSectors !== undefined) set(DiskParam.ReadAheadMaxSectors, k.maxReadAheadSectors);

  for (const z of engineZones(p)) sim.diskAddZone(d, z);
  const zoneOf = (cyl: number) => p.geometry.zones.find((z) => cyl >= z.firstCyl && cyl <= z.lastCyl)!;
  for (const def of p.geometry.defects) {
    const policy = def.policy === 'slip' ? DefectPolicy.Slip : DefectPolicy.Remap;
    const z = zoneOf(def.cyl);
    // The engine visits surfaces 0..S-1 on every cylinder. With an alternating
    // order, the defect goes to the track that holds the same LBNs, so track
    // boundaries (and which LBNs a slip moves) stay exactly as in the source.
    const surface = reversedCylinder(p, z, def.cyl) ? S - 1 - def.surface : def.surface;
    if (def.slot !== undefined) {
      sim.diskAddDefect(d, { cyl: def.cyl, surface, slot: def.slot, policy });
    } else {
      // A whole defective track: every slot, so a slip moves the following LBNs on by one track.
      for (let s = 0; s < z.sectorsPerTrack; s++) sim.diskAddDefect(d, { cyl: def.cyl, surface, slot: s, policy });
    }
  }
  if (onApproximation) for (const a of engineApproximations(p)) onApproximation(a);
  sim.diskCommit(d);
  return d;
}
