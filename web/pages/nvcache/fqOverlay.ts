/*
 * fqOverlay.ts — the FQueue on the stage's platter: each entry waiting in
 * the FQueue (a write redirected to flash) is marked on its track, over the
 * sectors it will be written back to (where the engine maps its first LBN:
 * cylinder, angle of the slot, slots of the track), outlined while it waits
 * and filled while its write-back to the platter is under way. The marks
 * turn with the platter, as the live drawing's sectors do.
 */
import { cylinderRadius, trackBand, type PlatterGeometry } from '../../panels/platter/geometry';
import { headPose, platterToCanvas, type ArmGeometry } from '../../panels/live/arm';
import type { FqEntry } from './replay';
import { OUTCOME_COLOUR } from './colours';

/** The smallest mark drawn, in revolutions: a one-sector entry stays visible. */
const MIN_TURN = 0.02;
/** Marks stand out of their track by this many pixels on each side. */
const PROUD_PX = 3;

export interface FqMark {
  cyl: number;
  /** Platter angle (engine) where the mark begins, and its length in revolutions. */
  angle: number;
  turn: number;
  writing: boolean;
}

/** The marks of the FQueue's entries (those whose place the engine gave). */
export function fqMarks(entries: readonly FqEntry[]): FqMark[] {
  return entries.flatMap((e) => (e.place ? [{
    cyl: e.place.cyl, angle: e.place.angle, writing: e.writing,
    turn: Math.max(MIN_TURN, Math.min(e.sectors, e.place.slots) / e.place.slots),
  }] : []));
}

export function drawFqMarks(ctx: CanvasRenderingContext2D, marks: readonly FqMark[], g: PlatterGeometry, arm: ArmGeometry, theta: number): void {
  ctx.save();
  ctx.lineWidth = 2;
  for (const m of marks) {
    const [outer, inner] = trackBand(g, m.cyl, 6);
    const dir = headPose(arm, cylinderRadius(g, m.cyl)).headDir;
    const a0 = platterToCanvas(m.angle, theta, dir);
    const a1 = a0 + 2 * Math.PI * m.turn;
    ctx.beginPath();
    ctx.arc(g.cx, g.cy, outer + PROUD_PX, a0, a1);
    ctx.arc(g.cx, g.cy, Math.max(0, inner - PROUD_PX), a1, a0, true);
    ctx.closePath();
    ctx.fillStyle = m.writing ? OUTCOME_COLOUR.flash : 'rgba(255,255,255,0.75)';
    ctx.fill();
    ctx.strokeStyle = m.writing ? '#000' : OUTCOME_COLOUR.flash;
    ctx.stroke();
  }
  ctx.restore();
}
