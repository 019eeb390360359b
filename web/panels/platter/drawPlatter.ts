/*
 * drawPlatter.ts — the platter's top view, drawn into a 2-D canvas from a
 * scene it is handed (canvas, not SVG: a disk has thousands of tracks and
 * sectors). Every page that shows a platter draws it here: the explorer and
 * the stage at every frame, the locator as a still picture it can click on.
 *
 * Zones are colour bands at the scale of their tracks; spokes and the index
 * mark (engine angle 0) show the platter's angle; the track under the head
 * shows its sectors, and those of the request in service light up as the
 * transfer passes them; the arm swings the head to the cylinder the seek is
 * heading for. An access the engine computed is drawn as the head's path
 * over the platter: the seek (a spiral, because the platter turns while the
 * arm moves), the rotational wait along the target track, the transfer.
 *
 * A point of the platter at engine angle p on radius r is drawn at canvas
 * direction headDir(r) + 2π(p − θ): under the head exactly when the
 * platter's angle θ is p, as in the engine, turning rigidly with θ. The head
 * reads along the arm's arc; a still picture has no arm and reads at 12
 * o'clock on every track, so with θ = 0 it is the platter in its own frame
 * (angle 0 up, angles clockwise), where geometry.ts's hit-test picks.
 */
import type { ZoneBand } from '../../engine/runProtocol';
import { bandColour, INK, SEGMENT } from '../colours';
import { headPose, platterToCanvas, type ArmGeometry } from '../live/arm';
import { drawAccess, type AccessPath } from './access';
import { drawAngleMarks } from './angleMarks';
import { cylinderBand, cylinderRadius, trackBand, trackWidth, type AngleToCanvas, type PlatterGeometry } from './geometry';
import { drawSectors, type SectorRun } from './sectors';
import { densityRings } from './zones';

export interface PlatterScene {
  geometry: PlatterGeometry;
  zones: readonly ZoneBand[];
  /** The platter's angle (engine, a fraction of a revolution); 0 for a still picture in the platter's own frame. */
  theta: number;
  /** The arm; absent, none is drawn and the head reads at 12 o'clock. */
  arm?: ArmGeometry;
  /** Where the arm holds the head: a fractional cylinder during a seek. */
  headCyl?: number;
  /** The arm is moving (a seek or a cylinder switch): drawn in the seek's colour. */
  moving?: boolean;
  /** The track outlined under the head, with its sector boundaries when slot 0's angle is known. */
  track?: { cyl: number; slotsPerTrack: number; slot0Angle?: number };
  /** Sectors of the request in service, by what happens to them. */
  sectors?: readonly SectorRun[];
  /** An access's path over the platter, from where the head starts. */
  access?: AccessPath;
  /** Track boundaries: every track when they are far enough apart, else a ruler. */
  trackLines?: boolean;
}

/** Where the scene puts platter angles on the canvas (an overlay on the platter places its marks with it too). */
export function angleMapping(scene: Pick<PlatterScene, 'arm' | 'theta'>): AngleToCanvas {
  const { arm, theta } = scene;
  if (!arm) return (p) => platterToCanvas(p, theta, -Math.PI / 2);
  // The head's direction depends on the radius only: the spokes ask it at the same few radii for every line.
  const headDirs = new Map<number, number>();
  return (p, r) => {
    let d = headDirs.get(r);
    if (d === undefined) headDirs.set(r, d = headPose(arm, r).headDir);
    return platterToCanvas(p, theta, d);
  };
}

export function drawPlatter(ctx: CanvasRenderingContext2D, scene: PlatterScene, width: number, height: number): void {
  drawPlatterStill(ctx, scene, width, height);
  drawPlatterMoving(ctx, scene);
}

/**
 * The part of the drawing that is the same at every instant of a run: the paper, the platter
 * and its zones (circles: the same at every angle), the track lines and the hub. A live
 * platter keeps it as a picture (platterLayer.ts) and draws only the moving part per frame.
 */
export function drawPlatterStill(ctx: CanvasRenderingContext2D, scene: Pick<PlatterScene, 'geometry' | 'zones' | 'trackLines'>, width: number, height: number): void {
  const g = scene.geometry;
  ctx.save();
  ctx.clearRect(0, 0, width, height);
  ctx.fillStyle = INK.paper;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = INK.platter;
  annulus(ctx, g, g.outerR + 4, g.innerR);
  for (const ring of densityRings(scene.zones)) {
    ctx.fillStyle = bandColour(ring.density);
    annulus(ctx, g, cylinderBand(g, ring.firstCyl)[0], cylinderBand(g, ring.lastCyl)[1]);
  }
  if (scene.trackLines) drawTrackLines(ctx, g);
  ctx.fillStyle = INK.hub;
  annulus(ctx, g, g.innerR * 0.55, 0);
  ctx.restore();
}

