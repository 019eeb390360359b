/*
 * engine.ts — the hand-typed TypeScript face of the C API in
 * include/spindle.h. One camelCase method per sp_ function; every negative
 * sp_status becomes a thrown EngineError carrying the code and sp_error's
 * message; int64 LBNs and ids cross as BigInt and are numbers on this side;
 * structs are decoded at the offsets in layout.ts; events and results are
 * zero-copy views over wasm memory.
 */

import {
  Status, type DiskParam, type WorkloadParam, type SpareKind, type DefectPolicy, type ParamTable, type HostParam,
  type DeviceKind, type Table2dLayout, type FlashParam, type ZoneParam, type FsParam, type SmrParam, type ZoneAction,
  FS_SEEK_BINS,
} from './constants';
import {
  BREAKDOWN, DECISION, EXTRACT_REPORT, FLASH_STATS, FS_EPOCH, FS_INFO, NVCACHE_STATS, PARAM_INFO, PARAM_INFO_NAME, PHYS, SMR_STATS, STATS, TRACK,
  VOLUME_INFO, ZONE,
  decodeStruct, int64ToNumber, type Decoded,
} from './layout';
import { EventView, ProbeView, ResultView } from './records';

/** The wasm module's exports, as emcc names them for a standalone build (no leading underscore). */
export interface SpExports {
  memory: WebAssembly.Memory;
  malloc(size: number): number;
  free(ptr: number): void;
  sp_api_version(): number;
  sp_new(seed: bigint): number;
  sp_free(sim: number): void;
  sp_error(sim: number): number;
  sp_error_field(sim: number): number;
  sp_param_info_get(table: number, index: number, out: number): number;
  sp_reset(sim: number, seed: bigint): number;
  sp_disk_add(sim: number): number;
  sp_disk_set(sim: number, disk: number, param: number, value: number): number;
  sp_disk_get(sim: number, disk: number, param: number): number;
  sp_disk_add_zone(sim: number, disk: number, firstCyl: number, lastCyl: number, spt: number,
    trackSkew: number, cylSkew: number, spareKind: number, spareCount: number): number;
  sp_disk_set_zone(sim: number, disk: number, zone: number, param: number, value: number): number;
  sp_disk_get_zone(sim: number, disk: number, zone: number, param: number): number;
  sp_disk_add_defect(sim: number, disk: number, cyl: number, surface: number, slot: number, policy: number): number;
  sp_disk_add_seek_point(sim: number, disk: number, distance: number, ms: number): number;
  sp_disk_commit(sim: number, disk: number): number;
  sp_disk_count(sim: number): number;
  sp_disk_capacity(sim: number, disk: number): bigint;
  sp_disk_cylinders(sim: number, disk: number): number;
  sp_disk_track_count(sim: number, disk: number): number;
  sp_lbn_to_phys(sim: number, disk: number, lbn: bigint, out: number): number;
  sp_phys_to_lbn(sim: number, disk: number, cyl: number, surface: number, slot: number, lbnOut: number): number;
  sp_track_info(sim: number, disk: number, trackIndex: number, out: number): number;
  sp_track_of_lbn(sim: number, disk: number, lbn: bigint): number;
  sp_seek_time(sim: number, disk: number, distance: number): number;
  sp_revolution_ms(sim: number, disk: number): number;
  sp_angle_at(sim: number, disk: number, timeMs: number): number;
  sp_access_time(sim: number, disk: number, fromCyl: number, fromSurface: number, startMs: number,
    lbn: bigint, sectors: number, isWrite: number, out: number): number;
  sp_workload_set(sim: number, param: number, value: number): number;
  sp_workload_get(sim: number, param: number): number;
  sp_request_submit(sim: number, device: number, arrivalMs: number, lbn: bigint, sectors: number, flags: number): bigint;
  sp_submit(sim: number, arrivalMs: number, vlbn: bigint, sectors: number, flags: number): bigint;
  sp_device_kind(sim: number, device: number): number;
  sp_host_set(sim: number, param: number, value: number): number;
  sp_host_get(sim: number, param: number): number;
  sp_host_commit(sim: number): number;
  sp_volume_capacity(sim: number): bigint;
  sp_volume_map(sim: number, vlbn: bigint, deviceOut: number, lbnOut: number): number;
  sp_volume_unit(sim: number, vlbn: bigint, firstOut: number, countOut: number): number;
  sp_volume_info_get(sim: number, out: number): number;
  sp_flash_add(sim: number): number;
  sp_flash_set(sim: number, device: number, param: number, value: number): number;
  sp_flash_get(sim: number, device: number, param: number): number;
  sp_flash_op_ms(sim: number, device: number, isWrite: number, sectors: number): number;
  sp_flash_stats_get(sim: number, device: number, out: number): number;
  sp_smr_add(sim: number): number;
  sp_smr_set(sim: number, device: number, param: number, value: number): number;
  sp_smr_get(sim: number, device: number, param: number): number;
  sp_zone_count(sim: number, device: number): number;
  sp_zone_get(sim: number, device: number, zone: number, out: number): number;
  sp_zone_of_lbn(sim: number, device: number, lbn: bigint): number;
  sp_zone_action(sim: number, device: number, zone: number, action: number): number;
  sp_smr_stats_get(sim: number, device: number, out: number): number;
  sp_nvcache_stats_get(sim: number, out: number): number;
  sp_decision_count(sim: number): number;
  sp_decision_get(sim: number, index: number, out: number): number;
  sp_volume_slack(sim: number, vlbn: bigint, cyclicOut: number, linearOut: number): number;
  sp_volume_rectangle(sim: number, vlbn: bigint, out: number, max: number): number;
  sp_volume_unmap(sim: number, device: number, lbn: bigint, vlbnOut: number): number;
  sp_table2d_set(sim: number, layout: number, columns: number, rows: bigint): number;
  sp_table2d_cell(sim: number, row: bigint, column: number, vlbnOut: number): number;
  sp_table2d_submit_row(sim: number, t: number, row: bigint, flags: number): bigint;
  sp_table2d_submit_column(sim: number, t: number, column: number, firstRow: bigint, rows: bigint, flags: number): number;
  sp_table2d_submit_mix(sim: number, t: number, scanColumns: number, scanRows: bigint, fetches: number, range: bigint, flags: number): number;
  sp_table2d_locate(sim: number, device: number, lbn: bigint, rowOut: number, columnOut: number): number;
  sp_output_configure(sim: number, eventCapacity: number, resultCapacity: number): number;
  sp_run(sim: number, untilMs: number): number;
  sp_events(sim: number): number;
  sp_event_count(sim: number): number;
  sp_results(sim: number): number;
  sp_result_count(sim: number): number;
  sp_now(sim: number): number;
  sp_done(sim: number): number;
  sp_head_cyl(sim: number, disk: number): number;
  sp_head_surface(sim: number, disk: number): number;
  sp_stats_get(sim: number, disk: number, out: number): number;
  sp_stats_clear(sim: number): number;
  sp_response_percentile(sim: number, disk: number, p: number): number;
  sp_response_histogram(sim: number, disk: number, binMs: number, bins: number, countsOut: number): number;
  sp_demerit(a: number, na: number, b: number, nb: number, demeritOut: number, relativeOut: number): number;
  sp_disk_copy(dst: number, src: number, disk: number): number;
  sp_extract_new(sim: number, disk: number, firstLbn: bigint, lbns: bigint): number;
  sp_extract_step(ex: number, maxTracks: number): number;
  sp_extract_report_get(ex: number, out: number): number;
  sp_extract_switch(ex: number, msOut: number, skewOut: number): number;
  sp_extract_boundaries(ex: number): number;
  sp_extract_boundary_count(ex: number): bigint;
  sp_extract_probes(ex: number): number;
  sp_extract_probe_count(ex: number): number;
  sp_extract_free(ex: number): void;
  sp_fs_set(sim: number, param: number, value: number): number;
  sp_fs_get(sim: number, param: number): number;
  sp_fs_commit(sim: number): number;
  sp_fs_build_progress(sim: number): number;
  sp_fs_info_get(sim: number, out: number): number;
  sp_fs_epoch_count(sim: number): number;
  sp_fs_epoch_get(sim: number, index: number, out: number): number;
  sp_fs_group_count(sim: number): number;
  sp_fs_group_accesses(sim: number, index: number, out: number, n: number): number;
  sp_fs_group_files(sim: number, now: number, goal: number, n: number): number;
  sp_fs_seek_hist(sim: number, index: number, out: number, n: number): number;
}

