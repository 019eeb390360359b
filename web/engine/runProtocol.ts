/*
 * runProtocol.ts — the explorer's run across the worker bridge: what the
 * page sends to start a run (the setup and its preset), and what comes back,
 * chunk by chunk (engine event and result records as transferable buffers,
 * and statistics snapshots taken by the engine). Plain data only; imported
 * by the page and the worker.
 *
 * The page pulls: runBegin, then runNext until `done`. Each runNext does a
 * bounded slice of work, so progress shows between chunks and an abort (which
 * terminates the worker) takes effect within one slice.
 */
import type { Stats } from '../../engine-wasm/binding';
import type { Setup } from '../state/setup';
import type { Word } from '../../engine-wasm/binding/constants';
import type { TraceRun } from '../trace/protocol';

export interface RunBeginParams {
  setup: Setup;
  /**
   * One preset's JSON per device (presets/disks/<setup.devices[i].preset>.json),
   * validated in the worker. Devices naming the same preset may share one JSON.
   */
  presets?: unknown[];
  /** A single preset's JSON, for every device naming it (a one-disk run's shorthand). */
  preset?: unknown;
  /** Events kept for playback; past this many only results and statistics are streamed. */
  eventLimit?: number;
  /** Replay this trace instead of the setup's synthetic workload. */
  trace?: TraceRun;
}

/** A band of consecutive cylinders of one zone with one track layout (from the engine's track table, surface 0). */
export interface ZoneBand {
  zone: number;
  firstCyl: number;
  lastCyl: number;
  /** Physical slots per track, spares included. */
  slotsPerTrack: number;
  /** LBNs on the band's first track. */
  lbnsPerTrack: number;
  /**
   * Its recording density, numbered from 0 at the outer edge: adjacent bands with equal slots per
   * track share one (a preset may list several zones of one density), and the platter colours by it.
   */
  density: number;
}

/** The configured disk, as the engine reports it after the setup's overrides. */
export interface RunDisk {
  presetId: string;
  name: string;
  capacity: number;
  cylinders: number;
  surfaces: number;
  revolutionMs: number;
  rpm: number;
  sectorBytes: number;
  zones: ZoneBand[];
  /** sp_seek_time at sampled distances (0, 1, 2, … then spaced out), for the seek curve and the arm. */
  seekDistances: Int32Array;
  seekMs: Float64Array;
  /** Every sp_disk_param the engine holds, by its camelCase DiskParam name. */
  params: Record<string, number>;
  /** What the engine could not express exactly in the preset (from configureDisk). */
  approximations: string[];
  /** Head position before the first request. */
  headCyl: number;
  headSurface: number;
  /** The engine's index of this device (setup.devices[i] is devices[i] of the run). */
  index: number;
}

/** The host: the volume over the devices and its queue, as the engine holds them. */
export interface RunHost {
  /** The policy's word (SP_POLICY_*): those a setup offers, or an experiment's own (quadrangle, nvcache). */
  policy: Word<'Policy'>;
  /** Volume blocks (sp_volume_capacity). */
  capacity: number;
  firstDevice: number;
  devices: number;
  stripeSectors: number;
  stripeTracks: number;
  /** Host queue scheduler (SCHEDULER_NAMES index) and depth (0: no limit). */
  scheduler: number;
  queueDepth: number;
  /** Identity policy and no host queue limit: a logical request is its one device request (no HOST_* events). */
  passThrough: boolean;
}

export interface RunInfo {
  /** Device 0 (the one device of a one-disk run). */
  disk: RunDisk;
  /** Every device, in setup order (devices[0] is `disk`). */
  devices: RunDisk[];
  host: RunHost;
  /** Requests the workload will issue. */
  total: number;
  /** A statistics snapshot is taken every `stride` completions (and at the end). */
  stride: number;
  eventLimit: number;
  /** Simulated ms at which the stream begins (0, or where an experiment ran to before handing the sim over). */
  startMs?: number;
}

/**
 * The engine's statistics after `stats.completed` device requests (all devices),
 * with its response-time histogram; and at the same instant each device's
 * (sp_stats_get(i)) and the volume's (sp_stats_get(SP_HOST): logical requests;
 * in pass-through the same figures as the device).
 */
export interface Snapshot {
  stats: Stats;
  histBinMs: number;
  hist: Uint32Array;
  devices: Stats[];
  volume: Stats;
}

export interface RunChunk {
  /** sp_event records, 56 bytes each (EventView over this buffer). */
  events: ArrayBuffer;
  eventCount: number;
  /** sp_result records (ResultView over this buffer). */
  results: ArrayBuffer;
  resultCount: number;
  snapshots: Snapshot[];
  completed: number;
  simTimeMs: number;
  done: boolean;
  /** True once events stopped being kept (eventLimit reached). */
  eventsStopped: boolean;
}

/** The worker's methods for a run (added to the bridge's EngineApi). */
export interface RunApi {
  runBegin(params: RunBeginParams): RunInfo;
  runNext(params: { budgetMs?: number }): RunChunk;
  runEnd(params: Record<string, never>): null;
}
