/*
 * service.ts — the reorganization experiment's work in the engine's worker
 * (bridge method reorgRun, see protocol.ts), without worker globals so it
 * runs under Vitest and in the fidelity rows too. Two sims with the same
 * disk, file system, workload and seed: the baseline (policy none: plain
 * ext2) and the reorganizing one (the chosen policy). The engine's clients
 * never stop, so both are run epoch by epoch, sp_run(sim, (k + 1) × epoch)
 * until it returns SP_OK; after each epoch the engine's records of it are
 * posted (its statistics, per-group accesses, where files are and where
 * their goals are now, the seek histogram). The file systems are built the
 * same way first, a bounded slice at a time, with the share done posted. Between the engine's bounded
 * chunks a tick is posted, so a cancel lands within one chunk. Every number
 * comes from the engine; this file chooses what to ask and copies answers.
 */
import { DiskParam, EngineError, FS_SEEK_BINS, FsParam, FsPolicy, HostParam, Status, codeOf, wordOf, type Engine, type Sim } from '../../../engine-wasm/binding';
import { configureDisk, type DiskPreset } from '../../state/diskPreset';
import { HOST_SCHEDULERS } from '../../state/presetSchema';
import { numberArg, oneOfArg, presetArg, wholeArg } from '../../worker/args';
import { MAX_EPOCHS } from './setup';
import { POLICIES, type EpochStats, type ReorgInfo, type ReorgParams, type ReorgProgress, type ReorgResult, type RunEpoch } from './protocol';

const BLOCK_BYTES = 4096;
/** 4 KB blocks per MB. */
const BLOCKS_PER_MB = 1048576 / BLOCK_BYTES;

/** The parameters as the worker received them, checked for type; the engine checks ranges and names its field. */
export function checkReorgParams(p: ReorgParams): ReorgParams {
  if (!p || typeof p !== 'object') throw new EngineError(Status.Invalid, 'params: not an object', undefined, 'params');
  const n = (field: keyof ReorgParams, lo: number, hi: number) => numberArg(field, p[field], lo, hi);
  const w = (field: keyof ReorgParams, lo: number, hi: number) => wholeArg(field, p[field], lo, hi);
  return {
    preset: p.preset,
    policy: oneOfArg('policy', p.policy, POLICIES),
    partitionMb: n('partitionMb', 0, 1e9), blocksPerGroup: w('blocksPerGroup', 1, 1 << 30),
    copies: w('copies', 1, 1 << 30), copyMb: n('copyMb', 0, 1e9), filesPerCopy: w('filesPerCopy', 1, 1 << 30),
    cacheMb: n('cacheMb', 0, 1e9), clients: w('clients', 1, 1 << 30), zipf: n('zipf', 0, 1e3),
    epochMs: n('epochMs', 1, 1e9), epochs: w('epochs', 1, MAX_EPOCHS),
    logLimitBytes: n('logLimitBytes', 0, 1e12), logMs: n('logMs', 0, 1e12), seed: w('seed', 0, Number.MAX_SAFE_INTEGER),
    scheduler: oneOfArg('scheduler', p.scheduler, HOST_SCHEDULERS), queueDepth: w('queueDepth', 0, 1 << 30), netMbps: n('netMbps', 0, 1e12),
  };
}

/**
 * Inodes per group at ext2's ratio for 4 KB blocks (8192 inodes per 32768
 * blocks: one per 16 KB), a multiple of 32 (one inode-table block), so a
 * small teaching group keeps the same share of inode table as a real one.
 */
export const inodesPerGroup = (blocksPerGroup: number): number => Math.max(32, Math.round(blocksPerGroup / 4 / 32) * 32);

/**
 * A sim set up for the experiment with `policy` (0: the baseline), with the
 * setup's host queue and network, its file system not built yet; `extra`
 * sets further engine parameters the page does not offer (the fidelity rows'
 * second reorganization cycle), `host` further host parameters (set after
 * the setup's, so they win).
 */
export function fsSimSetup(engine: Engine, disk: DiskPreset, p: ReorgParams, policy: number, extra: readonly [FsParam, number][] = [],
  host: readonly [HostParam, number][] = []): Sim {
  const sim = engine.createSim(p.seed);
  try {
    configureDisk(sim, disk);
    const queue: [HostParam, number][] = [[HostParam.Scheduler, codeOf('Scheduler', p.scheduler)], [HostParam.QueueDepth, p.queueDepth]];
    for (const [param, v] of [...queue, ...host]) sim.hostSet(param, v);
    const values: [FsParam, number][] = [
      [FsParam.Enabled, 1], [FsParam.PartitionBlocks, Math.round(p.partitionMb * BLOCKS_PER_MB)],
      [FsParam.BlocksPerGroup, p.blocksPerGroup], [FsParam.InodesPerGroup, inodesPerGroup(p.blocksPerGroup)],
      [FsParam.FilesPerCopy, p.filesPerCopy], [FsParam.Copies, p.copies], [FsParam.CopyMb, p.copyMb],
      [FsParam.Zipf, p.zipf], [FsParam.Clients, p.clients], [FsParam.CacheMb, p.cacheMb], [FsParam.EpochMs, p.epochMs],
      [FsParam.Policy, policy], [FsParam.LogLimitBytes, p.logLimitBytes], [FsParam.LogMs, p.logMs], [FsParam.NetMbps, p.netMbps],
    ];
    for (const [param, v] of [...values, ...extra]) sim.fsSet(param, v);
    sim.outputConfigure(0, 0);
    return sim;
  } catch (e) {
    sim.dispose();
    throw e;
  }
}