/** What moves with the platter's angle and the run's instant: spokes and index, the track under the head, its sectors, an access's path, the arm. */
export function drawPlatterMoving(ctx: CanvasRenderingContext2D, scene: PlatterScene): void {
  const g = scene.geometry;
  const dir = angleMapping(scene);
  ctx.save();
  drawAngleMarks(ctx, g, scene.arm, scene.theta);
  if (scene.track) drawTrack(ctx, g, dir, scene.track);
  drawSectors(ctx, g, dir, scene.sectors ?? []);
  if (scene.access) drawAccess(ctx, g, dir, scene.access);
  if (scene.arm) drawArm(ctx, g, scene.arm, scene.headCyl ?? 0, !!scene.moving);
  ctx.restore();
}

function annulus(ctx: CanvasRenderingContext2D, g: PlatterGeometry, outer: number, inner: number): void {
  ctx.beginPath();
  ctx.arc(g.cx, g.cy, Math.max(outer, 0), 0, 2 * Math.PI);
  ctx.arc(g.cx, g.cy, Math.max(inner, 0), 0, 2 * Math.PI, true);
  ctx.fill('evenodd');
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

function drawTrackLines(ctx: CanvasRenderingContext2D, g: PlatterGeometry): void {
  const step = trackLineStep(g);
  ctx.strokeStyle = INK.trackLine;
  ctx.lineWidth = 0.5;
  ctx.beginPath();
  for (let c = 0; c <= g.cylinders; c += step) {
    const r = g.outerR - c * trackWidth(g);
    ctx.moveTo(g.cx + r, g.cy);
    ctx.arc(g.cx, g.cy, r, 0, 2 * Math.PI);
  }
  ctx.stroke();
}

/** The track under the head, lightened and outlined, with its sector boundaries when they are 3 px apart. */
function drawTrack(ctx: CanvasRenderingContext2D, g: PlatterGeometry, dir: AngleToCanvas, track: NonNullable<PlatterScene['track']>): void {
  const { cyl, slotsPerTrack: spt, slot0Angle } = track;
  const [outer, inner] = trackBand(g, cyl);
  const r = cylinderRadius(g, cyl);
  ctx.fillStyle = INK.track;
  annulus(ctx, g, outer, inner);
  if (slot0Angle !== undefined && (2 * Math.PI * inner) / spt >= 3) {
    ctx.strokeStyle = INK.slotLine;
    ctx.lineWidth = 0.75;
    ctx.beginPath();
    for (let s = 0; s < spt; s++) {
      const a = dir(slot0Angle + s / spt, r);
      ctx.moveTo(g.cx + inner * Math.cos(a), g.cy + inner * Math.sin(a));
      ctx.lineTo(g.cx + outer * Math.cos(a), g.cy + outer * Math.sin(a));
    }
    ctx.stroke();
  }
  ctx.strokeStyle = INK.head;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.arc(g.cx, g.cy, outer, 0, 2 * Math.PI);
  ctx.moveTo(g.cx + inner, g.cy);
  ctx.arc(g.cx, g.cy, inner, 0, 2 * Math.PI);
  ctx.stroke();
}

/** The arm from its pivot to the head, in the seek's colour while it moves. */
function drawArm(ctx: CanvasRenderingContext2D, g: PlatterGeometry, arm: ArmGeometry, headCyl: number, moving: boolean): void {
  const pose = headPose(arm, cylinderRadius(g, Math.min(Math.max(headCyl, 0), g.cylinders - 1)));
  ctx.strokeStyle = moving ? SEGMENT.seek.colour : INK.arm;
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
  ctx.fillStyle = INK.paper;
  ctx.beginPath();
  ctx.arc(arm.px, arm.py, 4, 0, 2 * Math.PI);
  ctx.fill();
  ctx.save();
  ctx.translate(pose.x, pose.y);
  ctx.rotate(pose.armAngle);
  ctx.fillStyle = INK.head;
  ctx.fillRect(-4, -5, 10, 10);
  ctx.restore();
}
