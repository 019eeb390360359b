/*
 * layout.ts — the byte layout of every struct the engine hands to TypeScript,
 * in one place. Offsets follow the C rules for wasm32 (int64 and double are
 * 8-aligned, no pointers in these structs), which are the same as x86-64's,
 * so tests/layout.test.ts checks this table against the C compiler with
 * _Static_assert(offsetof(...)) over include/spindle.h.
 */

export type FieldType = 'i32' | 'u32' | 'u16' | 'i64' | 'f64';

export interface Field {
  readonly offset: number;
  readonly type: FieldType;
}

export interface StructLayout<K extends string> {
  /** The C type name, as in spindle.h. */
  readonly cName: string;
  /** sizeof(cName), padding included. */
  readonly size: number;
  /** Field name in TypeScript (camelCase) → C member name, offset and type. */
  readonly fields: { readonly [P in K]: Field & { readonly cField: string } };
}

function struct<K extends string>(
  cName: string,
  size: number,
  fields: { [P in K]: [cField: string, offset: number, type: FieldType] },
): StructLayout<K> {
  const out = {} as { [P in K]: Field & { cField: string } };
  for (const key of Object.keys(fields) as K[]) {
    const [cField, offset, type] = fields[key];
    out[key] = { cField, offset, type };
  }
  return { cName, size, fields: out };
}

/** sp_phys: where one LBN lives. */
export const PHYS = struct('sp_phys', 32, {
  cyl: ['cyl', 0, 'i32'],
  surface: ['surface', 4, 'i32'],
  slot: ['slot', 8, 'i32'],
  zone: ['zone', 12, 'i32'],
  slotsPerTrack: ['slots_per_track', 16, 'i32'],
  remapped: ['remapped', 20, 'i32'],
  angle: ['angle', 24, 'f64'],
});

/** sp_track: one track's LBN range and the angle of its slot 0. */
export const TRACK = struct('sp_track', 40, {
  firstLbn: ['first_lbn', 0, 'i64'],
  lbnCount: ['lbn_count', 8, 'i32'],
  cyl: ['cyl', 12, 'i32'],
  surface: ['surface', 16, 'i32'],
  zone: ['zone', 20, 'i32'],
  slots: ['slots', 24, 'i32'],
  slot0Angle: ['slot0_angle', 32, 'f64'],
});

/** sp_breakdown: service time of one access, by component. */
export const BREAKDOWN = struct('sp_breakdown', 64, {
  seekMs: ['seek_ms', 0, 'f64'],
  rotationMs: ['rotation_ms', 8, 'f64'],
  transferMs: ['transfer_ms', 16, 'f64'],
  switchMs: ['switch_ms', 24, 'f64'],
  totalMs: ['total_ms', 32, 'f64'],
  headSwitches: ['head_switches', 40, 'i32'],
  cylSwitches: ['cyl_switches', 44, 'i32'],
  tracks: ['tracks', 48, 'i32'],
  targetCyl: ['target_cyl', 52, 'i32'],
  targetSurface: ['target_surface', 56, 'i32'],
});

/** sp_event: one record of the event stream (56 bytes, no padding). */
export const EVENT = struct('sp_event', 56, {
  timeMs: ['time_ms', 0, 'f64'],
  durMs: ['dur_ms', 8, 'f64'],
  angle: ['angle', 16, 'f64'],
  req: ['req', 24, 'u32'],
  kind: ['kind', 28, 'u16'],
  disk: ['disk', 30, 'u16'],
  cyl: ['cyl', 32, 'i32'],
  surface: ['surface', 36, 'i32'],
  a: ['a', 40, 'i32'],
  b: ['b', 44, 'i32'],
  logical: ['logical', 48, 'u32'],
  c: ['c', 52, 'i32'],
});

/**
 * sp_result: one completed request (152 bytes). disk = -1: the record of a
 * logical (volume) request; `logical` is the logical request a device request
 * serves (-1: none), `parts` the device requests a logical request became.
 */
