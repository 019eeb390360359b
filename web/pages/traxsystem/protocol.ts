/*
 * protocol.ts — the system-level traxtent experiments' methods on the one
 * engine bridge (added to the bridge's EngineApi at the end). Both are
 * streamed: one progress message per engine point, the generator's return
 * value is the call's result; a cancelled call stops between two points.
 */
import type { MethodsOf, StreamsOf } from '../../engine/protocol';
import type { Adapter } from '../../experiments/adapter';
import type { Alignment } from '../traxtents/sweep';
import type { Allocation, FfsRun, Outstanding } from './ffs';
import type { SegmentPoint, WholeDiskSegments, ZoneSegmentPoint } from './lfs';
import type { HardRealTime, RoundPoint } from './video';
import type { SchedulerName } from '../../state/presetSchema';

/** The disk schedulers the video server offers (the engine's words). */
export const VIDEO_SCHEDULERS = ['sptf', 'clook', 'fcfs'] as const satisfies readonly SchedulerName[];
export type Scheduler = (typeof VIDEO_SCHEDULERS)[number];

export interface VideoParams {
  preset: unknown;
  adapter?: Adapter;
  /** The disk's scheduler for the batch (the preset's queue holds one; the batch is V). */
  scheduler: Scheduler;
  /** Request size in tracks of the first zone. */
  ioTracks: number;
  /** Simultaneous requests: vMin, vMin + vStep, ... up to vMax. */
  vMin: number;
  vMax: number;
  vStep: number;
  /** Rounds measured per V, and the deadline fraction (0.9999 = 99.99 %). */
  rounds: number;
  fraction: number;
  seed: number;
  /** Stream bit rate (Mb/s, 10^6 bits), disks in the array, round time (ms) for the stream count. */
  bitRateMbps: number;
  disks: number;
  roundMs: number;
}

export interface VideoInfo {
  trackLbns: number;
  sectorBytes: number;
  ioBytes: number;
  /** How long one request's data lasts a stream (IOsize / bit rate). */
  lastsMs: number;
  hard: Record<Alignment, HardRealTime>;
}

export type VideoProgress = { kind: 'info'; info: VideoInfo } | { kind: 'point'; point: RoundPoint };

export interface VideoSide {
  /** Streams per disk at the round time, start-up latency and buffer space there. */
  streams: number;
  startupMs: number;
  bufferBytes: number;
}

export interface VideoResult {
  info: VideoInfo;
  points: RoundPoint[];
  aligned: VideoSide;
  unaligned: VideoSide;
}

export interface LfsParams {
  preset: unknown;
  adapter?: Adapter;
  /** Cleaned-segment utilisation for the write cost. */
  utilisation: number;
  /** Segment sizes: geometric from 16 sectors to maxTracks tracks, plus one track. */
  maxTracks: number;
  points: number;
  /** Segment writes per point. */
  n: number;
  seed: number;
}

export interface LfsInfo {
  trackLbns: number;
  sectorBytes: number;
  sizes: number[];
  writeCost: number;
  /** Zones holding LBNs: one zone-matched segment point each. */
  zones: number;
}

export type LfsProgress = { kind: 'info'; info: LfsInfo } | { kind: 'point'; point: SegmentPoint } | { kind: 'zone'; point: ZoneSegmentPoint };

export interface LfsResult {
  info: LfsInfo;
  points: SegmentPoint[];
  /** Lowest overall write cost per alignment; the aligned vs unaligned reduction at one track. */
  best: Record<Alignment, SegmentPoint>;
  trackReduction: number;
  /** Variable-sized segments: one track of each zone, and over the whole disk against one fixed size. */
  zones: ZoneSegmentPoint[];
  whole: WholeDiskSegments;
}

export type FfsWorkload = 'diff' | 'copy';

export interface FfsParams {
  preset: unknown;
  adapter?: Adapter;
  /** Size of each of the two files the diff reads, and of the file the copy copies (MB, 2^20 bytes). */
  diffMB: number;
  copyMB: number;
  /** Requests at the disk: one in all, or one per stream. */
  outstanding: Outstanding;
  /** Default FFS's read-ahead and write cluster, in 8 KB blocks (FreeBSD: at most 32, 256 KB). */
  clusterBlocks: number;
  /** File layout: 0 = the second file after the first; N = the two files in alternating sections of N MB. */
  sectionMB: number;
  seed: number;
}

export interface FfsInfo {
  sectorBytes: number;
  /** 8 KB blocks over the span the files use, and those traxtent allocation excludes (straddling a track boundary). */
  blocks: number;
  excluded: number;
  /** Requests each run makes, in the order the runs come. */
  runs: Array<{ workload: FfsWorkload; allocation: Allocation; ios: number; mb: number }>;
}

/** A run's progress: data moved (MB, 10^6 bytes, both files) by simulated time s; `last` on the run's final point. */
export interface FfsPoint {
  workload: FfsWorkload;
  allocation: Allocation;
  s: number;
  mb: number;
  last: boolean;
}

export type FfsProgress = { kind: 'info'; info: FfsInfo } | { kind: 'point'; point: FfsPoint };

export interface FfsResult {
  info: FfsInfo;
  diff: FfsRun;
  copy: FfsRun;
}

export interface TraxsystemApi {
  /** Video server (section 5.4): round times vs V, aligned and unaligned, then streams, latency, buffers. */
  tsVideo(params: VideoParams): Generator<VideoProgress, VideoResult, void>;
  /** LFS (section 5.5): overall write cost vs segment size, aligned and unaligned. */
  tsLfs(params: LfsParams): Generator<LfsProgress, LfsResult, void>;
  /** Traxtent-aware FFS (section 5.3): a two-file diff and a copy, unmodified vs traxtent allocation, progress as data moved over time. */
  tsFfs(params: FfsParams): Generator<FfsProgress, FfsResult, void>;
}

/** The streamed methods (the compiler checks that the list is complete). */
export const STREAMS: StreamsOf<TraxsystemApi> = { tsVideo: true, tsLfs: true, tsFfs: true };

/** Every method (the worker loads this page's code on the first call of one). */
export const METHODS: MethodsOf<TraxsystemApi> = { tsVideo: true, tsLfs: true, tsFfs: true };

declare module '../../engine/protocol' {
  interface EngineApi extends TraxsystemApi {}
}
