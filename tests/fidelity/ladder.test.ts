/*
 * The ladder rows as tests: the four rows exist; each passes or carries its
 * stated miss; the demerits are the engine's (sp_demerit) and the reference
 * rung's is zero; the rungs differ from the reference (the switches act).
 */
import { describe, it, expect, beforeAll } from 'vitest';
import type { Engine } from '../../engine-wasm/binding';
import { fidelityEngine } from './context';
import { ladderResults, ladderRows, random8k } from './ladder';
import { table1Readings } from './table1';
import type { FidelityRow } from './traxtents';

let e: Engine;
let rows: FidelityRow[];
beforeAll(async () => {
  e = await fidelityEngine();
  rows = ladderRows(e);
}, 120_000);

describe('fidelity: the model ladder (Ruemmler & Wilkes 1994)', () => {
  it('has the C2200A order, position and linear-seek rows and both 8 KB rows', () => {
    expect(rows.map((r) => r.id)).toEqual(['rw-c2200-order', 'rw-c2200-pos-mean', 'rw-c2200-linear-seek', 'rw-c2200-8k', 'rw-97560-8k']);
  });

  it('every row passes or states its miss', () => {
    for (const r of rows) expect(r.pass || Boolean(r.knownMiss) || Boolean(r.openMiss), r.id).toBe(true);
  });

  it('the reference rung has no demerit; every other rung has one, from the engine', () => {
    const { ladder, results } = ladderResults(e, 'hp-c2200a');
    const ref = results.find((r) => r.id === ladder.reference)!;
    expect(ref.demeritMs).toBe(0);
    for (const r of results.filter((x) => x.id !== ladder.reference)) {
      expect(r.demeritMs).toBeGreaterThan(0);
      expect(r.demeritMs).toBe(e.demerit(ref.sorted, r.sorted).demeritMs);
    }
  });

  it('a Table 1 row that misses names the parts of the engine\'s time, and they add up to its mean', () => {
    for (const [preset, id] of [['hp-c2200a', 'rw-c2200-8k'], ['hp-97560', 'rw-97560-8k']]) {
      const r = random8k(e, preset);
      const sum = Object.values(r.parts).reduce((a, b) => a + b, 0);
      expect(sum, preset).toBeCloseTo(r.meanMs, 6);
      const row = rows.find((x) => x.id === id)!;
      expect(row.model).toBe(r.meanMs);
      if (!row.pass) expect(row.openMiss).toContain(`The model's ${r.meanMs.toFixed(2)} ms: overhead ${r.parts.overheadMs.toFixed(2)} + seek ${r.parts.seekMs.toFixed(2)}`);
    }
  });

  it('the calibrated workload puts the reference mean within 1 % of the paper\'s measured mean', () => {
    for (const id of ['hp-c2200a', 'hp-97560']) {
      const { ladder, results } = ladderResults(e, id);
      const ref = results.find((r) => r.id === ladder.reference)!;
      expect(Math.abs(ref.meanMs / ladder.paper.realMeanMs - 1), id).toBeLessThan(0.01);
    }
  });
  it('Table 1\'s datasheet readings are the closed forms of the preset (HP C2200A: seek = 10.8 + 0.012 d past 616 ' +
    'cylinders, 3.45 + 0.597 sqrt(d) below; 4002 RPM; 32 sectors of a 114-slot track; bus 0.256 ms a sector; overhead 1.1 ms)', () => {
    const rev = 60000 / 4002, media = (32 / 114) * rev;
    const ms = (way: string) => table1Readings(e, 'hp-c2200a').find((r) => r.way === way)!.ms;
    expect(ms('full stroke / 3, no bus, without the overhead')).toBeCloseTo((10.8 + 0.012 * 1448) / 3 + rev / 2 + media, 9);
    expect(ms('one-third-stroke seek, bus after the media, with the overhead'))
      .toBeCloseTo(3.45 + 0.597 * Math.sqrt(483) + rev / 2 + media + 32 * 0.256 + 1.1, 9);
    expect(ms('one-third-stroke seek, bus overlapped, without the overhead'))
      .toBeCloseTo(3.45 + 0.597 * Math.sqrt(483) + rev / 2 + 32 * 0.256, 9);
    expect(table1Readings(e, 'hp-c2200a')).toHaveLength(24);
  });

  it('both Table 1 rows say whether any datasheet reading fits both drives', () => {
    for (const id of ['rw-c2200-8k', 'rw-97560-8k']) {
      const r = rows.find((x) => x.id === id)!;
      if (!r.pass) expect(r.openMiss).toMatch(/Read as a datasheet figure .* (none|one) fits both drives within 5 %: the closest for both is /);
    }
  });
});