export const RESULT = struct('sp_result', 152, {
  id: ['id', 0, 'i64'],
  lbn: ['lbn', 8, 'i64'],
  logical: ['logical', 16, 'i64'],
  sectors: ['sectors', 24, 'i32'],
  isWrite: ['is_write', 28, 'i32'],
  disk: ['disk', 32, 'i32'],
  cache: ['cache', 36, 'i32'],
  arrivalMs: ['arrival_ms', 40, 'f64'],
  dispatchMs: ['dispatch_ms', 48, 'f64'],
  completeMs: ['complete_ms', 56, 'f64'],
  queueMs: ['queue_ms', 64, 'f64'],
  overheadMs: ['overhead_ms', 72, 'f64'],
  seekMs: ['seek_ms', 80, 'f64'],
  rotationMs: ['rotation_ms', 88, 'f64'],
  transferMs: ['transfer_ms', 96, 'f64'],
  switchMs: ['switch_ms', 104, 'f64'],
  busMs: ['bus_ms', 112, 'f64'],
  responseMs: ['response_ms', 120, 'f64'],
  headMs: ['head_ms', 128, 'f64'],
  headSwitches: ['head_switches', 136, 'i32'],
  cylSwitches: ['cyl_switches', 140, 'i32'],
  parts: ['parts', 144, 'i32'],
  status: ['status', 148, 'i32'],
});

/** sp_stats: aggregate statistics of a run. */
export const STATS = struct('sp_stats', 216, {
  completed: ['completed', 0, 'i64'],
  reads: ['reads', 8, 'i64'],
  writes: ['writes', 16, 'i64'],
  cacheHits: ['cache_hits', 24, 'i64'],
  firstArrivalMs: ['first_arrival_ms', 32, 'f64'],
  lastCompleteMs: ['last_complete_ms', 40, 'f64'],
  responseMeanMs: ['response_mean_ms', 48, 'f64'],
  responseSdMs: ['response_sd_ms', 56, 'f64'],
  responseMinMs: ['response_min_ms', 64, 'f64'],
  responseMaxMs: ['response_max_ms', 72, 'f64'],
  p50Ms: ['p50_ms', 80, 'f64'],
  p90Ms: ['p90_ms', 88, 'f64'],
  p95Ms: ['p95_ms', 96, 'f64'],
  p99Ms: ['p99_ms', 104, 'f64'],
  throughputPerS: ['throughput_per_s', 112, 'f64'],
  mbPerS: ['mb_per_s', 120, 'f64'],
  headMeanMs: ['head_mean_ms', 128, 'f64'],
  headSdMs: ['head_sd_ms', 136, 'f64'],
  queueMeanMs: ['queue_mean_ms', 144, 'f64'],
  overheadMeanMs: ['overhead_mean_ms', 152, 'f64'],
  seekMeanMs: ['seek_mean_ms', 160, 'f64'],
  rotationMeanMs: ['rotation_mean_ms', 168, 'f64'],
  transferMeanMs: ['transfer_mean_ms', 176, 'f64'],
  switchMeanMs: ['switch_mean_ms', 184, 'f64'],
  busMeanMs: ['bus_mean_ms', 192, 'f64'],
  efficiency: ['efficiency', 200, 'f64'],
  headSwitchFraction: ['head_switch_fraction', 208, 'f64'],
});

/** sp_probe: one request the track-boundary extractor issued (32 bytes). */
export const PROBE = struct('sp_probe', 32, {
  lbn: ['lbn', 0, 'i64'],
  sectors: ['sectors', 8, 'i32'],
  kind: ['kind', 12, 'i32'],
  issueMs: ['issue_ms', 16, 'f64'],
  responseMs: ['response_ms', 24, 'f64'],
});

