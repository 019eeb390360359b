/*
 * presetSchema.ts — the disk preset format (presets/disks/<id>.json): its
 * types, the one list of each kind of name (schedulers, read-ahead, write
 * cache, sparing, ...), and a validator that names every wrong field by its
 * JSON path. Pure: no engine. Whether the zones, spares and defects hold the
 * stated capacity is the engine's answer, checked by configureDisk
 * (presetEngine.ts) after the disk is committed.
 *
 * A preset is data, never code. The format is documented in presets/README.md;
 * this file is its executable definition.
 */
import { Limits, wordsOf, type Word } from '../../engine-wasm/binding/constants';
import { engineParam, valueRange } from './engineParams';

export const DISK_PRESET_FORMAT = 'spindle-disk-preset/1';

/* The names of the engine's enums are the engine's words (binding/constants.ts): one list each. */
export const SPARE_KINDS = wordsOf('SpareKind');
export const DEFECT_POLICIES = wordsOf('DefectPolicy');
export const SURFACE_ORDERS = ['normal', 'alternate-per-zone', 'alternate'] as const;
/** A preset may also say "cylinder-end" (DiskSim's), which the engine runs as "continue" (engineApproximations). */
export const PRESET_READ_AHEADS = [...wordsOf('ReadAhead'), 'cylinder-end'] as const;
/** cache.readAheadStop, in the order of the engine's read_ahead_stop codes (SP_RAS_*). */
export const PRESET_READ_AHEAD_STOPS = ['dispatch', 'arrival', 'arrival-sector'] as const;
export const WRITE_CACHES = wordsOf('WriteCache');
export const IMMEDIATE_RULES = wordsOf('ImmediateRule');
/** Every scheduler name (disk presets, setups, the host queue): the engine's. */
export const SCHEDULERS = wordsOf('Scheduler');
/** The schedulers the host queue offers (by logical block), a subset of SCHEDULERS. */
export const HOST_SCHEDULERS = ['fcfs', 'sstf', 'clook'] as const satisfies readonly SchedulerName[];
export const SEEK_MODELS = wordsOf('SeekModel');

