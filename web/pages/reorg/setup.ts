/*
 * setup.ts — the reorganization experiment's setup and its URL form, after
 * the page's hash: #reorg?disk=ibm-ultrastar-18es&pol=centre&part=256&...
 * One field table (REORG_FIELDS) read by the same table-driven codec as every
 * setup (web/state/fields.ts). Sizes are in the units a reader thinks in (MB,
 * KB, seconds); runParams turns them into the engine's. One check spans
 * fields: the data set must fit the partition with room for the target
 * region's slack. Nothing here throws: a bad value falls back and the problem
 * names its field and what was used instead. The what-ifs (the host queue's
 * scheduler and depth, the network cap) came after links were published: a
 * link without them means today's values, and a link writes them only when
 * they differ, so every earlier link stays the same link.
 */
import { MAX_SAFE, flatCodec, int, num, oneOf, type FieldSpec, type Problem } from '../../state/fields';
import { engineAccepts, engineParam, paramKind } from '../../state/engineParams';
import { HOST_SCHEDULERS } from '../../state/presetSchema';
import { codeOf } from '../../../engine-wasm/binding/constants';
import { POLICIES, type HostSchedulerName, type PolicyName, type ReorgParams } from './protocol';

export interface ReorgSetup {
  disk: string;
  /** The reorganizing run's placement policy (the baseline is always plain ext2). */
  pol: PolicyName;
  /** Partition, MB (0: 28 % of the disk, the paper's 5 GB of 18 GB). */
  part: number;
  /** Blocks (4 KB) per block group. */
  bpg: number;
  /** The data set: copies of a file set of `files` files and `copymb` MB. */
  copies: number;
  copymb: number;
  files: number;
  /** Page cache, MB. */
  cache: number;
  clients: number;
  /** Usage skew (Zipf exponent over the usage classes). */
  zipf: number;
  /** Epoch length (s) and how many epochs each run lasts. */
  epoch: number;
  epochs: number;
  /** Phase 1's limits: log memory (KB) and time (s, 0: none). */
  logkb: number;
  logs: number;
  seed: number;
  /** The host queue (both runs): its scheduler and how many reads it lets reach the disk at once (0: no limit). */
  sched: HostSchedulerName;
  qd: number;
  /** The network between server and clients, Mbps (0: none). */
  net: number;
  /** The epoch both runs play on the stage, from 1 (0: the last of the run). */
  ep: number;
  /** The stage's slow-motion factor (simulated time runs 1/slow of real time). */
  slow: number;
}

/** The host queue's schedulers: the project's list of them, within the engine's range of host.scheduler. */
export const QUEUE_SCHEDULERS: readonly HostSchedulerName[] =
  HOST_SCHEDULERS.filter((n) => engineAccepts(engineParam('host', 'scheduler'), codeOf('Scheduler', n)));

/** The most epochs one run may ask for (two sims each; the page keeps every epoch's groups). */
export const MAX_EPOCHS = 200;

const fs = (name: string) => engineParam('fs', name);
/** An engine parameter's range in another unit (the engine's value = the field's × `scale`). */
const scaled = (name: string, scale: number) => num(fs(name).lo / scale, fs(name).hi / scale);

