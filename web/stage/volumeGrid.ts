/*
 * volumeGrid.ts — how a run's platters (one per disk of its volume) share
 * its column: the number across a row that gives each platter the most room
 * within the column's measured width and the height the window leaves, and
 * that platter size. Rows are then filled evenly to that count (the stage
 * fixes the row's width to it), so a narrow moment while the page loads never
 * wraps three across over one.
 */

/** Gap between platters (px) and the run's padding and border across (px). */
export const PLATTER_GAP = 8;
const RUN_INSET = 14;

export interface VolumeGrid {
  perRow: number;
  platterPx: number;
}

/**
 * `width`: the run's column (px); `tallest`: the height the platters may take together;
 * `least`/`most`: the platter's bounds (px).
 */
export function volumeGrid(devices: number, width: number, tallest: number, least: number, most: number): VolumeGrid {
  const n = Math.max(1, devices);
  let best: VolumeGrid = { perRow: 1, platterPx: 0 };
  for (let perRow = 1; perRow <= n; perRow++) {
    const rows = Math.ceil(n / perRow);
    // Fewer across for the same number of rows only wastes width: skip it.
    if (perRow > 1 && Math.ceil(n / (perRow - 1)) === rows) continue;
    const byWidth = Math.floor((width - RUN_INSET - (perRow - 1) * PLATTER_GAP) / perRow);
    const byHeight = Math.floor((tallest - (rows - 1) * PLATTER_GAP) / rows);
    const px = Math.min(most, byWidth, byHeight);
    if (px > best.platterPx) best = { perRow, platterPx: px };
  }
  return { perRow: best.perRow, platterPx: Math.max(least, best.platterPx) };
}

/** The width of a row of `perRow` platters of `px`. */
export const rowWidth = (perRow: number, px: number): number => perRow * px + (perRow - 1) * PLATTER_GAP;