export type SpareKindName = Word<'SpareKind'>;
export type DefectPolicyName = Word<'DefectPolicy'>;
export type SurfaceOrder = (typeof SURFACE_ORDERS)[number];
export type ReadAheadName = Word<'ReadAhead'>;
export type PresetReadAheadName = (typeof PRESET_READ_AHEADS)[number];
export type WriteCacheName = Word<'WriteCache'>;
export type ImmediateRule = Word<'ImmediateRule'>;
export type SchedulerName = Word<'Scheduler'>;

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
  /** rangeCylinders (sectors-per-zone only): the count is kept at the end of every range of that many cylinders,
   *  counted from firstCyl; a partial last range keeps none (DiskSim's sparing scheme 8, "Rangesize for sparing"). */
  spare: { kind: SpareKindName; count: number; rangeCylinders?: number };
  /** Sectors at the zone's front that hold no LBN: its first data slots in LBN order, slipped slots
   *  stepped over, whole tracks or not (DiskSim "Empty space at zone front"). Absent: 0. */
  frontSpaceSectors?: number;
  /** Angle of slot 0 of the zone's first track, in sectors of this zone, fractional allowed, in
   *  [0, sectorsPerTrack): the zone's skew restarts there (DiskSim "Offset of first block"). Absent: the
   *  skew carries on from the previous zone's last track (the engine's default; zone 0 starts at 0). */
  firstBlockOffset?: number;
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
  /** With zeroLatency, false: only reads start where the head lands, writes wait for their first sector (DiskSim
   *  "Immediate buffer write = 0" beside "Immediate buffer read = 1"). Absent: true. */
  zeroLatencyWrites?: boolean;
  /** A write's first positioning, settle included, takes at least this long, on its own track too (DiskSim "Minimum
   *  seek delay"). Absent: 0. */
  minWriteSeekMs?: number;
  /** Rotational phase at t = 0, a fraction of a revolution (engine initial_rotation; absent: 0). */
  initialRotation?: number;
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
  /** May the next request's positioning start once the previous one's media access has ended, before its
   *  bus transfer is over? Absent: true. false = DiskSim "Preseeking level = 0". */
  preseek?: boolean;
  /** Do commands beyond queueDepth wait at the host's driver, their overhead starting only when the disk
   *  takes them (DiskSim's driver queue)? Absent: false (the controller takes every command on arrival). */
  driverQueue?: boolean;
  /** Time from the end of a request's data transfer to its completion (DiskSim "Read/Write completion
   *  overhead"). Absent: 0. */
  readCompletionMs?: number;
  writeCompletionMs?: number;
  /** Time to prepare a data transfer that follows a command at once: a write's data, a full read hit's (DiskSim
   *  "Data preparation overhead"). Absent: 0. */
  dataPrepMs?: number;
  /** A write's media access waits until this fraction of its sectors is buffered (DiskSim "Low (write) water
   *  mark" with "Set watermark by reqsize = 1"). Absent: 0 (only as each sector's data needs). */
  writeWatermark?: number;
  /** Reconnection after a disconnect (DiskSim "First reselect overhead"): before the data of a read the media
   *  serves (with dataPrepMs) and before the status of a write that is not reported at once. Absent: 0. */
  reselectMs?: number;
  /** The disconnection after a write's data (DiskSim "Write disconnect overhead"). Absent: 0. */
  writeDisconnectMs?: number;
  /** DiskSim "Extra write disconnect = 1": a write after a write it does not continue is timed by the six
   *  extraDisconnect… / reselectOther fields (DiskSim's "Extradisc …" overheads and "Other reselect overhead").
   *  Absent: false. */
  extraWriteDisconnect?: boolean;
  extraDisconnectCommandMs?: number;
  extraDisconnectSeekDeltaMs?: number;
  extraDisconnectMs?: number;
  extraDisconnectGapMs?: number;
  extraDisconnectSecondMs?: number;
  reselectOtherMs?: number;
  /** A read partly in the buffer that finds the disk free sends its buffered part after the read hit overhead
   *  however little of it there is, the rest following as the media reads it (DiskSim "Immed transfer partial
   *  hit = 1"). Absent: false (only with at least its read fence buffered). */
  partialHitImmediate?: boolean;
}