export const REORG_FIELDS: readonly FieldSpec<'reorg'>[] = [
  { path: 'disk', key: 'disk', label: 'Disk preset', kind: { type: 'id' }, def: 'ibm-ultrastar-18es', group: 'reorg' },
  { path: 'pol', key: 'pol', label: 'Placement policy', kind: oneOf(POLICIES), def: 'centre', group: 'reorg',
    help: 'centre: most accessed in the middle; compress: current order packed; sequences: files opened one after another together; mtime: by last modification' },
  { path: 'part', key: 'part', label: 'Partition', kind: num(0, fs('partition_blocks').hi / 256), def: 2449, group: 'reorg', help: 'MB (0: 28 % of the disk, as 5 GB of 18 GB in the paper)' },
  { path: 'bpg', key: 'bpg', label: 'Blocks per group', kind: paramKind(fs('blocks_per_group')), def: 8192, group: 'reorg', help: 'blocks of 4 KB (ext2: 32768 = 128 MB)' },
  { path: 'copies', key: 'copies', label: 'Copies of the file set', kind: paramKind(fs('copies')), def: 4, group: 'reorg', help: 'the paper: "duplicated over 20 times"' },
  { path: 'copymb', key: 'copymb', label: 'File set size', kind: paramKind(fs('copy_mb')), def: 20, group: 'reorg', help: 'MB per copy (the paper: 75)' },
  { path: 'files', key: 'files', label: 'Files per copy', kind: paramKind(fs('files_per_copy')), def: 1600, group: 'reorg', help: 'the paper: more than 6,000' },
  { path: 'cache', key: 'cache', label: 'Page cache', kind: paramKind(fs('cache_mb')), def: 19, group: 'reorg', help: 'MB (the paper: nearly 400 of 1,700)' },
  { path: 'clients', key: 'clients', label: 'Clients', kind: paramKind(fs('clients')), def: 16, group: 'reorg', help: 'closed-loop client threads' },
  { path: 'zipf', key: 'zipf', label: 'Usage skew', kind: paramKind(fs('zipf')), def: 1, group: 'reorg', help: 'Zipf exponent over the usage classes' },
  { path: 'epoch', key: 'epoch', label: 'Epoch', kind: scaled('epoch_ms', 1000), def: 20, group: 'reorg', help: 's of simulated time (the paper: about 300)' },
  { path: 'epochs', key: 'epochs', label: 'Epochs', kind: int(1, MAX_EPOCHS), def: 30, group: 'reorg' },
  { path: 'logkb', key: 'logkb', label: 'Log memory limit', kind: scaled('log_limit_bytes', 1024), def: 160, group: 'reorg', help: 'KB (the paper: 5 MB)' },
  { path: 'logs', key: 'logs', label: 'Log time limit', kind: num(0, fs('log_ms').hi / 1000), def: 0, group: 'reorg', help: 's (0: none; the paper stopped at the memory limit)' },
  { path: 'seed', key: 'seed', label: 'Seed', kind: int(0, MAX_SAFE), def: 1, group: 'reorg' },
  { path: 'sched', key: 'sched', label: 'Host scheduler', kind: oneOf(QUEUE_SCHEDULERS), def: 'fcfs', group: 'reorg',
    help: 'the order reads leave the host queue: fcfs in order; sstf, clook: an elevator by block' },
  { path: 'qd', key: 'qd', label: 'Host queue depth', kind: paramKind(engineParam('host', 'queue_depth')), def: 0, group: 'reorg',
    help: 'reads at the disk at once; 0: no limit, every read goes straight to the disk (served in order) and the host queue holds none to reorder' },
  { path: 'net', key: 'net', label: 'Ethernet', kind: paramKind(fs('net_mbps')), def: 0, group: 'reorg',
    help: 'Mbps: one link carries every reply to the clients (0: no network; the paper: 100 Mbps Ethernet)' },
  { path: 'ep', key: 'ep', label: 'Epoch on the stage', kind: int(0, MAX_EPOCHS), def: 0, group: 'reorg',
    help: 'the epoch both runs play on the stage, from 1 (0: the last)' },
  { path: 'slow', key: 'slow', label: 'Slow motion (×)', kind: int(1, 100_000), def: 10, group: 'reorg',
    help: 'the stage plays simulated time this many times slower than real time' },
];

/**
 * The what-ifs and the stage's epoch and speed, written to a link only when they differ from
 * their default (links published before them stay the same links).
 */
const WHAT_IFS: readonly (keyof ReorgSetup)[] = ['sched', 'qd', 'net', 'ep', 'slow'];

/** The fields that only choose what the page shows: changing them reruns nothing in the page's stream. */
const VIEW_FIELDS: readonly (keyof ReorgSetup)[] = ['ep', 'slow'];

/** The setup as the engine's stream sees it (the view fields at their defaults): equal keys, the same run. */
export function runKey(s: ReorgSetup): string {
  const out: Record<string, unknown> = { ...s };
  for (const k of VIEW_FIELDS) out[k] = REORG_FIELDS.find((f) => f.path === k)!.def;
  return encodeReorgSetup(out as unknown as ReorgSetup);
}

