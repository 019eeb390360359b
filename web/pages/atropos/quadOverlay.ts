/*
 * quadOverlay.ts — the Atropos run's marks on the stage's platters: each
 * shown track (a quadrangle's d tracks, the tracks a naive layout reads) as
 * a lane near its radius with its slot-0 tick (the skew staircase), the
 * table's cells on it at the engine's angles, coloured by column; cells of
 * the access outlined until the head reads them, then filled as far as the
 * transfers played so far have passed; other records' cells faded. The lane
 * under the head is outlined. Everything turns with the platter.
 */
import type { PlatterOverlay } from '../../stage/Stage';
import type { RunData } from '../../run/runData';
import type { Playback } from '../../run/playback';
import { cylinderRadius, type PlatterGeometry } from '../../panels/platter/geometry';
import { headPose, platterToCanvas, type ArmGeometry } from '../../panels/live/arm';
import { keptPicture, type MakeCanvas, type PictureCanvas } from '../../panels/live/keptPicture';
import type { CellPiece, DiskView, LayoutRun } from './protocol';
import { columnColour } from './columnColour';
import { laneRadii, readFraction, trackKey, transfersByTrack, type TransferSpan } from './platterMarks';

/** Each run's transfers by track, rebuilt when more events have arrived. */
const spanCache = new WeakMap<RunData, { count: number; spans: Map<string, TransferSpan[]> }>();

function spansOf(data: RunData): Map<string, TransferSpan[]> {
  const c = spanCache.get(data);
  if (c && c.count === data.events.count) return c.spans;
  const spans = transfersByTrack(data.events);
  spanCache.set(data, { count: data.events.count, spans });
  return spans;
}

/** How much of a cell piece the playback has read so far. */
export function pieceRead(p: Playback, dv: DiskView, c: CellPiece): number {
  const t = dv.tracks[c.trackIndex];
  return readFraction(c, t.slots, spansOf(p.data).get(trackKey(c.disk, t.cyl, t.surface)), p.timeMs);
}

/** The access's cells read completely by the playback's instant, and how many are shown. */
export function cellsRead(p: Playback, run: LayoutRun): { read: number; cells: number } {
  const whole = new Map<string, boolean>();
  for (const c of run.cells) {
    if (!c.accessed) continue;
    const dv = run.disks.find((d) => d.disk === c.disk);
    if (!dv) continue;
    const key = `${c.row}:${c.column}`;
    const done = pieceRead(p, dv, c) >= 1 - 1e-9;
    whole.set(key, (whole.get(key) ?? true) && done);
  }
  return { read: [...whole.values()].filter(Boolean).length, cells: whole.size };
}

/** Lane width on a platter of this size: wide enough to see a cell's arc, narrow enough to stay near its radius. */
export const laneWidth = (g: PlatterGeometry): number => Math.max(5, g.outerR * 0.045);

function ring(ctx: CanvasRenderingContext2D, g: PlatterGeometry, outer: number, inner: number, a0 = 0, a1 = 2 * Math.PI): void {
  ctx.beginPath();
  ctx.arc(g.cx, g.cy, Math.max(outer, 0), a0, a1);
  ctx.arc(g.cx, g.cy, Math.max(inner, 0), a1, a0, true);
  ctx.closePath();
}

/** Where a disk's lanes lie on a platter of this size (the same on every frame). */
interface Lanes { w: number; radii: number[]; dir: number[] }

const lanesKept = new WeakMap<DiskView, { g: PlatterGeometry; arm: ArmGeometry; lanes: Lanes }>();

function lanesOf(dv: DiskView, g: PlatterGeometry, arm: ArmGeometry): Lanes {
  const had = lanesKept.get(dv);
  if (had && had.g === g && had.arm === arm) return had.lanes;
  const w = laneWidth(g);
  const radii = laneRadii(dv.tracks.map((t) => cylinderRadius(g, t.cyl)), w, g.innerR, g.outerR + 3);
  const lanes = { w, radii, dir: radii.map((r) => headPose(arm, r).headDir) };
  lanesKept.set(dv, { g, arm, lanes });
  return lanes;
}

