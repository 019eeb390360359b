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
import { headPose, platterToCanvas } from '../../panels/live/arm';
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

export function quadOverlay(run: LayoutRun): PlatterOverlay {
  return (ctx, { playback, device, geometry: g, arm, theta }) => {
    const dv = run.disks.find((d) => d.disk === device.index);
    if (!dv || dv.tracks.length === 0) return;
    const w = laneWidth(g);
    const radii = laneRadii(dv.tracks.map((t) => cylinderRadius(g, t.cyl)), w, g.innerR, g.outerR + 3);
    const dir = radii.map((r) => headPose(arm, r).headDir);
    const at = (i: number, angle: number) => platterToCanvas(angle, theta, dir[i]);
    ctx.save();
    dv.tracks.forEach((t, i) => {
      ring(ctx, g, radii[i] + w / 2, radii[i] - w / 2);
      ctx.fillStyle = t.volumeRow >= 0 ? 'rgba(255,255,255,0.92)' : 'rgba(225,225,225,0.92)';
      ctx.fill();
    });
    for (const c of run.cells) {
      if (c.disk !== dv.disk) continue;
      const i = c.trackIndex;
      const a0 = at(i, c.angle);
      const span = (2 * Math.PI * c.sectors) / dv.tracks[i].slots;
      const outer = radii[i] + w / 2 - 0.5, inner = radii[i] - w / 2 + 0.5;
      ctx.fillStyle = ctx.strokeStyle = columnColour(c.column);
      if (!c.accessed) {
        ctx.globalAlpha = 0.18;
        ring(ctx, g, outer, inner, a0, a0 + span);
        ctx.fill();
        ctx.globalAlpha = 1;
        continue;
      }
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
    dv.tracks.forEach((t, i) => {
      const a = at(i, t.slot0Angle);
      ctx.beginPath();
      ctx.moveTo(g.cx + (radii[i] - w / 2 - 2) * Math.cos(a), g.cy + (radii[i] - w / 2 - 2) * Math.sin(a));
      ctx.lineTo(g.cx + (radii[i] + w / 2 + 2) * Math.cos(a), g.cy + (radii[i] + w / 2 + 2) * Math.sin(a));
      ctx.stroke();
    });
    const i = device.activeMotion() ? -1 : dv.tracks.findIndex((t) => t.cyl === device.headCyl && t.surface === device.headSurface);
    if (i >= 0) {
      ctx.lineWidth = 2;
      ring(ctx, g, radii[i] + w / 2, radii[i] - w / 2);
      ctx.stroke();
    }
    ctx.restore();
  };
}
