import { describe, expect, it } from 'vitest';
import { rowWidth, volumeGrid } from './volumeGrid';

describe('a volume\'s platters in a run\'s column', () => {
  it('one disk: as large as the width and height allow, within its bounds', () => {
    expect(volumeGrid(1, 500, 900, 140, 420)).toEqual({ perRow: 1, platterPx: 420 });
    expect(volumeGrid(1, 300, 900, 140, 420)).toEqual({ perRow: 1, platterPx: 286 });
    expect(volumeGrid(1, 100, 900, 140, 420)).toEqual({ perRow: 1, platterPx: 140 });
  });

  it('four disks in a wide, short column: four across; in a tall, narrow one: one or two across', () => {
    expect(volumeGrid(4, 1800, 300, 140, 420).perRow).toBe(4);
    expect(volumeGrid(4, 900, 900, 140, 420)).toEqual({ perRow: 2, platterPx: 420 });
    expect(volumeGrid(4, 366, 2000, 140, 520)).toEqual({ perRow: 1, platterPx: 352 });
  });

  it('never three across four disks (a row of three over one): two rows of two give the same rows', () => {
    for (let width = 300; width <= 1900; width += 50) {
      for (const tallest of [300, 500, 800, 1200]) expect(volumeGrid(4, width, tallest, 140, 520).perRow).not.toBe(3);
    }
  });

  it('a row of the count chosen fits the column', () => {
    const g = volumeGrid(4, 900, 900, 140, 420);
    expect(rowWidth(g.perRow, g.platterPx)).toBeLessThanOrEqual(900 - 14);
  });
});
