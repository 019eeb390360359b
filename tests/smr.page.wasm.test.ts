/*
 * The shingled-drive page's runs, in Node over the same wasm engine, against
 * direct runs of the same setup built here from the binding and the preset
 * (configureDisk with the page's cache size, delay and write cache, the
 * workload set call by call): the stage's streamed runs (smrStageBegin,
 * runNext chunks) complete the same writes at the same instants, the cache
 * fill, appends, cleans and stall time the page reads from their events
 * (SmrLog) are the engine's sp_smr_stats, the figures (smrFigures) are the
 * direct runs', a sweep point's cleans and stalls are a direct run's, and
 * the host-managed commands come back with the engine's status and message.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import {
  Arrivals, DiskParam, Pattern, SmrParam, WorkloadParam, WriteCache, ZoneCond, type Engine,
} from '../engine-wasm/binding';
import { configureDisk, validateDiskPreset, type DiskPreset } from '../web/state/diskPreset';
import { RunService } from '../web/worker/runService';
import { RunData } from '../web/run/runData';
import { testEngine } from './helpers/engine';
import { loadPresetJson } from './helpers/presets';
import { smrStageBegin } from '../web/pages/smr/stageService';
import { smrFigures } from '../web/pages/smr/figures';
import { busyThroughput, sweepPoint } from '../web/pages/smr/sweep';
import { smrZoned } from '../web/pages/smr/zoned';
import { SmrLog } from '../web/pages/smr/smrLog';
import { DEFAULT_SMR_SETUP, DM_PRESET, HM_PRESET, driveParams, sweepParams } from '../web/pages/smr/setup';
import type { Drive, DriveParams, Figures } from '../web/pages/smr/protocol';

let engine: Engine;
let params: DriveParams;
let figures: Figures;
const played: Partial<Record<Drive, RunData>> = {};

function stream(drive: Drive): RunData {
  const runs = new RunService(engine);
  const data = new RunData(smrStageBegin(engine, runs, { run: params, drive }));
  while (!data.done) data.append(runs.runNext({ budgetMs: 5 }));
  runs.runEnd();
  return data;
}

/** The same drive built directly: the preset with the page's values, its capacity the one the page reported. */
function direct(drive: Drive, capacity: number) {
  const v = validateDiskPreset(loadPresetJson(DM_PRESET));
  if (!v.ok) throw new Error('preset');
  const base: DiskPreset = v.preset;
  const preset: DiskPreset = drive === 'cmr'
    ? { ...base, shingled: undefined, stated: { ...base.stated, capacityLbns: capacity } }
    : { ...base, shingled: { ...base.shingled!, conventionalTracks: params.cacheTracks, cleanIdleMs: params.cleanIdleMs }, stated: { ...base.stated, capacityLbns: capacity } };
  const sim = engine.createSim(params.seed);
  const d = configureDisk(sim, preset);
  sim.diskSet(d, DiskParam.WriteCache, WriteCache.Off);
  sim.workloadSet(WorkloadParam.Arrivals, Arrivals.Closed);
  sim.workloadSet(WorkloadParam.Pattern, Pattern.Random);
  sim.workloadSet(WorkloadParam.ReadFraction, 0);
  sim.workloadSet(WorkloadParam.SizeSectors, 8);
  sim.workloadSet(WorkloadParam.RegionLbns, params.regionSectors);
  sim.workloadSet(WorkloadParam.Count, params.writes);
  sim.outputConfigure(0, 1 << 14);
  const completions: number[] = [];
  let st;
  do {
    st = sim.run();
    const r = sim.results();
    for (let i = 0; i < r.count; i++) completions.push(r.get(i, 'completeMs'));
  } while (st === 1);
  const out = { completions, smr: drive === 'smr' ? sim.smrStats(d) : null, now: sim.now() };
  sim.dispose();
  return out;
}

const completionsOf = (d: RunData) => Array.from({ length: d.resultCount }, (_, i) => d.results.get(i, 'completeMs'));

beforeAll(async () => {
  engine = await testEngine();
  // The page's default setup but fewer writes: the cache (one track) still fills and stalls.
  params = driveParams({ ...DEFAULT_SMR_SETUP, n: 560 }, loadPresetJson(DM_PRESET), 512);
  figures = smrFigures(engine, params);
  played.cmr = stream('cmr');
  played.smr = stream('smr');
});

describe('the stage and the figures are the engine\'s direct runs', () => {
  it('the same completions, at the same instants, on both drives', () => {
    for (const drive of ['cmr', 'smr'] as const) {
      const want = direct(drive, figures[drive].capacity);
      expect(completionsOf(played[drive]!)).toEqual(want.completions);
      expect(figures[drive].completed).toBe(want.completions.length);
      expect(figures[drive].lastCompletionMs).toBe(Math.max(...want.completions));
      expect(figures[drive].lastEventMs).toBe(want.now);
    }
  });

  it('the cache fill, appends, cleans and stall the page reads from the events are sp_smr_stats', () => {
    const want = direct('smr', figures.smr.capacity).smr!;
    expect(want.stalls).toBeGreaterThan(0);           /* the setup reaches the cliff */
    expect(want.cleans).toBeGreaterThan(0);
    expect(figures.smr.smr).toEqual(want);
    const d = played.smr!;
    const log = new SmrLog();
    log.update(d.events);
    const end = d.simTimeMs;
    expect(log.appendsTo(end)).toBe(want.mcAppends);
    expect(log.cleansEndedTo(end)).toBe(want.cleans);
    expect(log.fillAt(end)).toBe(want.mcUsed);
    const arrival = (req: number) => { const i = d.resultIndex(req); return i < 0 ? undefined : d.results.get(i, 'arrivalMs'); };
    const stall = log.stallTo(end, arrival);
    expect(stall.writes).toBe(want.stalls);
    expect(stall.ms).toBeCloseTo(want.stallMs, 6);
    // Just before the first clean ends, the cache is full: the fill the bar shows is the cache's size less under one write.
    const first = log.cleans[0];
    expect(log.fillAt(first.startMs + first.durMs - 1e-6)).toBeGreaterThan(want.mcSectors - 8);
    expect(log.cleanAt(first.startMs + first.durMs / 2)).toBe(first);
  });
});

