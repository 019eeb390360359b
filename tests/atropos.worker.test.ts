/*
 * The Atropos page's worker methods (atAccess, atSweep) in Node through the
 * wasm engine: the numbers they return equal the same access done with
 * direct engine calls (the binding only), and a semi-sequential batch's head
 * path has no rotational wait after its first block but the quadrangle's
 * slack after the wrap.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { testEngine } from './helpers/engine';
import { loadPresetJson } from './helpers/presets';
import { simWith } from './fidelity/context';
import { EngineService } from '../web/worker/engineService';
import {
  DiskParam, HOST, HostParam, Policy, Presched, Scheduler, Table2dLayout, type Engine, type Sim,
} from '../engine-wasm/binding';
import { configureDisk } from '../web/state/diskPreset';
import { loadPreset } from './fidelity/context';
import type { AccessParams, SweepPointAt, SweepProgress } from '../web/pages/atropos/protocol';
import { batchWaits, headPath } from '../web/pages/atropos/geometry';

const DISK = 'maxtor-atlas-10k-iii';
let engine: Engine;
beforeAll(async () => { engine = await testEngine('full'); });

function params(over: Partial<AccessParams> = {}): AccessParams {
  return { preset: loadPresetJson(DISK), p: 4, d: 4, b: 16, columns: 4, access: 'row', row: 1000, column: 0, scan: 0, presched: 'linked', naive: 'serial', ...over };
}

/** The same volume, built with binding calls only. */
function direct(p: number, d: number, b: number, seed = 1): Sim {
  const sim = engine.createSim(seed);
  for (let i = 0; i < p; i++) {
    const k = configureDisk(sim, loadPreset(DISK));
    sim.diskSet(k, DiskParam.Scheduler, Scheduler.Sptf);
    sim.diskSet(k, DiskParam.QueueDepth, 64);
    sim.diskSet(k, DiskParam.CacheSegments, 0);
  }
  sim.hostSet(HostParam.Policy, Policy.Quadrangle);
  sim.hostSet(HostParam.Devices, p);
  sim.hostSet(HostParam.BlockSectors, b);
  sim.hostSet(HostParam.Depth, d);
  sim.hostSet(HostParam.Preschedule, Presched.Linked);
  return sim;
}

function finish(sim: Sim): void {
  sim.outputConfigure(0, 0);
  while (sim.run() !== 0) { /* chunks */ }
}

describe('atAccess', () => {
  it('a record fetch: volume figures, queries and each layout\'s response and efficiency equal direct engine calls', () => {
    const svc = new EngineService(engine);
    const r = svc.call('atAccess', params());
    const sim = direct(4, 4, 16);
    try {
      const info = sim.volumeInfo();
      expect(r.info).toEqual(info);
      const rows = Math.floor(info.quadrangles / 1) * info.p * info.w;
      expect(r.rows).toBe(rows);
      sim.table2dSet(Table2dLayout.Atropos, 4, rows);
      const v = sim.table2dCell(1000, 0);
      expect(r.rectangle).toEqual(sim.volumeRectangle(v));
      expect(r.boundaries).toEqual(sim.volumeUnit(v));
      expect(r.slack).toEqual(sim.volumeSlack(v));
      expect(r.grid[1000 - r.gridFirst][2]).toEqual({ vlbn: sim.table2dCell(1000, 2), disk: sim.volumeMap(sim.table2dCell(1000, 2)).device });
      const layouts = [Table2dLayout.Atropos, Table2dLayout.NaiveColumn, Table2dLayout.NaiveRow];
      layouts.forEach((layout, i) => {
        sim.reset(1);
        sim.hostSet(HostParam.QueueDepth, i === 0 ? 0 : 1);           // naive: one at a time
        sim.table2dSet(layout, 4, rows);
        sim.table2dSubmitRow(0, 1000, 0);
        finish(sim);
        const h = sim.statsGet(HOST), all = sim.statsGet(-1);
        expect(r.runs[i].responseMs).toBe(h.lastCompleteMs - h.firstArrivalMs);
        expect(r.runs[i].efficiency).toBe(all.efficiency);
        expect(r.runs[i].deviceRequests).toBe(all.completed);
      });
    } finally {
      sim.dispose();
    }
    // Atropos fetches the record fastest; the naive column-major layout waits longest.
    expect(r.runs[0].responseMs).toBeLessThan(r.runs[1].responseMs);
  });

  it('a column scan reads one whole track row per disk, as the engine does it directly', () => {
    const svc = new EngineService(engine);
    const r = svc.call('atAccess', params({ access: 'column', column: 1 }));
    const P = r.info.p * r.info.w;
    expect(r.row).toBe(Math.floor(1000 / P) * P);
    expect(r.scan).toBe(P);
    const sim = direct(4, 4, 16);
    try {
      sim.table2dSet(Table2dLayout.Atropos, 4, r.rows);
      expect(sim.table2dSubmitColumn(0, 1, r.row, P, 0)).toBe(1);
      finish(sim);
      const h = sim.statsGet(HOST);
      expect(r.runs[0].responseMs).toBe(h.lastCompleteMs - h.firstArrivalMs);
      expect(r.runs[0].disks.map((d) => d.disk)).toEqual([0, 1, 2, 3]);
      expect(r.runs[0].sectors).toBe(4 * r.info.N);             // a whole track each (residual read and dropped)
    } finally {
      sim.dispose();
    }
  });

  it('the head path of a semi-sequential batch: a diagonal, no rotational wait after the first block but the slack after the wrap', () => {
    const svc = new EngineService(engine);
    for (const row of [1000, 1001, 1500, 2024]) {
      const r = svc.call('atAccess', params({ row }));
      const run = r.runs[0];
      expect(run.disks).toHaveLength(1);
      const dv = run.disks[0];
      const tol = ((r.info.HEff - r.info.switchSectors + 0.5) * r.revolutionMs) / r.info.N;
      const path = headPath(dv.events, dv.tracks, r.revolutionMs, tol);
      expect(path.filter((s) => s.kind === 'transfer')).toHaveLength(4);
      const w = batchWaits(path, path.find((s) => s.kind === 'transfer')!.logical);
      expect(w.afterFirst.length).toBeLessThanOrEqual(1);
      for (const s of w.afterFirst) expect(s.durMs).toBeLessThanOrEqual((r.slack.cyclic * r.revolutionMs) / r.info.N + 1e-9);
      expect(w.spanMs).toBeLessThan(r.revolutionMs);
      // every transfer is on its own track of the quadrangle
      expect(new Set(path.filter((s) => s.kind === 'transfer').map((s) => s.y1)).size).toBe(4);
    }
  });

  it('names a bad parameter', () => {
    const svc = new EngineService(engine);
    expect(() => svc.call('atAccess', params({ d: 0 }))).toThrow(/^d: 0 is not a whole number/);
    expect(() => svc.call('atAccess', params({ access: 'diagonal' as 'row' }))).toThrow(/access/);
  });
});

