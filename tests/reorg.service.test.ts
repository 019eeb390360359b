/*
 * The reorganization page's worker service over the wasm engine: the stream
 * describes the partition first, then posts both runs' epochs in order (with
 * ticks between engine chunks); the two runs share the file system and the
 * workload's seed, so they differ only by the reorganizer; the baseline has
 * no phases and no goals; an epoch's per-group blocks add up to the blocks
 * the epoch read and wrote; stopping the stream early disposes both sims;
 * bad parameters are refused naming their field; the setup's host queue and
 * network reach the engine (an elevator shortens the baseline's seeks, a
 * network cap bounds the bytes served). And the experiment presets open
 * without a problem, the page's default being the teaching one.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import type { Engine } from '../engine-wasm/binding';
import { testEngine } from './helpers/engine';
import { loadPresetJson } from './helpers/presets';
import { reorgStream } from '../web/pages/reorg/service';
import { DEFAULT_REORG_SETUP, decodeReorgSetup, encodeReorgSetup, runParams, type ReorgSetup } from '../web/pages/reorg/setup';
import type { ReorgInfo, ReorgParams, ReorgProgress, RunEpoch } from '../web/pages/reorg/protocol';

const DISKS = readdirSync(new URL('../presets/disks/', import.meta.url)).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
const FILES = readdirSync(new URL('../presets/experiments/', import.meta.url)).filter((f) => f.startsWith('reorg-') && f.endsWith('.json'));
const url = (id: string) => String(JSON.parse(readFileSync(new URL(`../presets/experiments/${id}.json`, import.meta.url), 'utf8')).url);

let engine: Engine;
beforeAll(async () => { engine = await testEngine('full'); });

/** A short run of the teaching setup (fewer epochs). */
const small = (over: Partial<ReorgSetup> = {}): ReorgParams => {
  const s = { ...decodeReorgSetup(url('reorg-teaching'), DISKS).setup, epochs: 6, ...over };
  return runParams(s, loadPresetJson(s.disk));
};

function collect(p: ReorgParams): { info: ReorgInfo | null; kinds: string[]; baseline: RunEpoch[]; reorg: RunEpoch[] } {
  const out = { info: null as ReorgInfo | null, kinds: [] as string[], baseline: [] as RunEpoch[], reorg: [] as RunEpoch[] };
  const g = reorgStream(engine, p);
  for (let r = g.next(); !r.done; r = g.next()) {
    const m: ReorgProgress = r.value;
    out.kinds.push(m.kind);
    if (m.kind === 'info') out.info = m.info;
    if (m.kind === 'epoch') { out.baseline.push(m.baseline); out.reorg.push(m.reorg); }
  }
  return out;
}