/**
 * Every C function of spindle.h this binding calls, by its C name.
 * tests/binding.test.ts checks it against the header and the wasm exports,
 * so a function added to the header is not forgotten here.
 */
export const BOUND_FUNCTIONS = [
  'sp_new', 'sp_free', 'sp_error', 'sp_error_field', 'sp_api_version', 'sp_reset', 'sp_param_info_get',
  'sp_disk_add', 'sp_disk_set', 'sp_disk_get', 'sp_disk_add_zone', 'sp_disk_set_zone', 'sp_disk_get_zone',
  'sp_disk_add_defect',
  'sp_disk_add_seek_point', 'sp_disk_commit', 'sp_disk_count',
  'sp_disk_capacity', 'sp_disk_cylinders', 'sp_disk_track_count', 'sp_lbn_to_phys', 'sp_phys_to_lbn',
  'sp_track_info', 'sp_track_of_lbn', 'sp_seek_time', 'sp_revolution_ms', 'sp_angle_at', 'sp_access_time',
  'sp_workload_set', 'sp_workload_get', 'sp_request_submit', 'sp_submit', 'sp_device_kind',
  'sp_host_set', 'sp_host_get', 'sp_host_commit', 'sp_volume_capacity', 'sp_volume_map', 'sp_volume_unit',
  'sp_volume_info_get', 'sp_volume_slack', 'sp_volume_rectangle', 'sp_volume_unmap',
  'sp_table2d_set', 'sp_table2d_cell', 'sp_table2d_submit_row', 'sp_table2d_submit_column',
  'sp_table2d_submit_mix', 'sp_table2d_locate',
  'sp_output_configure', 'sp_run', 'sp_events', 'sp_event_count', 'sp_results', 'sp_result_count',
  'sp_now', 'sp_done', 'sp_head_cyl', 'sp_head_surface',
  'sp_stats_get', 'sp_stats_clear', 'sp_response_percentile', 'sp_response_histogram', 'sp_demerit',
  'sp_disk_copy', 'sp_extract_new', 'sp_extract_step', 'sp_extract_report_get', 'sp_extract_switch', 'sp_extract_boundaries',
  'sp_extract_boundary_count', 'sp_extract_probes', 'sp_extract_probe_count', 'sp_extract_free',
  'sp_flash_add', 'sp_flash_set', 'sp_flash_get', 'sp_flash_op_ms', 'sp_flash_stats_get',
  'sp_smr_add', 'sp_smr_set', 'sp_smr_get', 'sp_zone_count', 'sp_zone_get', 'sp_zone_of_lbn', 'sp_zone_action',
  'sp_smr_stats_get',
  'sp_nvcache_stats_get', 'sp_decision_count', 'sp_decision_get',
  'sp_fs_set', 'sp_fs_get', 'sp_fs_commit', 'sp_fs_build_progress', 'sp_fs_info_get', 'sp_fs_epoch_count', 'sp_fs_epoch_get',
  'sp_fs_group_count', 'sp_fs_group_accesses', 'sp_fs_group_files', 'sp_fs_seek_hist',
] as const satisfies readonly (keyof SpExports)[];

/**
 * A failed engine call: `code` is the sp_status, `message` is sp_error's
 * text, `field` the field it is about (sp_error_field: "disk[2].rpm",
 * "workload.count", ...; for an argument the binding refuses before calling
 * the engine, the argument's name), "" when the failure names none.
 */
export class EngineError extends Error {
  constructor(readonly code: Status, message: string, readonly fn?: string, readonly field: string = '') {
    super(message);
    this.name = 'EngineError';
  }
}

/** One row of a parameter table (sp_param_info): the engine's own name, default and range. */
export interface ParamInfo {
  /** snake_case, as the engine's messages write it */
  name: string;
  def: number;
  lo: number;
  hi: number;
  /** only whole numbers are accepted */
  whole: boolean;
}

export type Phys = Decoded<typeof PHYS>;
export type Track = Decoded<typeof TRACK>;
export type Breakdown = Decoded<typeof BREAKDOWN>;
export type Stats = Decoded<typeof STATS>;
export type ExtractReport = Decoded<typeof EXTRACT_REPORT>;
export type VolumeInfo = Decoded<typeof VOLUME_INFO>;
export type FlashStats = Decoded<typeof FLASH_STATS>;
export type NvcacheStats = Decoded<typeof NVCACHE_STATS>;
export type Zone = Decoded<typeof ZONE>;
export type SmrStats = Decoded<typeof SMR_STATS>;
export type Decision = Decoded<typeof DECISION>;
export type FsInfo = Decoded<typeof FS_INFO>;
export type FsEpoch = Decoded<typeof FS_EPOCH>;

/** Arguments of sp_disk_add_zone. */
export interface ZoneSpec {
  firstCyl: number;
  lastCyl: number;
  sectorsPerTrack: number;
  trackSkew: number;
  cylSkew: number;
  spareKind: SpareKind;
  spareCount: number;
}

/** Arguments of sp_disk_add_defect. */
export interface DefectSpec {
  cyl: number;
  surface: number;
  slot: number;
  policy: DefectPolicy;
}

/** Arguments of sp_access_time. */
export interface AccessQuery {
  fromCyl: number;
  fromSurface: number;
  startMs: number;
  lbn: number;
  sectors: number;
  isWrite?: boolean;
}

const SCRATCH_BYTES = 512;  // > the largest struct (sp_stats, 216 bytes)

/** Submission flags: SubmitFlag bits, or a boolean meaning "is a write". */
function submitFlags(flags: number | boolean): number {
  if (typeof flags === 'boolean') return flags ? 1 : 0;
  if (!Number.isInteger(flags) || flags < 0 || flags > 15) {
    throw new EngineError(Status.Invalid, `flags must be a combination of SubmitFlag bits (0..15), got ${flags}`);
  }
  return flags;
}

