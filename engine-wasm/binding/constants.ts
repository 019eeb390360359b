/*
 * constants.ts — the enums and caps of include/spindle.h, number for number.
 * tests/layout.test.ts checks every value here against the C compiler, so a
 * change to the header that is not mirrored here fails the tests.
 */

/** sp_status codes (SP_OK, SP_MORE, SP_E_*). */
export enum Status {
  Ok = 0,
  More = 1,
  Invalid = -1,
  Range = -2,
  NoMem = -3,
  State = -4,
  Limit = -5,
}

/** SP_TABLE_*: the parameter tables sp_param_info_get reads (Engine.paramTable). */
export enum ParamTable { Disk = 0, Workload = 1, Host = 2, Flash = 3, Fs = 4 }

/** sp_disk_param (SP_DP_*). */
export enum DiskParam {
  Surfaces = 0,
  SectorBytes,
  Rpm,
  SeekModel,
  SeekA,
  SeekB,
  SeekC,
  SeekE,
  SeekBoundary,
  WriteSettleMs,
  HeadSwitchMs,
  CylSwitchMs,
  ZeroLatency,
  ReadOverheadMs,
  WriteOverheadMs,
  ReadHitOverheadMs,
  WriteHitOverheadMs,
  BusMsPerSector,
  ReadFenceSectors,
  CacheSegments,
  CacheSegmentSectors,
  ReadAhead,
  WriteCache,
  QueueDepth,
  Scheduler,
  ReadFenceFraction,
  WriteBusMsPerSector,
  ImmediateRule,
  ReadAheadMaxSectors,
  ReadOverheadAfterWriteMs,
  WriteOverheadAfterWriteMs,
  ReadHitOverheadAfterWriteMs,
  WriteHitOverheadAfterWriteMs,
  Preseek,
  InitialRotation,
  SchedGather,
  SchedWindow,
  SchedBatch,
  SchedTieMs,
  SstfSptf,
  SptfAccess,
  ConstantMs,
  SeekLinear,
  SeekSingleMs,
  SeekFullMs,
  RotationModel,
  SwitchModel,
  SwitchFixedMs,
  LayoutModel,
  TransferModel,
  Count,
}

/** SP_SEEK_* */
export enum SeekModel { Curve = 0, Table = 1 }
/** SP_ROT_* (the model ladder's rotation model) */
export enum RotationModel { Absolute = 0, Uniform = 1 }
/** SP_SWITCH_* */
export enum SwitchModel { Exact = 0, Fixed = 1, None = 2 }
/** SP_LAYOUT_* */
export enum LayoutModel { Detailed = 0, Simple = 1 }
/** SP_XFER_* */
export enum TransferModel { Detailed = 0, Linear = 1 }
/** SP_RA_* */
export enum ReadAhead { None = 0, TrackEnd = 1, Continue = 2, TrackAdaptive = 3 }
/** SP_WC_* */
export enum WriteCache { Off = 0, Immediate = 1 }
/** SP_IR_* */
export enum ImmediateRule { All = 0, Sequential = 1 }
/** SP_SCHED_* */
export enum Scheduler { FCFS = 0, SSTF = 1, LOOK = 2, CLOOK = 3, SPTF = 4, Count = 5 }
/** SP_SPARE_* */
export enum SpareKind {
  None = 0,
  SectorsPerTrack = 1,
  SectorsPerCylinder = 2,
  SectorsPerZone = 3,
  TracksPerZone = 4,
}
/** SP_DEFECT_* */
export enum DefectPolicy { Slip = 0, Remap = 1 }
/** SP_ZP_*: per-zone layout parameters (sp_disk_set_zone). */
export enum ZoneParam { FirstBlockOffset = 0, FrontSpaceSectors = 1, Count = 2 }

