/*
 * sectors.ts — the sectors of the request in service on the platter:
 * transferred (filled), still to come (dashed outline), the one a
 * rotational wait awaits (widened, pointed at from outside the track), and
 * read ahead. Each run of sectors is a wedge of its track, at the angles the
 * engine gave, turning with the platter.
 */
import { SEGMENT, INK } from '../colours';
import { cylinderRadius, trackBand, type AngleToCanvas, type PlatterGeometry } from './geometry';

/** Sectors of one track to mark: `count` slots from the one beginning at `firstAngle`. */
export interface SectorRun {
  cyl: number;
  firstAngle: number;
  count: number;
  slotsPerTrack: number;
  style: 'transferred' | 'to-come' | 'awaited' | 'read-ahead';
}

/** A wedge of a ring between canvas directions a0 → a1 (a1 > a0). */
function wedge(ctx: CanvasRenderingContext2D, g: PlatterGeometry, outer: number, inner: number, a0: number, a1: number): void {
  ctx.beginPath();
  ctx.arc(g.cx, g.cy, Math.max(outer, 0), a0, a1);
  ctx.arc(g.cx, g.cy, Math.max(inner, 0), a1, a0, true);
  ctx.closePath();
}

export function drawSectors(ctx: CanvasRenderingContext2D, g: PlatterGeometry, dir: AngleToCanvas, runs: readonly SectorRun[]): void {
  for (const run of runs) {
    const [outer, inner] = trackBand(g, run.cyl);
    const a0 = dir(run.firstAngle, cylinderRadius(g, run.cyl));
    const a1 = a0 + (2 * Math.PI * Math.min(run.count, run.slotsPerTrack)) / run.slotsPerTrack;
    wedge(ctx, g, outer, inner, a0, a1);
    switch (run.style) {
      case 'transferred':
        ctx.fillStyle = SEGMENT.transfer.colour;
        ctx.fill();
        ctx.strokeStyle = INK.head;
        ctx.lineWidth = 1;
        ctx.stroke();
        break;
      case 'read-ahead':
        ctx.fillStyle = INK.readAhead;
        ctx.fill();
        break;
      case 'awaited':
        drawAwaited(ctx, g, outer, inner, a0, a1);
        break;
      case 'to-come':
        ctx.setLineDash([3, 2]);
        ctx.strokeStyle = SEGMENT.transfer.colour;
        ctx.lineWidth = 2;
        ctx.stroke();
        ctx.setLineDash([]);
        break;
    }
  }
}

/** The sector the head waits for: filled, widened, and pointed at from outside the track. */
function drawAwaited(ctx: CanvasRenderingContext2D, g: PlatterGeometry, outer: number, inner: number, a0: number, a1: number): void {
  const extra = 4;
  wedge(ctx, g, outer + extra, Math.max(inner - extra, 0), a0, Math.max(a1, a0 + 0.02));
  ctx.fillStyle = SEGMENT.rotation.colour;
  ctx.fill();
  ctx.strokeStyle = INK.head;
  ctx.lineWidth = 1;
  ctx.stroke();
  const am = (a0 + a1) / 2;
  const r0 = outer + extra + 2;
  ctx.beginPath();
  ctx.moveTo(g.cx + r0 * Math.cos(am), g.cy + r0 * Math.sin(am));
  ctx.lineTo(g.cx + (r0 + 10) * Math.cos(am - 0.05), g.cy + (r0 + 10) * Math.sin(am - 0.05));
  ctx.lineTo(g.cx + (r0 + 10) * Math.cos(am + 0.05), g.cy + (r0 + 10) * Math.sin(am + 0.05));
  ctx.closePath();
  ctx.fillStyle = SEGMENT.rotation.colour;
  ctx.fill();
  ctx.stroke();
}