/** sp_extract_report: progress of a track-boundary extraction (96 bytes). */
export const EXTRACT_REPORT = struct('sp_extract_report', 96, {
  firstLbn: ['first_lbn', 0, 'i64'],
  endLbn: ['end_lbn', 8, 'i64'],
  cursor: ['cursor', 16, 'i64'],
  boundaries: ['boundaries', 24, 'i64'],
  requests: ['requests', 32, 'i64'],
  shortcuts: ['shortcuts', 40, 'i64'],
  searches: ['searches', 48, 'i64'],
  anomalies: ['anomalies', 56, 'i64'],
  simMs: ['sim_ms', 64, 'f64'],
  revMs: ['rev_ms', 72, 'f64'],
  done: ['done', 80, 'i32'],
  spt: ['spt', 84, 'i32'],
  failed: ['failed', 88, 'i32'],
  pad: ['pad', 92, 'i32'],
});

/**
 * sp_param_info: one row of a parameter table (72 bytes). Its `name` is a
 * char array, outside the numeric fields: PARAM_INFO_NAME gives its place.
 */
export const PARAM_INFO = struct('sp_param_info', 72, {
  def: ['def', 40, 'f64'],
  lo: ['lo', 48, 'f64'],
  hi: ['hi', 56, 'f64'],
  whole: ['whole', 64, 'i32'],
  count: ['count', 68, 'i32'],
});

/** sp_volume_info: a quadrangle volume's parameters and its one-revolution checks (112 bytes). */
export const VOLUME_INFO = struct('sp_volume_info', 112, {
  policy: ['policy', 0, 'i32'],
  p: ['p', 4, 'i32'],
  N: ['N', 8, 'i32'],
  H: ['H', 12, 'i32'],
  HEff: ['H_eff', 16, 'i32'],
  b: ['b', 20, 'i32'],
  w: ['w', 24, 'i32'],
  d: ['d', 28, 'i32'],
  residual: ['residual', 32, 'i32'],
  D: ['D', 36, 'i32'],
  DLinear: ['D_linear', 40, 'i32'],
  bMax: ['b_max', 44, 'i32'],
  bMaxLinear: ['b_max_linear', 48, 'i32'],
  zone: ['zone', 52, 'i32'],
  firstTrack: ['first_track', 56, 'i32'],
  rows: ['rows', 60, 'i32'],
  quadrangles: ['quadrangles', 64, 'i32'],
  failing: ['failing', 68, 'i32'],
  cyclicOk: ['cyclic_ok', 72, 'i32'],
  linearOk: ['linear_ok', 76, 'i32'],
  vlbns: ['vlbns', 80, 'i64'],
  switchSectors: ['switch_sectors', 88, 'f64'],
  slackSectors: ['slack_sectors', 96, 'f64'],
  slackLinearSectors: ['slack_linear_sectors', 104, 'f64'],
});

/** sp_flash_stats: a flash device's operations, bytes, busy time and erases (64 bytes). */
export const FLASH_STATS = struct('sp_flash_stats', 64, {
  reads: ['reads', 0, 'i64'],
  writes: ['writes', 8, 'i64'],
  unpins: ['unpins', 16, 'i64'],
  pad: ['pad', 24, 'i32'],
  eraseMode: ['erase_mode', 28, 'i32'],
  bytesRead: ['bytes_read', 32, 'f64'],
  bytesWritten: ['bytes_written', 40, 'f64'],
  busyMs: ['busy_ms', 48, 'f64'],
  erases: ['erases', 56, 'f64'],
});

/** sp_zone: a shingled drive's zone (host-managed) or band (drive-managed) (48 bytes). */
export const ZONE = struct('sp_zone', 48, {
  firstLbn: ['first_lbn', 0, 'i64'],
  lbns: ['lbns', 8, 'i64'],
  wp: ['wp', 16, 'i64'],
  cached: ['cached', 24, 'i64'],
  type: ['type', 32, 'i32'],
  cond: ['cond', 36, 'i32'],
  firstTrack: ['first_track', 40, 'i32'],
  tracks: ['tracks', 44, 'i32'],
});

