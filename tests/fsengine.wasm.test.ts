/*
 * The file-system reorganization experiment through the wasm binding: the
 * sp_fs_* calls, the decoded epochs and per-group arrays, and the same
 * bookkeeping the native tests check (missed blocks = lookups - hits, group
 * accesses = blocks read and written, the seek histogram = the seeks), on
 * the small setup of engine-wasm/test/fs_fixture.h.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { EngineError, EventKind, FS_SEEK_BINS, FsParam, FsPhase, FsPolicy, Status, type Sim } from '../engine-wasm/binding';
import { testEngine } from './helpers/engine';
import { loadScript } from './helpers/script';

const ENGINE_DIR = fileURLToPath(new URL('../engine-wasm', import.meta.url));
const PRESET = `${ENGINE_DIR}/test/presets/ibm-ultrastar-18es.sps`;

async function fixture(seed: number): Promise<Sim> {
  const engine = await testEngine('full');
  const sim = engine.createSim(seed);
  loadScript(sim, PRESET);
  const set: [FsParam, number][] = [
    [FsParam.Enabled, 1], [FsParam.PartitionFirst, 2000000], [FsParam.PartitionBlocks, 16384],
    [FsParam.BlocksPerGroup, 1024], [FsParam.InodesPerGroup, 256], [FsParam.FilesPerCopy, 400],
    [FsParam.Copies, 4], [FsParam.CopyMb, 4], [FsParam.CacheMb, 4], [FsParam.Clients, 8], [FsParam.EpochMs, 5000],
    [FsParam.LogMs, 10000],
  ];
  for (const [p, v] of set) sim.fsSet(p, v);
  return sim;
}

function runEpochs(sim: Sim, n: number): void {
  const e = sim.fsGet(FsParam.EpochMs);
  for (let k = 0; k < n; k++) while (sim.run((k + 1) * e) === Status.More) { /* next chunk */ }
}

describe('file-system experiment (wasm)', () => {
  it('runs epoch by epoch with stats that add up', async () => {
    const sim = await fixture(5);
    expect(() => sim.fsInfo()).toThrow(EngineError);
    expect(sim.fsCommit()).toBe(Status.Ok);              // a small file set: built in one slice
    expect(sim.fsBuildProgress()).toBe(1);
    const info = sim.fsInfo();
    expect(info).toMatchObject({ partitionFirst: 2000000, partitionBlocks: 16384, groups: 16, files: 1600, epochs: 0 });
    runEpochs(sim, 3);
    expect(sim.fsEpochCount()).toBe(3);
    for (let k = 0; k < 3; k++) {
      const e = sim.fsEpoch(k);
      expect(e.index).toBe(k);
      expect(e.phase).toBe(FsPhase.Baseline);
      expect(e.requests).toBeGreaterThan(0);
      expect(e.cacheLookups - e.cacheHits).toBe(e.diskBlocks);
      const groups = sim.fsGroupAccesses(k);
      expect(groups).toHaveLength(16);
      expect(groups.reduce((a, b) => a + b, 0)).toBe(e.diskBlocks + e.writeBlocks);
      const hist = sim.fsSeekHist(k);
      expect(hist).toHaveLength(FS_SEEK_BINS);
      expect(hist.reduce((a, b) => a + b, 0)).toBe(e.seeks);
    }
    const files = sim.fsGroupFiles();
    expect(files.now.reduce((a, b) => a + b, 0)).toBe(1600);
    expect(files.goal.every((g) => g === 0)).toBe(true);
    expect(() => sim.fsEpoch(3)).toThrow(/no epoch 3/);
    expect(() => sim.fsSet(FsParam.Copies, 3)).toThrow(EngineError);
    sim.dispose();
  });

  it('reorganizes: logs, places inside the region, moves files there', async () => {
    const sim = await fixture(3);
    sim.fsSet(FsParam.Policy, FsPolicy.Centre);
    sim.fsSet(FsParam.LogMs, 10000);
    sim.outputConfigure(100000, 0);
    const e = sim.fsGet(FsParam.EpochMs);
    let moveEvents = 0;
    const phases = new Set<number>();
    for (let k = 0; k < 8; k++) {
      let st: Status;
      do {
        st = sim.run((k + 1) * e);
        const ev = sim.events();
        for (let i = 0; i < ev.count; i++) {
          if (ev.kind(i) === EventKind.ReorgMove) moveEvents++;
          if (ev.kind(i) === EventKind.ReorgPhase) phases.add(ev.a(i));
        }
      } while (st === Status.More);
    }
    expect([...phases].sort()).toEqual([FsPhase.Logging, FsPhase.Placement, FsPhase.Moving]);
    let moved = 0;
    for (let k = 0; k < 8; k++) {
      const ep = sim.fsEpoch(k);
      moved += ep.filesMoved;
      if (ep.endMs < 10000) expect(ep.phase).toBe(FsPhase.Logging);   // the phase at the end: at 10 s logging has ended
      expect(ep.logBytes).toBeLessThanOrEqual(5e6);
    }
    expect(moved).toBeGreaterThan(0);
    expect(moved).toBe(moveEvents);
    const info = sim.fsInfo();
    expect(info.regionBlocks).toBeGreaterThan(0);
    const g0 = Math.floor(info.regionFirst / info.blocksPerGroup);
    const g1 = Math.floor((info.regionFirst + info.regionBlocks - 1) / info.blocksPerGroup);
    const { goal } = sim.fsGroupFiles();
    goal.forEach((n, g) => { if (g < g0 || g > g1) expect(n).toBe(0); });
    expect(goal.reduce((a, b) => a + b, 0)).toBe(info.files);
    sim.dispose();
  });

  it('gives the epochs of the native build, to the bit (engine-wasm/test/fsdethash.c)', async () => {
    execFileSync('make', ['--no-print-directory', '-s', '-C', ENGINE_DIR, 'fsdethash'], { stdio: ['ignore', 'ignore', 'inherit'] });
    const native = execFileSync(`${ENGINE_DIR}/build/native/fsdethash`, [], { cwd: ENGINE_DIR, encoding: 'utf8' }).trim().split('\n');
    const lines: string[] = [];
    for (const policy of [FsPolicy.None, FsPolicy.Centre]) {
      const sim = await fixture(9);
      sim.fsSet(FsParam.Policy, policy);
      runEpochs(sim, 6);
      for (let k = 0; k < sim.fsEpochCount(); k++) {
        const e = sim.fsEpoch(k);
        const sum = e.seekMeanMs * e.seeks;
        lines.push([policy, e.index, e.phase, e.requests, e.bytes, e.cacheLookups, e.cacheHits, e.diskReads, e.diskBlocks,
          e.filesMoved, e.diskWrites, e.seeks, Number(sum.toPrecision(17))].join(' '));
      }
      sim.dispose();
    }
    expect(lines.length).toBe(12);
    expect(lines.map((l) => l.split(' ').slice(0, 12).join(' '))).toEqual(native.map((l) => l.split(' ').slice(0, 12).join(' ')));
    lines.forEach((l, i) => expect(Number(l.split(' ')[12])).toBe(Number(native[i].split(' ')[12])));
  }, 120_000);

  it('names the field of a bad value', async () => {
    const sim = await fixture(1);
    try {
      sim.fsSet(FsParam.Clients, 0);
      expect.unreachable();
    } catch (e) {
      expect((e as EngineError).field).toBe('fs.clients');
    }
    sim.dispose();
  });
});
