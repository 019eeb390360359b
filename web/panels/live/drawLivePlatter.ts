/*
 * drawLivePlatter.ts — the platter at work, top view, drawn into a canvas
 * from a scene it is handed (canvas: thousands of tracks and sectors).
 *
 * Zones are colour bands at the scale of their tracks; the platter turns at
 * the engine's angle (an index mark and spokes show it); the track under the
 * head shows its sectors; the sectors of the request in service light up as
 * the transfer passes them; a rotational wait marks the sector awaited; the
 * arm swings the head to the cylinder the engine's seek is heading for.
 *
 * A point of the platter at engine angle p on radius r is drawn at direction
 * headDir(r) + 2π(p − θ): it is under the head exactly when the platter's
 * angle θ is p, as in the engine, and the drawing turns rigidly with θ.
 */
import type { ZoneRow } from '../../engine/runProtocol';
import { bandColour, zoneBands } from '../platter/zoneBands';
import { cylinderBand, cylinderRadius, trackWidth, type PlatterGeometry } from '../platter/geometry';
import { INK, SEGMENT } from '../colours';
import { headPose, platterToCanvas, type ArmGeometry } from './arm';

/** Sectors of one track to mark: `count` slots from the one beginning at `firstAngle`. */
export interface SectorRun {
  cyl: number;
  firstAngle: number;
  count: number;
  slotsPerTrack: number;
  style: 'transferred' | 'to-come' | 'awaited' | 'read-ahead';
}

export interface LiveScene {
  geometry: PlatterGeometry;
  arm: ArmGeometry;
  zones: readonly ZoneRow[];
  /** Platter angle (engine), fraction of a revolution. */
  theta: number;
  /** Head position, fractional during a seek. */
  headCyl: number;
  /** The track outlined under the head and its slots per track (absent while seeking). */
  track?: { cyl: number; slotsPerTrack: number; slot0Angle?: number };
  sectors: readonly SectorRun[];
  /** The arm is moving (seek or cylinder switch). */
  moving: boolean;
}

/** Slots per track of a cylinder, from the engine's zone rows. */
export function slotsAt(zones: readonly ZoneRow[], cyl: number): number {
  let lo = 0;
  let hi = zones.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const z = zones[mid];
    if (cyl < z.firstCyl) hi = mid - 1;
    else if (cyl > z.lastCyl) lo = mid + 1;
    else return z.slotsPerTrack;
  }
  return zones.length ? zones[Math.min(Math.max(lo, 0), zones.length - 1)].slotsPerTrack : 1;
}

/** Radial band drawn for one track: its true width, but at least `minPx` so sectors can be seen. */
export function trackBand(g: PlatterGeometry, cyl: number, minPx = 10): [outer: number, inner: number] {
  const r = cylinderRadius(g, cyl);
  const half = Math.max(trackWidth(g), minPx) / 2;
  return [Math.min(r + half, g.outerR + 3), Math.max(r - half, g.innerR - 3)];
}

function annulus(ctx: CanvasRenderingContext2D, g: PlatterGeometry, outer: number, inner: number): void {
  ctx.beginPath();
  ctx.arc(g.cx, g.cy, Math.max(outer, 0), 0, 2 * Math.PI);
  ctx.arc(g.cx, g.cy, Math.max(inner, 0), 0, 2 * Math.PI, true);
  ctx.fill('evenodd');
}

/** A wedge of a ring between canvas directions a0 → a1 (a1 > a0). */
function wedge(ctx: CanvasRenderingContext2D, g: PlatterGeometry, outer: number, inner: number, a0: number, a1: number): void {
  ctx.beginPath();
  ctx.arc(g.cx, g.cy, Math.max(outer, 0), a0, a1);
  ctx.arc(g.cx, g.cy, Math.max(inner, 0), a1, a0, true);
  ctx.closePath();
}