describe('atSweep', () => {
  it('streams Figure 9 point by point; a point equals the same batches run directly', () => {
    const svc = new EngineService(engine);
    const gen = svc.call('atSweep', { preset: loadPresetJson(DISK), ds: [4], points: 4, n: 40, seed: 3, presched: 'linked' });
    const got: SweepProgress[] = [];
    let r = gen.next();
    while (!r.done) { got.push(r.value); r = gen.next(); }
    const info = got[0];
    if (info.kind !== 'info') throw new Error('info first');
    const c = info.curves[0];
    expect(c.bMax).toBe(26);
    expect(c.bExact).toBeGreaterThanOrEqual(c.bMax);
    expect(c.bs).toContain(c.bExact);
    expect(c.bs).toContain(c.bExact + 1);
    const points = got.filter((g): g is { kind: 'point'; point: SweepPointAt } => g.kind === 'point').map((g) => g.point);
    expect(points.length).toBe(info.curves[0].bs.length);
    expect(r.value.points).toEqual(points);
    // the point at the last b the exact check passes, directly: same seed, engine-drawn records, one at a time
    const pt = points.find((p) => p.b === c.bExact)!;
    const { sim } = simWith(engine, DISK, 3);
    try {
      sim.diskSet(0, DiskParam.Scheduler, Scheduler.Sptf); sim.diskSet(0, DiskParam.QueueDepth, 64); sim.diskSet(0, DiskParam.CacheSegments, 0);
      sim.hostSet(HostParam.Policy, Policy.Quadrangle); sim.hostSet(HostParam.BlockSectors, c.bExact); sim.hostSet(HostParam.Depth, 4);
      const vi = sim.volumeInfo();
      sim.table2dSet(Table2dLayout.Atropos, 4, vi.quadrangles * vi.w);
      const gap = Math.max(40, 6 * sim.revolutionMs(0) + 30);
      for (let k = 0; k < 40; k++) sim.table2dSubmitRow(k * gap, -1, 0);
      finish(sim);
      expect(pt.responseMs).toBeCloseTo(sim.statsGet(HOST).responseMeanMs, 9);
      expect(pt.cyclicOk).toBe(true);
    } finally {
      sim.dispose();
    }
    // the step: one sector more fails the exact check and costs more
    const after = points.find((p) => p.b === c.bExact + 1)!;
    expect(after.cyclicOk).toBe(false);
    expect(after.responseLessSeekMs).toBeGreaterThan(pt.responseLessSeekMs + 1);
  });
});
