/*
 * The flash-backed I/O fidelity rows as tests: every row of
 * tests/fidelity/nvcache.ts passes or carries its stated miss; the rows that
 * follow from the policy's mechanism (latency falls with the FQueue and with a
 * faster flash, the sign of Fig. 9 for bursty and sparse workloads, fewer disk
 * writes, lifetime linear in the flash size) pass outright.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import type { Engine } from '../../engine-wasm/binding';
import { fidelityEngine } from './context';
import { nvcacheRows } from './nvcache';
import type { FidelityRow } from './traxtents';

let rows: FidelityRow[];
beforeAll(async () => {
  const e: Engine = await fidelityEngine();
  rows = nvcacheRows(e);
}, 120_000);

const MUST_PASS = [
  'fb-mono', 'fb-up-to-70', 'fb-idle-sign-bursty', 'fb-idle-sign-sparse', 'fb-overwrite-max', 'fb-disk-writes',
  'fb-flash-factor', 'fb-life-linear',
];

describe('fidelity: flash-backed I/O requests (Bisson & Brandt)', () => {
  it('has the rows of the spec (section 3.4)', () => {
    const ids = new Set(rows.map((r) => r.id));
    for (const id of [...MUST_PASS, 'fb-schedulers', 'fb-idle-share', 'fb-overwrite-grows', 'fb-disk-time', 'fb-life-ratio']) {
      expect(ids.has(id), id).toBe(true);
    }
  });

  it.each(MUST_PASS)('%s passes', (id) => {
    const r = rows.find((x) => x.id === id)!;
    expect(r.pass, `${r.what}: model ${r.model}, paper ${r.paper} ±${r.tolerance}`).toBe(true);
  });

  it('every other row passes or states its miss (no silent failures)', () => {
    const silent = rows.filter((r) => !r.pass && !r.knownMiss && !r.openMiss).map((r) => `${r.id}: model ${r.model}`);
    expect(silent).toEqual([]);
  });
});