function toInt64(value: number | bigint, what: string): bigint {
  if (typeof value === 'bigint') return value;
  if (!Number.isSafeInteger(value)) {
    throw new EngineError(Status.Invalid, `${what} must be an integer, got ${value}`, undefined, what);
  }
  return BigInt(value);
}

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/**
 * An int32 argument, checked: wasm would wrap 2^32 + 9 to 9 and truncate
 * 100.7 to 100 without a word, so anything that is not a whole number in
 * int32 range (NaN, Infinity, fractions, too large) throws an EngineError
 * naming the argument and the function.
 */
function i32(value: number, what: string, fn: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < INT32_MIN || value > INT32_MAX) {
    throw new EngineError(Status.Invalid,
      `${fn}: ${what} must be a whole number in [${INT32_MIN}, ${INT32_MAX}], got ${String(value)}`, fn, what);
  }
  return value;
}

/**
 * The loaded module. Holds the exports and a scratch buffer for struct
 * outputs; creates sims. One Engine per wasm instance (per worker).
 */
export class Engine {
  private view: DataView;
  /** Scratch bytes in wasm memory for out-parameters (malloc'd once; never moves). */
  readonly scratch: number;
  private decoder = new TextDecoder();

  constructor(readonly wasm: SpExports) {
    this.view = new DataView(wasm.memory.buffer);
    this.scratch = wasm.malloc(SCRATCH_BYTES);
    if (this.scratch === 0) throw new EngineError(Status.Nomem, 'could not allocate the binding scratch buffer');
  }

  /** A DataView over the current memory; re-created when memory has grown. */
  dataView(): DataView {
    if (this.view.buffer !== this.wasm.memory.buffer) this.view = new DataView(this.wasm.memory.buffer);
    return this.view;
  }

  /** The memory's current ArrayBuffer (changes identity when memory grows). */
  buffer(): ArrayBuffer {
    return this.wasm.memory.buffer as ArrayBuffer;
  }

  cString(ptr: number): string {
    if (ptr === 0) return '';
    const bytes = new Uint8Array(this.buffer());
    let end = ptr;
    while (end < bytes.length && bytes[end] !== 0) end++;
    return this.decoder.decode(bytes.subarray(ptr, end));
  }

  /** sp_api_version */
  apiVersion(): number {
    return this.wasm.sp_api_version();
  }

  /**
   * sp_param_info_get over a whole table: every parameter's engine name,
   * default, range and whole-number flag, in enum order (row i is parameter i).
   * An empty array for a table this engine build does not have.
   */
  paramTable(table: ParamTable): ParamInfo[] {
    const fn = 'sp_param_info_get';
    const t = i32(table, 'table', fn);
    const out = this.scratch;
    const rows: ParamInfo[] = [];
    const first = this.wasm.sp_param_info_get(t, 0, out);
    const count = this.dataView().getInt32(out + PARAM_INFO.fields.count.offset, true);
    if (first < 0) {
      if (count === 0) return [];
      throw new EngineError(first as Status, `${fn}(${t}, 0) failed with status ${first}`, fn);
    }
    for (let i = 0; i < count; i++) {
      const st = i === 0 ? first : this.wasm.sp_param_info_get(t, i, out);
      if (st < 0) throw new EngineError(st as Status, `${fn}(${t}, ${i}) failed with status ${st}`, fn);
      const v = decodeStruct(this.dataView(), out, PARAM_INFO);
      rows.push({ name: this.cStringN(out + PARAM_INFO_NAME.offset, PARAM_INFO_NAME.bytes), def: v.def, lo: v.lo, hi: v.hi, whole: v.whole !== 0 });
    }
    return rows;
  }

  /** A NUL-terminated string of at most `max` bytes at `ptr`. */
  cStringN(ptr: number, max: number): string {
    const bytes = new Uint8Array(this.buffer(), ptr, max);
    const end = bytes.indexOf(0);
    return this.decoder.decode(bytes.subarray(0, end < 0 ? max : end));
  }

  /** sp_new. The seed is a uint64; a number must be a non-negative safe integer. */
  createSim(seed: number | bigint = 0): Sim {
    const ptr = this.wasm.sp_new(BigInt.asUintN(64, toInt64(seed, 'seed')));
    if (ptr === 0) throw new EngineError(Status.Nomem, 'sp_new: out of memory', 'sp_new');
    return new Sim(this, ptr);
  }

  /**
   * sp_demerit: the Ruemmler–Wilkes demerit figure between two response-time
   * samples (ms). Pure: needs no sim.
   */
  demerit(a: ArrayLike<number>, b: ArrayLike<number>): { demeritMs: number; relative: number } {
    const w = this.wasm;
    const pa = this.mallocF64(a);
    const pb = this.mallocF64(b);
    try {
      const st = w.sp_demerit(pa, a.length, pb, b.length, this.scratch, this.scratch + 8);
      if (st < 0) throw new EngineError(st as Status, `sp_demerit: invalid samples (${a.length} and ${b.length} values)`, 'sp_demerit');
      const dv = this.dataView();
      return { demeritMs: dv.getFloat64(this.scratch, true), relative: dv.getFloat64(this.scratch + 8, true) };
    } finally {
      w.free(pa);
      w.free(pb);
    }
  }

  /** Copies numbers into a fresh malloc'd double array (caller frees). */
  mallocF64(values: ArrayLike<number>): number {
    const ptr = this.wasm.malloc(Math.max(8, values.length * 8));
    if (ptr === 0) throw new EngineError(Status.Nomem, `out of memory for ${values.length} doubles`);
    new Float64Array(this.buffer(), ptr, values.length).set(values);
    return ptr;
  }
}

/**
 * One simulation (sp_sim): disks + workload + queues + output buffers.
 * Free it with dispose(); any call after that throws.
 */
export class Sim {
  private ptr: number;
  /** Extractors reading this sim, disposed with it (see extractNew). */
  readonly liveExtractors = new Set<Extractor>();

  constructor(readonly engine: Engine, ptr: number) {
    this.ptr = ptr;
  }

  private get w(): SpExports {
    return this.engine.wasm;
  }

  /** The sim pointer, or a thrown error if disposed. */
  private get p(): number {
    if (this.ptr === 0) throw new EngineError(Status.State, 'this sim has been disposed');
    return this.ptr;
  }

  get disposed(): boolean {
    return this.ptr === 0;
  }

  /** Throws an EngineError for a negative status; returns the status otherwise. */
  private check(status: number, fn: string): Status {
    if (status < 0) {
      const msg = this.error() || `${fn} failed with status ${status}`;
      throw new EngineError(status as Status, msg, fn, this.errorField());
    }
    return status as Status;
  }

  /**
   * For const functions that return a negative status without setting
   * sp_error (it would be a stale message): the message is made here.
   */
  private checkConst(status: number, fn: string, disk: number): number {
    if (status >= 0) return status;
    const why = status === Status.Range ? `disk ${disk} does not exist (${this.diskCount()} disks)`
      : status === Status.State ? `disk ${disk} is not committed yet (call diskCommit)`
      : `failed with status ${status}`;
    throw new EngineError(status as Status, `${fn}: ${why}`, fn);
  }

  /** For functions returning NaN on bad arguments (they cannot set sp_error). */
  private checkNaN(value: number, fn: string, args: string): number {
    if (Number.isNaN(value)) throw new EngineError(Status.Invalid, `${fn}(${args}): no such disk or argument out of range`, fn);
    return value;
  }

