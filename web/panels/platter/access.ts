/*
 * access.ts — one access the engine computed, drawn as the head's path over
 * the platter: the seek (a spiral, because the platter keeps turning while
 * the arm moves), the rotational wait along the target track, then the
 * transfer, with a dot where the head starts.
 */
import { INK, SEGMENT } from '../colours';
import { angleAhead, cylinderRadius, trackWidth, wrap01, type AngleToCanvas, type PlatterGeometry } from './geometry';

export interface AccessPath {
  fromCyl: number;
  /** Platter angle under the head when the access starts. */
  startAngle: number;
  /** Revolutions the platter turns during the seek (seek time / revolution time). */
  seekTurns: number;
  targetCyl: number;
  /** Angle at which the first sector begins. */
  sectorAngle: number;
  /** Revolutions of rotational wait before the first sector. */
  rotateTurns: number;
  /** Revolutions of transfer drawn on the first track (at most 1). */
  transferTurns: number;
}

/** The drawn path of an access, from the engine's answer for it. */
export function accessPath(
  r: { angleAtStart: number; query: { fromCyl: number; sectors: number }; phys: { cyl: number; angle: number; slotsPerTrack: number }; breakdown: { seekMs: number } },
  revolutionMs: number,
): AccessPath {
  const seekTurns = r.breakdown.seekMs / revolutionMs;
  const arrival = wrap01(r.angleAtStart + seekTurns);
  return {
    fromCyl: r.query.fromCyl,
    startAngle: r.angleAtStart,
    seekTurns,
    targetCyl: r.phys.cyl,
    sectorAngle: r.phys.angle,
    rotateTurns: angleAhead(arrival, r.phys.angle),
    transferTurns: Math.min(r.query.sectors, r.phys.slotsPerTrack) / r.phys.slotsPerTrack,
  };
}

/** An arc along radius r from platter angle `from`, `turns` revolutions forward (clockwise). */
function arcPath(ctx: CanvasRenderingContext2D, g: PlatterGeometry, dir: AngleToCanvas, r: number, from: number, turns: number): void {
  const t0 = dir(from, r);
  ctx.arc(g.cx, g.cy, r, t0, t0 + 2 * Math.PI * Math.min(turns, 0.9999), false);
}

export function drawAccess(ctx: CanvasRenderingContext2D, g: PlatterGeometry, dir: AngleToCanvas, a: AccessPath): void {
  const rFrom = cylinderRadius(g, a.fromCyl);
  const rTo = cylinderRadius(g, a.targetCyl);
  const point = (r: number, p: number) => {
    const t = dir(p, r);
    return { x: g.cx + r * Math.cos(t), y: g.cy + r * Math.sin(t) };
  };

  // The target track.
  ctx.strokeStyle = INK.head;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.arc(g.cx, g.cy, rTo, 0, 2 * Math.PI);
  ctx.stroke();

  // Seek: the radius moves from the start to the target while the platter turns under the head.
  ctx.strokeStyle = SEGMENT.seek.colour;
  ctx.lineWidth = 2.5;
  ctx.beginPath();
  const steps = Math.max(2, Math.ceil(a.seekTurns * 180));
  for (let i = 0; i <= steps; i++) {
    const f = i / steps;
    const p = point(rFrom + (rTo - rFrom) * f, a.startAngle + a.seekTurns * f);
    if (i === 0) ctx.moveTo(p.x, p.y);
    else ctx.lineTo(p.x, p.y);
  }
  ctx.stroke();

  // Rotational wait: along the target track, from arrival to the first sector.
  if (a.rotateTurns > 0) {
    ctx.strokeStyle = SEGMENT.rotation.colour;
    ctx.setLineDash([6, 4]);
    ctx.beginPath();
    arcPath(ctx, g, dir, rTo, a.sectorAngle - a.rotateTurns, a.rotateTurns);
    ctx.stroke();
    ctx.setLineDash([]);
  }

  // Transfer: the sectors read, as a thick arc over the track.
  ctx.strokeStyle = SEGMENT.transfer.colour;
  ctx.lineWidth = Math.max(trackWidth(g), 5);
  ctx.beginPath();
  arcPath(ctx, g, dir, rTo, a.sectorAngle, Math.max(a.transferTurns, 0.004));
  ctx.stroke();

  // The head where the access starts.
  const h = point(rFrom, a.startAngle);
  ctx.fillStyle = INK.head;
  ctx.beginPath();
  ctx.arc(h.x, h.y, 5, 0, 2 * Math.PI);
  ctx.fill();
}
