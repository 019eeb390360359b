/*
 * The timeline's bars as geometry: the boxes of a part joined into one path,
 * and the box a pointer falls in (the hover's tooltip).
 */
import { describe, expect, it } from 'vitest';
import { barAt, barBoxes, barPaths } from './timelineBars';
import type { TimelineRow } from './timeline';

const row = (id: number, start: number): TimelineRow => ({
  id, arriveMs: start, isWrite: false, sectors: 8, segments: [
    { key: 'seek', label: 'seek', start, end: start + 2, ms: 2 },
    { key: 'rotation', label: 'rotational wait', start: start + 2, end: start + 3, ms: 1 },
  ],
});
/** 10 px per ms from 100 px; rows 20 px high from 6 px. */
const boxes = barBoxes([row(1, 0), row(2, 1)], (ms) => 100 + 10 * ms, (id) => 6 + 20 * (id - 1), 20);

describe('timeline bars', () => {
  it('joins the boxes of each part into one path, in the order asked', () => {
    expect(barPaths(boxes, ['rotation', 'seek', 'bus'])).toEqual([
      { key: 'rotation', d: 'M120 7h10v18h-10zM130 27h10v18h-10z' },
      { key: 'seek', d: 'M100 7h20v18h-20zM110 27h20v18h-20z' },
    ]);
  });

  it('finds the box under a point: its row and part, none between rows or past the bars', () => {
    expect(barAt(boxes, 125, 15)).toMatchObject({ row: { id: 1 }, seg: { key: 'rotation' } });
    expect(barAt(boxes, 115, 30)).toMatchObject({ row: { id: 2 }, seg: { key: 'seek' } });
    expect(barAt(boxes, 115, 26)).toBeUndefined();
    expect(barAt(boxes, 145, 30)).toBeUndefined();
  });
});
