/* sizes.ts — the explorer's panel sizes in CSS pixels (drawings and their canvases agree on them). */
export const PLATTER_PX = 392;
export const SURFACES_W = 392;
export const SURFACES_H = 112;
export const TIMELINE_W = 452;
export const TIMELINE_H = 252;
export const HIST_W = 340;
export const HIST_H = 150;
export const STRIP_PX = 124;
