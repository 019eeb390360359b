/*
 * embedLayout.ts — how an embedded stage's runs share the frame below its
 * bar: side by side or stacked (whichever gives the larger platters), and in
 * each run's box the platters as large as they can be, with the statistics
 * beside them and the timeline below only when that leaves the platters most
 * of their size (a 640×360 slide shows platters alone; 1280×720 has room for
 * all three). Pure: the stage measures the room and draws what this says.
 */

/** Room between runs and between a run's parts (stage.css uses the same). */
export const EMBED_GAP = 8;
/** A run's padding and border, both sides: across, and down. */
const RUN_PAD_X = 14;
const RUN_PAD_Y = 10;
/** The statistics and timeline give way to the platters when, beside them, a platter would be under
 * this share of its size alone, or under MIN_SHARED px (too small to read its arm and sectors). */
const KEEP_SHARE = 0.6;
const MIN_SHARED = 160;
const MIN_PLATTER = 60;

export interface EmbedRoom {
  /** The frame's room for the runs, CSS px. */
  width: number;
  height: number;
  runs: number;
  /** Most devices (platters) in one run. */
  devices: number;
  /** A run's title line, CSS px. */
  titleH: number;
  /** The statistics table's size at the page's type. */
  statsW: number;
  statsH: number;
  /** The timeline's key of colours under its chart. */
  timelineKeyH: number;
}

export interface EmbedLayout {
  direction: 'row' | 'column';
  /** Each run's box (its border included). */
  run: { width: number; height: number };
  /** Each platter's side, and how many to a row. */
  platterPx: number;
  perRow: number;
  stats: boolean;
  /** The timeline's box below the platters (its chart is `chartH` of it, its key the rest), or null. */
  timeline: { width: number; height: number; chartH: number } | null;
}

/** The side of each of `devices` square platters in a w × h box, two to a row at most. */
function platterGrid(w: number, h: number, devices: number): { px: number; perRow: number } {
  const perRow = Math.min(Math.max(devices, 1), 2);
  const rows = Math.ceil(Math.max(devices, 1) / perRow);
  const px = Math.floor(Math.min((w - (perRow - 1) * EMBED_GAP) / perRow, (h - (rows - 1) * EMBED_GAP) / rows));
  return { px, perRow };
}

/** The richest layout of one run's inner box (w × h, below its title) that keeps the platters large. */
function runInside(w: number, h: number, room: EmbedRoom): Omit<EmbedLayout, 'direction' | 'run'> {
  const alone = platterGrid(w, h, room.devices);
  const keep = Math.max(MIN_SHARED, alone.px * KEEP_SHARE);
  const besideW = w - room.statsW - EMBED_GAP;
  const timelineH = Math.round(Math.min(240, Math.max(150, h * 0.3)));
  // The statistics sit beside the platters, so the row they share is at least as tall as the table.
  const topH = h - timelineH - EMBED_GAP;
  if (topH >= room.statsH) {
    const withBoth = platterGrid(besideW, topH, room.devices);
    if (withBoth.px >= keep) return { platterPx: withBoth.px, perRow: withBoth.perRow, stats: true, timeline: { width: w, height: timelineH, chartH: timelineH - room.timelineKeyH } };
  }
  if (h >= room.statsH) {
    const withStats = platterGrid(besideW, h, room.devices);
    if (withStats.px >= keep) return { platterPx: withStats.px, perRow: withStats.perRow, stats: true, timeline: null };
  }
  return { platterPx: Math.max(MIN_PLATTER, alone.px), perRow: alone.perRow, stats: false, timeline: null };
}

export function embedLayout(room: EmbedRoom): EmbedLayout {
  const runs = Math.max(room.runs, 1);
  const boxes: { direction: EmbedLayout['direction']; width: number; height: number }[] = [
    { direction: 'row', width: Math.floor((room.width - (runs - 1) * EMBED_GAP) / runs), height: Math.floor(room.height) },
    { direction: 'column', width: Math.floor(room.width), height: Math.floor((room.height - (runs - 1) * EMBED_GAP) / runs) },
  ];
  const inner = (b: { width: number; height: number }) => ({ w: b.width - RUN_PAD_X, h: b.height - RUN_PAD_Y - room.titleH });
  const size = (b: { width: number; height: number }) => { const { w, h } = inner(b); return platterGrid(w, h, room.devices).px; };
  const best = runs > 1 && size(boxes[1]) > size(boxes[0]) ? boxes[1] : boxes[0];
  const { w, h } = inner(best);
  return { direction: best.direction, run: { width: best.width, height: best.height }, ...runInside(w, h, room) };
}
