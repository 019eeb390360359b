/*
 * The chart kit: where the ticks go and what they read (asserted), and the
 * markup each part draws (snapshots, so a drawing change shows in review).
 */
import { describe, expect, it } from 'vitest';
import { createElement as h, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { scaleBand, scaleLinear, scaleLog } from 'd3';
import { Bars, CdfLine, ChartFrame, Dots, HeatCells, Legend, LinePath, Rule, SeriesChart, bandTicks, linearTicks, logTicks, pathOf, spacedTicks } from '.';
import { tickTexts } from '../../tests/helpers/chartMarkup';

const svg = (el: ReactElement) => renderToStaticMarkup(el);
/** A mark's markup as drawn inside an SVG (outside one, React would treat its <title> as the document's). */
const inSvg = (el: ReactElement) => svg(h('svg', null, el)).replace(/^<svg>|<\/svg>$/g, '');
const M = { top: 10, right: 10, bottom: 40, left: 50 };

describe('ticks', () => {
  it('linear: round values at their pixel, labelled plainly', () => {
    const s = scaleLinear().domain([0, 10]).range([0, 100]);
    expect(linearTicks(s, 5)).toEqual([0, 2, 4, 6, 8, 10].map((v) => ({ at: v * 10, label: String(v) })));
    expect(linearTicks(s, 5, (v) => `${v} ms`, (v) => v > 5).map((t) => t.label)).toEqual(['6 ms', '8 ms', '10 ms']);
  });
  it('spaced: every second (third…) tick until no two labels come closer than the gap, none left of the title', () => {
    // Labels of 8 characters (52 px) every 40 px: every second tick leaves 80 - 52 = 28 px between them.
    const ticks = [0, 1, 2, 3, 4].map((i) => ({ at: 100 + 40 * i, label: `58${i}.25 s` }));
    expect(spacedTicks(ticks, 8).map((t) => t.at)).toEqual([100, 180, 260]);
    expect(spacedTicks(ticks, 30).map((t) => t.at)).toEqual([100, 220]);
    expect(spacedTicks(ticks, 8, 80).map((t) => t.at)).toEqual([140, 220]);
    expect(spacedTicks(ticks.slice(0, 1), 8)).toEqual(ticks.slice(0, 1));
  });
  it('log: the powers of ten, and a value the chart keeps', () => {
    const s = scaleLog().domain([1, 1000]).range([0, 300]);
    const ticks = logTicks(s);
    expect(ticks.map((t) => t.label)).toEqual(['1', '10', '100', '1000']);
    ticks.forEach((t, i) => expect(t.at).toBeCloseTo(100 * i, 9));
    expect(logTicks(s, String, (v) => v === 200).map((t) => t.label)).toEqual(['1', '10', '100', '200', '1000']);
  });
  it('band: each category under its band\'s middle', () => {
    const s = scaleBand<string>().domain(['a', 'b']).range([0, 100]);
    expect(bandTicks(s, (k) => k.toUpperCase())).toEqual([{ at: 25, label: 'A' }, { at: 75, label: 'B' }]);
  });
});

describe('ChartFrame', () => {
  const x = scaleLinear().domain([0, 100]).range([50, 390]);
  const y = scaleLinear().domain([0, 1]).range([160, 10]);
  const frame = svg(h(ChartFrame, { width: 400, height: 200, margin: M, label: 'fraction vs time', testId: 't', data: { 'data-points': 3 },
    xTicks: linearTicks(x, 5), yTicks: linearTicks(y, 2), xLabel: 'time (ms)', yLabel: 'fraction' }));
  it('draws each tick label at its value, under the plot and left of it', () => {
    const ticks = tickTexts(frame);
    expect(ticks.filter((t) => t.y === 175)).toEqual([0, 20, 40, 60, 80, 100].map((v) => ({ x: 50 + 3.4 * v, y: 175, label: String(v) })));
    expect(ticks.filter((t) => t.x === 44)).toEqual([{ x: 44, y: 164, label: '0' }, { x: 44, y: 89, label: '0.5' }, { x: 44, y: 14, label: '1' }]);
  });
  it('names itself for a screen reader and carries the attributes tests read', () => {
    expect(frame).toMatch(/^<svg width="400" height="200" role="img" aria-label="fraction vs time" data-testid="t" data-points="3" class="chart"><title>fraction vs time<\/title>/);
    expect(frame).toContain('>time (ms)</text>');
    expect(frame).toContain('>fraction</text>');
  });
  it('markup', () => expect(frame).toMatchSnapshot());
});

describe('ChartFrame: a timeline\'s and a two-axis chart\'s options', () => {
  const x = scaleLinear().domain([0, 100]).range([50, 390]);
  const y = scaleLinear().domain([0, 1]).range([160, 10]);
  const props = { width: 400, height: 200, margin: M, label: 'two axes', xTicks: linearTicks(x, 2), yTicks: linearTicks(y, 1), xLabel: 'time (ms)', yLabel: 'requests' };
  /** Grid lines as drawn: [x1, x2, y1, y2]. */
  const gridLines = (markup: string) => [...markup.matchAll(/<line x1="([-\d.]+)" x2="([-\d.]+)" y1="([-\d.]+)" y2="([-\d.]+)" stroke="#e4e4e4"/g)].map((m) => m.slice(1).map(Number));
  const scaled = svg(h(ChartFrame, { ...props, scale: 1.5, grid: false, xGrid: true, xLabelAt: 'start', yRight: { ticks: linearTicks(y, 1), label: 'fraction', colour: '#0072B2' } }));

  it('vertical grid lines at the x ticks, from the plot\'s top to its bottom, and none across when grid is off', () => {
    expect(gridLines(scaled)).toEqual([[50, 50, 10, 160], [220, 220, 10, 160], [390, 390, 10, 160]]);
    expect(gridLines(svg(h(ChartFrame, props)))).toEqual([[50, 390, 160, 160], [50, 390, 10, 10]]);
  });
  it('a second y axis: its labels right of the plot, in its marks\' colour, its title along the right edge', () => {
    expect(tickTexts(scaled).filter((t) => t.x === 396)).toEqual([{ x: 396, y: 164, label: '0' }, { x: 396, y: 14, label: '1' }]);
    expect(scaled).toContain('<text x="396" y="164" font-size="11" text-anchor="start" fill="#0072B2" class="chart-tick">0</text>');
    expect(scaled).toContain('<text transform="translate(387 85) rotate(-90)" font-size="12" text-anchor="middle" fill="#0072B2" class="chart-label">fraction</text>');
  });
  it('drawn at its size, shown `scale` times larger (a viewBox), marked so presentation mode leaves its type to the scale', () => {
    expect(scaled).toMatch(/^<svg width="600" height="300" viewBox="0 0 400 200" role="img" aria-label="two axes" class="chart chart-scaled">/);
  });
  it('the x title on the tick row, ending left of the plot', () => {
    expect(scaled).toContain('<text x="40" y="175" font-size="12" text-anchor="end" class="chart-label">time (ms)</text>');
  });
  it('markup', () => expect(scaled).toMatchSnapshot());
});

describe('marks', () => {
  it('a line, and a step line that holds each value until the next', () => {
    expect(pathOf([[0, 0], [10, 5], [20, 5]])).toBe('M0,0L10,5L20,5');
    expect(pathOf([[0, 0], [10, 5]], true)).toBe('M0,0L10,0L10,5');
    expect(inSvg(h(LinePath, { points: [[0, 0], [10, 5]], colour: '#000', dash: '4 2', testId: 'l' }))).toMatchSnapshot();
  });
  it('dots: filled or hollow, with their titles and values', () => {
    const m = inSvg(h(Dots, { colour: '#123', dots: [{ at: [1, 2], title: 'a', data: { 'data-x': 1 } }, { at: [3, 4], hollow: true, r: 5 }] }));
    expect(m.match(/<circle/g)).toHaveLength(2);
    expect(m).toMatchSnapshot();
  });
  it('bars never have a negative size', () => {
    const m = inSvg(h(Bars, { bars: [{ key: 1, x: 0, width: -3, top: 50, base: 10, colour: '#f00', title: 't', data: { 'data-v': 7 } }] }));
    expect(m).toBe('<rect x="0" y="10" width="0" height="40" fill="#f00" data-v="7"><title>t</title></rect>');
  });
  it('heat cells, a rule, a CDF, a legend', () => {
    expect(inSvg(h(HeatCells, { values: [0, 5], x: (i: number) => 10 * i, y: 0, cellWidth: 10, height: 4, colour: (v: number) => (v ? '#f00' : '#fff'), data: (v: number) => ({ 'data-v': v }) }))).toMatchSnapshot();
    expect(inSvg(h(Rule, { from: [0, 1], to: [0, 9], dash: '2 3', title: 'one track', testId: 'r' }))).toMatchSnapshot();
    const x = scaleLinear().domain([0, 10]).range([0, 100]), y = scaleLinear().domain([0, 1]).range([100, 0]);
    const cdf = inSvg(h(CdfLine, { sorted: [1, 2, 20], x, y, colour: '#00f', steps: 50, testId: 'c' }));
    expect(cdf).toContain('L100,'); // the value past the axis's end is drawn at it
    expect(cdf).toMatchSnapshot();
    expect(svg(h(Legend, { items: [{ key: 'a', label: 'aligned', colour: '#0a0' }, { key: 'b', label: 'band', colour: '#00f', shape: 'box', opacity: 0.3 }, { key: 'c', label: 'zone', colour: '#f00', shape: 'dot' }] }))).toMatchSnapshot();
  });
});

describe('SeriesChart', () => {
  const chart = svg(h(SeriesChart, {
    width: 400, height: 200, margin: M, label: 'efficiency vs size', testId: 's',
    x: { domain: [1, 1000], log: true, label: 'size (KB)' }, y: { domain: [0, 1], label: 'efficiency' },
    series: [
      { key: 'a', label: 'aligned', colour: '#0a0', points: [{ x: 100, y: 0.5 }, { x: 10, y: 0.25, data: { 'data-x': 10 } }, { x: 0, y: 1 }], data: { 'data-testid': 's-a' } },
      { key: 'b', label: 'scatter', colour: '#a00', line: false, points: [{ x: 1000, y: 1, title: 'top' }] },
    ],
  }));
  it('draws its log axis at the powers of ten and its points sorted across, leaving out what a log axis cannot show', () => {
    const xs = tickTexts(chart).filter((t) => t.y === 175);
    expect(xs.map((t) => t.label)).toEqual(['1', '10', '100', '1000']);
    xs.forEach((t, i) => expect(t.x).toBeCloseTo(50 + (340 / 3) * i, 9));
    expect(chart).toMatch(/<path d="M163\.3+\d*,122\.5L276\.6+\d*,85"/);
    const [legend, plot] = chart.split('</ul>');
    expect(plot.match(/<circle/g)).toHaveLength(3);
    expect(legend).toMatch(/^<ul class="legend chart-legend"><li>.*aligned<\/li><li>.*scatter<\/li>$/);
  });
  it('markup', () => expect(chart).toMatchSnapshot());
});
