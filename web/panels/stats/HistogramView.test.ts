/*
 * The response-time histogram as drawn in the chart kit's frame: a bar per
 * non-empty bin against the counts' axis (whole requests only), the
 * cumulative fraction against the right axis in the line's colour, both axes
 * titled; a snapshot of the markup for review.
 */
import { describe, expect, it } from 'vitest';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { HistogramView } from './StatsView';
import type { Snapshot } from '../../engine/runProtocol';
import { tickTexts } from '../../../tests/helpers/chartMarkup';

/** Four responses in 1 ms bins: none under 1 ms, two in 1–2 ms, one in 2–3, one in 3–4. */
const snapshot = { histBinMs: 1, hist: Uint32Array.from([0, 2, 1, 1]) } as Snapshot;
/** 340 × 150 with margins 48 / 46 / 10 / 36: x 48..294 px for 0..4 ms (61.5 px a ms), y 114..10 px. */
const markup = renderToStaticMarkup(h(HistogramView, { snapshot, width: 340, height: 150 }));
const X = (ms: number) => 48 + 61.5 * ms;

describe('HistogramView', () => {
  it('a bar per non-empty bin, as tall as its count on the left axis, titled with its bin and count', () => {
    const bars = [...markup.matchAll(/<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" fill="#999999"><title>([^<]*)<\/title>/g)]
      .map((m) => ({ x: Number(m[1]), top: Number(m[2]), width: Number(m[3]), height: Number(m[4]), title: m[5] }));
    expect(bars).toEqual([
      { x: X(1), top: 10, width: 61, height: 104, title: '1.00–2.00 ms: 2 requests' },
      { x: X(2), top: 62, width: 61, height: 52, title: '2.00–3.00 ms: 1 requests' },
      { x: X(3), top: 62, width: 61, height: 52, title: '3.00–4.00 ms: 1 requests' },
    ]);
    expect(markup).toContain('data-requests="4"');
  });

  it('the cumulative fraction at each bin\'s end, against the right axis', () => {
    const y = (f: number) => 114 - 104 * f;
    const pts = [[0, 0], [1, 0], [2, 0.5], [3, 0.75], [4, 1]].map(([ms, f]) => `${+X(ms).toFixed(3)},${+y(f).toFixed(3)}`);
    expect(markup).toContain(`<path d="M${pts.join('L')}" fill="none" stroke="#0072B2"`);
  });

  it('counts on the left in whole requests, the fraction on the right in the line\'s colour, response times below', () => {
    const ticks = tickTexts(markup);
    expect(ticks.filter((t) => t.x === 42).map((t) => [t.label, t.y])).toEqual([['0', 118], ['1', 66], ['2', 14]]);
    expect(ticks.filter((t) => t.x === 300).map((t) => [t.label, t.y])).toEqual([['0', 118], ['0.5', 66], ['1', 14]]);
    expect(ticks.filter((t) => t.y === 129).map((t) => t.label)).toEqual(['0', '1', '2', '3', '4']);
    expect(markup).toContain('text-anchor="start" fill="#0072B2" class="chart-tick">0.5</text>');
    expect(markup).toMatch(/rotate\(-90\)" font-size="12" text-anchor="middle" class="chart-label">requests per bin<\/text>/);
    expect(markup).toMatch(/rotate\(-90\)" font-size="12" text-anchor="middle" fill="#0072B2" class="chart-label">cumulative fraction<\/text>/);
    expect(markup).toContain('class="chart-label">response time (ms), bins of 1 ms</text>');
  });

  it('markup', () => expect(markup).toMatchSnapshot());
});
