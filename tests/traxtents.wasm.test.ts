/*
 * The traxtent experiment layer through the real wasm engine: the sweep is
 * incremental and cancellable, runs are reproducible, alignment removes head
 * switches, the extraction is exact and resumable, Figure 3's curve comes from
 * the engine. (Paper values are checked in tests/fidelity.)
 */
import { describe, it, expect, beforeAll } from 'vitest';
import type { Engine } from '../engine-wasm/binding';
import { DiskParam } from '../engine-wasm/binding';
import { simWith } from './fidelity/context';
import { testEngine } from './helpers/engine';
import {
  extractSteps, latencyCurve, maxStreamingEfficiency, runPoint, sweep, sweepSizes, typicalTrackLbns, zoneRegion,
} from '../web/pages/traxtents';

let e: Engine;
beforeAll(async () => { e = await testEngine('full'); });

describe('traxtent sweep', () => {
  it('yields points one at a time and stops when aborted', () => {
    const { sim, disk } = simWith(e, 'quantum-atlas-10k-ii');
    const region = zoneRegion(sim, disk);
    const spt = typicalTrackLbns(sim, disk, region);
    expect(spt).toBe(528);
    const sizes = sweepSizes(spt, 4 * spt, 12);
    expect(sizes).toContain(528);
    expect(sizes[0]).toBe(1);
    const ac = new AbortController();
    const got = [];
    for (const p of sweep(sim, disk, { region, requests: 300, seed: 3 }, sizes,
      [{ alignment: 'aligned', outstanding: 2 }, { alignment: 'unaligned', outstanding: 2 }], ac.signal)) {
      got.push(p);
      if (got.length === 5) ac.abort();
    }
    expect(got.length).toBe(5);
    expect(got.map((p) => p.series)).toEqual([0, 1, 0, 1, 0]);
    for (const p of got) expect(p.efficiency).toBeGreaterThan(0);
    // settings restored after each point
    expect(sim.diskGet(disk, DiskParam.QueueDepth)).toBe(1);
    sim.dispose();
  });

  it('is reproducible and aligned track-sized requests never switch heads', () => {
    const { sim, disk } = simWith(e, 'quantum-atlas-10k-ii');
    const run = { region: zoneRegion(sim, disk), requests: 500, seed: 9 };
    const a = runPoint(sim, disk, run, { size: 'track', alignment: 'aligned', outstanding: 2 });
    const b = runPoint(sim, disk, run, { size: 'track', alignment: 'aligned', outstanding: 2 });
    expect(b).toEqual(a);
    expect(a.headSwitchFraction).toBe(0);
    expect(a.rotationMs).toBeLessThan(0.05);                 // zero latency: a full track in one revolution
    const u = runPoint(sim, disk, run, { size: 'track', alignment: 'unaligned', outstanding: 2 });
    expect(u.headSwitchFraction).toBeGreaterThan(0.95);
    expect(u.headMs).toBeGreaterThan(a.headMs + 3);
    const off = runPoint(sim, disk, run, { size: 'track', alignment: 'aligned', outstanding: 2, zeroLatency: false });
    expect(off.rotationMs).toBeGreaterThan(2);              // without zero latency, about half a revolution
    expect(a.efficiency).toBeLessThan(maxStreamingEfficiency(sim, disk, run.region));
    sim.dispose();
  });

  it('hands every request\'s record to a caller that asks, without changing the point', () => {
    const { sim, disk } = simWith(e, 'quantum-atlas-10k-ii');
    // more requests than one result chunk (1,024) holds, so chunks are drained between runs
    const run = { region: zoneRegion(sim, disk), requests: 2500, seed: 9 };
    const spec = { size: 'track', alignment: 'unaligned', outstanding: 1 } as const;
    const plain = runPoint(sim, disk, run, spec);
    let n = 0, sum = 0, sumSq = 0, seek = 0;
    const seen = runPoint(sim, disk, run, spec, (r) => {
      for (let i = 0; i < r.count; i++) {
        const x = r.get(i, 'responseMs');
        n++; sum += x; sumSq += x * x; seek += r.get(i, 'seekMs');
      }
    });
    expect(seen).toEqual(plain);
    expect(n).toBe(run.requests);
    expect(sum / n).toBeCloseTo(plain.responseMeanMs, 9);
    expect(Math.sqrt((sumSq - sum * sum / n) / (n - 1))).toBeCloseTo(plain.responseSdMs, 6);
    expect(seek / n).toBeCloseTo(plain.seekMs, 9);
    sim.dispose();
  });
});

describe('Figure 3 from the engine', () => {
  it('zero-latency latency falls to 0 at a full track; ordinary stays at half a revolution', () => {
    const { sim, disk } = simWith(e, 'quantum-atlas-10k-ii');
    const c = latencyCurve(sim, disk, 0, [1, 264, 528], 256);
    expect(c[0].zeroLatency).toBeCloseTo(0.5, 2);
    expect(c[2].zeroLatency).toBeLessThan(0.002);
    for (const p of c) expect(p.ordinary).toBeCloseTo(0.5, 2);
    sim.dispose();
  });
});

describe('black-box extraction, step by step', () => {
  it('reports progress per step, then matches the track map exactly', () => {
    const { sim, disk } = simWith(e, 'quantum-atlas-10k');
    const it = extractSteps(sim, disk, { firstLbn: 0, lbns: 400_000 }, 100);
    let steps = 0;
    let last = -1;
    let r = it.next();
    while (!r.done) {
      steps++;
      expect(r.value.cursor).toBeGreaterThan(last);
      last = r.value.cursor;
      r = it.next();
    }
    expect(steps).toBeGreaterThan(5);
    const o = r.value;
    expect(o.exact).toBe(true);
    expect(o.found.length).toBe(o.truth.length);
    expect(o.report.requests).toBeLessThan(4 * o.truth.length + 500);
    sim.dispose();
  });
});
