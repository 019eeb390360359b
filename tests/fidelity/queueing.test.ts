/*
 * The queued HP C3323A against DiskSim 4.0, request for request: with the
 * preset as shipped (the driver holds the queue, one command at a time at the
 * disk) both streams are within 1 % of DiskSim's mean, and so is the disk's
 * own queue with the disk on a bus its commands hold; letting the controller
 * take every command on arrival instead (its overhead then runs during the
 * request in service) is far faster than DiskSim, so the preset's field is
 * what the rows rest on.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import type { Engine } from '../../engine-wasm/binding';
import { fidelityEngine, loadPreset } from './context';
import { QUEUE_CASES, queueRows, queueRun } from './queueing';
import type { FidelityRow } from './traxtents';

let e: Engine;
let rows: FidelityRow[];
beforeAll(async () => {
  e = await fidelityEngine();
  rows = queueRows(e);
}, 120_000);

describe('fidelity: DiskSim 4.0, one queued HP C3323A', () => {
  it('has one row per arrangement of DiskSim\'s run', () => {
    expect(rows.map((r) => r.id)).toEqual(QUEUE_CASES.map((c) => c.id));
  });

  it('one command at a time: the mean within 1 % of DiskSim\'s, on the mixed and the all-read stream', () => {
    for (const id of ['q-c3323a-mixed-q1', 'q-c3323a-reads-q1']) expect(rows.find((r) => r.id === id)!.pass, id).toBe(true);
    const mixed = rows.find((r) => r.id === 'q-c3323a-mixed-q1')!;
    expect(mixed.paper).toBeCloseTo(45.367, 3);            // DiskSim's printed mean (reference README summary)
    expect(mixed.what).toMatch(/within 0\.1 ms of DiskSim's/);
  });

  it('the preset\'s driver queue carries it: with the controller taking every command on arrival the mean falls by over 10 %', () => {
    const p = loadPreset('hp-c3323a');
    expect(p.controller.driverQueue).toBe(true);
    const off = queueRun(e, QUEUE_CASES[0], { ...p, controller: { ...p.controller, driverQueue: false } });
    expect(off.modelMeanMs).toBeLessThan(0.9 * off.disksimMeanMs);
  });

  it('the disk\'s own queue: within 1 % of DiskSim\'s with the bus held through command overheads, 3 % short without', () => {
    expect(rows.find((r) => r.id === 'q-c3323a-reads-diskq')!.pass).toBe(true);
    const ownBus = queueRun(e, QUEUE_CASES[2], loadPreset('hp-c3323a'), false);
    expect(ownBus.modelMeanMs).toBeLessThan(0.97 * ownBus.disksimMeanMs);
    // one command at a time nothing overlaps: the same responses either way
    expect(queueRun(e, QUEUE_CASES[1], loadPreset('hp-c3323a'), false).modelMeanMs)
      .toBe(queueRun(e, QUEUE_CASES[1]).modelMeanMs);
  });

  it('every row passes or states its open miss (no silent failures)', () => {
    const silent = rows.filter((r) => !r.pass && !r.knownMiss && !r.openMiss).map((r) => `${r.id}: model ${r.model}`);
    expect(silent).toEqual([]);
  });
});