/** The epoch the stage plays, from 0: the chosen one, or the run's last. */
export const stageEpoch = (s: Pick<ReorgSetup, 'ep' | 'epochs'>): number => (s.ep > 0 ? s.ep : s.epochs) - 1;

const codec = flatCodec<ReorgSetup>(REORG_FIELDS);
const label = (path: keyof ReorgSetup) => REORG_FIELDS.find((f) => f.path === path)!.label;

export const DEFAULT_REORG_SETUP: ReorgSetup = codec.defaults();

/**
 * The largest share of the partition the data may take: the target region is
 * the data's size times the engine's slack (1.1), and it must fit inside.
 */
export const MAX_DATA_SHARE = 0.9;

/** The data set's size in MB. */
export const dataMb = (s: Pick<ReorgSetup, 'copies' | 'copymb'>): number => s.copies * s.copymb;

/** The check that spans fields; the problem names the field changed and what was used. */
export function crossCheck(s: ReorgSetup): { setup: ReorgSetup; problems: Problem[] } {
  const out = { ...s };
  const problems: Problem[] = [];
  if (out.part > 0 && dataMb(out) > MAX_DATA_SHARE * out.part) {
    const fit = Math.floor((MAX_DATA_SHARE * out.part / out.copies) * 10) / 10;
    const used = Math.max(0.1, fit);
    problems.push({
      field: 'copymb',
      message: `${label('copymb')}: ${out.copies} copies of ${out.copymb} MB (${+dataMb(out).toFixed(1)} MB) do not fit the ${out.part} MB partition with room to reorganize (at most ${MAX_DATA_SHARE * 100} % of it)`,
      used: `${used} MB per copy`,
    });
    out.copymb = used;
  }
  if (out.ep > out.epochs) {
    problems.push({ field: 'ep', message: `${label('ep')}: ${out.ep} is past the run's ${out.epochs} epochs`, used: 'the last' });
    out.ep = 0;
  }
  if (out.sched !== 'fcfs' && out.qd === 0) {
    problems.push({
      field: 'qd',
      message: `${label('qd')}: 0 (no limit) sends every read to the disk at once, so the host queue holds none for its scheduler (${out.sched}) to reorder; at 1 it holds every read but the one at the disk (an elevator before a disk without command queueing)`,
      used: '1',
    });
    out.qd = 1;
  }
  return { setup: out, problems };
}

/** Parses the part after '#reorg?' (or a whole hash); `disks` are the known preset ids. */
export function decodeReorgSetup(hash: string, disks: readonly string[]): { setup: ReorgSetup; problems: Problem[] } {
  const q = hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '';
  const r = codec.decode(q, { disk: disks });
  const c = crossCheck(r.setup);
  return { setup: c.setup, problems: [...r.problems, ...c.problems] };
}

/** The hash for a setup (every field written, so a link is explicit, but a what-if only when not today's value). */
export function encodeReorgSetup(s: ReorgSetup): string {
  const out: Partial<ReorgSetup> = { ...s };
  for (const k of WHAT_IFS) if (out[k] === REORG_FIELDS.find((f) => f.path === k)!.def) delete out[k];
  return `#reorg?${codec.encode(out as ReorgSetup)}`;
}

/** The bridge parameters of a setup; `preset` is the disk preset's JSON. */
export function runParams(s: ReorgSetup, preset: unknown): ReorgParams {
  return {
    preset, policy: s.pol, partitionMb: s.part, blocksPerGroup: s.bpg,
    copies: s.copies, copyMb: s.copymb, filesPerCopy: s.files, cacheMb: s.cache, clients: s.clients, zipf: s.zipf,
    epochMs: s.epoch * 1000, epochs: s.epochs, logLimitBytes: Math.round(s.logkb * 1024),
    // No time limit: the engine's largest (its limit must be positive), far beyond any run.
    logMs: s.logs > 0 ? s.logs * 1000 : fs('log_ms').hi, seed: s.seed,
    scheduler: s.sched, queueDepth: s.qd, netMbps: s.net,
  };
}
