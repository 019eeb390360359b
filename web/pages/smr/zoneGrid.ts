/*
 * zoneGrid — how the host-managed drive's zones are laid out as columns in
 * the width the page gives them: one row when every column can be at least
 * MIN_COL wide, else as many even rows as it takes (a phone shows a drive of
 * a hundred zones in two rows rather than past the screen's edge).
 */

/** The narrowest column: its 1 px border each side and a pixel of fill between. */
export const MIN_COL = 4;
/** The gap between columns and between rows. */
export const GAP = 1;

export interface ZoneGrid {
  /** Zones in a row (the last row may hold fewer). */
  perRow: number;
  /** A column's width, px. */
  colW: number;
}

export function zoneGrid(width: number, zones: number): ZoneGrid {
  const fit = Math.max(1, Math.floor((width + GAP) / (MIN_COL + GAP)));
  const rows = Math.ceil(zones / fit);
  const perRow = Math.ceil(zones / rows);
  return { perRow, colW: Math.max(MIN_COL, Math.floor((width - (perRow - 1) * GAP) / perRow)) };
}
