/*
 * platterMarks.ts — what the stage marks on an Atropos run's platters, pure:
 * where each shown track's lane is drawn (the quadrangle's tracks lie on one
 * or a few adjacent cylinders, a fraction of a pixel apart at the platter's
 * scale, so each gets a lane of its own near its true radius), and how much
 * of each table cell the head has read by an instant, from the engine's
 * TRANSFER events played so far (first slot, slots passed, start, duration).
 */
import { EventKind } from '../../../engine-wasm/binding/constants';
import type { EventSeq } from '../../run/runData';
import type { CellPiece } from './protocol';

/**
 * Lane centres for tracks wanted at radii `want` (outermost first): each at
 * its radius unless that would overlap the lane outside it; a group of
 * lanes pushed together is then centred on its tracks' mean radius (without
 * reaching the group outside it), and the whole set kept in [lo, hi].
 */
export function laneRadii(want: readonly number[], laneW: number, lo: number, hi: number): number[] {
  const r: number[] = [];
  want.forEach((w, i) => r.push(i === 0 ? w : Math.min(w, r[i - 1] - laneW)));
  for (let start = 0; start < r.length;) {
    let end = start + 1;
    while (end < r.length && r[end] < want[end]) end++;
    let shift = 0;
    for (let i = start; i < end; i++) shift += (want[i] - r[i]) / (end - start);
    if (start > 0) shift = Math.min(shift, r[start - 1] - laneW - r[start]);
    for (let i = start; i < end; i++) r[i] += Math.max(0, shift);
    start = end;
  }
  const top = Math.max(...r) + laneW / 2 - hi;
  const bottom = lo - (Math.min(...r) - laneW / 2);
  const move = top > 0 ? -top : bottom > 0 ? bottom : 0;
  return r.map((x) => x + move);
}

/** Sectors of [b0, b0 + bn) that fall in [a0, a0 + an) on a track of `slots` slots (ranges may wrap past the end). */
export function cyclicOverlap(a0: number, an: number, b0: number, bn: number, slots: number): number {
  let o = 0;
  for (const k of [-slots, 0, slots]) o += Math.max(0, Math.min(a0 + an, b0 + k + bn) - Math.max(a0, b0 + k));
  return o;
}

/** One TRANSFER event: the slots it passes on one track, and when. */
export interface TransferSpan {
  t0: number;
  dur: number;
  firstSlot: number;
  slots: number;
}

/** A track of a run: its disk, cylinder and surface. */
export const trackKey = (disk: number, cyl: number, surface: number): string => `${disk}:${cyl}:${surface}`;

/** The run's transfers by track (disk, cylinder, surface), in time order. */
export function transfersByTrack(events: Pick<EventSeq, 'count' | 'kind' | 'time' | 'dur' | 'disk' | 'cyl' | 'surface' | 'a' | 'b'>): Map<string, TransferSpan[]> {
  const out = new Map<string, TransferSpan[]>();
  for (let i = 0; i < events.count; i++) {
    if (events.kind(i) !== EventKind.Transfer) continue;
    const key = trackKey(events.disk(i), events.cyl(i), events.surface(i));
    const list = out.get(key) ?? [];
    list.push({ t0: events.time(i), dur: events.dur(i), firstSlot: events.a(i), slots: events.b(i) });
    out.set(key, list);
  }
  return out;
}

/** The fraction (0..1) of a cell piece read by time `t`: the slots of its track's transfers the head has passed. */
export function readFraction(piece: Pick<CellPiece, 'slot' | 'sectors'>, slots: number, spans: readonly TransferSpan[] | undefined, t: number): number {
  if (!spans || piece.sectors <= 0) return 0;
  let got = 0;
  for (const s of spans) {
    if (s.t0 >= t) break;
    const passed = s.dur > 0 ? Math.min(s.slots, (s.slots * (t - s.t0)) / s.dur) : s.slots;
    got += cyclicOverlap(s.firstSlot, passed, piece.slot, piece.sectors, slots);
  }
  return Math.min(1, got / piece.sectors);
}
