/* The zones' strip fits the width it is given: one row when it can, else even rows, never wider. */
import { describe, expect, it } from 'vitest';
import { GAP, MIN_COL, zoneGrid } from './zoneGrid';

const drawnWidth = ({ perRow, colW }: { perRow: number; colW: number }) => perRow * colW + (perRow - 1) * GAP;

describe('zoneGrid', () => {
  it('puts 102 zones in one row on a wide page, each column as wide as the row allows', () => {
    expect(zoneGrid(976, 102)).toEqual({ perRow: 102, colW: 8 });
  });

  it('on a phone (362 px) puts them in two rows of 51 rather than past the edge', () => {
    const g = zoneGrid(362, 102);
    expect(g).toEqual({ perRow: 51, colW: 6 });
    expect(drawnWidth(g)).toBeLessThanOrEqual(362);
  });

  it('is never wider than its width while a column of MIN_COL fits', () => {
    for (let width = MIN_COL; width <= 1200; width += 7) {
      for (const zones of [1, 2, 5, 64, 102, 500]) {
        const g = zoneGrid(width, zones);
        expect(g.colW).toBeGreaterThanOrEqual(MIN_COL);
        expect(drawnWidth(g), `${zones} zones in ${width} px`).toBeLessThanOrEqual(width);
      }
    }
  });
});
