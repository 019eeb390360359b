/*
 * sizes.ts — the explorer's panel sizes in CSS pixels, from the room each
 * column has. Canvases are drawn at the size they are shown (sharp at any
 * size); charts are drawn at their base size and scaled up, type included,
 * when their column is wider, or drawn narrower when it is narrower, so
 * their text never shrinks below its base size.
 */
export const PLATTER_PX = 392;
export const SURFACES_H = 112;
export const TIMELINE_W = 452;
export const TIMELINE_H = 252;
export const HIST_W = 340;
export const HIST_H = 150;
export const SEEK_W = 340;
export const SEEK_H = 160;
export const STRIP_PX = 124;

/** How large a chart drawn at `baseW` × `baseH` is shown in `avail` pixels: its drawing size and scale. */
export interface ChartBox {
  width: number;
  height: number;
  scale: number;
}

/** `minScale` > 1 (presentation mode) keeps the chart's type that much larger than its base size. */
export function chartBox(avail: number, baseW: number, baseH: number, maxScale = 2.2, minScale = 1): ChartBox {
  const room = Math.max(200, Math.floor(avail));
  if (room <= baseW * minScale) return { width: Math.floor(room / minScale), height: baseH, scale: minScale };
  return { width: baseW, height: baseH, scale: Math.max(minScale, Math.min(maxScale, room / baseW)) };
}

/**
 * The live platter's side in pixels: its column's width, but no taller than `room` (less its
 * heading: the window's room below the column in presentation mode, the window's height
 * otherwise), and never under 220 px (300 px when the column is wide enough).
 */
export function platterPx(columnWidth: number, room: number): number {
  const byHeight = room - 40;
  return Math.max(Math.min(220, columnWidth), Math.floor(Math.min(columnWidth, Math.max(300, byHeight))));
}
