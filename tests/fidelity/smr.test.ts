/*
 * The shingled-drive fidelity rows as tests: the media cache absorbs the
 * writes its size allows before the first stall, and a band clean matches its
 * closed form (band read + band write at the preset's media rate); the cliff's
 * magnitude row stays open with what is known (no silent failures).
 */
import { describe, it, expect, beforeAll } from 'vitest';
import type { Engine } from '../../engine-wasm/binding';
import { fidelityEngine } from './context';
import { smrRows } from './smr';
import type { FidelityRow } from './traxtents';

let rows: FidelityRow[];
beforeAll(async () => {
  const e: Engine = await fidelityEngine();
  rows = smrRows(e);
}, 120_000);

const MUST_PASS = ['smr-cache-absorbs', 'smr-band-clean', 'smr-clean-rate'];

describe('fidelity: shingled drives (Skylight, closed forms)', () => {
  it.each(MUST_PASS)('%s passes', (id) => {
    const r = rows.find((x) => x.id === id);
    expect(r, id).toBeDefined();
    expect(r!.pass, `${r!.what}: model ${r!.model}, paper ${r!.paper} ±${r!.tolerance}`).toBe(true);
  });

  it('the cliff is there: writes after the cache fills are slower than before', () => {
    const r = rows.find((x) => x.id === 'smr-cliff')!;
    expect(r.model).toBeGreaterThan(10);                /* an order of magnitude, at least */
    expect(r.openMiss).toBeTruthy();
  });

  it('every other row passes or states its miss (no silent failures)', () => {
    const silent = rows.filter((r) => !r.pass && !r.knownMiss && !r.openMiss).map((r) => `${r.id}: model ${r.model}`);
    expect(silent).toEqual([]);
  });
});