export function drawLivePlatter(ctx: CanvasRenderingContext2D, scene: LiveScene, width: number, height: number): void {
  const { geometry: g, arm, theta } = scene;
  ctx.save();
  ctx.clearRect(0, 0, width, height);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);

  // The platter and its zones (circles: the same at every angle).
  ctx.fillStyle = INK.platter;
  annulus(ctx, g, g.outerR + 4, g.innerR);
  for (const b of zoneBands(scene.zones)) {
    ctx.fillStyle = bandColour(b.index);
    annulus(ctx, g, cylinderBand(g, b.firstCyl)[0], cylinderBand(g, b.lastCyl)[1]);
  }
  ctx.fillStyle = INK.hub;
  annulus(ctx, g, g.innerR * 0.55, 0);

  // Spokes and the index mark (engine angle 0) turn with the platter. A line
  // of constant engine angle follows the head's arc, so it is drawn as one.
  const dirAt = (r: number) => headPose(arm, r).headDir;
  const angleLine = (p: number) => {
    ctx.beginPath();
    const n = 24;
    for (let k = 0; k <= n; k++) {
      const r = g.innerR + ((g.outerR - g.innerR) * k) / n;
      const a = platterToCanvas(p, theta, dirAt(r));
      const x = g.cx + r * Math.cos(a);
      const y = g.cy + r * Math.sin(a);
      if (k === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.stroke();
  };
  ctx.strokeStyle = 'rgba(0,0,0,0.22)';
  ctx.lineWidth = 1;
  for (let k = 1; k < 8; k++) angleLine(k / 8);
  ctx.strokeStyle = INK.index;
  ctx.lineWidth = 2;
  angleLine(0);
  const idx = platterToCanvas(0, theta, dirAt(g.outerR));
  ctx.fillStyle = INK.index;
  ctx.beginPath();
  ctx.moveTo(g.cx + (g.outerR + 12) * Math.cos(idx), g.cy + (g.outerR + 12) * Math.sin(idx));
  ctx.lineTo(g.cx + (g.outerR + 4) * Math.cos(idx - 0.03), g.cy + (g.outerR + 4) * Math.sin(idx - 0.03));
  ctx.lineTo(g.cx + (g.outerR + 4) * Math.cos(idx + 0.03), g.cy + (g.outerR + 4) * Math.sin(idx + 0.03));
  ctx.fill();

  // The track under the head, with its sector boundaries.
  if (scene.track) {
    const { cyl, slotsPerTrack: spt } = scene.track;
    const [outer, inner] = trackBand(g, cyl);
    const dir = dirAt(cylinderRadius(g, cyl));
    ctx.fillStyle = 'rgba(255,255,255,0.85)';
    annulus(ctx, g, outer, inner);
    const slot0 = scene.track.slot0Angle;
    if (slot0 !== undefined && (2 * Math.PI * inner) / spt >= 3) {
      ctx.strokeStyle = 'rgba(0,0,0,0.35)';
      ctx.lineWidth = 0.75;
      ctx.beginPath();
      for (let s = 0; s < spt; s++) {
        const a = platterToCanvas(slot0 + s / spt, theta, dir);
        ctx.moveTo(g.cx + inner * Math.cos(a), g.cy + inner * Math.sin(a));
        ctx.lineTo(g.cx + outer * Math.cos(a), g.cy + outer * Math.sin(a));
      }
      ctx.stroke();
    }
    ctx.strokeStyle = '#000';
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.arc(g.cx, g.cy, outer, 0, 2 * Math.PI);
    ctx.moveTo(g.cx + inner, g.cy);
    ctx.arc(g.cx, g.cy, inner, 0, 2 * Math.PI);
    ctx.stroke();
  }

  // Sectors of the request: transferred (filled), still to come (outlined), awaited, read ahead.
  for (const run of scene.sectors) {
    const [outer, inner] = trackBand(g, run.cyl);
    const dir = dirAt(cylinderRadius(g, run.cyl));
    const a0 = platterToCanvas(run.firstAngle, theta, dir);
    const a1 = a0 + (2 * Math.PI * Math.min(run.count, run.slotsPerTrack)) / run.slotsPerTrack;
    wedge(ctx, g, outer, inner, a0, a1);
    switch (run.style) {
      case 'transferred':
        ctx.fillStyle = SEGMENT.transfer.colour;
        ctx.fill();
        ctx.strokeStyle = '#000';
        ctx.lineWidth = 1;
        ctx.stroke();
        break;
      case 'read-ahead':
        ctx.fillStyle = INK.readAhead;
        ctx.fill();
        break;
      case 'awaited': {
        // The sector the head waits for: filled, widened, and pointed at from outside the track.
        const extra = 4;
        wedge(ctx, g, outer + extra, Math.max(inner - extra, 0), a0, Math.max(a1, a0 + 0.02));
        ctx.fillStyle = SEGMENT.rotation.colour;
        ctx.fill();
        ctx.strokeStyle = '#000';
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
        break;
      }
      case 'to-come':
        ctx.setLineDash([3, 2]);
        ctx.strokeStyle = SEGMENT.transfer.colour;
        ctx.lineWidth = 2;
        ctx.stroke();
        ctx.setLineDash([]);
        break;
    }
  }

  // The arm and the head.
  const pose = headPose(arm, cylinderRadius(g, Math.min(Math.max(scene.headCyl, 0), g.cylinders - 1)));
  ctx.strokeStyle = scene.moving ? SEGMENT.seek.colour : INK.arm;
  ctx.lineWidth = 7;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(arm.px, arm.py);
  ctx.lineTo(pose.x, pose.y);
  ctx.stroke();
  ctx.fillStyle = INK.arm;
  ctx.beginPath();
  ctx.arc(arm.px, arm.py, 11, 0, 2 * Math.PI);
  ctx.fill();
  ctx.fillStyle = '#fff';
  ctx.beginPath();
  ctx.arc(arm.px, arm.py, 4, 0, 2 * Math.PI);
  ctx.fill();
  ctx.save();
  ctx.translate(pose.x, pose.y);
  ctx.rotate(pose.armAngle);
  ctx.fillStyle = INK.head;
  ctx.fillRect(-4, -5, 10, 10);
  ctx.restore();
  ctx.restore();
}
