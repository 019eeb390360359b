/*
 * engine.ts — the hand-typed TypeScript face of the C API in
 * include/spindle.h. One camelCase method per sp_ function; every negative
 * sp_status becomes a thrown EngineError carrying the code and sp_error's
 * message; int64 LBNs and ids cross as BigInt and are numbers on this side;
 * structs are decoded at the offsets in layout.ts; events and results are
 * zero-copy views over wasm memory.
 */

import {
  Status, type DiskParam, type WorkloadParam, type SpareKind, type DefectPolicy, type HostParam, type DeviceKind,
} from './constants';
import {
  BREAKDOWN, EXTRACT_REPORT, PHYS, STATS, TRACK,
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
  sp_reset(sim: number, seed: bigint): number;
  sp_disk_add(sim: number): number;
  sp_disk_set(sim: number, disk: number, param: number, value: number): number;
  sp_disk_get(sim: number, disk: number, param: number): number;
  sp_disk_add_zone(sim: number, disk: number, firstCyl: number, lastCyl: number, spt: number,
    trackSkew: number, cylSkew: number, spareKind: number, spareCount: number): number;
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
  sp_response_percentile(sim: number, disk: number, p: number): number;
  sp_response_histogram(sim: number, disk: number, binMs: number, bins: number, countsOut: number): number;
  sp_demerit(a: number, na: number, b: number, nb: number, demeritOut: number, relativeOut: number): number;
  sp_disk_copy(dst: number, src: number, disk: number): number;
  sp_extract_new(sim: number, disk: number, firstLbn: bigint, lbns: bigint): number;
  sp_extract_step(ex: number, maxTracks: number): number;
  sp_extract_report_get(ex: number, out: number): number;
  sp_extract_boundaries(ex: number): number;
  sp_extract_boundary_count(ex: number): bigint;
  sp_extract_probes(ex: number): number;
  sp_extract_probe_count(ex: number): number;
  sp_extract_free(ex: number): void;
}

/**
 * Every C function of spindle.h this binding calls, by its C name.
 * tests/binding.test.ts checks it against the header and the wasm exports,
 * so a function added to the header is not forgotten here.
 */
export const BOUND_FUNCTIONS = [
  'sp_new', 'sp_free', 'sp_error', 'sp_api_version', 'sp_reset',
  'sp_disk_add', 'sp_disk_set', 'sp_disk_get', 'sp_disk_add_zone', 'sp_disk_add_defect',
  'sp_disk_add_seek_point', 'sp_disk_commit', 'sp_disk_count',
  'sp_disk_capacity', 'sp_disk_cylinders', 'sp_disk_track_count', 'sp_lbn_to_phys', 'sp_phys_to_lbn',
  'sp_track_info', 'sp_track_of_lbn', 'sp_seek_time', 'sp_revolution_ms', 'sp_angle_at', 'sp_access_time',
  'sp_workload_set', 'sp_workload_get', 'sp_request_submit', 'sp_submit', 'sp_device_kind',
  'sp_host_set', 'sp_host_get', 'sp_host_commit', 'sp_volume_capacity', 'sp_volume_map', 'sp_volume_unit',
  'sp_output_configure', 'sp_run', 'sp_events', 'sp_event_count', 'sp_results', 'sp_result_count',
  'sp_now', 'sp_done', 'sp_head_cyl', 'sp_head_surface',
  'sp_stats_get', 'sp_response_percentile', 'sp_response_histogram', 'sp_demerit',
  'sp_disk_copy', 'sp_extract_new', 'sp_extract_step', 'sp_extract_report_get', 'sp_extract_boundaries',
  'sp_extract_boundary_count', 'sp_extract_probes', 'sp_extract_probe_count', 'sp_extract_free',
] as const satisfies readonly (keyof SpExports)[];

/** A failed engine call: `code` is the sp_status, `message` is sp_error's text. */
export class EngineError extends Error {
  constructor(readonly code: Status, message: string, readonly fn?: string) {
    super(message);
    this.name = 'EngineError';
  }
}