/**
 * Builds the sims' file systems a bounded engine slice at a time, in turn,
 * and yields the share of the work done (the engine's, averaged) after each
 * round, so a large file set shows its progress and a cancel lands between slices.
 */
export function* buildAll(sims: readonly Sim[]): Generator<number, void, void> {
  let pending = [...sims];
  while (pending.length > 0) {
    pending = pending.filter((sim) => sim.fsCommit() !== Status.Ok);
    if (pending.length > 0) yield sims.reduce((a, sim) => a + sim.fsBuildProgress(), 0) / sims.length;
  }
}

/** fsSimSetup's sim with its file system built. */
export function fsSim(...args: Parameters<typeof fsSimSetup>): Sim {
  const sim = fsSimSetup(...args);
  try {
    const slices = buildAll([sim]);
    while (!slices.next().done) { /* the slices, with no one to tell */ }
    return sim;
  } catch (e) {
    sim.dispose();
    throw e;
  }
}

/** The partition as the page draws it: the engine's description, each group's first cylinder by the engine's mapping. */
export function reorgInfo(sim: Sim, diskName: string): ReorgInfo {
  const fi = sim.fsInfo();
  const sectorsPerBlock = BLOCK_BYTES / sim.diskGet(fi.disk, DiskParam.SectorBytes);
  const cylAt = (block: number) => sim.lbnToPhys(fi.disk, fi.partitionFirst + block * sectorsPerBlock).cyl;
  const groupCyl = Array.from({ length: fi.groups }, (_, g) => cylAt(g * fi.blocksPerGroup));
  groupCyl.push(fi.lastCyl + 1);
  return {
    diskName, cylinders: sim.diskCylinders(fi.disk), partitionFirstBlock: fi.partitionFirst / sectorsPerBlock, partitionBlocks: fi.partitionBlocks,
    firstCyl: fi.firstCyl, lastCyl: fi.lastCyl, blocksPerGroup: fi.blocksPerGroup, groups: fi.groups, groupCyl,
    files: fi.files, dataBytes: fi.bytesStored, seekBins: FS_SEEK_BINS,
  };
}

/** Epoch `index` of a sim as the page receives it. */
export function runEpoch(sim: Sim, index: number): RunEpoch {
  const e = sim.fsEpoch(index);
  const stats: EpochStats = { ...e, phase: wordOf('FsPhase', e.phase) ?? 'baseline' };
  const files = sim.fsGroupFiles();
  return { stats, groupAccesses: sim.fsGroupAccesses(index), filesNow: files.now, filesGoal: files.goal, seekHist: sim.fsSeekHist(index) };
}

/**
 * Runs the sims to `untilMs` a bounded engine chunk at a time, in turn, and
 * yields the clock both have reached after each round: the two runs advance
 * together (each sim is its own, so the order of the calls changes nothing).
 */
export function* runTo(sims: readonly Sim[], untilMs: number): Generator<number, void, void> {
  let pending = [...sims];
  while (pending.length > 0) {
    pending = pending.filter((sim) => sim.run(untilMs) !== Status.Ok);
    if (pending.length > 0) yield Math.min(...sims.map((sim) => Math.min(sim.now(), untilMs)));
  }
}

export function* reorgStream(engine: Engine, params: ReorgParams): Generator<ReorgProgress, ReorgResult, void> {
  const p = checkReorgParams(params);
  const disk = presetArg(p.preset);
  const sims: Sim[] = [];
  try {
    sims.push(fsSimSetup(engine, disk, p, FsPolicy.None), fsSimSetup(engine, disk, p, codeOf('FsPolicy', p.policy)));
    for (const fraction of buildAll(sims)) yield { kind: 'building', fraction };
    const [base, reorg] = sims;
    yield { kind: 'info', info: reorgInfo(reorg, disk.name) };
    for (let k = 0; k < p.epochs; k++) {
      const until = (k + 1) * p.epochMs;
      for (const t of runTo(sims, until)) yield { kind: 'tick', simMs: t, done: k, total: p.epochs };
      yield { kind: 'epoch', index: k, baseline: runEpoch(base, k), reorg: runEpoch(reorg, k), done: k + 1, total: p.epochs };
    }
    return { epochs: p.epochs, endMs: p.epochs * p.epochMs };
  } finally {
    for (const s of sims) s.dispose();
  }
}
