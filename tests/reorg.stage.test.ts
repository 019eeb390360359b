/*
 * The reorganization page's runs on the stage, over the wasm engine: each
 * stage run (the baseline, the reorganizer) is the page's chosen epoch, not
 * another run. Streamed through the worker's run service into the RunData
 * the stage plays, the epoch's run starts at the epoch's start and ends at
 * its end; afterwards the sim's record of that epoch is field for field the
 * one the page's stream posts for the same setup (turning the event output
 * on changed nothing); the stage's statistics are that epoch's (the engine's
 * count equals the results streamed, its mean their mean); the arm's seeks
 * streamed to the platter are the ones the engine counted for the epoch, and
 * the reorganizer's are shorter than the baseline's.
 */
import { describe, it, expect, beforeAll, vi } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { EventKind, type Engine, type Sim } from '../engine-wasm/binding';
import { testEngine } from './helpers/engine';
import { loadPresetJson } from './helpers/presets';
import { reorgStream, runEpoch } from '../web/pages/reorg/service';
import { buildStageSim, stageSim } from '../web/pages/reorg/stageService';
import { decodeReorgSetup, runParams } from '../web/pages/reorg/setup';
import type { ReorgParams, ReorgStageProgress, RunEpoch } from '../web/pages/reorg/protocol';
import type { RunName } from '../web/pages/reorg/heat';
import { RunService } from '../web/worker/runService';
import { RunData } from '../web/run/runData';

const DISKS = readdirSync(new URL('../presets/disks/', import.meta.url)).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
const TEACHING = String(JSON.parse(readFileSync(new URL('../presets/experiments/reorg-teaching.json', import.meta.url), 'utf8')).url);
const EPOCHS = 6;

let engine: Engine;
let params: ReorgParams;
const page: Record<RunName, RunEpoch[]> = { baseline: [], reorg: [] };
beforeAll(async () => {
  engine = await testEngine('full');
  const s = { ...decodeReorgSetup(TEACHING, DISKS).setup, epochs: EPOCHS };
  params = runParams(s, loadPresetJson(s.disk));
  const g = reorgStream(engine, params);
  for (let r = g.next(); !r.done; r = g.next()) {
    if (r.value.kind === 'epoch') { page.baseline.push(r.value.baseline); page.reorg.push(r.value.reorg); }
  }
});

/** The stage's run of `epoch`: streamed as the stage receives it; the sim's own record of the epoch after. */
function stageRun(run: RunName, epoch: number): { data: RunData; record: RunEpoch } {
  const s = stageSim(engine, { ...params, run, epoch });
  const svc = new RunService(engine);
  const data = new RunData(svc.adopt(s.sim, [{ index: s.diskIndex, preset: s.disk }], { total: s.expected, untilMs: s.endMs }));
  for (let i = 0; !data.done; i++) {
    if (i > 100_000) throw new Error('the stage run did not end');
    data.append(svc.runNext({ budgetMs: 5 }));
  }
  const record = runEpoch(s.sim, epoch);
  svc.runEnd();
  return { data, record };
}

/** Mean distance of the arm's seeks in the stream (the platter's arm moves), and how many. */
function seeks(d: RunData): { n: number; mean: number } {
  let n = 0, sum = 0;
  for (let i = 0; i < d.eventCount; i++) {
    if (d.events.kind(i) !== EventKind.Seek) continue;
    n++;
    sum += Math.abs(d.events.cyl(i) - d.events.a(i));
  }
  return { n, mean: n ? sum / n : 0 };
}