  /**
   * sp_free. Idempotent. Disposes this sim's live extractors first, so their
   * memory is freed with the sim's (an extractor disposed later is a no-op).
   */
  dispose(): void {
    if (this.ptr !== 0) {
      for (const ex of [...this.liveExtractors]) ex.dispose();
      this.w.sp_free(this.ptr);
      this.ptr = 0;
    }
  }

  /** sp_error: the message of the last failure, "" if none. */
  error(): string {
    return this.engine.cString(this.w.sp_error(this.p));
  }

  /** sp_error_field: the field of the last failure ("disk[0].rpm", "workload.count", ...), "" if none. */
  errorField(): string {
    return this.engine.cString(this.w.sp_error_field(this.p));
  }

  /** sp_reset */
  reset(seed: number | bigint = 0): void {
    this.check(this.w.sp_reset(this.p, BigInt.asUintN(64, toInt64(seed, 'seed'))), 'sp_reset');
  }

  // ---- Disks ----------------------------------------------------------------

  /** sp_disk_add: returns the new disk's index. */
  diskAdd(): number {
    return this.check(this.w.sp_disk_add(this.p), 'sp_disk_add');
  }

  /** sp_disk_set */
  diskSet(disk: number, param: DiskParam, value: number): void {
    const fn = 'sp_disk_set';
    this.check(this.w.sp_disk_set(this.p, i32(disk, 'disk', fn), i32(param, 'param', fn), value), fn);
  }

  /** sp_disk_get */
  diskGet(disk: number, param: DiskParam): number {
    const fn = 'sp_disk_get';
    return this.checkNaN(this.w.sp_disk_get(this.p, i32(disk, 'disk', fn), i32(param, 'param', fn)), fn, `${disk}, ${param}`);
  }

  /** sp_disk_add_zone */
  diskAddZone(disk: number, z: ZoneSpec): void {
    const fn = 'sp_disk_add_zone';
    this.check(this.w.sp_disk_add_zone(this.p, i32(disk, 'disk', fn), i32(z.firstCyl, 'firstCyl', fn),
      i32(z.lastCyl, 'lastCyl', fn), i32(z.sectorsPerTrack, 'sectorsPerTrack', fn), i32(z.trackSkew, 'trackSkew', fn),
      i32(z.cylSkew, 'cylSkew', fn), i32(z.spareKind, 'spareKind', fn), i32(z.spareCount, 'spareCount', fn)), fn);
  }

  /** sp_disk_set_zone: a zone's layout parameter (ZoneParam), before commit. */
  diskSetZone(disk: number, zone: number, param: ZoneParam, value: number): void {
    const fn = 'sp_disk_set_zone';
    this.check(this.w.sp_disk_set_zone(this.p, i32(disk, 'disk', fn), i32(zone, 'zone', fn), i32(param, 'param', fn),
      value), fn);
  }

  /** sp_disk_get_zone */
  diskGetZone(disk: number, zone: number, param: ZoneParam): number {
    const fn = 'sp_disk_get_zone';
    return this.checkNaN(this.w.sp_disk_get_zone(this.p, i32(disk, 'disk', fn), i32(zone, 'zone', fn), i32(param, 'param', fn)),
      fn, `${disk}, ${zone}, ${param}`);
  }

  /** sp_disk_add_defect */
  diskAddDefect(disk: number, d: DefectSpec): void {
    const fn = 'sp_disk_add_defect';
    this.check(this.w.sp_disk_add_defect(this.p, i32(disk, 'disk', fn), i32(d.cyl, 'cyl', fn), i32(d.surface, 'surface', fn),
      i32(d.slot, 'slot', fn), i32(d.policy, 'policy', fn)), fn);
  }

  /** sp_disk_add_seek_point */
  diskAddSeekPoint(disk: number, distance: number, ms: number): void {
    const fn = 'sp_disk_add_seek_point';
    this.check(this.w.sp_disk_add_seek_point(this.p, i32(disk, 'disk', fn), i32(distance, 'distance', fn), ms), fn);
  }

  /** sp_disk_commit: validates the disk and builds its layout. */
  diskCommit(disk: number): void {
    this.check(this.w.sp_disk_commit(this.p, i32(disk, 'disk', 'sp_disk_commit')), 'sp_disk_commit');
  }

  /** sp_disk_count */
  diskCount(): number {
    return this.w.sp_disk_count(this.p);
  }

  // ---- Layout queries -------------------------------------------------------

  /** sp_disk_capacity: LBNs on the disk. */
  diskCapacity(disk: number): number {
    const v = this.w.sp_disk_capacity(this.p, i32(disk, 'disk', 'sp_disk_capacity'));
    if (v < 0n) this.checkConst(Number(v), 'sp_disk_capacity', disk);
    return int64ToNumber(v);
  }

  /** sp_disk_cylinders */
  diskCylinders(disk: number): number {
    return this.checkConst(this.w.sp_disk_cylinders(this.p, i32(disk, 'disk', 'sp_disk_cylinders')), 'sp_disk_cylinders', disk);
  }

  /** sp_disk_track_count: cylinders × surfaces. */
  diskTrackCount(disk: number): number {
    return this.checkConst(this.w.sp_disk_track_count(this.p, i32(disk, 'disk', 'sp_disk_track_count')), 'sp_disk_track_count', disk);
  }

  /** sp_lbn_to_phys */
  lbnToPhys(disk: number, lbn: number): Phys {
    const out = this.engine.scratch;
    this.check(this.w.sp_lbn_to_phys(this.p, i32(disk, 'disk', 'sp_lbn_to_phys'), toInt64(lbn, 'lbn'), out), 'sp_lbn_to_phys');
    return decodeStruct(this.engine.dataView(), out, PHYS);
  }

  /** sp_phys_to_lbn: the LBN in a slot, or LBN_SPARE (-1) / LBN_DEFECT (-2). */
  physToLbn(disk: number, cyl: number, surface: number, slot: number): number {
    const out = this.engine.scratch;
    const fn = 'sp_phys_to_lbn';
    this.check(this.w.sp_phys_to_lbn(this.p, i32(disk, 'disk', fn), i32(cyl, 'cyl', fn), i32(surface, 'surface', fn),
      i32(slot, 'slot', fn), out), fn);
    return int64ToNumber(this.engine.dataView().getBigInt64(out, true));
  }

  /** sp_track_info (track index = cyl × surfaces + surface). */
  trackInfo(disk: number, trackIndex: number): Track {
    const out = this.engine.scratch;
    const fn = 'sp_track_info';
    this.check(this.w.sp_track_info(this.p, i32(disk, 'disk', fn), i32(trackIndex, 'trackIndex', fn), out), fn);
    return decodeStruct(this.engine.dataView(), out, TRACK);
  }

  /** sp_track_of_lbn */
  trackOfLbn(disk: number, lbn: number): number {
    return this.check(this.w.sp_track_of_lbn(this.p, i32(disk, 'disk', 'sp_track_of_lbn'), toInt64(lbn, 'lbn')), 'sp_track_of_lbn');
  }

