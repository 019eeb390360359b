/*
 * The Atropos figures' engine sweeps (web/pages/atropos/figures.ts)
 * through the wasm engine: the streams post exactly the points the point
 * functions compute, and the mechanisms the figures exist to show hold —
 * a stripe unit of exactly one track beats a 64 KB one for a track-sized
 * I/O (zero-latency, no head switch), semi-sequential access inside the
 * one-revolution constraint is close to track-based and well above it past
 * the constraint per request, a record fetched as a semi-sequential batch
 * beats the naive layout, and bad arguments are refused by name.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import type { Engine } from '../engine-wasm/binding';
import { testEngine } from './helpers/engine';
import { loadPresetJson } from './helpers/presets';
import { fig7Point, fig7Stream, fig8Stream, figureStream } from '../web/pages/atropos/figures';
import { arraySim } from '../web/pages/atropos/service';
import { presetArg } from '../web/worker/args';
import type { Fig7Point, Fig8Bar, FigureProgress } from '../web/pages/atropos/protocol';

const ATLAS = 'maxtor-atlas-10k-iii';
let e: Engine;
beforeAll(async () => { e = await testEngine('full'); });

function drain<T>(g: Generator<FigureProgress, T, void>): { messages: FigureProgress[]; result: T } {
  const messages: FigureProgress[] = [];
  for (;;) { const r = g.next(); if (r.done) return { messages, result: r.value }; messages.push(r.value); }
}

function point(line: Fig7Point['line'], sectors: number, d = 3, n = 80): Fig7Point {
  const sim = arraySim(e, presetArg(loadPresetJson(ATLAS)), 4, 1);
  try {
    const p = fig7Point(sim, line, sectors, { p: 4, d, stripeSectors: 128, n, seed: 1 });
    if (!p) throw new Error('no point');
    return p;
  } finally { sim.dispose(); }
}

describe('Figure 7 from the engine', () => {
  it('a track-sized I/O: track-based striping is far more efficient than 64 KB striping', () => {
    const track = point('track', 686), stripe = point('stripe', 686);
    expect(track.requests).toBe(80);
    expect(track.efficiency).toBeGreaterThan(0.45);              // one zero-latency revolution after the seek
    expect(track.efficiency).toBeGreaterThan(1.5 * stripe.efficiency);
  });

  it('semi-sequential below the constraint is close to track-based; past it a request takes a revolution more', () => {
    const track = point('track', 248), below = point('semiseq', 240), above = point('semiseq', 264);
    expect(below.efficiency / track.efficiency).toBeGreaterThan(0.6);
    expect(above.responseMs - below.responseMs).toBeGreaterThan(2);   // the step of Figure 9
  });

  it('the stream posts its sizes, then every point the point function computes', () => {
    const preset = loadPresetJson(ATLAS);
    const { messages, result } = drain(fig7Stream(e, { preset, p: 4, d: 3, stripeKb: 64, n: 5, seed: 2 }));
    const info = messages[0];
    expect(info.kind).toBe('fig7-info');
    if (info.kind !== 'fig7-info') return;
    expect(info.N).toBe(686);
    expect(info.stripeSectors).toBe(128);
    const points = messages.flatMap((m) => (m.kind === 'fig7-point' ? [m.point] : []));
    expect(points).toEqual(result);
    expect(new Set(points.map((p) => p.line))).toEqual(new Set(['track', 'semiseq', 'stripe']));
    const sim = arraySim(e, presetArg(preset), 4, 2);
    try {
      const want = fig7Point(sim, 'stripe', info.sizes[3], { p: 4, d: 3, stripeSectors: 128, n: 5, seed: 2 });
      expect(points.find((p) => p.line === 'stripe' && p.sectors === info.sizes[3])).toEqual(want);
    } finally { sim.dispose(); }
  });
});

describe('Figure 8 from the engine', () => {
  it('a record: Atropos pays 16-40 % over Contiguous, the naive layout far more; one column is contiguous', () => {
    const { result } = drain(fig8Stream(e, { preset: loadPresetJson(ATLAS), ds: [2, 4], n: 300, seed: 1 }));
    const bars = result as Fig8Bar[];
    const get = (bar: Fig8Bar['bar'], d: number) => bars.find((b) => b.bar === bar && b.d === d)!.responseMs;
    const contiguous = get('contiguous', 0);
    expect(contiguous).toBeGreaterThan(5.5);
    expect(contiguous).toBeLessThan(6.2);
    for (const d of [2, 4]) {
      expect(get('atropos-row', d) / contiguous).toBeGreaterThan(1.05);
      expect(get('atropos-row', d) / contiguous).toBeLessThan(1.45);
      expect(get('naive-serial', d)).toBeGreaterThan(1.2 * get('atropos-row', d));
      expect(get('naive-batched', d)).toBeLessThan(get('naive-serial', d));   // SPTF orders the batch
      expect(Math.abs(get('atropos-column', d) / contiguous - 1)).toBeLessThan(0.06);
    }
    expect(get('atropos-row', 4)).toBeGreaterThan(get('atropos-row', 2));   // two more track switches
  });

  it('refuses bad arguments by name', () => {
    const preset = loadPresetJson(ATLAS);
    expect(() => drain(figureStream(e, { figure: 'fig7', preset, p: 0, d: 3, stripeKb: 64, n: 5, seed: 1 }))).toThrow(/^p: /);
    expect(() => drain(figureStream(e, { figure: 'fig8', preset, ds: [], n: 5, seed: 1 }))).toThrow(/^ds: /);
    expect(() => drain(figureStream(e, { figure: 'nope', preset } as never))).toThrow(/^figure: /);
  });
});

describe('the Table-2 analogue from the engine', () => {
  it('every preset gets a row; the Atlas 10K III matches the spec\'s table (N = 686, H = 145, D = 4, b_max 198 / 83 / 26) and the exact check passes at b_max', () => {
    const ids = ['maxtor-atlas-10k-iii', 'hp-97560', 'hp-c2200a', 'hp-c2247a', 'ibm-ultrastar-18es', 'quantum-atlas-10k-ii', 'quantum-atlas-10k', 'seagate-cheetah-9lp', 'seagate-cheetah-x15'];
    const { result } = drain(figureStream(e, { figure: 'table2', presets: ids.map((id) => ({ id, json: loadPresetJson(id) })) }));
    const rows = result as import('../web/pages/atropos/protocol').Table2Row[];
    expect(rows.map((r) => r.id)).toEqual(ids);
    for (const r of rows) expect(r.error).toBe('');
    const atlas = rows[0];
    expect([atlas.N, atlas.H, atlas.D]).toEqual([686, 145, 4]);
    expect(atlas.depths.map((x) => x.bMax)).toEqual([198, 83, 26]);
    expect(atlas.extracted?.skewSectors).toBe(145);                  // the black box finds the preset's H
    expect(atlas.extracted?.headSwitchMs).toBeCloseTo(1.25, 3);
    // zone 0's track skew on every preset (plus a spare slot at a track's end where the layout has one:
    // the native test compares with the layout's own slot angles exactly)
    for (const r of rows) expect(Math.abs(r.extracted!.skewSectors - r.H)).toBeLessThanOrEqual(1);
    for (const x of atlas.depths) {
      expect(x.bExact).toBeGreaterThanOrEqual(x.bMax);          // the head switch (142.9 sectors) is shorter than H
      expect(x.bExact).toBeLessThan(x.bMaxLinear);               // the linear form overshoots the physics
    }
  });
});

describe('TPC-H-like queries from the engine', () => {
  it('Atropos scans a column like column-major and fetches records far faster than it; row-major reads everything to scan', () => {
    const { result, messages } = drain(figureStream(e, {
      figure: 'mix', preset: loadPresetJson(ATLAS), p: 4, d: 4, b: 16, columns: 4, queries: ['scan', 'records'], reps: 2, seed: 1,
    }));
    const rows = result as import('../web/pages/atropos/protocol').MixRow[];
    expect(messages.filter((m) => m.kind === 'mix-row')).toHaveLength(6);
    const ms = (q: string, l: string) => rows.find((r) => r.query === q && r.layout === l)!;
    expect([4, 5]).toContain(ms('scan', 'atropos').requests);           // one column over 4 stripes' worth from a random record: one request per stripe touched
    expect(ms('records', 'atropos').requests).toBe(50);                 // one semi-sequential batch per record (C = d)
    expect(ms('records', 'naive-column').requests).toBe(200);           // one request per cell
    expect(ms('scan', 'naive-row').ms).toBeGreaterThan(2.5 * ms('scan', 'atropos').ms);
    expect(ms('scan', 'atropos').ms).toBeLessThan(1.3 * ms('scan', 'naive-column').ms);
    expect(ms('records', 'naive-column').ms).toBeGreaterThan(1.5 * ms('records', 'atropos').ms);
  });

  it('refuses an unknown query by name', () => {
    expect(() => drain(figureStream(e, {
      figure: 'mix', preset: loadPresetJson(ATLAS), p: 4, d: 4, b: 16, columns: 4, queries: ['nope' as never], reps: 1, seed: 1,
    }))).toThrow(/^queries\[0\]: /);
  });
});