describe('the reorganization stage: the page\'s epoch, played', () => {
  const k = EPOCHS - 1;
  const runs = {} as Record<RunName, { data: RunData; record: RunEpoch }>;
  beforeAll(() => { for (const r of ['baseline', 'reorg'] as const) runs[r] = stageRun(r, k); });

  it.each(['baseline', 'reorg'] as const)('%s: the epoch\'s record is the page\'s, field for field', (run) => {
    expect(runs[run].record).toEqual(page[run][k]);
  });

  it.each(['baseline', 'reorg'] as const)('%s: the stream starts at the epoch\'s start and ends at its end', (run) => {
    const { data } = runs[run];
    const E = params.epochMs;
    expect(data.info.startMs).toBe(k * E);
    expect(data.eventCount).toBeGreaterThan(1000);
    // Nothing the epoch starts comes before it (a read-ahead under way at its start may be reported with its own start).
    const starts: readonly number[] = [EventKind.Arrive, EventKind.HostArrive, EventKind.FsOpen, EventKind.FsMiss];
    let opens = 0;
    for (let i = 0; i < data.eventCount; i++) {
      if (starts.includes(data.events.kind(i)) && data.events.time(i) < k * E) throw new Error(`event ${i} starts at ${data.events.time(i)} ms, before the epoch`);
      if (data.events.kind(i) === EventKind.FsOpen) opens++;
    }
    expect(opens).toBeGreaterThan(0);
    // The last event is the engine closing the epoch, at its end.
    expect(data.events.kind(data.eventCount - 1)).toBe(EventKind.Epoch);
    expect(data.events.a(data.eventCount - 1)).toBe(k);
    expect(data.events.time(data.eventCount - 1)).toBe((k + 1) * E);
  });

  it.each(['baseline', 'reorg'] as const)('%s: the statistics are the epoch\'s own (the engine\'s, started afresh at the epoch)', (run) => {
    const { data, record } = runs[run];
    const s = data.finalSnapshot!.stats;
    expect(s.completed).toBe(data.resultCount);
    let sum = 0;
    for (let i = 0; i < data.resultCount; i++) sum += data.results.get(i, 'responseMs');
    expect(s.responseMeanMs).toBeCloseTo(sum / data.resultCount, 9);
    // The disk requests the epoch issued, less those still in flight at either edge (at most one per client).
    expect(Math.abs(s.completed - (record.stats.diskReads + record.stats.diskWrites))).toBeLessThanOrEqual(2 * params.clients);
  });

  it('the arm seeks the engine counted for the epoch, and after reorganization it seeks less far', () => {
    const at = { baseline: seeks(runs.baseline.data), reorg: seeks(runs.reorg.data) };
    for (const run of ['baseline', 'reorg'] as const) {
      const e = runs[run].record.stats;
      // Seeks of length 0 are no arm movement (no event); the rest are the epoch's, give or take the edges.
      const moving = e.seeks - runs[run].record.seekHist[0];
      expect(Math.abs(at[run].n - moving)).toBeLessThanOrEqual(2 * params.clients);
      expect(at[run].mean * at[run].n / e.seeks).toBeCloseTo(e.seekMeanCyl, -1);
    }
    expect(at.reorg.mean * 2).toBeLessThan(at.baseline.mean);
  });

  it('while it builds, the run reports the file system\'s build, then the simulated time reached in the epochs before its own, up to its start', () => {
    const steps = buildStageSim(engine, { ...params, run: 'reorg', epoch: k });
    const seen: ReorgStageProgress[] = [];
    let step = steps.next();
    for (; !step.done; step = steps.next()) seen.push(step.value);
    const built = step.value;
    const startMs = k * params.epochMs;
    expect(built.startMs).toBe(startMs);
    const building = seen.filter((p) => p.kind === 'building');
    const epochs = seen.filter((p) => p.kind === 'epochs');
    // The build comes first; then one report at least per epoch before the chosen one, each naming that start.
    expect(seen.findIndex((p) => p.kind === 'epochs')).toBe(building.length);
    for (const p of building) { expect(p.fraction).toBeGreaterThanOrEqual(0); expect(p.fraction).toBeLessThanOrEqual(1); }
    expect(epochs.length).toBeGreaterThanOrEqual(k);
    for (const p of epochs) { expect(p.startMs).toBe(startMs); expect(p.simMs).toBeLessThanOrEqual(startMs); }
    const times = epochs.map((p) => p.simMs);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (let e = 0; e < k; e++) expect(times).toContain(e * params.epochMs);
    // Built step by step or at once, the same sim: the epoch before the chosen one has the same record.
    expect(runEpoch(built.sim, k - 1)).toEqual(page.reorg[k - 1]);
    built.sim.dispose();
  });

  it('a build closed between two steps (a cancel) frees its sim', () => {
    const created = vi.spyOn(engine, 'createSim');
    const steps = buildStageSim(engine, { ...params, run: 'baseline', epoch: k });
    steps.next();
    const sim = created.mock.results[0].value as Sim;
    created.mockRestore();
    expect(sim.disposed).toBe(false);
    steps.return(undefined as never);
    expect(sim.disposed).toBe(true);
  });
});
