/*
 * drawPlatter.ts — renders the platter's top view into a 2-D canvas from a
 * scene it is handed (geometry, zone bands, and optionally the access to
 * show). Canvas, not SVG: a disk has thousands of tracks. Pure apart from the
 * drawing calls; the React component only sizes the canvas and calls this.
 *
 * The drawing is in the platter's frame: the head travels over it. An access
 * is drawn as the head's path: the seek (a spiral, because the platter keeps
 * turning while the arm moves), the rotational wait along the target track,
 * then the transfer.
 */
import type { ZoneBand } from '../../engine/protocol';
import { bandColour, zoneBands } from './zoneBands';
import {
  angleAhead, angleToRadians, cylinderBand, cylinderRadius, polarToPoint, trackWidth, wrap01, type PlatterGeometry,
} from './geometry';

export const COLOURS = {
  background: '#ffffff',
  platter: '#d9d9d9',
  hub: '#8c8c8c',
  trackLine: 'rgba(0,0,0,0.18)',
  targetTrack: '#000000',
  seek: '#0072B2',
  rotate: '#D55E00',
  transfer: '#009E73',
  head: '#000000',
};

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

export interface PlatterScene {
  geometry: PlatterGeometry;
  zones: readonly ZoneBand[];
  access?: AccessPath;
}

/** How many cylinders apart the track lines are drawn: every track if they are 2 px apart, else a round step. */
export function trackLineStep(g: PlatterGeometry, minPx = 2): number {
  const w = trackWidth(g);
  if (w >= minPx) return 1;
  for (const step of [2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000]) {
    if (w * step >= minPx * 2) return step;
  }
  return g.cylinders;
}

function annulus(ctx: CanvasRenderingContext2D, g: PlatterGeometry, outer: number, inner: number): void {
  ctx.beginPath();
  ctx.arc(g.cx, g.cy, outer, 0, 2 * Math.PI);
  ctx.arc(g.cx, g.cy, Math.max(inner, 0), 0, 2 * Math.PI, true);
  ctx.fill('evenodd');
}

/** An arc along radius r from platter angle `from`, `turns` revolutions forward (clockwise). */
function arcPath(ctx: CanvasRenderingContext2D, g: PlatterGeometry, r: number, from: number, turns: number): void {
  const t0 = angleToRadians(from);
  ctx.arc(g.cx, g.cy, r, t0, t0 + 2 * Math.PI * Math.min(turns, 0.9999), false);
}

export function drawPlatter(ctx: CanvasRenderingContext2D, scene: PlatterScene): void {
  const g = scene.geometry;
  const size = Math.max(g.cx, g.cy) * 2;
  ctx.save();
  ctx.fillStyle = COLOURS.background;
  ctx.fillRect(0, 0, size, size);

  ctx.fillStyle = COLOURS.platter;
  annulus(ctx, g, g.outerR + 4, g.innerR);

  // Zones as colour bands (one per density), at the scale of their tracks.
  for (const b of zoneBands(scene.zones)) {
    ctx.fillStyle = bandColour(b.index);
    annulus(ctx, g, cylinderBand(g, b.firstCyl)[0], cylinderBand(g, b.lastCyl)[1]);
  }

  // Track boundaries: every track when they are far enough apart, else a ruler.
  const step = trackLineStep(g);
  ctx.strokeStyle = COLOURS.trackLine;
  ctx.lineWidth = 0.5;
  ctx.beginPath();
  for (let c = 0; c <= g.cylinders; c += step) {
    const r = g.outerR - c * trackWidth(g);
    ctx.moveTo(g.cx + r, g.cy);
    ctx.arc(g.cx, g.cy, r, 0, 2 * Math.PI);
  }
  ctx.stroke();

  ctx.fillStyle = COLOURS.hub;
  annulus(ctx, g, g.innerR * 0.55, 0);

  if (scene.access) drawAccess(ctx, g, scene.access);
  ctx.restore();
}

function drawAccess(ctx: CanvasRenderingContext2D, g: PlatterGeometry, a: AccessPath): void {
  const rFrom = cylinderRadius(g, a.fromCyl);
  const rTo = cylinderRadius(g, a.targetCyl);
  const band = Math.max(trackWidth(g), 5);

  // The target track.
  ctx.strokeStyle = COLOURS.targetTrack;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.arc(g.cx, g.cy, rTo, 0, 2 * Math.PI);
  ctx.stroke();

  // Seek: radius moves from the start to the target while the platter turns.
  ctx.strokeStyle = COLOURS.seek;
  ctx.lineWidth = 2.5;
  ctx.beginPath();
  const steps = Math.max(2, Math.ceil(a.seekTurns * 180));
  for (let i = 0; i <= steps; i++) {
    const f = i / steps;
    const p = polarToPoint(g, rFrom + (rTo - rFrom) * f, a.startAngle + a.seekTurns * f);
    if (i === 0) ctx.moveTo(p.x, p.y);
    else ctx.lineTo(p.x, p.y);
  }
  ctx.stroke();

  // Rotational wait: along the target track, from arrival to the first sector.
  if (a.rotateTurns > 0) {
    ctx.strokeStyle = COLOURS.rotate;
    ctx.lineWidth = 2.5;
    ctx.setLineDash([6, 4]);
    ctx.beginPath();
    arcPath(ctx, g, rTo, a.sectorAngle - a.rotateTurns, a.rotateTurns);
    ctx.stroke();
    ctx.setLineDash([]);
  }

  // Transfer: the sectors read, as a thick arc over the track.
  ctx.strokeStyle = COLOURS.transfer;
  ctx.lineWidth = band;
  ctx.beginPath();
  arcPath(ctx, g, rTo, a.sectorAngle, Math.max(a.transferTurns, 0.004));
  ctx.stroke();

  // The head where the access starts.
  const h = polarToPoint(g, rFrom, a.startAngle);
  ctx.fillStyle = COLOURS.head;
  ctx.beginPath();
  ctx.arc(h.x, h.y, 5, 0, 2 * Math.PI);
  ctx.fill();
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
