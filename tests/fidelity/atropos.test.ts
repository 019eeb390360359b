/*
 * The Atropos fidelity rows as tests: every row of tests/fidelity/atropos.ts
 * passes within its stated tolerance or carries its stated miss; the rows that
 * follow from the engine's physics (the one-revolution knee and its step, the
 * naive layout's penalty) pass outright.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import type { Engine } from '../../engine-wasm/binding';
import { fidelityEngine } from './context';
import { FIG8_LINK, atroposRows } from './atropos';
import type { FidelityRow } from './traxtents';
import { EngineService } from '../../web/worker/engineService';
import { decodeAtSetup, fig8Params } from '../../web/pages/atropos/setup';
import type { Fig8Bar, FigureProgress } from '../../web/pages/atropos/protocol';
import { loadPresetJson } from '../helpers/presets';
import { arraySim, sweepPoint } from '../../web/pages/atropos/service';
import { loadPreset } from './context';

let rows: FidelityRow[];
let e: Engine;
beforeAll(async () => {
  e = await fidelityEngine();
  rows = atroposRows(e);
}, 120_000);

const MUST_PASS = [
  'at-contig-8k', 'at-knee-below', 'at-knee-124', 'at-line1-drop', 'at-line2-recovers',
  'at-naive-much-lower-d2', 'at-naive-much-lower-d4', 'at-row-penalty-d2', 'at-row-penalty-d4',
];

describe('fidelity: Atropos (FAST 2004)', () => {
  it('has the rows of the spec (section 2.6)', () => {
    const ids = new Set(rows.map((r) => r.id));
    for (const id of [...MUST_PASS, 'at-knee-above', 'at-line2-below-line1']) expect(ids.has(id), id).toBe(true);
  });

  it.each(MUST_PASS)('%s passes', (id) => {
    const r = rows.find((x) => x.id === id)!;
    expect(r.pass, `${r.what}: model ${r.model}, paper ${r.paper} ±${r.tolerance}`).toBe(true);
  });

  it('the response steps up past the knee by more than a third of a revolution (6 ms)', () => {
    const below = rows.find((x) => x.id === 'at-knee-below')!, above = rows.find((x) => x.id === 'at-knee-above')!;
    expect(above.model - below.model).toBeGreaterThan(2);
  });

  it('every other row passes or states its miss (no silent failures)', () => {
    const silent = rows.filter((r) => !r.pass && !r.knownMiss && !r.openMiss).map((r) => `${r.id}: model ${r.model}`);
    expect(silent).toEqual([]);
  });

  it('the Figure 8 rows quote the bars the page shows for their link (the worker\'s atFigure, as the page calls it)', () => {
    const { setup } = decodeAtSetup(FIG8_LINK, ['maxtor-atlas-10k-iii']);
    const stream = new EngineService(e).call('atFigure', fig8Params(setup, loadPresetJson(setup.disk)));
    const bars: Fig8Bar[] = [];
    for (let r = stream.next(); !r.done; r = stream.next()) {
      const m: FigureProgress = r.value;
      if (m.kind === 'fig8-bar') bars.push(m.bar);
    }
    const bar = (name: Fig8Bar['bar'], d: number) => bars.find((b) => b.bar === name && b.d === d)!.responseMs;
    const model = (id: string) => rows.find((r) => r.id === id)!.model;
    const contiguous = bar('contiguous', 0);
    expect(model('at-contig-8k')).toBe(contiguous);
    for (const d of [2, 4]) {
      expect(model(`at-row-penalty-d${d}`)).toBeCloseTo((bar('atropos-row', d) / contiguous - 1) * 100, 9);
      expect(model(`at-naive-much-lower-d${d}`)).toBeCloseTo(bar('naive-serial', d) / bar('atropos-row', d), 9);
    }
  });

  it('the knee rows are the page\'s Figure 9 points for the same d and b (response less seek)', () => {
    const sim = arraySim(e, loadPreset('maxtor-atlas-10k-iii'), 1, 1);
    try {
      for (const id of ['at-knee-below', 'at-knee-above']) {
        const r = rows.find((x) => x.id === id)!;
        const b = Number(/b = (\d+)/.exec(r.what)![1]);
        expect(r.model).toBe(sweepPoint(sim, 3, b, 600, 1, 'on').responseLessSeekMs);
      }
    } finally {
      sim.dispose();
    }
  });
});