/** sp_workload_param (SP_WP_*). */
export enum WorkloadParam {
  Arrivals = 0,
  Outstanding,
  ThinkMs,
  RatePerS,
  Count,
  Pattern,
  SizeDist,
  SizeSectors,
  SizeMaxSectors,
  SizeTracks,
  ReadFraction,
  RegionFirstLbn,
  RegionLbns,
  Align,
  BurstRequests,
  BurstGapMs,
  IdleMs,
  NearFraction,
  NearSectors,
  CountParams,
}

/** sp_host_param (SP_HP_*): the volume, its policy and the host queue. */
export enum HostParam {
  Policy = 0,
  FirstDevice,
  Devices,
  StripeSectors,
  StripeTracks,
  Scheduler,
  QueueDepth,
  BlockSectors,
  Depth,
  Zone,
  FirstTrack,
  Tracks,
  Preschedule,
  FlashDevice,
  Estimator,
  HighWatermark,
  LowWatermark,
  IdlePurge,
  FailedDevice,
  RmwFraction,
  DeviceQueue,
  Count,
}

/** SP_POLICY_*: how the host maps the volume to devices. */
export enum Policy { Identity = 0, Stripe = 1, Quadrangle = 2, Nvcache = 3, Raid4 = 4, Raid5 = 5, Count = 6 }

/** SP_EST_*: the nvcache policy's ACCESS_TIME estimator (HostParam.Estimator). */
export enum Estimator { Mimic = 0, Expected = 1, Exact = 2 }

/** sp_flash_param (SP_FP_*): a flash device's parameters (sp_flash_set). */
export enum FlashParam {
  CapacitySectors = 0,
  SectorBytes,
  ReadMs,
  ReadMsPerKb,
  WriteMs,
  WriteMsPerKb,
  WriteFactor,
  PinMs,
  EraseBlockBytes,
  Endurance,
  EraseMode,
  Count,
}

/** sp_fs_param (SP_FSP_*): the file-system reorganization experiment's parameters (sp_fs_set). */
export enum FsParam {
  Enabled = 0,
  PartitionFirst,
  PartitionBlocks,
  BlocksPerGroup,
  InodesPerGroup,
  FilesPerCopy,
  Copies,
  CopyMb,
  SizeSigma,
  MinBytes,
  MaxBytes,
  Zipf,
  Classes,
  MaxDepth,
  Clients,
  ThinkMs,
  CacheMb,
  NetMbps,
  CpuMs,
  EpochMs,
  Policy,
  LogLimitBytes,
  LogMs,
  MoveMs,
  CycleMs,
  RegionSlack,
  NearGroups,
  Count,
}

/** SP_FS_POLICY_*: the reorganizer's placement policies (FsParam.Policy). */
export enum FsPolicy { None = 0, Centre = 1, Compress = 2, Sequences = 3, Mtime = 4, Count = 5 }

/** SP_FS_PHASE_*: the reorganizer's phases (sp_fs_epoch.phase, EventKind.ReorgPhase's a). */
export enum FsPhase { Baseline = 0, Logging = 1, Placement = 2, Moving = 3, Steady = 4 }

/** SP_FS_SEEK_BINS: bins of sp_fs_seek_hist. */
export const FS_SEEK_BINS = 32;

/** SP_ERASE_*: a flash device's erase accounting (FlashParam.EraseMode). */
export enum EraseMode { PerWrite = 0, IdealLog = 1 }

/** SP_PRESCHED_*: how the device requests issued at one instant reach a device (HostParam.Preschedule). */
export enum Presched { Linked = 0, On = 1, Off = 2 }

/** SP_T2D_*: 2-D table layouts (sp_table2d_set). */
export enum Table2dLayout { Atropos = 0, NaiveColumn = 1, NaiveRow = 2, Count = 3 }

/** SP_DEV_*: device kinds (a flash device comes from sp_flash_add). */
export enum DeviceKind { Disk = 0, Flash = 1 }

/** SP_SUBMIT_*: flags of sp_submit / sp_request_submit. */
export enum SubmitFlag { Write = 1, Linked = 2, Semiseq = 4, AfterPrevious = 8 }

/** SP_HOST: the `disk` argument of the statistics calls that means the logical requests. */
export const HOST = -2;
/** SP_HOST_WRITES: the statistics calls' `disk` argument for logical writes only. */
export const HOST_WRITES = -3;