/** sp_smr_stats: a shingled drive's media cache, cleaning and refusals (96 bytes). */
export const SMR_STATS = struct('sp_smr_stats', 96, {
  mcSectors: ['mc_sectors', 0, 'i64'],
  mcUsed: ['mc_used', 8, 'i64'],
  mcAppends: ['mc_appends', 16, 'i64'],
  mcWritten: ['mc_written', 24, 'i64'],
  inPlaceWrites: ['in_place_writes', 32, 'i64'],
  cleans: ['cleans', 40, 'i64'],
  stalls: ['stalls', 48, 'i64'],
  refused: ['refused', 56, 'i64'],
  cleanMs: ['clean_ms', 64, 'f64'],
  stallMs: ['stall_ms', 72, 'f64'],
  zones: ['zones', 80, 'i32'],
  cleaning: ['cleaning', 84, 'i32'],
  mcFirstTrack: ['mc_first_track', 88, 'i32'],
  mcTracks: ['mc_tracks', 92, 'i32'],
});

/** sp_nvcache_stats: the nvcache policy's figures (192 bytes). */
export const NVCACHE_STATS = struct('sp_nvcache_stats', 192, {
  writes: ['writes', 0, 'i64'],
  reads: ['reads', 8, 'i64'],
  redirected: ['redirected', 16, 'i64'],
  coalesced: ['coalesced', 24, 'i64'],
  overwritten: ['overwritten', 32, 'i64'],
  noRoom: ['no_room', 40, 'i64'],
  readHits: ['read_hits', 48, 'i64'],
  flushWrites: ['flush_writes', 56, 'i64'],
  purgeWrites: ['purge_writes', 64, 'i64'],
  flushEpisodes: ['flush_episodes', 72, 'i64'],
  diskWrites: ['disk_writes', 80, 'i64'],
  fqEntries: ['fq_entries', 88, 'i64'],
  fqSectors: ['fq_sectors', 96, 'i64'],
  fqPeakSectors: ['fq_peak_sectors', 104, 'i64'],
  fracRedirected: ['frac_redirected', 112, 'f64'],
  fracCoalesced: ['frac_coalesced', 120, 'f64'],
  fracOverwritten: ['frac_overwritten', 128, 'f64'],
  writeLatencyMeanMs: ['write_latency_mean_ms', 136, 'f64'],
  flushDiskMs: ['flush_disk_ms', 144, 'f64'],
  purgeDiskMs: ['purge_disk_ms', 152, 'f64'],
  diskBusyMs: ['disk_busy_ms', 160, 'f64'],
  flashBytesWritten: ['flash_bytes_written', 168, 'f64'],
  erases: ['erases', 176, 'f64'],
  lifetimeYears: ['lifetime_years', 184, 'f64'],
});

/** sp_decision: one redirection decision of the nvcache policy (72 bytes). */
export const DECISION = struct('sp_decision', 72, {
  req: ['req', 0, 'i64'],
  headLbn: ['head_lbn', 8, 'i64'],
  lbn: ['lbn', 16, 'i64'],
  nextLbn: ['next_lbn', 24, 'i64'],
  hN: ['h_n', 32, 'f64'],
  nNn: ['n_nn', 40, 'f64'],
  fN: ['f_n', 48, 'f64'],
  hNn: ['h_nn', 56, 'f64'],
  outcome: ['outcome', 64, 'i32'],
  sectors: ['sectors', 68, 'i32'],
});

/** sp_fs_info: the file-system experiment's partition, groups, files and target region (88 bytes). */
export const FS_INFO = struct('sp_fs_info', 88, {
  partitionFirst: ['partition_first', 0, 'i64'],
  partitionBlocks: ['partition_blocks', 8, 'i64'],
  dataBlocks: ['data_blocks', 16, 'i64'],
  bytesStored: ['bytes_stored', 24, 'i64'],
  regionFirst: ['region_first', 32, 'i64'],
  regionBlocks: ['region_blocks', 40, 'i64'],
  groups: ['groups', 48, 'i32'],
  blocksPerGroup: ['blocks_per_group', 52, 'i32'],
  files: ['files', 56, 'i32'],
  dirs: ['dirs', 60, 'i32'],
  firstCyl: ['first_cyl', 64, 'i32'],
  lastCyl: ['last_cyl', 68, 'i32'],
  disk: ['disk', 72, 'i32'],
  phase: ['phase', 76, 'i32'],
  epochs: ['epochs', 80, 'i32'],
});

