/*
 * bandOverlay.ts — the shingled drive's marks on the stage's platter, from
 * the engine's layout and events (SmrLog): the media cache's tracks at the
 * outer edge, lit while writes land in it; each band holding sectors in the
 * cache, as a tick at its radius on the left of the platter (a radial
 * strip: random writes leave hundreds of such bands, and rings would cover
 * the platter), darker the more it holds; and the band being cleaned,
 * outlined all round. A band is 17 of the drive's 24,000 tracks, under a
 * pixel on a platter of a few hundred: the cache and the cleaned band are
 * drawn a few pixels wide around their true radius (the band lens under the
 * platter shows the tracks themselves).
 */
import { cylinderRadius, trackWidth, type PlatterGeometry } from '../../panels/platter/geometry';
import type { SmrLayout } from './protocol';
import type { SmrLog } from './smrLog';
import { SMR_COLOUR } from './colours';
import { fillTickStrip, tickProfile, type Tick } from './tickStrip';

/** Outer and inner radius of tracks [first, first + count), at least minPx wide. */
export function trackRing(g: PlatterGeometry, surfaces: number, first: number, count: number, minPx: number): [number, number] {
  const c0 = Math.floor(first / surfaces);
  const c1 = Math.floor((first + Math.max(1, count) - 1) / surfaces);
  const mid = (cylinderRadius(g, c0) + cylinderRadius(g, c1)) / 2;
  const half = Math.max((c1 - c0 + 1) * trackWidth(g), minPx) / 2;
  return [Math.min(mid + half, g.outerR + 4), Math.max(mid - half, g.innerR - 4)];
}

function ring(ctx: CanvasRenderingContext2D, g: PlatterGeometry, [outer, inner]: [number, number]): void {
  ctx.beginPath();
  ctx.arc(g.cx, g.cy, Math.max(outer, 0), 0, 2 * Math.PI);
  ctx.arc(g.cx, g.cy, Math.max(inner, 0), 0, 2 * Math.PI, true);
}

/** Half the angle a held band's tick spans, radians. */
const TICK = Math.PI / 16;

export interface OverlayAt {
  layout: SmrLayout;
  log: SmrLog;
  timeMs: number;
  /** Appends light the cache for this long (one revolution). */
  flashMs: number;
}

/** Device pixels per unit of the context's drawing (its scale; 1 where it cannot say). */
function devicePixels(ctx: CanvasRenderingContext2D): number {
  const m = typeof ctx.getTransform === 'function' ? ctx.getTransform() : null;
  return m ? Math.hypot(m.a, m.b) || 1 : 1;
}

export function drawSmrOverlay(ctx: CanvasRenderingContext2D, g: PlatterGeometry, at: OverlayAt): void {
  const { layout: L, log, timeMs: t } = at;
  ctx.save();
  // Bands with sectors in the cache: ticks across the left of the platter (fixed on screen, as a strip of radii),
  // 2 px strokes piled up where they overlap, filled as one strip (tickStrip.ts).
  const held = log.bandsAt(t);
  let most = 1;
  for (const n of held.values()) most = Math.max(most, n);
  const ticks: Tick[] = [];
  for (const [k, n] of held) {
    const b = L.bands[k];
    if (!b) continue;
    const [outer, inner] = trackRing(g, L.surfaces, b.firstTrack, b.tracks, 0);
    ticks.push({ r: (outer + inner) / 2, alpha: 0.45 + 0.55 * (n / most) });
  }
  const profile = tickProfile(ticks, 2, 1 / devicePixels(ctx));
  if (profile) fillTickStrip(ctx, g.cx, g.cy, Math.PI - TICK, Math.PI + TICK, profile, SMR_COLOUR.dirty);
  // The media cache, lit by the latest append for a revolution.
  const cache = trackRing(g, L.surfaces, L.mcFirstTrack, L.mcTracks, 6);
  const last = log.recentAppends(t, at.flashMs)[0];
  ring(ctx, g, cache);
  ctx.globalAlpha = 1;
  ctx.fillStyle = SMR_COLOUR.cache;
  ctx.fill('evenodd');
  if (last) {
    ctx.globalAlpha = 1 - (t - last.timeMs) / at.flashMs;
    ctx.fillStyle = SMR_COLOUR.append;
    ctx.fill('evenodd');
  }
  // The band being cleaned.
  const c = log.cleanAt(t);
  if (c && L.bands[c.band]) {
    const b = L.bands[c.band];
    ring(ctx, g, trackRing(g, L.surfaces, b.firstTrack, b.tracks, 8));
    ctx.globalAlpha = 0.5;
    ctx.fillStyle = SMR_COLOUR.cleaning;
    ctx.fill('evenodd');
    ctx.globalAlpha = 1;
    ctx.strokeStyle = SMR_COLOUR.cleaning;
    ctx.lineWidth = 2;
    ctx.stroke();
  }
  ctx.restore();
}
