/*
 * The Atropos page's stage runs (atStageBegin, streamed by the worker's run
 * service) in Node through the wasm engine: each is the access the page
 * reports for that layout (atAccess) — the same device events, as many
 * device requests reading the same sectors, every accessed cell inside one
 * of them, the same response — and the marks the stage draws from it read
 * no cell at the start and every cell of the access by the end.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { testEngine } from './helpers/engine';
import { loadPresetJson } from './helpers/presets';
import { EventKind, type Engine } from '../engine-wasm/binding';
import { EngineService } from '../web/worker/engineService';
import { RunData } from '../web/run/runData';
import { Playback } from '../web/run/playback';
import type { RunChunk, RunInfo } from '../web/engine/runProtocol';
import type { AccessParams, AccessResult, Layout } from '../web/pages/atropos/protocol';
import { cellsRead } from '../web/pages/atropos/quadOverlay';

const HEAD_KINDS = new Set<number>([EventKind.Seek, EventKind.Rotate, EventKind.Transfer, EventKind.HeadSwitch, EventKind.CylSwitch, EventKind.Overhead]);

let engine: Engine;
beforeAll(async () => { engine = await testEngine('full'); });

function params(over: Partial<AccessParams> = {}): AccessParams {
  return { preset: loadPresetJson('maxtor-atlas-10k-iii'), p: 4, d: 4, b: 16, columns: 4, access: 'row', row: 1000, column: 0, scan: 0, presched: 'linked', naive: 'serial', ...over };
}

/** The stage's run of one layout, streamed to its end as the page receives it. */
function stageRun(svc: EngineService, q: AccessParams, layout: Layout): RunData {
  const info = svc.call('atStageBegin', { ...q, layout }) as RunInfo;
  const data = new RunData(info);
  for (let i = 0; i < 10_000 && !data.done; i++) data.append(svc.call('runNext', { budgetMs: 5 }) as RunChunk);
  expect(data.done).toBe(true);
  return data;
}

function expectSameAccess(data: RunData, want: AccessResult, layout: Layout): void {
  const run = want.runs.find((r) => r.layout === layout)!;
  // One platter per disk of the volume.
  expect(data.info.devices.map((d) => d.index)).toEqual([0, 1, 2, 3]);
  // The same device events, disk by disk.
  for (const dv of run.disks) {
    const got: number[][] = [];
    for (let i = 0; i < data.events.count; i++) {
      if (data.events.disk(i) !== dv.disk || !HEAD_KINDS.has(data.events.kind(i))) continue;
      got.push([data.events.time(i), data.events.dur(i), data.events.angle(i), data.events.cyl(i), data.events.surface(i)]);
    }
    expect(got).toEqual(dv.events.map((e) => [e.timeMs, e.durMs, e.angle, e.cyl, e.surface]));
  }
  // As many device requests, reading as many sectors; every cell of the access inside one of them.
  const reqs: { disk: number; lbn: number; sectors: number }[] = [];
  for (let i = 0; i < data.results.count; i++) {
    if (data.results.disk(i) < 0) continue;
    reqs.push({ disk: data.results.disk(i), lbn: data.results.get(i, 'lbn'), sectors: data.results.get(i, 'sectors') });
  }
  expect(reqs).toHaveLength(run.deviceRequests);
  expect(data.info.total).toBe(run.deviceRequests);
  expect(reqs.reduce((s, r) => s + r.sectors, 0)).toBe(run.sectors);
  const accessed = run.cells.filter((c) => c.accessed);
  expect(accessed.length).toBeGreaterThan(0);
  for (const c of accessed) {
    expect(reqs.some((r) => r.disk === c.disk && r.lbn <= c.lbn && c.lbn + c.sectors <= r.lbn + r.sectors)).toBe(true);
  }
  // The response the page reports is the run's volume statistics.
  const v = data.finalSnapshot!.volume;
  expect(v.lastCompleteMs - v.firstArrivalMs).toBe(run.responseMs);
}

describe('the Atropos stage runs are the page\'s access', () => {
  const cases: { name: string; q: Partial<AccessParams>; cells: number }[] = [
    { name: 'a record', q: {}, cells: 4 },
    { name: 'a column scan', q: { access: 'column', column: 1 }, cells: 0 },
  ];
  for (const { name, q, cells } of cases) {
    it(`${name}: Atropos and both naive layouts`, () => {
      const svc = new EngineService(engine);
      const want = svc.call('atAccess', params(q)) as AccessResult;
      for (const layout of ['atropos', 'naive-column', 'naive-row'] as const) {
        const data = stageRun(svc, params(q), layout);
        expectSameAccess(data, want, layout);
        // The marks: nothing read before the first transfer, every cell of the access by the end.
        const run = want.runs.find((r) => r.layout === layout)!;
        const p = new Playback(data);
        const start = cellsRead(p, run);
        expect(start.read).toBe(0);
        if (cells) expect(start.cells).toBe(cells);
        p.advanceTo(p.horizonMs);
        expect(cellsRead(p, run)).toEqual({ read: start.cells, cells: start.cells });
      }
    });
  }

  it('a bad layout is refused, naming the field', () => {
    const svc = new EngineService(engine);
    expect(() => svc.call('atStageBegin', { ...params(), layout: 'diagonal' as Layout })).toThrow(/layout: "diagonal" is not one of/);
  });
});