  /** sp_seek_time (ms) */
  seekTime(disk: number, distance: number): number {
    const fn = 'sp_seek_time';
    return this.checkNaN(this.w.sp_seek_time(this.p, i32(disk, 'disk', fn), i32(distance, 'distance', fn)), fn, `${disk}, ${distance}`);
  }

  /** sp_revolution_ms */
  revolutionMs(disk: number): number {
    return this.checkNaN(this.w.sp_revolution_ms(this.p, i32(disk, 'disk', 'sp_revolution_ms')), 'sp_revolution_ms', `${disk}`);
  }

  /** sp_angle_at: platter angle (fraction of a revolution) at an absolute time. */
  angleAt(disk: number, timeMs: number): number {
    return this.checkNaN(this.w.sp_angle_at(this.p, i32(disk, 'disk', 'sp_angle_at'), timeMs), 'sp_angle_at', `${disk}, ${timeMs}`);
  }

  /** sp_access_time: what-if service time of one access; changes no state. */
  accessTime(disk: number, q: AccessQuery): Breakdown {
    const out = this.engine.scratch;
    const fn = 'sp_access_time';
    this.check(this.w.sp_access_time(this.p, i32(disk, 'disk', fn), i32(q.fromCyl, 'fromCyl', fn),
      i32(q.fromSurface, 'fromSurface', fn), q.startMs, toInt64(q.lbn, 'lbn'), i32(q.sectors, 'sectors', fn),
      q.isWrite ? 1 : 0, out), fn);
    return decodeStruct(this.engine.dataView(), out, BREAKDOWN);
  }

  // ---- Workloads ------------------------------------------------------------

  /** sp_workload_set */
  workloadSet(param: WorkloadParam, value: number): void {
    this.check(this.w.sp_workload_set(this.p, i32(param, 'param', 'sp_workload_set'), value), 'sp_workload_set');
  }

  /** sp_workload_get */
  workloadGet(param: WorkloadParam): number {
    return this.checkNaN(this.w.sp_workload_get(this.p, i32(param, 'param', 'sp_workload_get')), 'sp_workload_get', `${param}`);
  }

  /**
   * sp_request_submit: a device request straight to one device, bypassing the
   * host. `flags`: SubmitFlag bits (Write, Linked); a boolean is read as
   * "is a write", as API 1's last argument was. Returns its index in the
   * explicit request list.
   */
  requestSubmit(device: number, arrivalMs: number, lbn: number, sectors: number, flags: number | boolean = 0): number {
    const fn = 'sp_request_submit';
    const id = this.w.sp_request_submit(this.p, i32(device, 'device', fn), arrivalMs, toInt64(lbn, 'lbn'),
      i32(sectors, 'sectors', fn), submitFlags(flags));
    if (id < 0n) this.check(Number(id), 'sp_request_submit');
    return int64ToNumber(id);
  }

  /** sp_submit: a logical request to the volume (trace replay); returns its index in the explicit list. */
  submit(arrivalMs: number, vlbn: number, sectors: number, flags: number | boolean = 0): number {
    const id = this.w.sp_submit(this.p, arrivalMs, toInt64(vlbn, 'vlbn'), i32(sectors, 'sectors', 'sp_submit'), submitFlags(flags));
    if (id < 0n) this.check(Number(id), 'sp_submit');
    return int64ToNumber(id);
  }

  // ---- Devices and the host -------------------------------------------------

  /** sp_device_kind: DeviceKind of device `device`. */
  deviceKind(device: number): DeviceKind {
    return this.checkConst(this.w.sp_device_kind(this.p, i32(device, 'device', 'sp_device_kind')), 'sp_device_kind', device) as DeviceKind;
  }

  /** sp_host_set */
  hostSet(param: HostParam, value: number): void {
    this.check(this.w.sp_host_set(this.p, i32(param, 'param', 'sp_host_set'), value), 'sp_host_set');
  }

  /** sp_host_get */
  hostGet(param: HostParam): number {
    return this.checkNaN(this.w.sp_host_get(this.p, i32(param, 'param', 'sp_host_get')), 'sp_host_get', `${param}`);
  }

  /** sp_host_commit: validates the host settings against the devices. */
  hostCommit(): void {
    this.check(this.w.sp_host_commit(this.p), 'sp_host_commit');
  }

  /** sp_volume_capacity: volume blocks. */
  volumeCapacity(): number {
    const v = this.w.sp_volume_capacity(this.p);
    if (v < 0n) this.check(Number(v), 'sp_volume_capacity');
    return int64ToNumber(v);
  }

  /** sp_volume_map: the device and device LBN of a volume block. */
  volumeMap(vlbn: number): { device: number; lbn: number } {
    const out = this.engine.scratch;
    this.check(this.w.sp_volume_map(this.p, toInt64(vlbn, 'vlbn'), out, out + 8), 'sp_volume_map');
    const dv = this.engine.dataView();
    return { device: dv.getInt32(out, true), lbn: int64ToNumber(dv.getBigInt64(out + 8, true)) };
  }

  /** sp_volume_unit: the unit (stripe unit; identity: the track) holding a volume block. */
  volumeUnit(vlbn: number): { first: number; count: number } {
    const out = this.engine.scratch;
    this.check(this.w.sp_volume_unit(this.p, toInt64(vlbn, 'vlbn'), out, out + 8), 'sp_volume_unit');
    const dv = this.engine.dataView();
    return { first: int64ToNumber(dv.getBigInt64(out, true)), count: int64ToNumber(dv.getBigInt64(out + 8, true)) };
  }

  /** sp_flash_add: a flash device; its index in the devices' (disks') index space. */
  flashAdd(): number {
    return this.check(this.w.sp_flash_add(this.p), 'sp_flash_add');
  }

  /** sp_flash_set */
  flashSet(device: number, param: FlashParam, value: number): void {
    const fn = 'sp_flash_set';
    this.check(this.w.sp_flash_set(this.p, i32(device, 'device', fn), i32(param, 'param', fn), value), fn);
  }

  /** sp_flash_get */
  flashGet(device: number, param: FlashParam): number {
    const fn = 'sp_flash_get';
    return this.checkNaN(this.w.sp_flash_get(this.p, i32(device, 'device', fn), i32(param, 'param', fn)), fn, `${device}, ${param}`);
  }

  /** sp_flash_op_ms: one operation's time (op: 0 read, 1 write, 2 pinned write), without waiting. */
  flashOpMs(device: number, op: number, sectors: number): number {
    const fn = 'sp_flash_op_ms';
    return this.checkNaN(this.w.sp_flash_op_ms(this.p, i32(device, 'device', fn), i32(op, 'op', fn), i32(sectors, 'sectors', fn)), fn, `${device}, ${op}, ${sectors}`);
  }

  /** sp_flash_stats_get: a flash device's operations, bytes, busy time and erases. */
  flashStats(device: number): FlashStats {
    const fn = 'sp_flash_stats_get', out = this.engine.scratch;
    this.checkConst(this.w.sp_flash_stats_get(this.p, i32(device, 'device', fn), out), fn, device);
    return decodeStruct(this.engine.dataView(), out, FLASH_STATS);
  }

  /** sp_smr_add: a shingled drive (a disk to configure and commit, with its bands); its device index. */
  smrAdd(): number {
    return this.check(this.w.sp_smr_add(this.p), 'sp_smr_add');
  }

