/*
 * The NVCache experiment on the stage, in Node over the same wasm engine: each
 * side the stage plays (nvStageBegin, streamed by the worker's run service in
 * chunks) is the run the page's figures come from (nvRun): the same logical
 * completions, the same mean write latency, the same redirection decisions and
 * FQueue occupancies in the same order at the same instants; the baseline is
 * the FQueue of size 0 and never redirects. The FQueue entries the platter
 * overlay marks are where the engine writes them back: each write-back's
 * platter seek goes to the entry's cylinder. Played on a clock, a run counts
 * the flash device's completions too (the stage draws only the disk), so its
 * statistics "as played" are the engine's snapshot at that point.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { EventKind, type Engine } from '../engine-wasm/binding';
import { RunService } from '../web/worker/runService';
import { RunData } from '../web/run/runData';
import { Playback } from '../web/run/playback';
import { testEngine } from './helpers/engine';
import { loadPresetJson } from './helpers/presets';
import { nvRun } from '../web/pages/nvcache/service';
import { nvStageBegin } from '../web/pages/nvcache/stageService';
import { DEFAULT_NV_SETUP, runParams } from '../web/pages/nvcache/setup';
import { OUTCOMES, type RunParams, type RunResult, type Side } from '../web/pages/nvcache/protocol';

let engine: Engine;
let params: RunParams;
let page: RunResult;
const played: Partial<Record<Side, RunData>> = {};

/** A side streamed as the stage receives it: nvStageBegin, then runNext chunks until done. */
function stream(side: Side): RunData {
  const runs = new RunService(engine);
  const data = new RunData(nvStageBegin(engine, runs, { run: params, side }));
  while (!data.done) data.append(runs.runNext({ budgetMs: 5 }));
  runs.runEnd();
  return data;
}

/** The logical (host) records of a streamed run. */
function logical(d: RunData) {
  const out: { id: number; write: boolean; responseMs: number }[] = [];
  for (let i = 0; i < d.resultCount; i++) {
    if (d.results.disk(i) !== -1) continue;
    const r = d.results.at(i);
    out.push({ id: r.id, write: r.isWrite === 1, responseMs: r.responseMs });
  }
  return out;
}

const eventsOf = (d: RunData, kinds: readonly number[]) => {
  const out: number[] = [];
  for (let i = 0; i < d.eventCount; i++) if (kinds.includes(d.events.kind(i))) out.push(i);
  return out;
};

beforeAll(async () => {
  engine = await testEngine();
  params = runParams({ ...DEFAULT_NV_SETUP, n: 300 }, loadPresetJson(DEFAULT_NV_SETUP.disk), 512);
  page = nvRun(engine, params);
  played.with = stream('with');
  played.without = stream('without');
});

describe('the stage plays the page\'s runs', () => {
  it('each side completes the same requests with the engine\'s mean write latency of the page\'s run', () => {
    for (const side of ['with', 'without'] as const) {
      const d = played[side]!;
      const recs = logical(d);
      expect(recs).toHaveLength(300);
      expect(d.finalSnapshot!.volume!.completed).toBe(300);
      const writes = recs.filter((r) => r.write);
      expect(writes).toHaveLength(page[side].latency.writes);
      const mean = writes.reduce((s, r) => s + r.responseMs, 0) / writes.length;
      expect(Math.abs(mean - page[side].latency.meanMs)).toBeLessThan(1e-9 * page[side].latency.meanMs);
      expect(d.info.devices).toHaveLength(1);
      expect(d.info.devices[0].capacity).toBe(page.capacity);
    }
    expect(page.with.latency.meanMs).toBeLessThan(page.without.latency.meanMs);
  });

  it('the same decisions and FQueue occupancies, at the same instants, in the same order', () => {
    for (const side of ['with', 'without'] as const) {
      const d = played[side]!;
      const ev = d.events;
      const redirects = eventsOf(d, [EventKind.Redirect]).map((i) => [ev.req(i), ev.time(i), OUTCOMES[ev.a(i)]]);
      expect(redirects).toEqual(page[side].decisions.map((x) => [x.req, x.timeMs, x.outcome]));
      const fq = eventsOf(d, [EventKind.FqAdd, EventKind.FqRemove]).map((i) => [ev.time(i), ev.a(i)]);
      expect(fq).toEqual(page[side].fq.filter((e) => e.kind === 'add' || e.kind === 'remove').map((e) => [e.timeMs, e.occupancy]));
    }
    expect(page.with.decisions.filter((x) => x.outcome === 'flash').length).toBeGreaterThan(10);
    expect(page.without.decisions.some((x) => x.outcome === 'flash')).toBe(false);
    expect(page.without.fq).toEqual([]);
  });

  it('each FQueue write-back seeks the platter to the cylinder the overlay marks for its entry', () => {
    const d = played.with!;
    const ev = d.events;
    const place = new Map(page.with.fq.filter((e) => e.kind === 'add').map((e) => [`${e.req}:${e.lbn}`, e.place!]));
    const entryOf = new Map<number, string>();
    let checked = 0;
    for (const e of page.with.fq) {
      if (e.kind !== 'writeback') continue;
      // The engine writes back the oldest entry at that LBN: find the add it came from.
      const add = page.with.fq.find((a) => a.kind === 'add' && a.lbn === e.lbn && a.sectors === e.sectors && a.timeMs <= e.timeMs);
      expect(add, `write-back at ${e.timeMs}`).toBeDefined();
      entryOf.set(e.req, `${add!.req}:${add!.lbn}`);
    }
    for (let i = 0; i < d.eventCount; i++) {
      const key = entryOf.get(ev.req(i));
      if (key === undefined || ev.disk(i) !== 0 || ev.logical(i) !== 0xffffffff) continue;
      if (ev.kind(i) !== EventKind.Seek && ev.kind(i) !== EventKind.Transfer) continue;
      // The write-back's first movement or transfer is on the entry's cylinder.
      expect(ev.cyl(i), `write-back ${ev.req(i)}`).toBe(place.get(key)!.cyl);
      entryOf.delete(ev.req(i));
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('played on a clock, the completions include the flash device\'s, as the engine\'s statistics do', () => {
    const d = played.with!;
    const p = new Playback(d);
    const mid = d.events.time(Math.floor(d.eventCount / 2));
    p.advanceTo(mid);
    // The statistics shown as played: the engine's latest snapshot at those completions, close behind the clock.
    const snap = d.snapshotAt(p.completed)!;
    expect(snap.volume.completed).toBeGreaterThanOrEqual(p.logicalCompleted - 2 * d.info.stride);
    p.advanceTo(Infinity);
    expect(p.completed).toBe(d.finalSnapshot!.stats.completed);
    expect(page.with.ops.filter((o) => o.device === 'flash').length).toBeGreaterThan(0);
  });
});