export type Phys = Decoded<typeof PHYS>;
export type Track = Decoded<typeof TRACK>;
export type Breakdown = Decoded<typeof BREAKDOWN>;
export type Stats = Decoded<typeof STATS>;
export type ExtractReport = Decoded<typeof EXTRACT_REPORT>;

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
  if (!Number.isInteger(flags) || flags < 0 || flags > 3) {
    throw new EngineError(Status.Invalid, `flags must be a combination of SubmitFlag bits (0..3), got ${flags}`);
  }
  return flags;
}

function toInt64(value: number | bigint, what: string): bigint {
  if (typeof value === 'bigint') return value;
  if (!Number.isSafeInteger(value)) {
    throw new EngineError(Status.Invalid, `${what} must be an integer, got ${value}`);
  }
  return BigInt(value);
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
    if (this.scratch === 0) throw new EngineError(Status.NoMem, 'could not allocate the binding scratch buffer');
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

  /** sp_new. The seed is a uint64; a number must be a non-negative safe integer. */
  createSim(seed: number | bigint = 0): Sim {
    const ptr = this.wasm.sp_new(BigInt.asUintN(64, toInt64(seed, 'seed')));
    if (ptr === 0) throw new EngineError(Status.NoMem, 'sp_new: out of memory', 'sp_new');
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
      if (st < 0) throw new EngineError(st, `sp_demerit: invalid samples (${a.length} and ${b.length} values)`, 'sp_demerit');
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
    if (ptr === 0) throw new EngineError(Status.NoMem, `out of memory for ${values.length} doubles`);
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
      throw new EngineError(status as Status, msg, fn);
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

  /** sp_free. Idempotent. */
  dispose(): void {
    if (this.ptr !== 0) {
      this.w.sp_free(this.ptr);
      this.ptr = 0;
    }
  }

  /** sp_error: the message of the last failure, "" if none. */
  error(): string {
    return this.engine.cString(this.w.sp_error(this.p));
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
    this.check(this.w.sp_disk_set(this.p, disk, param, value), 'sp_disk_set');
  }

  /** sp_disk_get */
  diskGet(disk: number, param: DiskParam): number {
    return this.checkNaN(this.w.sp_disk_get(this.p, disk, param), 'sp_disk_get', `${disk}, ${param}`);
  }

  /** sp_disk_add_zone */
  diskAddZone(disk: number, z: ZoneSpec): void {
    this.check(this.w.sp_disk_add_zone(this.p, disk, z.firstCyl, z.lastCyl, z.sectorsPerTrack,
      z.trackSkew, z.cylSkew, z.spareKind, z.spareCount), 'sp_disk_add_zone');
  }

  /** sp_disk_add_defect */
  diskAddDefect(disk: number, d: DefectSpec): void {
    this.check(this.w.sp_disk_add_defect(this.p, disk, d.cyl, d.surface, d.slot, d.policy), 'sp_disk_add_defect');
  }

  /** sp_disk_add_seek_point */
  diskAddSeekPoint(disk: number, distance: number, ms: number): void {
    this.check(this.w.sp_disk_add_seek_point(this.p, disk, distance, ms), 'sp_disk_add_seek_point');
  }

  /** sp_disk_commit: validates the disk and builds its layout. */
  diskCommit(disk: number): void {
    this.check(this.w.sp_disk_commit(this.p, disk), 'sp_disk_commit');
  }

  /** sp_disk_count */
  diskCount(): number {
    return this.w.sp_disk_count(this.p);
  }

  // ---- Layout queries -------------------------------------------------------

  /** sp_disk_capacity: LBNs on the disk. */
  diskCapacity(disk: number): number {
    const v = this.w.sp_disk_capacity(this.p, disk);
    if (v < 0n) this.checkConst(Number(v), 'sp_disk_capacity', disk);
    return int64ToNumber(v);
  }

  /** sp_disk_cylinders */
  diskCylinders(disk: number): number {
    return this.checkConst(this.w.sp_disk_cylinders(this.p, disk), 'sp_disk_cylinders', disk);
  }

  /** sp_disk_track_count: cylinders × surfaces. */
  diskTrackCount(disk: number): number {
    return this.checkConst(this.w.sp_disk_track_count(this.p, disk), 'sp_disk_track_count', disk);
  }

  /** sp_lbn_to_phys */
  lbnToPhys(disk: number, lbn: number): Phys {
    const out = this.engine.scratch;
    this.check(this.w.sp_lbn_to_phys(this.p, disk, toInt64(lbn, 'lbn'), out), 'sp_lbn_to_phys');
    return decodeStruct(this.engine.dataView(), out, PHYS);
  }

  /** sp_phys_to_lbn: the LBN in a slot, or LBN_SPARE (-1) / LBN_DEFECT (-2). */
  physToLbn(disk: number, cyl: number, surface: number, slot: number): number {
    const out = this.engine.scratch;
    this.check(this.w.sp_phys_to_lbn(this.p, disk, cyl, surface, slot, out), 'sp_phys_to_lbn');
    return int64ToNumber(this.engine.dataView().getBigInt64(out, true));
  }

  /** sp_track_info (track index = cyl × surfaces + surface). */
  trackInfo(disk: number, trackIndex: number): Track {
    const out = this.engine.scratch;
    this.check(this.w.sp_track_info(this.p, disk, trackIndex, out), 'sp_track_info');
    return decodeStruct(this.engine.dataView(), out, TRACK);
  }

  /** sp_track_of_lbn */
  trackOfLbn(disk: number, lbn: number): number {
    return this.check(this.w.sp_track_of_lbn(this.p, disk, toInt64(lbn, 'lbn')), 'sp_track_of_lbn');
  }

  /** sp_seek_time (ms) */
  seekTime(disk: number, distance: number): number {
    return this.checkNaN(this.w.sp_seek_time(this.p, disk, distance), 'sp_seek_time', `${disk}, ${distance}`);
  }

  /** sp_revolution_ms */
  revolutionMs(disk: number): number {
    return this.checkNaN(this.w.sp_revolution_ms(this.p, disk), 'sp_revolution_ms', `${disk}`);
  }

  /** sp_angle_at: platter angle (fraction of a revolution) at an absolute time. */
  angleAt(disk: number, timeMs: number): number {
    return this.checkNaN(this.w.sp_angle_at(this.p, disk, timeMs), 'sp_angle_at', `${disk}, ${timeMs}`);
  }

  /** sp_access_time: what-if service time of one access; changes no state. */
  accessTime(disk: number, q: AccessQuery): Breakdown {
    const out = this.engine.scratch;
    this.check(this.w.sp_access_time(this.p, disk, q.fromCyl, q.fromSurface, q.startMs,
      toInt64(q.lbn, 'lbn'), q.sectors, q.isWrite ? 1 : 0, out), 'sp_access_time');
    return decodeStruct(this.engine.dataView(), out, BREAKDOWN);
  }

  // ---- Workloads ------------------------------------------------------------

  /** sp_workload_set */
  workloadSet(param: WorkloadParam, value: number): void {
    this.check(this.w.sp_workload_set(this.p, param, value), 'sp_workload_set');
  }

  /** sp_workload_get */
  workloadGet(param: WorkloadParam): number {
    return this.checkNaN(this.w.sp_workload_get(this.p, param), 'sp_workload_get', `${param}`);
  }

  /**
   * sp_request_submit: a device request straight to one device, bypassing the
   * host. `flags`: SubmitFlag bits (Write, Linked); a boolean is read as
   * "is a write", as API 1's last argument was. Returns its index in the
   * explicit request list.
   */
  requestSubmit(device: number, arrivalMs: number, lbn: number, sectors: number, flags: number | boolean = 0): number {
    const id = this.w.sp_request_submit(this.p, device, arrivalMs, toInt64(lbn, 'lbn'), sectors, submitFlags(flags));
    if (id < 0n) this.check(Number(id), 'sp_request_submit');
    return int64ToNumber(id);
  }

  /** sp_submit: a logical request to the volume (trace replay); returns its index in the explicit list. */
  submit(arrivalMs: number, vlbn: number, sectors: number, flags: number | boolean = 0): number {
    const id = this.w.sp_submit(this.p, arrivalMs, toInt64(vlbn, 'vlbn'), sectors, submitFlags(flags));
    if (id < 0n) this.check(Number(id), 'sp_submit');
    return int64ToNumber(id);
  }

  // ---- Devices and the host -------------------------------------------------

  /** sp_device_kind: DeviceKind of device `device`. */
  deviceKind(device: number): DeviceKind {
    return this.checkConst(this.w.sp_device_kind(this.p, device), 'sp_device_kind', device) as DeviceKind;
  }

  /** sp_host_set */
  hostSet(param: HostParam, value: number): void {
    this.check(this.w.sp_host_set(this.p, param, value), 'sp_host_set');
  }

  /** sp_host_get */
  hostGet(param: HostParam): number {
    return this.checkNaN(this.w.sp_host_get(this.p, param), 'sp_host_get', `${param}`);
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

  // ---- Running and output ---------------------------------------------------

  /** sp_output_configure: chunk capacities (0 disables a stream). */
  outputConfigure(eventCapacity: number, resultCapacity: number): void {
    this.check(this.w.sp_output_configure(this.p, eventCapacity, resultCapacity), 'sp_output_configure');
  }

  /**
   * sp_run: returns Status.Ok when finished (or `untilMs` reached) and
   * Status.More when a chunk buffer is full (read events()/results(), call again).
   * Views from earlier events()/results() calls are invalid after this.
   */
  run(untilMs = -1): Status.Ok | Status.More {
    return this.check(this.w.sp_run(this.p, untilMs), 'sp_run') as Status.Ok | Status.More;
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
    return this.checkConst(this.w.sp_head_cyl(this.p, disk), 'sp_head_cyl', disk);
  }

  /** sp_head_surface */
  headSurface(disk: number): number {
    return this.checkConst(this.w.sp_head_surface(this.p, disk), 'sp_head_surface', disk);
  }

  // ---- Statistics -----------------------------------------------------------

  /** sp_stats_get (-1: all devices; HOST: the logical requests). */
  statsGet(disk = -1): Stats {
    const out = this.engine.scratch;
    this.check(this.w.sp_stats_get(this.p, disk, out), 'sp_stats_get');
    return decodeStruct(this.engine.dataView(), out, STATS);
  }

  /** sp_response_percentile (p in [0,1]). */
  responsePercentile(disk: number, p: number): number {
    return this.checkNaN(this.w.sp_response_percentile(this.p, disk, p), 'sp_response_percentile', `${disk}, ${p}`);
  }

  /** sp_response_histogram: a copy of the counts. */
  responseHistogram(disk: number, binMs: number, bins: number): Uint32Array {
    if (!Number.isInteger(bins) || bins <= 0) throw new EngineError(Status.Invalid, `bins must be a positive integer, got ${bins}`);
    const ptr = this.w.malloc(bins * 4);
    if (ptr === 0) throw new EngineError(Status.NoMem, `out of memory for ${bins} histogram bins`);
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
    return this.check(this.w.sp_disk_copy(this.p, src.p, disk), 'sp_disk_copy');
  }

  /**
   * sp_extract_new: starts a black-box track-boundary extraction over
   * [firstLbn, firstLbn + lbns) (lbns = 0: to the end). Dispose the extractor
   * before this sim.
   */
  extractNew(disk: number, firstLbn: number, lbns = 0): Extractor {
    const ex = this.w.sp_extract_new(this.p, disk, toInt64(firstLbn, 'first_lbn'), toInt64(lbns, 'lbns'));
    if (ex === 0) {
      throw new EngineError(Status.Invalid, this.error() || 'sp_extract_new failed (out of memory?)', 'sp_extract_new');
    }
    return new Extractor(this, ex);
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
  step(maxTracks: number): Status.Ok | Status.More {
    const st = this.w.sp_extract_step(this.p, maxTracks);
    if (st < 0) throw new EngineError(st, this.sim.error() || `sp_extract_step failed with status ${st}`, 'sp_extract_step');
    return st as Status.Ok | Status.More;
  }

  /** sp_extract_report_get */
  report(): ExtractReport {
    const out = this.sim.engine.scratch;
    const st = this.w.sp_extract_report_get(this.p, out);
    if (st < 0) throw new EngineError(st, this.sim.error() || `sp_extract_report_get failed with status ${st}`, 'sp_extract_report_get');
    return decodeStruct(this.sim.engine.dataView(), out, EXTRACT_REPORT);
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

  /** sp_extract_free. Idempotent. */
  dispose(): void {
    if (this.ptr !== 0) {
      if (!this.sim.disposed) this.w.sp_extract_free(this.ptr);
      this.ptr = 0;
    }
  }
}
