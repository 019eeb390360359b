/*
 * The shared CDF chart (validation page, ladder page) and its geometry: the
 * curves are drawn where the scales put the samples, the first solid and
 * the second dashed, longer times at the axis end, and a page's overlay (the
 * ladder's horizontal distances) on the same scales.
 */
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { cdfPoints, quantile, responseRange } from './cdf';
import { CDF_COLOURS, CdfChart, cdfScales, type CdfChartProps } from './CdfChart';
import { LadderCdf } from '../../pages/ladder/LadderCharts';

/** Every element with a data-testid, as a map from it to its attributes. */
function elements(svg: string, testId: string): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  for (const m of svg.matchAll(/<(\w+)([^>]*)>/g)) {
    const attrs = Object.fromEntries([...m[2].matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]]));
    if (attrs['data-testid'] === testId) out.push({ tag: m[1], ...attrs });
  }
  return out;
}

/** The [x, y] vertices of an SVG path made of M/H/V/L commands with absolute coordinates. */
function vertices(d: string): [number, number][] {
  const out: [number, number][] = [];
  let x = 0, y = 0;
  for (const m of d.matchAll(/([MLHV])([-\d.e,]+)/g)) {
    const v = m[2].split(',').map(Number);
    if (m[1] === 'H') x = v[0];
    else if (m[1] === 'V') y = v[0];
    else [x, y] = v;
    out.push([x, y]);
  }
  return out;
}

const props = (over: Partial<CdfChartProps> = {}): CdfChartProps => ({
  curves: [{ sorted: Float64Array.from([2, 4, 6, 8]), testId: 'a' }, { sorted: Float64Array.from([3, 5, 7, 99]), testId: 'b' }],
  xMax: 10, width: 400, height: 200, xLabel: 'time (ms)', yLabel: 'fraction', label: 'two CDFs', testId: 'chart', ...over,
});

describe('chart geometry', () => {
  it('a CDF keeps the sample\'s first and last values, at most `max` points, rising', () => {
    const s = Float64Array.from({ length: 1000 }, (_, i) => i / 10);
    const p = cdfPoints(s, 50);
    expect(p.length).toBe(50);
    expect(p[0]).toEqual([0, 1 / 1000]);
    expect(p[49]).toEqual([99.9, 1]);
    for (let i = 1; i < p.length; i++) expect(p[i][1]).toBeGreaterThan(p[i - 1][1]);
    expect(cdfPoints(new Float64Array([5]), 50)).toEqual([[5, 1]]);
    expect(cdfPoints(new Float64Array(0))).toEqual([]);
  });
  it('the shared response range stops at the larger 99.5th percentile', () => {
    const a = Float64Array.from({ length: 200 }, (_, i) => i);
    expect(quantile(a, 0.5)).toBe(99);
    expect(quantile(a, 0.995)).toBe(198);
    expect(responseRange(a, new Float64Array([1, 2, 1000]))).toBeCloseTo(1000 * 1.05, 9);
  });
});

describe('the shared CDF chart', () => {
  it('draws each sample as a step curve on the chart\'s scales, the first solid, the second dashed; times past the axis at its end', () => {
    const p = props();
    const svg = renderToStaticMarkup(createElement(CdfChart, p));
    expect(elements(svg, 'chart')[0]).toMatchObject({ tag: 'svg', 'aria-label': 'two CDFs', width: '400', height: '200' });
    expect(svg).toContain('>time (ms)<');
    expect(svg).toContain('>fraction<');
    const { x, y } = cdfScales(10, 400, 200);
    const [a] = elements(svg, 'a'), [b] = elements(svg, 'b');
    expect(a.stroke).toBe(CDF_COLOURS[0]);
    expect(a['stroke-dasharray']).toBeUndefined();
    expect(b.stroke).toBe(CDF_COLOURS[1]);
    expect(b['stroke-dasharray']).toBe('6 3');
    // Every step of the curve: at each sample value the fraction rises to its rank.
    const corners = (sorted: number[]) => sorted.map((v, i) => [x(Math.min(v, 10)), y((i + 1) / sorted.length)]);
    const near = (got: [number, number][], want: number[][]) => {
      for (const [wx, wy] of want) expect(got.some(([gx, gy]) => Math.abs(gx - wx) < 1e-6 && Math.abs(gy - wy) < 1e-6), `(${wx}, ${wy})`).toBe(true);
    };
    near(vertices(a.d), corners([2, 4, 6, 8]));
    near(vertices(b.d), corners([3, 5, 7, 99]));
    expect(Math.max(...vertices(b.d).map(([gx]) => gx))).toBeCloseTo(x(10), 9);
  });

  it('the ladder\'s chart: its two curves and the horizontal distance at 10, 25, 50, 75, 90 %', () => {
    const reference = Float64Array.from({ length: 100 }, (_, i) => i / 4);
    const rung = reference.map((v) => v + 5);
    const svg = renderToStaticMarkup(createElement(LadderCdf, { reference, rung, width: 500, height: 300 }));
    expect(elements(svg, 'cdf-reference')).toHaveLength(1);
    expect(elements(svg, 'cdf-rung')).toHaveLength(1);
    const { x, y } = cdfScales(50, 500, 300);
    const lines = elements(svg, 'ladder-distance');
    expect(lines.map((l) => Number(l.y1))).toEqual([0.1, 0.25, 0.5, 0.75, 0.9].map((q) => y(q)));
    for (const [i, q] of [0.1, 0.25, 0.5, 0.75, 0.9].entries()) {
      expect(Number(lines[i].x1)).toBeCloseTo(x(quantile(reference, q)), 9);
      expect(Number(lines[i].x2)).toBeCloseTo(x(quantile(rung, q)), 9);
    }
  });
});