/** SP_ARRIVE_* */
export enum Arrivals { Closed = 0, Open = 1 }
/** SP_PATTERN_* */
export enum Pattern { Random = 0, Sequential = 1, Desktop = 2 }
/** SP_SIZE_* */
export enum SizeDist { Fixed = 0, Uniform = 1, Exponential = 2 }
/** SP_ALIGN_* */
export enum Align { None = 0, Track = 1 }

/** SP_EV_*: the kind field of an sp_event. */
export enum EventKind {
  Arrive = 1,
  QueueHost,
  QueueDisk,
  Dispatch,
  Overhead,
  Seek,
  Rotate,
  Transfer,
  HeadSwitch,
  CylSwitch,
  Bus,
  CacheHit,
  ReadAhead,
  Complete,
  Destage,
  HostArrive,
  HostQueue,
  HostIssue,
  HostComplete,
  FlashRead,
  FlashWrite,
  Redirect,
  FqAdd,
  FqRemove,
  FqWriteback,
  Flush,
  FsOpen,
  FsMiss,
  ReorgPhase,
  ReorgMove,
  Epoch,
  KindCount,
}

/** SP_PROBE_*: why the track-boundary extractor issued a request (sp_probe.kind). */
export enum ProbeKind { Park = 0, Spin = 1, Phase = 2, Check = 3, Jump = 4, Switch = 5 }

/** sp_result.cache */
export enum CacheOutcome { Miss = 0, PartialHit = 1, FullHit = 2, ImmediateReport = 3 }

/** Results of sp_phys_to_lbn that are not LBNs. */
export const LBN_SPARE = -1;
export const LBN_DEFECT = -2;

export const API_VERSION = 2;

/** SP_MAX_*: caps the engine enforces with SP_E_LIMIT. */
export const Limits = {
  disks: 16,
  zones: 256,
  surfaces: 64,
  cylinders: 1000000,
  tracks: 4000000,
  sectorsPerTrack: 20000,
  defects: 100000,
  seekPoints: 4096,
  queueDepth: 1024,
  inFlight: 65536,
  submitted: 10000000,
  chunk: 1048576,
  cacheSegments: 64,
  workPerRun: 2000000,
  pendingEvents: 1048576,
  timeMs: 1_000_000_000_000,
  pieces: 128,
  quadDepth: 64,
  fsFiles: 4194304,
  fsGroups: 4096,
  fsEpochs: 4096,
} as const;

/** C name of each cap, for the check against the header. */
export const LIMIT_C_NAMES: { readonly [K in keyof typeof Limits]: string } = {
  disks: 'SP_MAX_DISKS',
  zones: 'SP_MAX_ZONES',
  surfaces: 'SP_MAX_SURFACES',
  cylinders: 'SP_MAX_CYLINDERS',
  tracks: 'SP_MAX_TRACKS',
  sectorsPerTrack: 'SP_MAX_SECTORS_PER_TRACK',
  defects: 'SP_MAX_DEFECTS',
  seekPoints: 'SP_MAX_SEEK_POINTS',
  queueDepth: 'SP_MAX_QUEUE_DEPTH',
  inFlight: 'SP_MAX_IN_FLIGHT',
  submitted: 'SP_MAX_SUBMITTED',
  chunk: 'SP_MAX_CHUNK',
  cacheSegments: 'SP_MAX_CACHE_SEGMENTS',
  workPerRun: 'SP_MAX_WORK_PER_RUN',
  pendingEvents: 'SP_MAX_PENDING_EVENTS',
  timeMs: 'SP_MAX_TIME_MS',
  pieces: 'SP_MAX_PIECES',
  quadDepth: 'SP_MAX_QUAD_DEPTH',
  fsFiles: 'SP_MAX_FS_FILES',
  fsGroups: 'SP_MAX_FS_GROUPS',
  fsEpochs: 'SP_MAX_FS_EPOCHS',
};
