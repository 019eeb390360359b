/*
 * heatOverlay.ts — the block groups' heat drawn on a stage platter: each
 * group of the partition is a band at its cylinders (the engine's own LBN
 * mapping, ReorgInfo.groupCyl), coloured by the blocks the run read there in
 * the epoch (the engine's per-group counts, on the heat map's shared scale);
 * the band holding the middle 90 % of the reads is bracketed in the run's
 * colour at both ends of the arc. The bands cover the platter's left side only, away from
 * where the arm swings, and are multiplied into the drawing beneath, so the zones, the track
 * under the head and the sectors being read stay in view through them.
 */
import { cylinderBand, type PlatterGeometry } from '../../panels/platter/geometry';
import { ROLE } from '../../lib/palette';
import type { PlatterOverlay } from '../../stage/Stage';
import { copyPicture, keptPicture, type MakeCanvas, type PixelRect } from '../../panels/live/keptPicture';
import { RUN_COLOUR, heatColour, hotBand, type RunName } from './heat';

/** The canvas directions the bands span: the left side, from below to above the centre. */
export const HEAT_ARC: readonly [number, number] = [Math.PI * 0.6, Math.PI * 1.4];

export interface GroupHeat {
  run: RunName;
  /** groups + 1 cylinders: each group's first, then one past the partition's last. */
  groupCyl: readonly number[];
  /** Blocks read per group in the epoch (the engine's counts). */
  accesses: readonly number[];
  /** The colour scale's top (shared by both runs). */
  max: number;
}

/** Outer and inner radius of the cylinders [first, end). */
function ring(g: PlatterGeometry, first: number, end: number): [number, number] {
  return [cylinderBand(g, first)[0], cylinderBand(g, Math.max(first, end - 1))[1]];
}

function arcBand(ctx: CanvasRenderingContext2D, g: PlatterGeometry, [outer, inner]: [number, number]): void {
  const [a0, a1] = HEAT_ARC;
  ctx.beginPath();
  ctx.arc(g.cx, g.cy, Math.max(outer, 0), a0, a1);
  ctx.arc(g.cx, g.cy, Math.max(inner, 0), a1, a0, true);
  ctx.closePath();
}

/** Draws one run's group heat on a platter: its bands multiplied in, then the brackets of its hot band. */
export function drawGroupHeat(ctx: CanvasRenderingContext2D, g: PlatterGeometry, h: GroupHeat): void {
  if (!drawable(h)) return;
  ctx.save();
  ctx.globalCompositeOperation = 'multiply';
  drawHeatBands(ctx, g, h);
  ctx.restore();
  drawHotBrackets(ctx, g, h);
}

const drawable = (h: GroupHeat) => h.groupCyl.length > 1 && h.accesses.length >= h.groupCyl.length - 1;

/**
 * The partition's band and each group's, in the context's compositing (multiplied into the
 * platter: the zones tint, and whatever the live drawing shows on this side, the track under
 * the head and the sectors being read, stays visible through the heat).
 */
function drawHeatBands(ctx: CanvasRenderingContext2D, g: PlatterGeometry, h: GroupHeat): void {
  const groups = h.groupCyl.length - 1;
  const colour = heatColour(h.max);
  ctx.save();
  // The partition: its whole band, so cold groups read as part of it.
  arcBand(ctx, g, ring(g, h.groupCyl[0], h.groupCyl[groups]));
  ctx.fillStyle = colour(0);
  ctx.fill();
  ctx.strokeStyle = ROLE.muted;
  ctx.lineWidth = 1;
  ctx.stroke();
  for (let k = 0; k < groups; k++) {
    if (!(h.accesses[k] > 0)) continue;
    arcBand(ctx, g, ring(g, h.groupCyl[k], h.groupCyl[k + 1]));
    ctx.fillStyle = colour(h.accesses[k]);
    ctx.fill();
  }
  ctx.restore();
}

/** The band holding 90 % of the reads: brackets at both ends of the arc, reaching out past the rim, so they mark its cylinders without covering the groups' colours. */
function drawHotBrackets(ctx: CanvasRenderingContext2D, g: PlatterGeometry, h: GroupHeat): void {
  const band = hotBand(h.accesses);
  if (!band) return;
  const [outer, inner] = ring(g, h.groupCyl[band.first], h.groupCyl[band.last + 1]);
  ctx.save();
  ctx.strokeStyle = RUN_COLOUR[h.run];
  ctx.lineWidth = 3;
  ctx.beginPath();
  for (const a of HEAT_ARC) {
    const at = (r: number) => [g.cx + r * Math.cos(a), g.cy + r * Math.sin(a)] as const;
    const tick = (a === HEAT_ARC[0] ? -1 : 1) * 0.06;
    const tip = (r: number) => [g.cx + r * Math.cos(a + tick), g.cy + r * Math.sin(a + tick)] as const;
    ctx.moveTo(...tip(outer));
    ctx.lineTo(...at(outer));
    ctx.lineTo(...at(inner));
    ctx.lineTo(...tip(inner));
  }
  ctx.stroke();
  ctx.restore();
}

/** The pixels the bands can cover (the arc's box, a pixel over): only those are multiplied in, not the whole platter. */
function heatRegion(g: PlatterGeometry, sx: number, sy: number): PixelRect {
  const r = g.outerR + 2;
  const [a0, a1] = HEAT_ARC;
  // On the left side the arc's ends come nearest the right at the partition's inner edge: up to the centre at most.
  const right = g.cx + Math.max(0, r * Math.max(Math.cos(a0), Math.cos(a1))) + 2;
  return { x: (g.cx - r) * sx, y: (g.cy - r) * sy, width: (right - g.cx + r) * sx, height: 2 * r * sy };
}

/**
 * The stage overlay of a run's heat; nothing until the page has the epoch's counts. The bands
 * are the same on every frame of the epoch: drawn once into a picture kept for the canvas and
 * multiplied in each frame (filling them every frame was most of the page's frame).
 */
export function groupHeatOverlay(heat: GroupHeat | null, makeCanvas?: MakeCanvas): PlatterOverlay | undefined {
  if (!heat || !drawable(heat)) return undefined;
  return (ctx, { geometry: g, width, height }) => {
    const bands = keptPicture(ctx, 'heat', [g, heat.run, heat.groupCyl, heat.accesses, heat.max], width, height,
      (pic) => drawHeatBands(pic, g, heat), makeCanvas);
    if (bands) copyPicture(ctx, bands, 'multiply', heatRegion(g, bands.width / width, bands.height / height));
    else {
      ctx.save();
      ctx.globalCompositeOperation = 'multiply';
      drawHeatBands(ctx, g, heat);
      ctx.restore();
    }
    drawHotBrackets(ctx, g, heat);
  };
}
