/*
 * protocol.ts — the shingled-drive page's methods on the one engine bridge
 * (added to the bridge's EngineApi at the end). smrStageBegin hands one
 * drive's run (the conventional twin or the drive-managed shingled drive) to
 * the worker's run service for the stage; smrFigures runs both to their end
 * and returns the engine's figures and the shingled drive's bands; smrSweep
 * streams the what-if (media cache size x host idle time), point by point;
 * smrZoned replays a list of zone commands on the host-managed drive.
 * Plain data only.
 */
import type { MethodsOf, StreamsOf } from '../../engine/protocol';
import type { RunInfo } from '../../engine/runProtocol';
import type { SmrStats } from '../../../engine-wasm/binding/engine';
import type { Word } from '../../../engine-wasm/binding/constants';

/** The two drives on the stage: the shingled drive's conventional twin and the shingled drive. */
export type Drive = 'cmr' | 'smr';
export const DRIVES: readonly Drive[] = ['cmr', 'smr'];
export type WritePattern = 'random' | 'sequential';
export const WRITE_PATTERNS: readonly WritePattern[] = ['random', 'sequential'];
/** The drive's volatile write cache: off (a write is reported once on the platter) or the preset's own. */
export type WriteCacheChoice = 'off' | 'preset';
export const WRITE_CACHE_CHOICES: readonly WriteCacheChoice[] = ['off', 'preset'];

/** One drive's run: 4 KB writes, closed, one at a time (the engine's workload). */
export interface DriveParams {
  /** The drive-managed shingled preset's JSON (validated in the worker); the twin is it without shingling. */
  preset: unknown;
  pattern: WritePattern;
  writes: number;
  /** The media cache: unshingled tracks at the outer edge (the preset's conventional_tracks). */
  cacheTracks: number;
  /** Idle time before the drive cleans (ms; -1: never in idle time, only when the cache is full). */
  cleanIdleMs: number;
  writeCache: WriteCacheChoice;
  /** Host LBNs the writes fall in, from LBN 0 (0: the whole drive). */
  regionSectors: number;
  seed: number;
}

export interface StageParams {
  run: DriveParams;
  drive: Drive;
}

/** A band of the shingled drive, as the engine lays it out (sp_zone_get). */
export interface Band {
  firstLbn: number;
  lbns: number;
  firstTrack: number;
  /** Its tracks, the guard tracks after it included. */
  tracks: number;
}

/** What the page draws of the shingled drive: its bands and its media cache, from the engine. */
export interface SmrLayout {
  bands: Band[];
  mcFirstTrack: number;
  mcTracks: number;
  mcSectors: number;
  bandTracks: number;
  guardTracks: number;
  surfaces: number;
  sectorBytes: number;
}

/** One drive's whole run, as the engine counted it. */
export interface DriveFigures {
  drive: Drive;
  name: string;
  capacity: number;
  completed: number;
  /** The last write's completion, and what the drive still did after it (the end of its last event). */
  lastCompletionMs: number;
  lastEventMs: number;
  /** MB written over the time to the last completion. */
  mbPerS: number;
  responseMeanMs: number;
  responseMaxMs: number;
  /** The shingled drive's media cache and cleaning at the end (null for the twin). */
  smr: SmrStats | null;
}

export interface Figures {
  layout: SmrLayout;
  cmr: DriveFigures;
  smr: DriveFigures;
}

export interface SweepParams {
  /** The stage's run: its drive, write cache, region and seed (its pattern and writes are not used). */
  run: DriveParams;
  /** Media cache sizes (tracks) and the host's mean idle time between bursts (ms): one point each, and the twin per idle time. */
  cacheTracks: number[];
  idleMs: number[];
  /** Writes per point (the shingled drive's add twice what its cache holds) and their mean per burst. */
  writes: number;
  burst: number;
}

export interface SweepPoint {
  drive: Drive;
  cacheTracks: number;
  cacheMb: number;
  idleMs: number;
  /** Writes of the run: the base count plus twice what the cache holds (at most the page's limit). */
  writes: number;
  /** MB written over the time writes were outstanding, in the run's second half (the sustained rate). */
  mbPerS: number;
  cleans: number;
  stalls: number;
}

export type SweepProgress = { kind: 'point'; point: SweepPoint; done: number; total: number };
export interface SweepResult { points: SweepPoint[] }

/** A command to the host-managed drive: a write at an offset in a zone, or a zone action (ZBC's). */
export type ZoneOp =
  | { kind: 'write'; zone: number; offset: number; sectors: number }
  | { kind: Word<'ZoneAction'>; zone: number };

/** Commands a list may hold (a link, the worker's replay). */
export const MAX_ZONE_OPS = 200;

export interface ZonedParams {
  /** The host-managed preset's JSON. */
  preset: unknown;
  ops: ZoneOp[];
}

export interface ZoneRow {
  type: number;
  cond: number;
  firstLbn: number;
  lbns: number;
  wp: number;
  firstTrack: number;
  tracks: number;
}

/** What one command did: the engine's status and message, and the zone's pointer after it. */
export interface OpOutcome {
  ok: boolean;
  /** The result's status (the engine's word: ok, unaligned-write, write-boundary), or 'refused' for a zone action the engine refused. */
  status: Word<'RequestStatus'> | 'refused';
  /** sp_error() when refused. */
  message: string;
  responseMs: number;
  timeMs: number;
  wpAfter: number;
}

export interface ZonedResult {
  name: string;
  zones: ZoneRow[];
  outcomes: OpOutcome[];
  refused: number;
}

export interface SmrApi {
  /** One drive's run handed to the worker's run service: the stage streams it with runNext. */
  smrStageBegin(params: StageParams): RunInfo;
  /** Both drives run to their end: the engine's figures and the shingled drive's layout. */
  smrFigures(params: DriveParams): Figures;
  /** Sustained random-write throughput by media cache size and host idle time, streamed. */
  smrSweep(params: SweepParams): Generator<SweepProgress, SweepResult, void>;
  /** The host-managed drive after the commands, in order. */
  smrZoned(params: ZonedParams): ZonedResult;
}

/** The streamed methods (the compiler checks that the list is complete). */
export const STREAMS: StreamsOf<SmrApi> = { smrSweep: true };

/** Every method (the worker loads this page's code on the first call of one). */
export const METHODS: MethodsOf<SmrApi> = { smrStageBegin: true, smrFigures: true, smrSweep: true, smrZoned: true };

declare module '../../engine/protocol' {
  interface EngineApi extends SmrApi {}
}