export interface PresetCache {
  segments: number;
  segmentSectors: number;
  readAhead: PresetReadAheadName;
  maxReadAheadSectors?: number;
  /** A read answered whole from the buffer while the mechanism is idle sends it back to read ahead past the hit
   *  (DiskSim "Read-ahead on idle hit"). Absent: false. */
  readAheadOnHit?: boolean;
  /** When a read that needs the mechanism stops a running read-ahead: at its dispatch, after its overhead
   *  ('dispatch'); at its arrival, its positioning after its overhead plus what is left of a switch under way
   *  ('arrival': DiskSim "Stop prefetch in sector = 1") and of the sector under the head ('arrival-sector': "= 0").
   *  Absent: 'dispatch'. */
  readAheadStop?: (typeof PRESET_READ_AHEAD_STOPS)[number];
  writeCache: WriteCacheName;
  /** Which writes are reported at once: all, or only first-after-read / sequential extensions (HP). */
  immediateReportRule?: ImmediateRule;
  /** n: the buffered writes not yet on the media form at most n runs, each within a segment's size (DiskSim "Maximum
   *  number of write segments = n"); a write that continues none and finds none free waits for a destage. At most
   *  segments; needs writeCache "immediate". Absent: only the segment's size bounds them all together. */
  writeSegments?: number;
  /** A write's data stays in a segment where later reads hit it, before and after its destage, until the segment
   *  is reused; writes in sequence while buffered share one (DiskSim "Allow read hits on write data = 1" without a
   *  separate write segment). Needs segments. Absent: false (a write leaves nothing readable). */
  readHitsOnWrites?: boolean;
  /** A read that misses keeps in its segment the sectors of its first track the head passes between landing and the
   *  read's first sector, back to the track's first LBN at most (DiskSim "Read any free blocks = 1"); its own timing
   *  is unchanged. Needs segments. Absent: false (the segment starts at the read's first sector). */
  readAnyFree?: boolean;
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

/** A shingled (SMR) drive's bands and mode (the engine's smr table; absent: a conventional drive). */
export interface PresetShingled {
  mode: Word<'SmrMode'>;
  bandTracks: number;
  guardTracks: number;
  /** unshingled tracks at the outer edge: the media cache (drive-managed) or the conventional zones */
  conventionalTracks: number;
  /** drive-managed: idle time before cleaning starts; -1 never (only when the cache is full) */
  cleanIdleMs: number;
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
  shingled?: PresetShingled;
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
  /**
   * A value of the engine's disk parameter `name` (sp_disk_set): its range and
   * whole-number flag are the engine's (engineParams.ts), without the -1
   * "derived" value, which a preset writes as null or leaves out.
   */
  param(o: Obj, k: string, path: string, name: string, { opt = false }: { opt?: boolean } = {}): number | undefined {
    const r = valueRange(engineParam('disk', name));
    return this.num(o, k, path, r.lo, r.hi, { int: r.whole, opt });
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
  'mechanics', 'controller', 'cache', 'shingled', 'stated'] as const;
const GEOMETRY_KEYS = ['sectorBytes', 'surfaces', 'cylinders', 'rpm', 'surfaceOrder', 'zones', 'defects'] as const;
const ZONE_KEYS = ['firstCyl', 'lastCyl', 'sectorsPerTrack', 'trackSkew', 'cylSkew', 'spare',
  'frontSpaceSectors', 'firstBlockOffset', 'note'] as const;
const DEFECT_KEYS = ['cyl', 'surface', 'slot', 'policy', 'note'] as const;
const MECH_KEYS = ['seek', 'singleCylinderSeekMs', 'fullStrokeSeekMs', 'averageSeekMs', 'writeSettleMs',
  'headSwitchMs', 'cylSwitchMs', 'zeroLatency', 'zeroLatencyWrites', 'minWriteSeekMs',
  'initialRotation'] as const;
const CTRL_KEYS = ['readMissOverheadMs', 'writeMissOverheadMs', 'readHitOverheadMs', 'writeHitOverheadMs',
  'busMsPerSector', 'busWriteMsPerSector', 'readFenceSectors', 'readFenceFraction', 'queueDepth', 'scheduler',
  'preseek', 'driverQueue', 'readCompletionMs', 'writeCompletionMs', 'dataPrepMs', 'writeWatermark', 'reselectMs',
  'writeDisconnectMs', 'extraWriteDisconnect', 'extraDisconnectCommandMs', 'extraDisconnectSeekDeltaMs', 'extraDisconnectMs',
  'extraDisconnectGapMs', 'extraDisconnectSecondMs', 'reselectOtherMs', 'partialHitImmediate'] as const;
const CACHE_KEYS = ['segments', 'segmentSectors', 'readAhead', 'maxReadAheadSectors', 'readAheadOnHit', 'readAheadStop', 'writeCache',
  'immediateReportRule', 'writeSegments', 'readHitsOnWrites', 'readAnyFree'] as const;
const STATED_KEYS = ['capacityLbns', 'capacitySource', 'capacityEstimated', 'seekChecks'] as const;
/** The shingled section: preset key and the engine's smr parameter it sets. */
export const PRESET_SMR_PARAMS = {
  bandTracks: 'band_tracks', guardTracks: 'guard_tracks', conventionalTracks: 'conventional_tracks',
  cleanIdleMs: 'clean_idle_ms',
} as const;

/**
 * The range of a time that is no engine parameter: a seek point's time (the
 * engine's sp_disk_add_seek_point takes [0, 10000] ms, layout.c), and the
 * figures the sources quote and the checks compare against.
 */
const MAX_MS = 10_000;

/**
 * The preset fields that set an engine disk parameter (sp_disk_set), by JSON
 * path: their ranges are the engine's (Checker.param). An overhead given per
 * previous request ({ afterRead, afterWrite }) has the same range in both.
 */
export const PRESET_ENGINE_PARAMS: Readonly<Record<string, string>> = {
  'geometry.sectorBytes': 'sector_bytes',
  'geometry.surfaces': 'surfaces',
  'geometry.rpm': 'rpm',
  'mechanics.seek.a': 'seek_a',
  'mechanics.seek.b': 'seek_b',
  'mechanics.seek.c': 'seek_c',
  'mechanics.seek.e': 'seek_e',
  'mechanics.seek.boundary': 'seek_boundary',
  'mechanics.writeSettleMs': 'write_settle_ms',
  'mechanics.headSwitchMs': 'head_switch_ms',
  'mechanics.cylSwitchMs': 'cyl_switch_ms',
  'mechanics.initialRotation': 'initial_rotation',
  'mechanics.minWriteSeekMs': 'min_write_seek_ms',
  'controller.readMissOverheadMs': 'read_overhead_ms',
  'controller.writeMissOverheadMs': 'write_overhead_ms',
  'controller.readHitOverheadMs': 'read_hit_overhead_ms',
  'controller.writeHitOverheadMs': 'write_hit_overhead_ms',
  'controller.busMsPerSector': 'bus_ms_per_sector',
  'controller.busWriteMsPerSector': 'write_bus_ms_per_sector',
  'controller.readFenceSectors': 'read_fence_sectors',
  'controller.readFenceFraction': 'read_fence_fraction',
  'controller.queueDepth': 'queue_depth',
  'controller.readCompletionMs': 'read_completion_ms',
  'controller.writeCompletionMs': 'write_completion_ms',
  'controller.dataPrepMs': 'data_prep_ms',
  'controller.writeWatermark': 'write_watermark',
  'controller.reselectMs': 'reselect_ms',
  'controller.writeDisconnectMs': 'write_disconnect_ms',
  'controller.extraDisconnectCommandMs': 'extradisc_command_ms',
  'controller.extraDisconnectSeekDeltaMs': 'extradisc_seek_delta_ms',
  'controller.extraDisconnectMs': 'extradisc_disconnect_ms',
  'controller.extraDisconnectGapMs': 'extradisc_gap_ms',
  'controller.extraDisconnectSecondMs': 'extradisc_second_disconnect_ms',
  'controller.reselectOtherMs': 'reselect_other_ms',
  'cache.segments': 'cache_segments',
  'cache.segmentSectors': 'cache_segment_sectors',
  'cache.maxReadAheadSectors': 'read_ahead_max_sectors',
  'cache.writeSegments': 'write_segments',
};
/** The engine parameter of a preset field (PRESET_ENGINE_PARAMS); a path not in it is a programming error. */
function paramOf(path: string): string {
  const name = PRESET_ENGINE_PARAMS[path];
  if (!name) throw new Error(`presetSchema: ${path} sets no engine parameter`);
  return name;
}

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
    c.param(g, 'sectorBytes', 'geometry', paramOf('geometry.sectorBytes'));
    surfaces = c.param(g, 'surfaces', 'geometry', paramOf('geometry.surfaces'));
    cylinders = c.num(g, 'cylinders', 'geometry', 1, Limits.cylinders, { int: true });
    c.param(g, 'rpm', 'geometry', paramOf('geometry.rpm'));
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
  if (root.shingled !== undefined) {
    const sh = c.obj(root.shingled, 'shingled');
    if (sh) checkShingled(c, sh);
  }
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
  const offset = c.num(o, 'firstBlockOffset', p, 0, spt ?? Limits.sectorsPerTrack, { opt: true });
  if (offset !== undefined && spt !== undefined && offset >= spt) {
    c.fail(join(p, 'firstBlockOffset'), `${offset} is not on the track: must be < sectorsPerTrack (${spt})`);
  }
  if (o.note !== undefined) c.str(o, 'note', p);
  if (firstCyl !== undefined && lastCyl !== undefined && lastCyl < firstCyl) {
    c.fail(join(p, 'lastCyl'), `${lastCyl} is before firstCyl ${firstCyl}`);
  }
  const cyls = firstCyl !== undefined && lastCyl !== undefined && lastCyl >= firstCyl ? lastCyl - firstCyl + 1 : undefined;
  const tracks = cyls !== undefined && surfaces !== undefined ? cyls * surfaces : undefined;
  const slots = tracks !== undefined && spt !== undefined ? tracks * spt : undefined;
  const front = c.num(o, 'frontSpaceSectors', p, 0, slots ?? Number.MAX_SAFE_INTEGER, { int: true, opt: true }) ?? 0;
  const sp = c.obj(o.spare, join(p, 'spare'));
  if (sp) {
    const sPath = join(p, 'spare');
    c.keys(sp, sPath, ['kind', 'count', 'rangeCylinders']);
    const kind = c.oneOf(sp, 'kind', sPath, SPARE_KINDS);
    const count = c.num(sp, 'count', sPath, 0, Number.MAX_SAFE_INTEGER, { int: true });
    const range = c.num(sp, 'rangeCylinders', sPath, 1, cyls ?? Number.MAX_SAFE_INTEGER, { int: true, opt: true });
    if (range !== undefined && kind !== undefined && kind !== 'sectors-per-zone') {
      c.fail(join(sPath, 'rangeCylinders'), `only with the "sectors-per-zone" kind (spares per range of cylinders), got "${kind}"`);
    }
    if (range !== undefined && count !== undefined && spt !== undefined && surfaces !== undefined && count >= range * surfaces * spt) {
      c.fail(join(sPath, 'count'), `${count} spare sectors leave no data in a ${range}-cylinder range of ${range * surfaces * spt} sectors`);
    }
    if (kind !== undefined && count !== undefined) {
      const cf = join(sPath, 'count');
      if (kind === 'none' && count !== 0) c.fail(cf, `must be 0 when the kind is "none", got ${count}`);
      if (kind === 'sectors-per-track' && spt !== undefined && count >= spt) {
        c.fail(cf, `${count} spare sectors leave no data on a ${spt}-sector track`);
      }
      if (kind === 'sectors-per-cylinder' && spt !== undefined && surfaces !== undefined && count >= spt * surfaces) {
        c.fail(cf, `${count} spare sectors leave no data on a ${spt * surfaces}-sector cylinder`);
      }
      if (kind === 'sectors-per-zone' && range === undefined && slots !== undefined && count + front > slots) {
        c.fail(cf, `${count} spare sectors${front ? ` + ${front} front space` : ''} exceed the zone's ${slots} sectors`);
      }
      if (kind === 'tracks-per-zone' && tracks !== undefined && spt !== undefined && count * spt + front > tracks * spt) {
        c.fail(cf, `${count} spare tracks${front ? ` + ${front} front space sectors` : ''} exceed the zone's ${tracks} tracks`);
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
  const model = c.oneOf(o, 'model', p, SEEK_MODELS);
  if (model === 'curve') {
    c.keys(o, p, ['model', 'a', 'b', 'c', 'e', 'boundary', 'points', 'fit']);
    for (const k of ['a', 'b', 'c', 'e', 'boundary']) c.param(o, k, p, paramOf(join(p, k)));
    if (o.fit !== undefined) c.str(o, 'fit', p);
    if (o.points !== undefined) checkSeekPoints(c, o, p, 0);
  } else if (model === 'table') {
    c.keys(o, p, ['model', 'points']);
    const before = c.errors.length;
    checkSeekPoints(c, o, p, 1);
    if (c.errors.length === before) checkSeekTableEnd(c, o.points as Array<[number, number]>, p);
  }
}

/**
 * The engine's rule for a seek table (sp_disk_commit, sim.c): past its last
 * point the table is extended along its last slope, so a last point faster
 * than the one before would give longer seeks ever shorter, then negative,
 * times. Dips inside a table are measurement noise and are accepted
 * (interpolating between non-negative points stays non-negative).
 */
function checkSeekTableEnd(c: Checker, pts: Array<[number, number]>, p: string): void {
  const n = pts.length;
  if (n < 2) return;
  const [d0, t0] = pts[n - 2], [d1, t1] = pts[n - 1];
  if (t1 < t0) {
    c.fail(join(join(join(p, 'points'), n - 1), 1), `the last point, ${t1} ms at distance ${d1}, is faster than the one before it (${t0} ms at distance ${d0}): longer seeks would be extrapolated to ever shorter, then negative, times`);
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
  for (const k of ['writeSettleMs', 'headSwitchMs']) c.param(m, k, p, paramOf(join(p, k)));
  if (m.cylSwitchMs !== null) c.param(m, 'cylSwitchMs', p, paramOf('mechanics.cylSwitchMs'));
  c.bool(m, 'zeroLatency', p);
  if (m.zeroLatencyWrites !== undefined) c.bool(m, 'zeroLatencyWrites', p);
  c.param(m, 'minWriteSeekMs', p, paramOf('mechanics.minWriteSeekMs'), { opt: true });
  if (m.initialRotation !== undefined) c.param(m, 'initialRotation', p, paramOf('mechanics.initialRotation'));
}

function checkOverhead(c: Checker, o: Obj, k: string, p: string, opt: boolean): void {
  const v = o[k];
  if (v === undefined && opt) return;
  const name = paramOf(join(p, k));
  if (isObj(v)) {
    const pp = join(p, k);
    c.keys(v, pp, ['afterRead', 'afterWrite']);
    c.param(v, 'afterRead', pp, name);
    c.param(v, 'afterWrite', pp, name);
  } else {
    c.param(o, k, p, name);
  }
}

function checkController(c: Checker, o: Obj): void {
  const p = 'controller';
  c.keys(o, p, CTRL_KEYS);
  checkOverhead(c, o, 'readMissOverheadMs', p, false);
  checkOverhead(c, o, 'writeMissOverheadMs', p, false);
  checkOverhead(c, o, 'readHitOverheadMs', p, true);
  checkOverhead(c, o, 'writeHitOverheadMs', p, true);
  c.param(o, 'busMsPerSector', p, paramOf('controller.busMsPerSector'));
  c.param(o, 'busWriteMsPerSector', p, paramOf('controller.busWriteMsPerSector'), { opt: true });
  c.param(o, 'readFenceSectors', p, paramOf('controller.readFenceSectors'));
  c.param(o, 'readFenceFraction', p, paramOf('controller.readFenceFraction'), { opt: true });
  c.param(o, 'queueDepth', p, paramOf('controller.queueDepth'));
  c.oneOf(o, 'scheduler', p, SCHEDULERS);
  if (o.preseek !== undefined) c.bool(o, 'preseek', p);
  if (o.driverQueue !== undefined) c.bool(o, 'driverQueue', p);
  c.param(o, 'readCompletionMs', p, paramOf('controller.readCompletionMs'), { opt: true });
  c.param(o, 'writeCompletionMs', p, paramOf('controller.writeCompletionMs'), { opt: true });
  c.param(o, 'dataPrepMs', p, paramOf('controller.dataPrepMs'), { opt: true });
  c.param(o, 'writeWatermark', p, paramOf('controller.writeWatermark'), { opt: true });
  if (o.extraWriteDisconnect !== undefined) c.bool(o, 'extraWriteDisconnect', p);
  if (o.partialHitImmediate !== undefined) c.bool(o, 'partialHitImmediate', p);
  for (const k of RECONNECT_KEYS) c.param(o, k, p, paramOf(`controller.${k}`), { opt: true });
}

/** The controller's reconnection overheads: each an optional engine parameter (PRESET_ENGINE_PARAMS). */
const RECONNECT_KEYS = ['reselectMs', 'writeDisconnectMs', 'extraDisconnectCommandMs', 'extraDisconnectSeekDeltaMs',
  'extraDisconnectMs', 'extraDisconnectGapMs', 'extraDisconnectSecondMs', 'reselectOtherMs'] as const;

function checkCache(c: Checker, o: Obj): void {
  const p = 'cache';
  c.keys(o, p, CACHE_KEYS);
  const segs = c.param(o, 'segments', p, paramOf('cache.segments'));
  const size = c.param(o, 'segmentSectors', p, paramOf('cache.segmentSectors'));
  const ra = c.oneOf(o, 'readAhead', p, PRESET_READ_AHEADS);
  c.param(o, 'maxReadAheadSectors', p, paramOf('cache.maxReadAheadSectors'), { opt: true });
  const onHit = o.readAheadOnHit !== undefined ? c.bool(o, 'readAheadOnHit', p) : undefined;
  c.oneOf(o, 'readAheadStop', p, PRESET_READ_AHEAD_STOPS, true);
  const wc = c.oneOf(o, 'writeCache', p, WRITE_CACHES);
  c.oneOf(o, 'immediateReportRule', p, IMMEDIATE_RULES, true);
  const writeSegs = c.param(o, 'writeSegments', p, paramOf('cache.writeSegments'), { opt: true });
  const hitsOnWrites = o.readHitsOnWrites !== undefined ? c.bool(o, 'readHitsOnWrites', p) : undefined;
  const anyFree = o.readAnyFree !== undefined ? c.bool(o, 'readAnyFree', p) : undefined;
  if (segs !== undefined && segs > 0 && size === 0) c.fail('cache.segmentSectors', 'must be >= 1 when the cache has segments');
  if (segs === 0 && ra !== undefined && ra !== 'none') c.fail('cache.readAhead', `"${ra}" needs a cache: segments is 0`);
  if (onHit && ra === 'none') c.fail('cache.readAheadOnHit', 'needs read-ahead: readAhead is "none"');
  if (segs === 0 && wc === 'immediate') c.fail('cache.writeCache', '"immediate" needs a cache: segments is 0');
  if (writeSegs !== undefined && wc !== undefined && wc !== 'immediate') c.fail('cache.writeSegments', `needs writeCache "immediate", got "${wc}"`);
  else if (writeSegs !== undefined && segs !== undefined && writeSegs > segs) c.fail('cache.writeSegments', `${writeSegs} is more than the ${segs} segments`);
  if (hitsOnWrites && segs === 0) c.fail('cache.readHitsOnWrites', 'needs a cache: segments is 0');
  if (anyFree && segs === 0) c.fail('cache.readAnyFree', 'needs a cache: segments is 0');
}

function checkShingled(c: Checker, o: Obj): void {
  const p = 'shingled';
  c.keys(o, p, ['mode', ...Object.keys(PRESET_SMR_PARAMS)]);
  c.oneOf(o, 'mode', p, wordsOf('SmrMode'));
  for (const [key, name] of Object.entries(PRESET_SMR_PARAMS)) {
    const r = engineParam('smr', name);
    c.num(o, key, p, r.lo, r.hi, { int: r.whole });
  }
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