  /** sp_smr_set: a shingling parameter (before commit; clean_idle_ms until the run starts). */
  smrSet(device: number, param: SmrParam, value: number): void {
    const fn = 'sp_smr_set';
    this.check(this.w.sp_smr_set(this.p, i32(device, 'device', fn), i32(param, 'param', fn), value), fn);
  }

  /** sp_smr_get */
  smrGet(device: number, param: SmrParam): number {
    const fn = 'sp_smr_get';
    return this.checkNaN(this.w.sp_smr_get(this.p, i32(device, 'device', fn), i32(param, 'param', fn)), fn, `${device}, ${param}`);
  }

  /** sp_zone_count: a committed shingled drive's zones (host-managed) or bands (drive-managed). */
  zoneCount(device: number): number {
    return this.check(this.w.sp_zone_count(this.p, i32(device, 'device', 'sp_zone_count')), 'sp_zone_count');
  }

  /** sp_zone_get: one zone: its host LBNs, write pointer, cached sectors, type, condition, tracks. */
  zone(device: number, index: number): Zone {
    const fn = 'sp_zone_get', out = this.engine.scratch;
    this.check(this.w.sp_zone_get(this.p, i32(device, 'device', fn), i32(index, 'zone', fn), out), fn);
    return decodeStruct(this.engine.dataView(), out, ZONE);
  }

  /** sp_zone_of_lbn: the zone holding a host LBN. */
  zoneOfLbn(device: number, lbn: number): number {
    const fn = 'sp_zone_of_lbn';
    return this.check(this.w.sp_zone_of_lbn(this.p, i32(device, 'device', fn), toInt64(lbn, 'lbn')), fn);
  }

  /** sp_zone_action: open, close, finish or reset a host-managed zone (-1: every zone) at now(). */
  zoneAction(device: number, zone: number, action: ZoneAction): void {
    const fn = 'sp_zone_action';
    this.check(this.w.sp_zone_action(this.p, i32(device, 'device', fn), i32(zone, 'zone', fn), i32(action, 'action', fn)), fn);
  }

  /** sp_smr_stats_get: the media cache (size, fill), appends, in-place writes, cleans, stalls, refusals. */
  smrStats(device: number): SmrStats {
    const fn = 'sp_smr_stats_get', out = this.engine.scratch;
    this.check(this.w.sp_smr_stats_get(this.p, i32(device, 'device', fn), out), fn);
    return decodeStruct(this.engine.dataView(), out, SMR_STATS);
  }

  /** sp_nvcache_stats_get: the nvcache policy's figures (zeros under another policy). */
  nvcacheStats(): NvcacheStats {
    const fn = 'sp_nvcache_stats_get', out = this.engine.scratch;
    this.checkConst(this.w.sp_nvcache_stats_get(this.p, out), fn, 0);
    return decodeStruct(this.engine.dataView(), out, NVCACHE_STATS);
  }

  /** sp_decision_count: redirection decisions recorded (while events are on). */
  decisionCount(): number {
    return this.w.sp_decision_count(this.p);
  }

  /** sp_decision_get: decision `index` (a REDIRECT event's c). */
  decision(index: number): Decision {
    const fn = 'sp_decision_get', out = this.engine.scratch;
    const st = this.w.sp_decision_get(this.p, i32(index, 'index', fn), out);
    if (st < 0) throw new EngineError(st as Status, `${fn}: no decision ${index} (${this.decisionCount()} recorded)`, fn);
    return decodeStruct(this.engine.dataView(), out, DECISION);
  }

  // ---- The file-system reorganization experiment ------------------------------

  /** sp_fs_set: a parameter of the file-system experiment (fixed once the run has started). */
  fsSet(param: FsParam, value: number): void {
    const fn = 'sp_fs_set';
    this.check(this.w.sp_fs_set(this.p, i32(param, 'param', fn), value), fn);
  }

  /** sp_fs_get */
  fsGet(param: FsParam): number {
    const fn = 'sp_fs_get';
    return this.checkNaN(this.w.sp_fs_get(this.p, i32(param, 'param', fn)), fn, `${param}`);
  }

  /**
   * sp_fs_commit: builds and populates the file system, a bounded slice per
   * call: Status.More until it is built, then Status.Ok (sp_run does the same
   * at the start otherwise).
   */
  fsCommit(): Status {
    return this.check(this.w.sp_fs_commit(this.p), 'sp_fs_commit');
  }

  /** sp_fs_build_progress: how much of the build is done, 0..1 (1: built). */
  fsBuildProgress(): number {
    return this.w.sp_fs_build_progress(this.p);
  }

  /** sp_fs_info_get: partition, groups, files, the target region, the partition's cylinders, the phase now. */
  fsInfo(): FsInfo {
    const out = this.engine.scratch;
    this.check(this.w.sp_fs_info_get(this.p, out), 'sp_fs_info_get');
    return decodeStruct(this.engine.dataView(), out, FS_INFO);
  }

  /** sp_fs_epoch_count: epochs recorded so far. */
  fsEpochCount(): number {
    return this.w.sp_fs_epoch_count(this.p);
  }

  /** sp_fs_group_count: block groups of the partition (0 before it is built). */
  fsGroupCount(): number {
    return this.w.sp_fs_group_count(this.p);
  }

  private fsConst(status: number, fn: string, index: number): void {
    if (status >= 0) return;
    const why = status === Status.Range ? `no epoch ${index} (${this.fsEpochCount()} recorded)`
      : status === Status.State ? 'the file system is not built (fsCommit or a run first)'
      : `failed with status ${status}`;
    throw new EngineError(status as Status, `${fn}: ${why}`, fn);
  }

  /** sp_fs_epoch_get: epoch `index`'s statistics. */
  fsEpoch(index: number): FsEpoch {
    const fn = 'sp_fs_epoch_get', out = this.engine.scratch;
    this.fsConst(this.w.sp_fs_epoch_get(this.p, i32(index, 'index', fn), out), fn, index);
    return decodeStruct(this.engine.dataView(), out, FS_EPOCH);
  }

  /** Calls `call` with a malloc'd buffer of n elements of `bytes` each; returns what `read` makes of it. */
  private withBuffer<T>(n: number, bytes: number, call: (ptr: number) => number, fn: string, index: number,
    read: (ptr: number) => T): T {
    const ptr = this.w.malloc(Math.max(8, n * bytes));
    if (ptr === 0) throw new EngineError(Status.Nomem, `${fn}: out of memory for ${n} values`, fn);
    try {
      this.fsConst(call(ptr), fn, index);
      return read(ptr);
    } finally {
      this.w.free(ptr);
    }
  }

  /** sp_fs_group_accesses: per block group, disk blocks read and written there in epoch `index`. */
  fsGroupAccesses(index: number): number[] {
    const fn = 'sp_fs_group_accesses', n = this.fsGroupCount();
    return this.withBuffer(n, 8, (ptr) => this.w.sp_fs_group_accesses(this.p, i32(index, 'index', fn), ptr, n), fn, index,
      (ptr) => Array.from(new BigInt64Array(this.engine.buffer(), ptr, n), (v) => int64ToNumber(v)));
  }

