/*
 * protocol.ts — the reorganization experiment's method on the one engine
 * bridge (added to the bridge's EngineApi at the end). reorgRun is
 * streamed: two sims of the same file system, workload and seed — the
 * baseline (plain ext2, no reorganization) and the reorganizing one (the
 * chosen policy) — run epoch by epoch on one clock; after each epoch the
 * worker posts both epochs' records (the engine's statistics, per-group
 * accesses, where files are and where the policy wants them, the seek
 * histogram). Between epochs, and between the engine's bounded run chunks
 * inside a long epoch, it posts progress, so a run of simulated hours can
 * be cancelled at once. Plain data only.
 */
import type { MethodsOf, StreamsOf } from '../../engine/protocol';
import type { RunInfo } from '../../engine/runProtocol';
import type { RunName } from './heat';
import { wordsOf, type FsEpoch, type Word } from '../../../engine-wasm/binding';
import type { HOST_SCHEDULERS } from '../../state/presetSchema';

/** The host queue's schedulers by name (the engine's SP_SCHED_* the host accepts). */
export type HostSchedulerName = (typeof HOST_SCHEDULERS)[number];

/** The reorganizing run's placement policies: the engine's fs policies but "none", which is the baseline run. */
export type PolicyName = Exclude<Word<'FsPolicy'>, 'none'>;
export const POLICIES: readonly PolicyName[] = wordsOf('FsPolicy').filter((w): w is PolicyName => w !== 'none');

/** The reorganizer's phase at an epoch's end (engine sp_fs_epoch.phase). */
export type PhaseName = Word<'FsPhase'>;

export interface ReorgParams {
  /** The disk preset's JSON (validated in the worker). */
  preset: unknown;
  policy: PolicyName;
  /** Partition size, MB; 0: the engine's default (28 % of the disk). */
  partitionMb: number;
  blocksPerGroup: number;
  copies: number;
  copyMb: number;
  filesPerCopy: number;
  cacheMb: number;
  clients: number;
  zipf: number;
  epochMs: number;
  epochs: number;
  logLimitBytes: number;
  /** Phase 1's time limit, ms (0: none). */
  logMs: number;
  seed: number;
  /** The host queue of both runs: its order and the reads it lets reach the disk at once (0: no limit). */
  scheduler: HostSchedulerName;
  queueDepth: number;
  /** The network cap, Mbps (engine fs net_mbps; 0: none). */
  netMbps: number;
}

/** One closed epoch as the engine recorded it (sp_fs_epoch, field for field; the phase by name). */
export type EpochStats = Omit<FsEpoch, 'phase'> & { phase: PhaseName };

/** One run's epoch: the statistics and the per-group and seek records the engine keeps for it. */
export interface RunEpoch {
  stats: EpochStats;
  /** Blocks read per block group in this epoch (data and inode). */
  groupAccesses: number[];
  /** Per group, at the epoch's end: files whose data starts there, and files whose goal is there (0s for the baseline). */
  filesNow: number[];
  filesGoal: number[];
  /** Seek distances of the epoch (the engine's bins: bin 0 counts distance 0, bins 1.. split 1..cylinders-1 evenly). */
  seekHist: number[];
}

/** What the page needs to draw the partition; every number from the engine. */
export interface ReorgInfo {
  diskName: string;
  cylinders: number;
  /** The partition: its first volume block and length in 4 KB blocks, and its band of cylinders. */
  partitionFirstBlock: number;
  partitionBlocks: number;
  firstCyl: number;
  lastCyl: number;
  blocksPerGroup: number;
  groups: number;
  /** The first cylinder of each group's first block (the engine's mapping), and one past the partition's last: groups + 1 values. */
  groupCyl: number[];
  /** Files on the file system and the bytes they hold (the data set). */
  files: number;
  dataBytes: number;
  seekBins: number;
}

export type ReorgProgress =
  /** Both file systems being built (a bounded engine slice at a time): the engine's share done, 0..1. */
  | { kind: 'building'; fraction: number }
  | { kind: 'info'; info: ReorgInfo }
  /** Both runs have closed epoch `index`. */
  | { kind: 'epoch'; index: number; baseline: RunEpoch; reorg: RunEpoch; done: number; total: number }
  /** Simulated time reached inside the current epoch (both runs), between engine chunks. */
  | { kind: 'tick'; simMs: number; done: number; total: number };

export interface ReorgResult {
  epochs: number;
  endMs: number;
}

/** One run of the experiment on the stage: the baseline or the reorganizer, at one epoch. */
export interface ReorgStageParams extends ReorgParams {
  run: RunName;
  /** The epoch played, from 0. */
  epoch: number;
}

/** What the stage's run reports while the worker builds it (before its events stream). */
export type ReorgStageProgress =
  /** The file system being built: the engine's share done, 0..1. */
  | { kind: 'building'; fraction: number }
  /** The epochs before the chosen one being run: the simulated time reached, and the chosen epoch's start. */
  | { kind: 'epochs'; simMs: number; startMs: number };

export interface ReorgApi {
  /** The baseline and the reorganizing run, epoch by epoch, streamed. */
  reorgRun(params: ReorgParams): Generator<ReorgProgress, ReorgResult, void>;
  /** One run built as reorgRun builds it and run to the epoch's start (its progress streamed), then handed to the run service to stream that epoch's events. */
  reorgStageBegin(params: ReorgStageParams): Generator<ReorgStageProgress, RunInfo, void>;
}

/** The streamed methods (the compiler checks that the list is complete). */
export const STREAMS: StreamsOf<ReorgApi> = { reorgRun: true, reorgStageBegin: true };

/** Every method (the worker loads this page's code on the first call of one). */
export const METHODS: MethodsOf<ReorgApi> = { reorgRun: true, reorgStageBegin: true };

declare module '../../engine/protocol' {
  interface EngineApi extends ReorgApi {}
}
