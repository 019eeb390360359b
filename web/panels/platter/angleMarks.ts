/*
 * angleMarks.ts — the platter's spokes (every eighth of a turn) and its
 * index line with the mark at angle 0. A line of constant platter angle
 * follows the head's arc, so it is a curve; but the set of them is one rigid
 * shape that turns with the platter (a point at angle p on radius r is drawn
 * at headDir(r) + 2π(p − θ)). Its points are worked out once per geometry
 * and arm, at θ = 0, and each frame draws the kept shape turned by −2πθ
 * about the platter's centre: working the curves out again on every frame,
 * for every platter, was the largest script cost of a playing stage.
 */
import { INK } from '../colours';
import { headPose, type ArmGeometry } from '../live/arm';
import type { PlatterGeometry } from './geometry';

/** Points of a polyline, x and y in turn, relative to the platter's centre. */
type Polyline = readonly number[];

interface MarkShape {
  spokes: Polyline[];
  index: Polyline;
  /** The index mark's triangle beyond the rim. */
  tip: Polyline;
  /** The same as paths, where the canvas has them (the browser): built once, drawn each frame. */
  paths?: { spokes: Path2D; index: Path2D; tip: Path2D };
}

/** Points per line: enough for the arc's bend to look smooth at 500 px. */
const STEPS = 24;

/** Canvas direction of platter angle p at radius r with the platter at angle 0. */
function directionAtZero(arm: ArmGeometry | undefined): (p: number, r: number) => number {
  return arm ? (p, r) => headPose(arm, r).headDir + 2 * Math.PI * p : (p) => -Math.PI / 2 + 2 * Math.PI * p;
}

function shapeOf(g: PlatterGeometry, arm: ArmGeometry | undefined): MarkShape {
  const dir = directionAtZero(arm);
  const heads = Array.from({ length: STEPS + 1 }, (_, k) => g.innerR + ((g.outerR - g.innerR) * k) / STEPS);
  const line = (p: number): Polyline => heads.flatMap((r) => [r * Math.cos(dir(p, r)), r * Math.sin(dir(p, r))]);
  const idx = dir(0, g.outerR);
  const at = (r: number, a: number) => [r * Math.cos(a), r * Math.sin(a)];
  const shape: MarkShape = {
    spokes: Array.from({ length: 7 }, (_, k) => line((k + 1) / 8)),
    index: line(0),
    tip: [...at(g.outerR + 12, idx), ...at(g.outerR + 4, idx - 0.03), ...at(g.outerR + 4, idx + 0.03)],
  };
  if (typeof Path2D !== 'undefined') {
    const path = (lines: Polyline[]) => { const p = new Path2D(); for (const l of lines) trace(p, l); return p; };
    shape.paths = { spokes: path(shape.spokes), index: path([shape.index]), tip: path([shape.tip]) };
  }
  return shape;
}

function trace(target: Path2D | CanvasRenderingContext2D, l: Polyline): void {
  target.moveTo(l[0], l[1]);
  for (let i = 2; i < l.length; i += 2) target.lineTo(l[i], l[i + 1]);
}

/** The shapes kept per geometry, then per arm (none: a still picture, the head at 12 o'clock). */
const kept = new WeakMap<PlatterGeometry, Map<ArmGeometry | undefined, MarkShape>>();

function markShape(g: PlatterGeometry, arm: ArmGeometry | undefined): MarkShape {
  let byArm = kept.get(g);
  if (!byArm) kept.set(g, byArm = new Map());
  let shape = byArm.get(arm);
  if (!shape) byArm.set(arm, shape = shapeOf(g, arm));
  return shape;
}

/** Draws the spokes, the index line and its mark with the platter at angle `theta` (a fraction of a turn). */
export function drawAngleMarks(ctx: CanvasRenderingContext2D, g: PlatterGeometry, arm: ArmGeometry | undefined, theta: number): void {
  const shape = markShape(g, arm);
  ctx.save();
  ctx.translate(g.cx, g.cy);
  ctx.rotate(-2 * Math.PI * (theta - Math.floor(theta)));
  const draw = (lines: Polyline[], path: Path2D | undefined, how: 'stroke' | 'fill') => {
    if (path) { ctx[how](path); return; }
    ctx.beginPath();
    for (const l of lines) trace(ctx, l);
    ctx[how]();
  };
  ctx.strokeStyle = INK.spoke;
  ctx.lineWidth = 1;
  draw(shape.spokes, shape.paths?.spokes, 'stroke');
  ctx.strokeStyle = INK.index;
  ctx.lineWidth = 2;
  draw([shape.index], shape.paths?.index, 'stroke');
  ctx.fillStyle = INK.index;
  draw([shape.tip], shape.paths?.tip, 'fill');
  ctx.restore();
}
