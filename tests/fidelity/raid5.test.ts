/*
 * The RAID-5 of nine fidelity rows as tests: DiskSim's synthraid5 stream and
 * its large-write stream replayed through nine HP C3323A. Every request issues
 * exactly DiskSim's device requests, both means are within 5 % of DiskSim's,
 * and the per-request agreement rests on the spindles starting together.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import type { Engine } from '../../engine-wasm/binding';
import { fidelityEngine } from './context';
import { RAID5_STREAMS, raid5Rows, raid5Run } from './raid5';
import type { FidelityRow } from './traxtents';

let e: Engine;
let rows: FidelityRow[];
beforeAll(async () => {
  e = await fidelityEngine();
  rows = raid5Rows(e);
}, 120_000);

const [small, big] = RAID5_STREAMS;

describe('fidelity: DiskSim 4.0 RAID-5 of 9 (synthraid5.parv)', () => {
  it('has a mean and a device-request row for each stream', () => {
    expect(rows.map((r) => r.id)).toEqual(RAID5_STREAMS.flatMap((s) => [`arr-${s.file}-mean`, `arr-${s.file}-disks`]));
  });

  it('both means within 5 % of DiskSim\'s, and every request\'s device requests DiskSim\'s', () => {
    for (const r of rows) expect(r.pass, `${r.id}: model ${r.model} vs ${r.paper}`).toBe(true);
    for (const [s, completed] of [[small, 10_001], [big, 1_997]] as const) {
      const r = raid5Run(e, s);
      expect(r.disksim.size, s.file).toBe(completed);
      expect(r.disksimMeanMs, s.file).toBeCloseTo(s.meanMs, 3);   // DiskSim's printed figure (README summary)
      expect(r.sameRequests, s.file).toEqual({ same: completed, of: completed });
    }
  });

  it('the large writes take DiskSim\'s reconstruct-writes: with read-modify-write for every write they do not', () => {
    const r = raid5Run(e, big, { rmwFraction: 1 });
    expect(r.sameRequests!.same).toBeLessThan(r.sameRequests!.of);
  });

  it('agrees request by request with the spindles synchronized, and not with them staggered', () => {
    // The model's shares as they stand; with disk k started k/9 of a revolution on they fall to 0.10 and 0.05.
    const floors = new Map([[small, 0.81], [big, 0.62]]);
    for (const s of RAID5_STREAMS) {
      expect(raid5Run(e, s).within01, s.file).toBeGreaterThanOrEqual(floors.get(s)!);
      expect(raid5Run(e, s, { phase: (k) => k / 9 }).within01, s.file).toBeLessThan(0.2);
    }
  });
});
