/*
 * The held bands' ticks as one strip: the opacity per row is what the ticks'
 * strokes pile up to (each one's opacity times the share of the row it
 * covers, laid over the others), and the strip is drawn as one wedge whose
 * gradient has a stop at every row's centre, however many ticks there are.
 */
import { describe, expect, it } from 'vitest';
import { fillTickStrip, tickProfile, withAlpha } from './tickStrip';

const rows = (p: ReturnType<typeof tickProfile>) => p ? [...p.alpha].map((a, k) => [p.first + k, +a.toFixed(6)]) : null;

describe('tickProfile', () => {
  it('spreads a 2 px tick over the rows it covers, by the share of each it covers, with an empty row at each end', () => {
    // A tick at 10.5 px covers 9.5–11.5: half of row 9, all of row 10, half of row 11.
    expect(rows(tickProfile([{ r: 10.5, alpha: 0.6 }], 2, 1))).toEqual([[8, 0], [9, 0.3], [10, 0.6], [11, 0.3], [12, 0]]);
    // On whole rows: 10–12 covers rows 10 and 11 whole.
    expect(rows(tickProfile([{ r: 11, alpha: 0.6 }], 2, 1))).toEqual([[9, 0], [10, 0.6], [11, 0.6], [12, 0]]);
  });

  it('piles overlapping ticks up as strokes laid one over another do: 1 − (1 − a)(1 − b)', () => {
    const p = tickProfile([{ r: 11, alpha: 0.6 }, { r: 11, alpha: 0.5 }, { r: 20, alpha: 0.45 }], 2, 1)!;
    expect(p.alpha[10 - p.first]).toBeCloseTo(1 - 0.4 * 0.5, 12);
    expect(p.alpha[19 - p.first]).toBeCloseTo(0.45, 12);
    // Between the ticks, nothing.
    expect(p.alpha[15 - p.first]).toBe(0);
  });

  it('works in rows of a device pixel: at 2 device pixels per px, rows of 0.5 px', () => {
    expect(rows(tickProfile([{ r: 11, alpha: 1 }], 2, 0.5))).toEqual([[19, 0], [20, 1], [21, 1], [22, 1], [23, 1], [24, 0]]);
  });

  it('has no strip without ticks', () => {
    expect(tickProfile([], 2, 1)).toBeNull();
  });
});

describe('fillTickStrip', () => {
  it('fills one wedge from the first row to the last, its gradient a stop per row centre in the colour at that row\'s opacity', () => {
    const calls: string[] = [];
    const stops: [number, string][] = [];
    let gradient: number[] = [];
    const ctx = {
      createRadialGradient: (...a: number[]) => { gradient = a; return { addColorStop: (o: number, c: string) => stops.push([o, c]) }; },
      beginPath: () => calls.push('beginPath'),
      arc: (...a: number[]) => calls.push(`arc ${a.join(' ')}`),
      closePath: () => calls.push('closePath'),
      fill: () => calls.push('fill'),
      stroke: () => calls.push('stroke'),
      set fillStyle(_: unknown) { calls.push('fillStyle'); },
    } as unknown as CanvasRenderingContext2D;
    const many = Array.from({ length: 400 }, (_, i) => ({ r: 50 + i / 4, alpha: 0.5 }));
    const p = tickProfile(many, 2, 1)!;
    fillTickStrip(ctx, 100, 100, 3, 3.5, p, '#E69F00');
    // One fill for 400 ticks, never a stroke per tick.
    expect(calls.filter((c) => c === 'fill')).toHaveLength(1);
    expect(calls).not.toContain('stroke');
    expect(calls.filter((c) => c.startsWith('arc'))).toEqual([`arc 100 100 ${p.first + p.alpha.length} 3 3.5`, `arc 100 100 ${p.first} 3.5 3 true`]);
    expect(gradient).toEqual([100, 100, p.first + 0.5, 100, 100, p.first + p.alpha.length - 0.5]);
    expect(stops).toHaveLength(p.alpha.length);
    stops.forEach(([o, c], k) => {
      expect(o).toBeCloseTo(k / (p.alpha.length - 1), 12);
      expect(c).toBe(withAlpha('#E69F00', p.alpha[k]));
    });
    expect(stops[0][1]).toBe('rgba(230,159,0,0)');
  });
});