  /** sp_fs_group_files: per block group, files whose data starts there now and files whose goal is there. */
  fsGroupFiles(): { now: number[]; goal: number[] } {
    const fn = 'sp_fs_group_files', n = this.fsGroupCount();
    return this.withBuffer(n, 8, (ptr) => this.w.sp_fs_group_files(this.p, ptr, ptr + 4 * n, n), fn, 0,
      (ptr) => ({
        now: Array.from(new Int32Array(this.engine.buffer(), ptr, n)),
        goal: Array.from(new Int32Array(this.engine.buffer(), ptr + 4 * n, n)),
      }));
  }

  /** sp_fs_seek_hist: epoch `index`'s seek-distance histogram (FS_SEEK_BINS bins; bin 0 = distance 0). */
  fsSeekHist(index: number): number[] {
    const fn = 'sp_fs_seek_hist', n = FS_SEEK_BINS;
    return this.withBuffer(n, 8, (ptr) => this.w.sp_fs_seek_hist(this.p, i32(index, 'index', fn), ptr, n), fn, index,
      (ptr) => Array.from(new BigInt64Array(this.engine.buffer(), ptr, n), (v) => int64ToNumber(v)));
  }

  /** sp_volume_info_get: a quadrangle volume's parameters (p, N, H, b, w, d, D, b_max, ...) and its one-revolution checks. */
  volumeInfo(): VolumeInfo {
    const out = this.engine.scratch;
    this.check(this.w.sp_volume_info_get(this.p, out), 'sp_volume_info_get');
    return decodeStruct(this.engine.dataView(), out, VOLUME_INFO);
  }

  /** sp_volume_slack: the exact check of the quadrangle column holding a volume block, in sectors. */
  volumeSlack(vlbn: number): { cyclic: number; linear: number } {
    const out = this.engine.scratch;
    this.check(this.w.sp_volume_slack(this.p, toInt64(vlbn, 'vlbn'), out, out + 8), 'sp_volume_slack');
    const dv = this.engine.dataView();
    return { cyclic: dv.getFloat64(out, true), linear: dv.getFloat64(out + 8, true) };
  }

  /** sp_volume_rectangle (Atropos's get_rectangle): the first volume block of each block of the semi-sequential set. */
  volumeRectangle(vlbn: number): number[] {
    const out = this.engine.scratch, max = 64;     // SP_MAX_QUAD_DEPTH int64s = 512 bytes: the whole scratch buffer
    const n = this.check(this.w.sp_volume_rectangle(this.p, toInt64(vlbn, 'vlbn'), out, max), 'sp_volume_rectangle');
    const dv = this.engine.dataView();
    return Array.from({ length: Math.min(n, max) }, (_, i) => int64ToNumber(dv.getBigInt64(out + 8 * i, true)));
  }

  /** sp_volume_unmap: the volume block stored at a device LBN (EngineError RANGE: not in the volume). */
  volumeUnmap(device: number, lbn: number): number {
    const out = this.engine.scratch;
    this.check(this.w.sp_volume_unmap(this.p, i32(device, 'device', 'sp_volume_unmap'), toInt64(lbn, 'lbn'), out), 'sp_volume_unmap');
    return int64ToNumber(this.engine.dataView().getBigInt64(out, true));
  }

  /** sp_table2d_set: a 2-D table of columns x rows cells of b sectors over the volume. */
  table2dSet(layout: Table2dLayout, columns: number, rows: number): void {
    const fn = 'sp_table2d_set';
    this.check(this.w.sp_table2d_set(this.p, i32(layout, 'layout', fn), i32(columns, 'columns', fn), toInt64(rows, 'rows')), fn);
  }

  /** sp_table2d_cell: the first volume block of a cell. */
  table2dCell(row: number, column: number): number {
    const out = this.engine.scratch, fn = 'sp_table2d_cell';
    this.check(this.w.sp_table2d_cell(this.p, toInt64(row, 'row'), i32(column, 'column', fn), out), fn);
    return int64ToNumber(this.engine.dataView().getBigInt64(out, true));
  }

  /** sp_table2d_submit_row: fetches a record (row < 0: a random one) at time t; returns the row. */
  table2dSubmitRow(t: number, row: number, flags = 0): number {
    const r = this.w.sp_table2d_submit_row(this.p, t, toInt64(row, 'row'), submitFlags(flags));
    if (r < 0n) this.check(Number(r), 'sp_table2d_submit_row');
    return int64ToNumber(r);
  }

  /** sp_table2d_submit_column: scans a column over a range of rows at time t; returns the requests submitted. */
  table2dSubmitColumn(t: number, column: number, firstRow: number, rows: number, flags = 0): number {
    const fn = 'sp_table2d_submit_column';
    return this.check(this.w.sp_table2d_submit_column(this.p, t, i32(column, 'column', fn), toInt64(firstRow, 'firstRow'),
      toInt64(rows, 'rows'), submitFlags(flags)), fn);
  }

  /** sp_table2d_submit_mix: a TPC-H-like query at time t (column scans over a random run of records, then record fetches); returns the requests submitted. */
  table2dSubmitMix(t: number, scanColumns: number, scanRows: number, fetches: number, range = 1, flags = 0): number {
    const fn = 'sp_table2d_submit_mix';
    return this.check(this.w.sp_table2d_submit_mix(this.p, t, i32(scanColumns, 'scanColumns', fn), toInt64(scanRows, 'scanRows'),
      i32(fetches, 'fetches', fn), toInt64(range, 'range'), submitFlags(flags)), fn);
  }

  /** sp_table2d_locate: the table cell holding a device LBN (EngineError RANGE: none). */
  table2dLocate(device: number, lbn: number): { row: number; column: number } {
    const out = this.engine.scratch, fn = 'sp_table2d_locate';
    this.check(this.w.sp_table2d_locate(this.p, i32(device, 'device', fn), toInt64(lbn, 'lbn'), out, out + 8), fn);
    const dv = this.engine.dataView();
    return { row: int64ToNumber(dv.getBigInt64(out, true)), column: dv.getInt32(out + 8, true) };
  }

  // ---- Running and output ---------------------------------------------------

  /** sp_output_configure: chunk capacities (0 disables a stream). */
  outputConfigure(eventCapacity: number, resultCapacity: number): void {
    const fn = 'sp_output_configure';
    this.check(this.w.sp_output_configure(this.p, i32(eventCapacity, 'eventCapacity', fn), i32(resultCapacity, 'resultCapacity', fn)), fn);
  }

  /**
   * sp_run: returns Status.Ok when finished (or `untilMs` reached) and
   * Status.More when a chunk buffer is full (read events()/results(), call again).
   * Views from earlier events()/results() calls are invalid after this.
   */
  run(untilMs = -1): typeof Status.Ok | typeof Status.More {
    return this.check(this.w.sp_run(this.p, untilMs), 'sp_run') as typeof Status.Ok | typeof Status.More;
  }

  /** sp_events + sp_event_count: a zero-copy view, valid until the next run(). */
  events(): EventView {
    const n = this.w.sp_event_count(this.p);
    const ptr = n > 0 ? this.w.sp_events(this.p) : 0;
    return new EventView(this.engine.buffer(), ptr, n);
  }

