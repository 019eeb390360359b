/*
 * protocol.ts — the NVCache experiment's methods on the one engine bridge
 * (added to the bridge's EngineApi at the end). nvRun is plain: one
 * hybrid disk run "with FQueues" and its baseline "without" (the same
 * policy, scheduler and requests with an FQueue of size 0), with what the
 * page plays back (host requests, redirection decisions, FQueue events) and
 * the engine's figures. nvSweep is streamed: the paper's Figures 7, 9, 10,
 * 12 and 13 from engine runs, one point per (FQueue size, scheduler).
 * Plain data only.
 */
import type { MethodsOf, StreamsOf } from '../../engine/protocol';
import type { RunInfo } from '../../engine/runProtocol';
import type { NvcacheStats } from '../../../engine-wasm/binding/engine';
import type { Word } from '../../../engine-wasm/binding/constants';
import { HOST_SCHEDULERS } from '../../state/presetSchema';

/** The host queue's schedulers (the engine's words, as everywhere). */
export type HostSched = (typeof HOST_SCHEDULERS)[number];
export const HOST_SCHEDS: readonly HostSched[] = HOST_SCHEDULERS;
export type EstimatorName = Word<'Estimator'>;
export type EraseModeName = Word<'EraseMode'>;
export type WriteCacheChoice = 'off' | 'preset';
/** Workload patterns: random (uniform over the region) or desktop (on/off bursts, writes near the previous one). */
export type PatternName = Extract<Word<'Pattern'>, 'random' | 'desktop'>;
export type SizeDistName = Word<'SizeDist'>;

/** The flash device holding the FQueue (engine sp_flash_param values; the FQueue size is its capacity). */
export interface FlashParams {
  writeMs: number;
  writeMsPerKb: number;
  writeFactor: number;
  readMs: number;
  readMsPerKb: number;
  pinMs: number;
  eraseBlockBytes: number;
  endurance: number;
  eraseMode: EraseModeName;
}

/** The synthetic workload (engine workload parameters; open arrivals so both runs get the same requests). */
export interface WorkloadParams {
  pattern: PatternName;
  sizeDist: SizeDistName;
  ratePerS: number;
  count: number;
  readFraction: number;
  /** Request sizes (engine size_dist: fixed, uniform from sizeSectors to sizeMaxSectors, or exponential of mean sizeSectors capped there). */
  sizeSectors: number;
  sizeMaxSectors: number;
  /** The region the requests fall in: its first sector and length (0 = to the end of the disk). */
  regionFirst: number;
  regionSectors: number;
  /** The desktop pattern's bursts and write locality (engine burst_requests, burst_gap_ms, idle_ms, near_fraction, near_sectors). */
  burstRequests: number;
  burstGapMs: number;
  idleMs: number;
  nearFraction: number;
  nearSectors: number;
}

/** Trace requests replayed instead of the workload (open arrivals: each at its time), with the file's line of each. */
export interface TraceRequests {
  name: string;
  arrivalMs: Float64Array;
  lbn: Float64Array;
  sectors: Int32Array;
  isWrite: Uint8Array;
  line: Uint32Array;
}

export interface RunParams {
  /** The disk preset's JSON (validated in the worker). */
  preset: unknown;
  /** The disk's write cache: off (every write reaches the media) or the preset's own. */
  writeCache: WriteCacheChoice;
  /** FQueue size (DRAM = flash), in sectors of the disk. */
  fqSectors: number;
  flash: FlashParams;
  sched: HostSched;
  estimator: EstimatorName;
  high: number;
  low: number;
  idlePurge: boolean;
  workload: WorkloadParams;
  /** When present, these requests replace the workload's. */
  trace?: TraceRequests;
  seed: number;
}

/** One logical request as the engine completed it. */
export interface HostRequest {
  id: number;
  write: boolean;
  lbn: number;
  sectors: number;
  arrivalMs: number;
  /** When it left the Request Queue (the host queue). */
  issueMs: number;
  completeMs: number;
  responseMs: number;
  /** Where it was served: 'disk', 'flash' (a redirected write), 'dram' (a read answered from the DRAM FQueue). */
  served: 'disk' | 'flash' | 'dram';
}

/** REDIRECT's outcome (a). */
export type Outcome = 'disk' | 'flash' | 'coalesced' | 'no-room';
export const OUTCOMES: readonly Outcome[] = ['disk', 'flash', 'coalesced', 'no-room'];

/** One write's redirection decision: the REDIRECT event and, when computed, its sp_decision record. */
export interface DecisionRec {
  req: number;
  timeMs: number;
  lbn: number;
  sectors: number;
  outcome: Outcome;
  /** The four times of Fig. 6 and the LBAs they are between; null when none were computed (coalesced, or while flushing). */
  times: { hN: number; nNn: number; fN: number; hNn: number; headLbn: number; nextLbn: number } | null;
}