/** sp_fs_epoch: one closed epoch of the file-system experiment (200 bytes). */
export const FS_EPOCH = struct('sp_fs_epoch', 200, {
  index: ['index', 0, 'i32'],
  phase: ['phase', 4, 'i32'],
  startMs: ['start_ms', 8, 'f64'],
  endMs: ['end_ms', 16, 'f64'],
  requests: ['requests', 24, 'i64'],
  bytes: ['bytes', 32, 'i64'],
  cacheLookups: ['cache_lookups', 40, 'i64'],
  cacheHits: ['cache_hits', 48, 'i64'],
  diskReads: ['disk_reads', 56, 'i64'],
  diskBlocks: ['disk_blocks', 64, 'i64'],
  filesMoved: ['files_moved', 72, 'i64'],
  bytesMoved: ['bytes_moved', 80, 'i64'],
  logBytes: ['log_bytes', 88, 'i64'],
  loggedOpens: ['logged_opens', 96, 'i64'],
  reqPerS: ['req_per_s', 104, 'f64'],
  mbPerS: ['mb_per_s', 112, 'f64'],
  hitRatio: ['hit_ratio', 120, 'f64'],
  seekMeanCyl: ['seek_mean_cyl', 128, 'f64'],
  seekMeanFrac: ['seek_mean_frac', 136, 'f64'],
  seekMeanMs: ['seek_mean_ms', 144, 'f64'],
  seeks: ['seeks', 152, 'i64'],
  diskWrites: ['disk_writes', 160, 'i64'],
  writeBlocks: ['write_blocks', 168, 'i64'],
  filesToMove: ['files_to_move', 176, 'i64'],
  bytesToMove: ['bytes_to_move', 184, 'i64'],
  responseMeanMs: ['response_mean_ms', 192, 'f64'],
});

/** Character arrays inside structs (NUL-terminated UTF-8), checked like the fields. */
export interface CharArray { readonly cName: string; readonly cField: string; readonly offset: number; readonly bytes: number }
export const PARAM_INFO_NAME: CharArray = { cName: 'sp_param_info', cField: 'name', offset: 0, bytes: 40 };
export const ALL_CHAR_ARRAYS: readonly CharArray[] = [PARAM_INFO_NAME];

/** Every layout, for the check against the C compiler. */
export const ALL_LAYOUTS: readonly StructLayout<string>[] = [PHYS, TRACK, BREAKDOWN, EVENT, RESULT, STATS, PROBE, EXTRACT_REPORT, PARAM_INFO, VOLUME_INFO, FLASH_STATS, ZONE, SMR_STATS, NVCACHE_STATS, DECISION, FS_INFO, FS_EPOCH];

/** The plain object a layout decodes to: every field a number (int64 as number). */
export type Decoded<L> = L extends StructLayout<infer K> ? { [P in K]: number } : never;

/**
 * Reads one struct at byte address `ptr` of `view` into a plain object.
 * int64 fields become numbers: the engine's LBNs, ids and counts stay far
 * below 2^53, and a larger one would throw rather than lose precision.
 */
export function decodeStruct<K extends string>(view: DataView, ptr: number, layout: StructLayout<K>): { [P in K]: number } {
  const out = {} as { [P in K]: number };
  for (const key of Object.keys(layout.fields) as K[]) {
    const f = layout.fields[key];
    out[key] = readField(view, ptr + f.offset, f.type);
  }
  return out;
}

export function readField(view: DataView, addr: number, type: FieldType): number {
  switch (type) {
    case 'i32': return view.getInt32(addr, true);
    case 'u32': return view.getUint32(addr, true);
    case 'u16': return view.getUint16(addr, true);
    case 'f64': return view.getFloat64(addr, true);
    case 'i64': return int64ToNumber(view.getBigInt64(addr, true));
  }
}

export function int64ToNumber(v: bigint): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int64 value ${v} does not fit a JavaScript number exactly`);
  return n;
}
