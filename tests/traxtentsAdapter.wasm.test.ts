/*
 * The traxtents page's host adapter, through the real wasm engine: the page's
 * Figure 1 sweep of the Atlas 10K with the paper's adapter is exactly the
 * sweep with the bus set by hand to the value the fidelity rows set (the
 * paper's 80 MB/s, 512 / 80e3 ms per sector), and differs with the drive's
 * own bus; the extraction service sets it the same way.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { DiskParam, type Engine, type ExtractReport } from '../engine-wasm/binding';
import { testEngine } from './helpers/engine';
import { loadPresetJson } from './helpers/presets';
import { simWith } from './fidelity/context';
import { extractStream, sweepStream } from '../web/pages/traxtents/service';
import type { SweepParams, SweepResult } from '../web/pages/traxtents/protocol';
import { extractSteps, sweep, sweepSizes, typicalTrackLbns, zoneRegion, type SweepPoint } from '../web/pages/traxtents';

/** The fidelity rows' adapter (tests/fidelity/traxtents.ts), written out here by hand. */
const FIDELITY_BUS = 512 / 80e3;

let e: Engine;
beforeAll(async () => { e = await testEngine('full'); });

function pageSweep(params: SweepParams): SweepResult {
  const it = sweepStream(e, params);
  for (;;) {
    const r = it.next();
    if (r.done) return r.value;
  }
}

/** The same sweep without the service: configure, set the bus by hand, sweep. */
function handSweep(id: string, bus: number | undefined, q: 1 | 2, n: number, seed: number, points: number): SweepPoint[] {
  const { sim, disk } = simWith(e, id, 1);
  try {
    if (bus !== undefined) sim.diskSet(disk, DiskParam.BusMsPerSector, bus);
    const region = zoneRegion(sim, disk);
    const track = typicalTrackLbns(sim, disk, region);
    const series = [{ alignment: 'aligned' as const, outstanding: q }, { alignment: 'unaligned' as const, outstanding: q }];
    return [...sweep(sim, disk, { region, requests: n, seed }, sweepSizes(track, 4 * track, points), series)];
  } finally {
    sim.dispose();
  }
}


describe('traxtents page: the host adapter', () => {
  const base = { preset: loadPresetJson('quantum-atlas-10k'), q: 2 as const, zl: 'preset' as const, n: 300, seed: 1, points: 6 };

  it('Figure 1 of the Atlas 10K with the paper\'s adapter is the sweep with the fidelity rows\' bus, and not the drive\'s', () => {
    const paper = pageSweep({ ...base, adapter: 'paper' });
    const drive = pageSweep({ ...base, adapter: 'drive' });
    const hand = handSweep('quantum-atlas-10k', FIDELITY_BUS, base.q, base.n, base.seed, base.points);
    const handDrive = handSweep('quantum-atlas-10k', undefined, base.q, base.n, base.seed, base.points);
    expect(paper.points.length).toBe(2 * paper.info.sizes.length);
    expect(paper.info.busMsPerSector).toBe(FIDELITY_BUS);
    expect(paper.info.driveBusMsPerSector).toBeGreaterThan(0.09);
    expect(paper.points).toEqual(hand);
    // the drive's own bus: its own figures, not the paper's
    expect(drive.info.busMsPerSector).toBe(drive.info.driveBusMsPerSector);
    expect(drive.points).toEqual(handDrive);
    expect(drive.points).not.toEqual(paper.points);
    const atTrack = (r: SweepResult) => r.points.find((p) => p.alignment === 'aligned' && r.info.sizes[p.index] === r.info.trackLbns)!;
    expect(atTrack(drive).headMs).toBeGreaterThan(atTrack(paper).headMs + 1);
    // no adapter in the request: the preset's own bus (the service's default; the page always sends one)
    expect(pageSweep(base).points).toEqual(drive.points);
    // a rate: exactly that adapter
    expect(pageSweep({ ...base, adapter: 80, points: 4 }).info.busMsPerSector).toBe(FIDELITY_BUS);
  });

  it('a preset whose bus is already faster than the paper\'s adapter keeps it (the Atlas 10K II of the published links)', () => {
    const p = { ...base, preset: loadPresetJson('quantum-atlas-10k-ii'), n: 100, points: 4 };
    const paper = pageSweep({ ...p, adapter: 'paper' });
    expect(paper.info.busMsPerSector).toBe(paper.info.driveBusMsPerSector);
    expect(paper.info.busMsPerSector).toBeLessThan(FIDELITY_BUS);
    expect(paper.points).toEqual(pageSweep({ ...p, adapter: 'drive' }).points);
  });

  it('rejects an adapter that is not paper, drive or a rate', () => {
    expect(() => pageSweep({ ...base, adapter: 'fast' as never })).toThrow(/adapter/);
    expect(() => pageSweep({ ...base, adapter: 0 })).toThrow(/adapter/);
  });

  it('the extraction service runs with the adapter\'s bus, as the fidelity rows set it', () => {
    const lbns = 334 * 30;
    const run = (adapter?: 'paper' | 'drive') => {
      const it = extractStream(e, { preset: loadPresetJson('quantum-atlas-10k'), adapter, lbns });
      for (;;) { const r = it.next(); if (r.done) return r.value.report; }
    };
    const hand = (bus: number | undefined): ExtractReport => {
      const { sim, disk } = simWith(e, 'quantum-atlas-10k', 1);
      try {
        if (bus !== undefined) sim.diskSet(disk, DiskParam.BusMsPerSector, bus);
        const it = extractSteps(sim, disk, { firstLbn: 0, lbns }, 50);
        for (;;) { const r = it.next(); if (r.done) return r.value.report; }
      } finally {
        sim.dispose();
      }
    };
    const paper = run('paper');
    expect(paper).toEqual(hand(FIDELITY_BUS));
    expect(run('drive')).toEqual(hand(undefined));
    expect(paper.simMs).not.toBe(run('drive').simMs);
  });
});
