/*
 * The seek curve as drawn in the chart kit's frame: the engine's seek times
 * at the sampled distances as one line, grid lines both ways, distances in
 * grouped digits, both axes titled with their units; a snapshot for review.
 */
import { describe, expect, it } from 'vitest';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SeekCurveView } from './DiskView';
import type { RunDisk } from '../../engine/runProtocol';
import { formatInt } from '../../lib/format';
import { tickTexts } from '../../../tests/helpers/chartMarkup';

const disk = { seekDistances: Int32Array.from([0, 1, 100, 1000]), seekMs: Float64Array.from([0, 1, 3, 8]) } as RunDisk;
/** 340 × 160 with margins 48 / 22 / 10 / 36: x 48..318 px for 0..1000 cylinders, y 124..10 px for 0..8 ms. */
const markup = renderToStaticMarkup(h(SeekCurveView, { disk, width: 340, height: 160 }));
const X = (cyl: number) => 48 + 0.27 * cyl;
const Y = (ms: number) => 124 - 14.25 * ms;

describe('SeekCurveView', () => {
  it('one line through the engine\'s seek time at each sampled distance', () => {
    const pts = [[0, 0], [1, 1], [100, 3], [1000, 8]].map(([d, t]) => `${+X(d).toFixed(3)},${+Y(t).toFixed(3)}`);
    expect(markup).toContain(`<path d="M${pts.join('L')}" fill="none" stroke="#0072B2"`);
  });

  it('distances below in grouped digits, times on the left, grid lines both ways, both axes titled', () => {
    const ticks = tickTexts(markup);
    expect(ticks.filter((t) => t.y === 139).map((t) => t.label)).toEqual([0, 200, 400, 600, 800, 1000].map(formatInt));
    expect(ticks.filter((t) => t.x === 42).map((t) => t.label)).toEqual(['0', '2', '4', '6', '8']);
    expect(markup.match(/stroke="#e4e4e4"/g)).toHaveLength(6 + 5);
    expect(markup).toContain('>seek distance (cylinders)</text>');
    expect(markup).toContain('>seek time (ms)</text>');
  });

  it('markup', () => expect(markup).toMatchSnapshot());
});