describe('reorganization service', () => {
  it('the experiment presets open without a problem; the page opens on the teaching one', () => {
    expect(FILES.sort()).toEqual(['reorg-elevator.json', 'reorg-paper.json', 'reorg-teaching.json']);
    for (const f of FILES) {
      const p = JSON.parse(readFileSync(new URL(`../presets/experiments/${f}`, import.meta.url), 'utf8'));
      expect(p.id).toBe(f.replace(/\.json$/, ''));
      expect(decodeReorgSetup(p.url, DISKS).problems, f).toEqual([]);
    }
    expect(encodeReorgSetup(DEFAULT_REORG_SETUP)).toBe(url('reorg-teaching'));
  });

  it('streams the partition, then both runs epoch by epoch, on one clock', () => {
    const p = small();
    const r = collect(p);
    expect(r.kinds[0]).toBe('info');
    expect(r.kinds.filter((k) => k === 'epoch')).toHaveLength(p.epochs);
    expect(r.info!.groups).toBe(Math.ceil(r.info!.partitionBlocks / r.info!.blocksPerGroup));
    expect(r.info!.groupCyl).toHaveLength(r.info!.groups + 1);
    for (let k = 0; k < p.epochs; k++) {
      for (const run of [r.baseline[k], r.reorg[k]]) {
        expect(run.stats.index).toBe(k);
        expect(run.stats.startMs).toBe(k * p.epochMs);
        expect(run.stats.endMs).toBe((k + 1) * p.epochMs);
        expect(run.groupAccesses).toHaveLength(r.info!.groups);
        expect(run.groupAccesses.reduce((a, b) => a + b, 0)).toBe(run.stats.diskBlocks + run.stats.writeBlocks);
        expect(run.seekHist.reduce((a, b) => a + b, 0)).toBe(run.stats.seeks);
      }
      expect(r.baseline[k].stats.phase).toBe('baseline');
      expect(r.baseline[k].filesGoal.every((v) => v === 0)).toBe(true);
      expect(r.baseline[k].stats.filesMoved).toBe(0);
    }
    // Same file system: the same files start in the same groups until the reorganizer moves one.
    expect(r.reorg[0].stats.phase).toBe('logging');
    expect(r.reorg[0].filesNow).toEqual(r.baseline[0].filesNow);
    expect(r.reorg.some((e) => e.stats.filesMoved > 0)).toBe(true);
  });

  it('a large file set is built in slices, each posting the share done, before the partition', () => {
    // 40,000 files: their sizes alone are 4 million bisection steps, more than one engine call does.
    const g = reorgStream(engine, small({ files: 40000, copies: 1, epochs: 1 }));
    const building: number[] = [];
    let r = g.next();
    for (; !r.done && r.value.kind === 'building'; r = g.next()) building.push(r.value.fraction);
    expect(!r.done && r.value.kind).toBe('info');
    if (!r.done && r.value.kind === 'info') expect(r.value.info.files).toBe(40000);
    g.return({ epochs: 0, endMs: 0 });
    expect(building.length).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < building.length; i++) {
      expect(building[i]).toBeGreaterThan(i > 0 ? building[i - 1] : 0);
      expect(building[i]).toBeLessThan(1);
    }
  });

  it('a long epoch posts ticks: the clock both runs have reached, rising inside the epoch', () => {
    // An hour per epoch: more work than one engine call does, so the epoch takes several calls.
    const s = { ...decodeReorgSetup(url('reorg-paper'), DISKS).setup, epoch: 3600, epochs: 1 };
    const p = runParams(s, loadPresetJson(s.disk));
    const ticks: { simMs: number; done: number }[] = [];
    const g = reorgStream(engine, p);
    for (let r = g.next(); !r.done; r = g.next()) if (r.value.kind === 'tick') ticks.push(r.value);
    expect(ticks.length).toBeGreaterThan(0);
    for (let i = 0; i < ticks.length; i++) {
      const t = ticks[i];
      expect(t.simMs).toBeGreaterThanOrEqual(t.done * p.epochMs);
      expect(t.simMs).toBeLessThanOrEqual((t.done + 1) * p.epochMs);
      if (i > 0) expect(t.simMs).toBeGreaterThanOrEqual(ticks[i - 1].simMs);
    }
  });

  it('the same setup gives the same epochs (the baseline does not depend on the policy)', () => {
    const a = collect(small({ epochs: 3 }));
    const b = collect(small({ epochs: 3, pol: 'mtime' }));
    expect(b.baseline).toEqual(a.baseline);
    expect(collect(small({ epochs: 3 })).reorg).toEqual(a.reorg);
  });

  it('stopping the stream early (a cancel) disposes both sims', () => {
    let made = 0, disposed = 0;
    const counting = Object.create(engine, {
      createSim: {
        value: (seed: number) => {
          const sim = engine.createSim(seed);
          made++;
          const d = sim.dispose.bind(sim);
          sim.dispose = () => { disposed++; d(); };
          return sim;
        },
      },
    }) as Engine;
    const g = reorgStream(counting, small());
    for (let r = g.next(); !r.done && r.value.kind !== 'epoch'; r = g.next()) { /* to the first epoch */ }
    expect(made).toBe(2);
    expect(disposed).toBe(0);
    g.return({ epochs: 0, endMs: 0 });
    expect(disposed).toBe(2);
  });

  it('the host queue reaches the engine: C-LOOK at depth 1 seeks shorter and serves more than FCFS at depth 1', () => {
    // Same depth, only the order differs: the engine's own epochs of the baseline (plain ext2) and the reorganizing run.
    const fcfs = collect(small({ epochs: 3, qd: 1 }));
    const clook = collect(small({ epochs: 3, sched: 'clook', qd: 1 }));
    const mean = (es: RunEpoch[], f: 'seekMeanCyl' | 'reqPerS') => es.reduce((a, e) => a + e.stats[f], 0) / es.length;
    for (const run of ['baseline', 'reorg'] as const) {
      expect(mean(clook[run], 'seekMeanCyl'), run).toBeLessThan(mean(fcfs[run], 'seekMeanCyl') / 2);
      expect(mean(clook[run], 'reqPerS'), run).toBeGreaterThan(mean(fcfs[run], 'reqPerS'));
    }
  });

  it('the network cap reaches the engine: the bytes served never exceed what the link carries', () => {
    const p = small({ epochs: 3, net: 1 });
    const served = (es: RunEpoch[]) => es.reduce((a, e) => a + e.stats.mbPerS * 1048576 * (e.stats.endMs - e.stats.startMs) / 1000, 0);
    const capped = collect(p), free = collect(small({ epochs: 3 }));
    const carried = (p.netMbps * 1e6 / 8) * (p.epochs * p.epochMs / 1000);
    for (const run of ['baseline', 'reorg'] as const) {
      expect(served(capped[run]), run).toBeLessThanOrEqual(carried);
      expect(served(capped[run]), run).toBeGreaterThan(0.5 * carried);
      expect(served(free[run]), run).toBeGreaterThan(carried);
    }
  });

  it('refuses bad parameters naming the field', () => {
    const p = small();
    expect(() => reorgStream(engine, { ...p, policy: 'random' as never }).next()).toThrow(/policy/);
    expect(() => reorgStream(engine, { ...p, epochs: 0 }).next()).toThrow(/epochs/);
    expect(() => reorgStream(engine, { ...p, copies: 200, copyMb: 100 }).next()).toThrow(/fs\./);
    expect(() => reorgStream(engine, { ...p, scheduler: 'look' as never }).next()).toThrow(/scheduler/);
    expect(() => reorgStream(engine, { ...p, queueDepth: 1e9 }).next()).toThrow(/host\.queue_depth/);
    expect(() => reorgStream(engine, { ...p, netMbps: -1 }).next()).toThrow(/netMbps/);
  });
});