describe('the what-if', () => {
  it('a sweep point is a direct run of its bursts: its cleans, stalls and throughput', () => {
    const sp = { ...sweepParams({ ...DEFAULT_SMR_SETUP, sw: 600 }, loadPresetJson(DM_PRESET), 512) };
    const p = sweepPoint(engine, sp, 'smr', 2, 2000);
    const sim = engine.createSim(params.seed);
    const v = validateDiskPreset(loadPresetJson(DM_PRESET));
    if (!v.ok) throw new Error('preset');
    const twin = smrFigures(engine, { ...params, cacheTracks: 2 }).smr.capacity;
    const d = configureDisk(sim, { ...v.preset, shingled: { ...v.preset.shingled!, conventionalTracks: 2 }, stated: { ...v.preset.stated, capacityLbns: twin } });
    sim.diskSet(d, DiskParam.WriteCache, WriteCache.Off);
    sim.smrSet(d, SmrParam.CleanIdleMs, params.cleanIdleMs);
    sim.workloadSet(WorkloadParam.Arrivals, Arrivals.Open);
    sim.workloadSet(WorkloadParam.Pattern, Pattern.Desktop);
    sim.workloadSet(WorkloadParam.ReadFraction, 0);
    sim.workloadSet(WorkloadParam.NearFraction, 0);
    sim.workloadSet(WorkloadParam.SizeSectors, 8);
    sim.workloadSet(WorkloadParam.BurstRequests, sp.burst);
    sim.workloadSet(WorkloadParam.BurstGapMs, 0.01);
    sim.workloadSet(WorkloadParam.IdleMs, 2000);
    sim.workloadSet(WorkloadParam.RegionLbns, params.regionSectors);
    const count = 600 + 2 * Math.floor(sim.smrStats(d).mcSectors / 8);   /* the base count and twice what the cache holds */
    sim.workloadSet(WorkloadParam.Count, count);
    sim.outputConfigure(0, 1 << 14);
    const w: [number, number][] = [];
    let st;
    do {
      st = sim.run();
      const r = sim.results();
      for (let i = 0; i < r.count; i++) w.push([r.get(i, 'arrivalMs'), r.get(i, 'completeMs')]);
    } while (st === 1);
    const s = sim.smrStats(d);
    sim.dispose();
    expect(p.writes).toBe(count);
    expect(p.stalls).toBeGreaterThan(0);
    expect([p.cleans, p.stalls]).toEqual([s.cleans, s.stalls]);
    const half = w.sort((a, b) => a[0] - b[0]).slice(count >> 1);
    expect(p.mbPerS).toBe(busyThroughput(Float64Array.from(half, (x) => x[0]), Float64Array.from(half, (x) => x[1]), 4096));
  });

  it('throughput while writing is the bytes over the union of the writes\' intervals', () => {
    // [0, 10) and [5, 20) overlap: 20 ms busy; [30, 40) adds 10: 3 writes of 1 MB in 30 ms.
    expect(busyThroughput(Float64Array.from([0, 5, 30]), Float64Array.from([10, 20, 40]), 1e6)).toBeCloseTo(3 / 0.03, 9);
  });
});

describe('the host-managed drive', () => {
  it('a write at the pointer moves it, one past it is refused with ZBC\'s sense, reset and finish act on the zone', () => {
    const r = smrZoned(engine, {
      preset: loadPresetJson(HM_PRESET),
      ops: [
        { kind: 'write', zone: 2, offset: 0, sectors: 2048 },
        { kind: 'write', zone: 2, offset: 4096, sectors: 8 },
        { kind: 'reset', zone: 2 },
        { kind: 'finish', zone: 3 },
        { kind: 'reset', zone: 0 },
      ],
    });
    const z2 = r.zones[2];
    expect(r.outcomes.map((o) => o.status)).toEqual(['ok', 'unaligned-write', 'ok', 'ok', 'refused']);
    expect(r.outcomes[0].wpAfter).toBe(z2.firstLbn + 2048);
    expect(r.outcomes[1].message).toMatch(/UNALIGNED WRITE COMMAND \(ASC\/ASCQ 21h\/04h\)/);
    expect(r.outcomes[4].message).toMatch(/zone 0 is conventional/);
    expect(r.refused).toBe(1);
    expect(z2).toMatchObject({ wp: z2.firstLbn, cond: ZoneCond.Empty });
    expect(r.zones[3]).toMatchObject({ wp: r.zones[3].firstLbn + r.zones[3].lbns, cond: ZoneCond.Full });
  });

  it('a write past its zone is named', () => {
    expect(() => smrZoned(engine, { preset: loadPresetJson(HM_PRESET), ops: [{ kind: 'write', zone: 2, offset: 1e9, sectors: 8 }] }))
      .toThrow(/ops: write at 1000000000 is past zone 2/);
  });
});