/** Where a sector lies on the platter (engine sp_lbn_to_phys): its cylinder, the angle its slot begins at, the slots of its track. */
export interface TrackPlace {
  cyl: number;
  angle: number;
  slots: number;
}

/** An FQueue event (engine FQ_ADD / FQ_REMOVE / FQ_WRITEBACK / FLUSH). */
export interface FqEvent {
  timeMs: number;
  kind: 'add' | 'remove' | 'writeback' | 'flush';
  /** add/remove: the entry's logical request; writeback: the device request; flush: -1. */
  req: number;
  lbn: number;
  sectors: number;
  /** add/remove: FQueue sectors after (the engine's); flush: sectors at the crossing. */
  occupancy: number;
  /** remove: coalesced / flushed / purged / overwritten; writeback: flush / purge; flush: begin / end. */
  reason: string;
  /** add: where the entry's first sector lies on the platter (it is written back there). */
  place?: TrackPlace;
}

/** A device operation (for the pipeline: what the platter and the flash chip are doing). */
export interface DeviceOp {
  device: 'disk' | 'flash';
  /** The logical request it serves, -1 for an FQueue write-back (flush or purge) or an unpin. */
  logical: number;
  /** disk: from the device request's arrival at the disk (the disk has it) to its completion; flash: the operation. */
  startMs: number;
  endMs: number;
  /** disk: the disk's LBN; flash: the flash's own sector (the FQueue is a log on the flash). */
  lbn: number;
  sectors: number;
  /** disk: 'write' | 'read' | 'flush' | 'purge' (an FQueue entry written back); flash: 'pinned-write' | 'write' | 'read' | 'unpin'. */
  what: string;
}

/** Write-latency distribution from the engine (SP_HOST_WRITES). */
export interface LatencyDist {
  meanMs: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  writes: number;
  /** Histogram of bins of binMs (the engine's), for the CDF. */
  binMs: number;
  counts: number[];
}

export interface SideResult {
  stats: NvcacheStats;
  latency: LatencyDist;
  requests: HostRequest[];
  decisions: DecisionRec[];
  fq: FqEvent[];
  ops: DeviceOp[];
  endMs: number;
}

export interface RunResult {
  params: RunParams;
  diskName: string;
  capacity: number;
  sectorBytes: number;
  revolutionMs: number;
  /** The flash's pinned-write time of the smallest and largest request (engine sp_flash_op_ms). */
  flashWriteMs: { sectors: number; ms: number }[];
  with: SideResult;
  without: SideResult;
  /** Mean write latency with / without (Fig. 7's y for this size). */
  normalized: number;
}

export interface SweepParams {
  /** The run's parameters; fqSectors and sched are swept. */
  base: RunParams;
  /** FQueue sizes in MB (log axis), and the schedulers (one line each). */
  sizesMb: number[];
  scheds: HostSched[];
}

export interface SweepPointNv {
  sched: HostSched;
  sizeMb: number;
  /** Fig. 7: mean write latency with / without. */
  normalized: number;
  /** Fig. 9: (total write latency with + idle-purge disk time) / total write latency without. */
  normalizedWithIdle: number;
  /** Fig. 8a: idle-purge disk time / total write latency without. */
  idleShare: number;
  /** Fig. 12: overwritten / redirected. */
  overwritten: number;
  redirected: number;
  /** Fig. 13: disk writes and disk busy time with / without. */
  diskWrites: number;
  dutyCycle: number;
  /** Fig. 10: erases and the projected lifetime (engine). */
  erases: number;
  lifetimeYears: number;
}

export type SweepProgressNv = { kind: 'point'; point: SweepPointNv; done: number; total: number };
export interface SweepResultNv { points: SweepPointNv[] }

/** The run with FQueues or its baseline, streamed to the stage (one run per worker). */
export type Side = 'with' | 'without';
export const SIDES: readonly Side[] = ['with', 'without'];

export interface StageParams {
  run: RunParams;
  side: Side;
}

export interface NvcacheApi {
  /** One run with FQueues and its baseline without, on the same requests and scheduler. */
  nvRun(params: RunParams): RunResult;
  /** Figures 7, 9, 10, 12, 13: a point per (FQueue size, scheduler), streamed. */
  nvSweep(params: SweepParams): Generator<SweepProgressNv, SweepResultNv, void>;
  /** One side's hybrid sim handed to the worker's run service: the stage streams it with runNext. */
  nvStageBegin(params: StageParams): RunInfo;
}

/** The streamed methods (the compiler checks that the list is complete). */
export const STREAMS: StreamsOf<NvcacheApi> = { nvSweep: true };

/** Every method (the worker loads this page's code on the first call of one). */
export const METHODS: MethodsOf<NvcacheApi> = { nvRun: true, nvSweep: true, nvStageBegin: true };

declare module '../../engine/protocol' {
  interface EngineApi extends NvcacheApi {}
}
