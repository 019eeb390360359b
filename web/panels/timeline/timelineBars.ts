/*
 * timelineBars.ts — the timeline's bars as geometry, pure: each segment's
 * box in the chart's pixels, the boxes of one part joined into one SVG path
 * (a few paths to update when the clock moves, not a few hundred elements:
 * the stage renders up to four timelines several times a second), and which
 * box a point falls in (the hover's tooltip, now that a box is no element).
 */
import type { TimelineRow, TimelineSegment } from './timeline';
import type { Segment } from '../colours';

export interface BarBox {
  row: TimelineRow;
  seg: TimelineSegment;
  /** Left edge and width in the chart's pixels; the row's top (the box starts 1 px below it) and the row's height. */
  x: number;
  w: number;
  top: number;
  rowH: number;
}

/** The least width a bar is drawn at, so a very short part (a bus transfer of a few µs) still shows. */
const MIN_W = 0.8;

/** Every segment's box: `x` maps simulated ms to pixels, `top` a row's id to its top edge. */
export function barBoxes(rows: readonly TimelineRow[], x: (ms: number) => number, top: (id: number) => number, rowH: number): BarBox[] {
  const out: BarBox[] = [];
  for (const row of rows) {
    const y = top(row.id);
    for (const seg of row.segments) {
      const x0 = x(seg.start);
      out.push({ row, seg, x: x0, w: Math.max(MIN_W, x(seg.end) - x0), top: y, rowH });
    }
  }
  return out;
}

const px = (v: number) => String(Math.round(v * 100) / 100);

/** One path per part (in the order of `keys`), each the boxes of that part: the box drawn from 1 px below its row's top to 1 px above its bottom. */
export function barPaths(boxes: readonly BarBox[], keys: readonly Segment['key'][]): { key: Segment['key']; d: string }[] {
  const parts = new Map<Segment['key'], string[]>();
  for (const b of boxes) {
    const list = parts.get(b.seg.key) ?? [];
    list.push(`M${px(b.x)} ${px(b.top + 1)}h${px(b.w)}v${px(b.rowH - 2)}h${px(-b.w)}z`);
    parts.set(b.seg.key, list);
  }
  return keys.filter((k) => parts.has(k)).map((key) => ({ key, d: parts.get(key)!.join('') }));
}

/** The box under a point of the chart (its pixels), if any. */
export function barAt(boxes: readonly BarBox[], x: number, y: number): BarBox | undefined {
  return boxes.find((b) => x >= b.x && x <= b.x + b.w && y >= b.top + 1 && y <= b.top + b.rowH - 1);
}
