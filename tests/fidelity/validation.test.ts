/*
 * The validation rows as tests: each drive with a measured trace and a preset
 * has its two rows (mean, demerit); each row passes or carries its open miss;
 * the demerit is the engine's (sp_demerit) over the two samples, and the
 * closed replay follows the trace's think times.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import type { Engine } from '../../engine-wasm/binding';
import { fidelityEngine } from './context';
import { validationRows, validationRun } from './validation';
import type { FidelityRow } from './traxtents';

let e: Engine;
let rows: FidelityRow[];
beforeAll(async () => {
  e = await fidelityEngine();
  rows = validationRows(e);
}, 120_000);

describe('fidelity: validation against measured drives', () => {
  it('has a mean and a demerit row for the HP C2247A', () => {
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining(['val-hp-c2247a-mean', 'val-hp-c2247a-demerit']));
  });

  it('every row passes or states its open miss (no silent failures)', () => {
    const silent = rows.filter((r) => !r.pass && !r.knownMiss && !r.openMiss).map((r) => `${r.id}: model ${r.model}`);
    expect(silent).toEqual([]);
  });

  it('the figures are the measured trace\'s and the engine\'s', () => {
    const v = validationRun(e, 'hp-c2247a', 'hp_c2247a.trace');
    expect(v.count).toBe(9999);
    // Measured mean of the file's service_us column (first line 14095.370 us).
    expect(v.measuredMs[0]).toBeCloseTo(14.09537, 9);
    expect(v.measuredMeanMs).toBeGreaterThan(15.2);
    expect(v.measuredMeanMs).toBeLessThan(15.4);
    expect(v.demeritMs).toBe(e.demerit(v.measuredMs, v.simulatedMs).demeritMs);
    expect(v.demeritRelative).toBeCloseTo(v.demeritMs / v.measuredMeanMs, 12);
    for (let i = 0; i < v.count; i++) expect(v.simulatedMs[i]).toBeGreaterThan(0);
    const row = rows.find((r) => r.id === 'val-hp-c2247a-demerit')!;
    expect(row.model).toBe(v.demeritMs);
    expect(row.pass).toBe(v.demeritMs <= 0.090);
  });
});