/** The marks that stay as the access plays: each track's lane and the other records' cells, faded; drawn with the platter at `theta`. */
function drawFixedMarks(ctx: CanvasRenderingContext2D, g: PlatterGeometry, run: LayoutRun, dv: DiskView, { w, radii, dir }: Lanes, theta: number): void {
  ctx.save();
  dv.tracks.forEach((t, i) => {
    ring(ctx, g, radii[i] + w / 2, radii[i] - w / 2);
    ctx.fillStyle = t.volumeRow >= 0 ? 'rgba(255,255,255,0.92)' : 'rgba(225,225,225,0.92)';
    ctx.fill();
  });
  ctx.globalAlpha = 0.18;
  for (const c of run.cells) {
    if (c.disk !== dv.disk || c.accessed) continue;
    const i = c.trackIndex;
    const a0 = platterToCanvas(c.angle, theta, dir[i]);
    ring(ctx, g, radii[i] + w / 2 - 0.5, radii[i] - w / 2 + 0.5, a0, a0 + (2 * Math.PI * c.sectors) / dv.tracks[i].slots);
    ctx.fillStyle = columnColour(c.column);
    ctx.fill();
  }
  ctx.restore();
}

/** A picture drawn with the platter at angle 0, copied turned to the platter's angle `theta` (revolutions). */
function copyTurned(ctx: CanvasRenderingContext2D, picture: PictureCanvas, g: PlatterGeometry, theta: number, width: number, height: number): void {
  ctx.save();
  ctx.translate(g.cx, g.cy);
  ctx.rotate(-2 * Math.PI * theta);
  ctx.translate(-g.cx, -g.cy);
  ctx.drawImage(picture as CanvasImageSource, 0, 0, width, height);
  ctx.restore();
}

/**
 * The overlay of a run's marks. The lanes and other records' cells do not change as the
 * access plays: they are drawn once per platter into a kept picture and turned with the
 * platter each frame; only the access's cells (read as the head passes), the slot-0 ticks
 * and the lane under the head are drawn per frame (drawing every cell's arc on 8 to 12
 * platters each frame was most of the page's frame).
 */
export function quadOverlay(run: LayoutRun, makeCanvas?: MakeCanvas): PlatterOverlay {
  return (ctx, { playback, device, geometry: g, arm, theta, width, height }) => {
    const dv = run.disks.find((d) => d.disk === device.index);
    if (!dv || dv.tracks.length === 0) return;
    const lanes = lanesOf(dv, g, arm);
    const { w, radii, dir } = lanes;
    const fixed = keptPicture(ctx, 'atropos-marks', [run, dv, g, arm], width, height, (pic) => drawFixedMarks(pic, g, run, dv, lanes, 0), makeCanvas);
    if (fixed) copyTurned(ctx, fixed, g, theta, width, height);
    else drawFixedMarks(ctx, g, run, dv, lanes, theta);
    const at = (i: number, angle: number) => platterToCanvas(angle, theta, dir[i]);
    ctx.save();
    for (const c of run.cells) {
      if (c.disk !== dv.disk || !c.accessed) continue;
      const i = c.trackIndex;
      const a0 = at(i, c.angle);
      const span = (2 * Math.PI * c.sectors) / dv.tracks[i].slots;
      const outer = radii[i] + w / 2 - 0.5, inner = radii[i] - w / 2 + 0.5;
      ctx.fillStyle = ctx.strokeStyle = columnColour(c.column);
      const f = pieceRead(playback, dv, c);
      if (f > 0) {
        ring(ctx, g, outer, inner, a0, a0 + span * f);
        ctx.fill();
      }
      if (f < 1) {
        // Still to read: white, outlined (never in the exact column colour, which marks what has been read).
        ring(ctx, g, outer, inner, a0 + span * f, a0 + span);
        ctx.fillStyle = '#fff';
        ctx.fill();
        ctx.globalAlpha = 0.85;
        ctx.lineWidth = 1.25;
        ring(ctx, g, outer - 0.5, inner + 0.5, a0 + span * f, a0 + span);
        ctx.stroke();
        ctx.globalAlpha = 1;
      }
    }
    ctx.strokeStyle = '#000';
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    dv.tracks.forEach((t, i) => {
      const a = at(i, t.slot0Angle);
      ctx.moveTo(g.cx + (radii[i] - w / 2 - 2) * Math.cos(a), g.cy + (radii[i] - w / 2 - 2) * Math.sin(a));
      ctx.lineTo(g.cx + (radii[i] + w / 2 + 2) * Math.cos(a), g.cy + (radii[i] + w / 2 + 2) * Math.sin(a));
    });
    ctx.stroke();
    const i = device.activeMotion() ? -1 : dv.tracks.findIndex((t) => t.cyl === device.headCyl && t.surface === device.headSurface);
    if (i >= 0) {
      ctx.lineWidth = 2;
      ring(ctx, g, radii[i] + w / 2, radii[i] - w / 2);
      ctx.stroke();
    }
    ctx.restore();
  };
}
