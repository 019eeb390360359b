/*
 * toyOverlay.ts — disk.py's teaching marks on the toy disk, painted over the
 * one platter drawer's picture: every block's number at its place on its
 * track (turning with the platter: placed with the drawer's own angle
 * mapping, so a number is under the head exactly when the engine's angle
 * says so), and the request being served ringed in the colour of what the
 * disk is doing (seek, rotational wait, transfer) once its row's answer is
 * shown: the ring would tell which request is served. The head's box is
 * outlined over the numbers (as disk.py draws it), so the number it reads
 * does not hide it.
 *
 * toyMarks says what would be drawn (tests read it, and the page's hooks);
 * drawToyDisk draws the platter and the marks and returns them.
 */
import { INK, SEGMENT } from '../../panels/colours';
import { headPose } from '../../panels/live/arm';
import { angleMapping, drawPlatter, type PlatterScene } from '../../panels/platter/drawPlatter';
import { cylinderRadius, trackWidth } from '../../panels/platter/geometry';
import { blockCentre, phaseAt, type Phase } from './geometry';
import type { HomeworkRun } from './run';
import { toyScene } from './toyScene';

/** Block numbers are never smaller than this (px), however small the platter. */
export const MIN_FONT_PX = 11;
const MAX_FONT_PX = 26;

const RING_COLOUR: Partial<Record<Phase, string>> = { seek: SEGMENT.seek.colour, rotate: SEGMENT.rotation.colour, transfer: SEGMENT.transfer.colour };

export interface ToyLabel { block: number; x: number; y: number }
export interface ToyRing extends ToyLabel { radius: number; colour: string; phase: Phase }

export interface ToyMarks {
  fontPx: number;
  labels: ToyLabel[];
  /** The request being served, ringed; null before and after the run, and while its row is hidden. */
  ring: ToyRing | null;
  /** The head's box: its centre and the arm's direction (radians). */
  head: { x: number; y: number; angle: number } | null;
}

/** Width (px) a number of `digits` digits takes at `fontPx`, with a little room either side. */
const labelWidth = (digits: number, fontPx: number) => digits * 0.62 * fontPx + 6;

/**
 * Every how many blocks a track's numbers are written: every block where they fit side by side on
 * the track's circle, else every k-th (k a divisor of the track's blocks, so the spacing is even).
 */
export function labelStep(blocks: number, radius: number, fontPx: number, digits: number): number {
  const per = (2 * Math.PI * radius) / blocks;
  for (let k = 1; k < blocks; k++) if (blocks % k === 0 && per * k >= labelWidth(digits, fontPx)) return k;
  return blocks;
}

/** The marks on the toy disk drawn by `scene` at time t. */
export function toyMarks(run: HomeworkRun, t: number, ringShown: (row: number) => boolean, scene: PlatterScene): ToyMarks {
  const g = scene.geometry;
  const dir = angleMapping(scene);
  const fontPx = Math.min(MAX_FONT_PX, Math.max(MIN_FONT_PX, trackWidth(g) * 0.45));
  const { row, phase } = phaseAt(run, t);
  const target = row >= 0 && ringShown(row) ? run.rows[row].block : -1;
  const digits = String(Math.max(...run.tracks.map((tr) => tr.firstBlock + tr.blocks - 1))).length;
  const labels: ToyLabel[] = [];
  let ring: ToyRing | null = null;
  run.tracks.forEach((tr, k) => {
    const r = cylinderRadius(g, k);
    const step = labelStep(tr.blocks, r, fontPx, digits);
    for (let s = 0; s < tr.blocks; s++) {
      const block = tr.firstBlock + s;
      const a = dir(blockCentre(run, k, s), r);
      const at = { block, x: g.cx + r * Math.cos(a), y: g.cy + r * Math.sin(a) };
      if (s % step === 0 || block === target) labels.push(at);
      if (block === target) ring = { ...at, radius: fontPx * 0.6 + labelWidth(String(block).length, fontPx) / 4, colour: RING_COLOUR[phase]!, phase };
    }
  });
  const pose = scene.arm ? headPose(scene.arm, cylinderRadius(g, Math.min(Math.max(scene.headCyl ?? 0, 0), g.cylinders - 1))) : null;
  return { fontPx, labels, ring, head: pose && { x: pose.x, y: pose.y, angle: pose.armAngle } };
}

/** Draws the marks: the ring under its number, each number dark on a light halo (it reads on the arm too), the head's box over them. */
export function drawToyMarks(ctx: CanvasRenderingContext2D, marks: ToyMarks): void {
  ctx.save();
  if (marks.ring) {
    const { x, y, radius, colour } = marks.ring;
    ctx.strokeStyle = colour;
    ctx.lineWidth = Math.max(3, marks.fontPx / 5);
    ctx.beginPath();
    ctx.arc(x, y, radius, 0, 2 * Math.PI);
    ctx.stroke();
  }
  ctx.font = `bold ${marks.fontPx}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  ctx.lineWidth = 3;
  ctx.strokeStyle = INK.paper;
  ctx.fillStyle = INK.text;
  for (const l of marks.labels) {
    ctx.strokeText(String(l.block), l.x, l.y);
    ctx.fillText(String(l.block), l.x, l.y);
  }
  if (marks.head) {
    const side = marks.fontPx * 1.3;
    ctx.translate(marks.head.x, marks.head.y);
    ctx.rotate(marks.head.angle);
    ctx.strokeStyle = INK.head;
    ctx.lineWidth = 2;
    ctx.strokeRect(-side / 2, -side / 2, side, side);
  }
  ctx.restore();
}

/** The toy disk at time t in a square of `size` px: the platter, its arm, and the marks (returned). */
export function drawToyDisk(ctx: CanvasRenderingContext2D, run: HomeworkRun, t: number, ringShown: (row: number) => boolean, size: number): ToyMarks & { headCyl: number } {
  const scene = toyScene(run, t, ringShown, size);
  drawPlatter(ctx, scene, size, size);
  const marks = toyMarks(run, t, ringShown, scene);
  drawToyMarks(ctx, marks);
  return { ...marks, headCyl: scene.headCyl };
}