  /** sp_results + sp_result_count: a zero-copy view, valid until the next run(). */
  results(): ResultView {
    const n = this.w.sp_result_count(this.p);
    const ptr = n > 0 ? this.w.sp_results(this.p) : 0;
    return new ResultView(this.engine.buffer(), ptr, n);
  }

  /** sp_now: simulated time (ms). */
  now(): number {
    return this.w.sp_now(this.p);
  }

  /** sp_done */
  done(): boolean {
    return this.w.sp_done(this.p) !== 0;
  }

  /** sp_head_cyl */
  headCyl(disk: number): number {
    return this.checkConst(this.w.sp_head_cyl(this.p, i32(disk, 'disk', 'sp_head_cyl')), 'sp_head_cyl', disk);
  }

  /** sp_head_surface */
  headSurface(disk: number): number {
    return this.checkConst(this.w.sp_head_surface(this.p, i32(disk, 'disk', 'sp_head_surface')), 'sp_head_surface', disk);
  }

  // ---- Statistics -----------------------------------------------------------

  /** sp_stats_get (-1: all devices; HOST: the logical requests). */
  statsGet(disk = -1): Stats {
    const out = this.engine.scratch;
    this.check(this.w.sp_stats_get(this.p, i32(disk, 'disk', 'sp_stats_get'), out), 'sp_stats_get');
    return decodeStruct(this.engine.dataView(), out, STATS);
  }

  /** sp_stats_clear: the statistics from now on (the run goes on unchanged). */
  statsClear(): void {
    this.check(this.w.sp_stats_clear(this.p), 'sp_stats_clear');
  }

  /** sp_response_percentile (p in [0,1]). */
  responsePercentile(disk: number, p: number): number {
    return this.checkNaN(this.w.sp_response_percentile(this.p, i32(disk, 'disk', 'sp_response_percentile'), p), 'sp_response_percentile', `${disk}, ${p}`);
  }

  /** sp_response_histogram: a copy of the counts. */
  responseHistogram(disk: number, binMs: number, bins: number): Uint32Array {
    const fn = 'sp_response_histogram';
    i32(disk, 'disk', fn);
    if (i32(bins, 'bins', fn) <= 0) throw new EngineError(Status.Invalid, `${fn}: bins must be a positive integer, got ${bins}`, fn, 'bins');
    const ptr = this.w.malloc(bins * 4);
    if (ptr === 0) throw new EngineError(Status.Nomem, `out of memory for ${bins} histogram bins`);
    try {
      this.check(this.w.sp_response_histogram(this.p, disk, binMs, bins, ptr), 'sp_response_histogram');
      return new Uint32Array(this.engine.buffer(), ptr, bins).slice();
    } finally {
      this.w.free(ptr);
    }
  }

  // ---- Track-aligned extents --------------------------------------------------

  /**
   * sp_disk_copy: copies disk `disk` of `src` (committed) into this sim as a
   * new, committed disk; returns its index.
   */
  diskCopy(src: Sim, disk: number): number {
    return this.check(this.w.sp_disk_copy(this.p, src.p, i32(disk, 'disk', 'sp_disk_copy')), 'sp_disk_copy');
  }

  /**
   * sp_extract_new: starts a black-box track-boundary extraction over
   * [firstLbn, firstLbn + lbns) (lbns = 0: to the end). Lifetime: the
   * extractor belongs to this sim. Dispose it when done; disposing the sim
   * disposes its live extractors too, and an extractor used after that throws.
   */
  extractNew(disk: number, firstLbn: number, lbns = 0): Extractor {
    const ex = this.w.sp_extract_new(this.p, i32(disk, 'disk', 'sp_extract_new'), toInt64(firstLbn, 'first_lbn'), toInt64(lbns, 'lbns'));
    if (ex === 0) {
      throw new EngineError(Status.Invalid, this.error() || 'sp_extract_new failed (out of memory?)', 'sp_extract_new', this.errorField());
    }
    const extractor = new Extractor(this, ex);
    this.liveExtractors.add(extractor);
    return extractor;
  }
}

/** A running track-boundary extraction (sp_extractor). Free it with dispose(). */
export class Extractor {
  private ptr: number;

  constructor(readonly sim: Sim, ptr: number) {
    this.ptr = ptr;
  }

  private get w(): SpExports {
    return this.sim.engine.wasm;
  }

  private get p(): number {
    if (this.ptr === 0) throw new EngineError(Status.State, 'this extractor has been disposed');
    if (this.sim.disposed) throw new EngineError(Status.State, 'the sim of this extractor has been disposed');
    return this.ptr;
  }

  /** sp_extract_step: Status.More while the region is not finished, Status.Ok when it is. */
  step(maxTracks: number): typeof Status.Ok | typeof Status.More {
    const fn = 'sp_extract_step';
    const st = this.w.sp_extract_step(this.p, i32(maxTracks, 'maxTracks', fn));
    if (st < 0) throw new EngineError(st as Status, this.sim.error() || `${fn} failed with status ${st}`, fn, this.sim.errorField());
    return st as typeof Status.Ok | typeof Status.More;
  }

  /** sp_extract_report_get */
  report(): ExtractReport {
    const out = this.sim.engine.scratch;
    const st = this.w.sp_extract_report_get(this.p, out);
    if (st < 0) throw new EngineError(st as Status, this.sim.error() || `sp_extract_report_get failed with status ${st}`, 'sp_extract_report_get');
    return decodeStruct(this.sim.engine.dataView(), out, EXTRACT_REPORT);
  }

  /** sp_extract_switch: the head switch time and the skew (sectors from a track's last LBN to the next's first), measured from timings once. */
  switchEstimate(): { headSwitchMs: number; skewSectors: number } {
    const out = this.sim.engine.scratch;
    const st = this.w.sp_extract_switch(this.p, out, out + 8);
    if (st < 0) throw new EngineError(st as Status, this.sim.error() || `sp_extract_switch failed with status ${st}`, 'sp_extract_switch');
    const dv = this.sim.engine.dataView();
    return { headSwitchMs: dv.getFloat64(out, true), skewSectors: dv.getFloat64(out + 8, true) };
  }

  /** sp_extract_boundaries + count: the track starts found so far (a copy, ascending). */
  boundaries(): number[] {
    const n = int64ToNumber(this.w.sp_extract_boundary_count(this.p));
    if (n === 0) return [];
    const ptr = this.w.sp_extract_boundaries(this.p);
    return Array.from(new BigInt64Array(this.sim.engine.buffer(), ptr, n), int64ToNumber);
  }

  /** sp_extract_probes + count: the probes of the last step, zero-copy until the next step. */
  probes(): ProbeView {
    const n = this.w.sp_extract_probe_count(this.p);
    const ptr = n > 0 ? this.w.sp_extract_probes(this.p) : 0;
    return new ProbeView(this.sim.engine.buffer(), ptr, n);
  }

  /**
   * sp_extract_free. Idempotent. Sim.dispose() calls it for every live
   * extractor first; and were the C sim freed before, sp_extract_free still
   * frees the extractor safely (the engine detaches it), so nothing leaks.
   */
  dispose(): void {
    if (this.ptr !== 0) {
      this.w.sp_extract_free(this.ptr);
      this.ptr = 0;
      this.sim.liveExtractors.delete(this);
    }
  }
}
