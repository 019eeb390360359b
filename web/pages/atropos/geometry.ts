/*
 * geometry.ts — drawing geometry of the Atropos page, pure: the head path
 * (segments in angle × track row) from the engine's events, the wrap of an
 * angle range at 1, the one-revolution budget bar's pieces from
 * sp_volume_info, and the semi-sequential check the page states. No engine
 * numbers are made here: angles, durations and slacks are the engine's.
 */
import type { HeadEvent, TrackView } from './protocol';

export type SegmentKind = 'seek' | 'wait' | 'transfer' | 'switch' | 'skew';

/** One piece of the head path: from (x0, y0) to (x0 + dx, y1); x in revolutions (unwrapped), y a track row (-1: off the view). */
export interface Segment {
  kind: SegmentKind;
  req: number;
  logical: number;
  timeMs: number;
  durMs: number;
  x0: number;
  dx: number;
  y0: number;
  y1: number;
  /** From the engine's event kind (ROTATE for 'wait' and 'skew'). */
  event: HeadEvent['kind'];
}

/** The row of a head position among the shown tracks, -1 if it is not one of them. */
export function rowOf(tracks: readonly TrackView[], cyl: number, surface: number): number {
  return tracks.findIndex((t) => t.cyl === cyl && t.surface === surface);
}

/**
 * The head path of one disk. A ROTATE right after a head or cylinder switch
 * that lasts no longer than `skewMs` is the rest of the track skew (the skew
 * is a little longer than the switch), drawn as part of the switch ('skew');
 * any other ROTATE is a rotational wait ('wait', drawn dashed).
 */
export function headPath(events: readonly HeadEvent[], tracks: readonly TrackView[], revolutionMs: number, skewMs: number): Segment[] {
  const out: Segment[] = [];
  let prev: HeadEvent | undefined;
  for (const e of events) {
    if (e.kind === 'overhead') continue;
    const y1 = rowOf(tracks, e.cyl, e.surface);
    const y0 = e.kind === 'seek' || e.kind === 'headSwitch' || e.kind === 'cylSwitch' ? rowOf(tracks, e.fromCyl, e.fromSurface) : y1;
    let kind: SegmentKind;
    if (e.kind === 'seek') kind = 'seek';
    else if (e.kind === 'transfer') kind = 'transfer';
    else if (e.kind === 'rotate') {
      const afterSwitch = prev !== undefined && (prev.kind === 'headSwitch' || prev.kind === 'cylSwitch');
      kind = afterSwitch && e.durMs <= skewMs ? 'skew' : 'wait';
    } else kind = 'switch';
    out.push({ kind, req: e.req, logical: e.logical, timeMs: e.timeMs, durMs: e.durMs, x0: e.angle, dx: e.durMs / revolutionMs, y0, y1, event: e.kind });
    prev = e;
  }
  return out;
}

/** An angle range [x0, x0 + dx] (revolutions) cut at whole turns into pieces inside [0, 1]: [from, to] pairs, with the fraction of dx where each starts and ends. */
export function wrapPieces(x0: number, dx: number): { a: number; b: number; f0: number; f1: number }[] {
  const out: { a: number; b: number; f0: number; f1: number }[] = [];
  if (!(dx > 0)) {
    const a = x0 - Math.floor(x0);
    return [{ a, b: a, f0: 0, f1: 1 }];
  }
  let start = x0;
  const end = x0 + dx;
  let guard = 0;
  while (start < end - 1e-12 && guard++ < 64) {
    const turn = Math.floor(start + 1e-12);
    const stop = Math.min(end, turn + 1);
    out.push({ a: start - turn, b: stop - turn, f0: (start - x0) / dx, f1: (stop - x0) / dx });
    start = stop;
  }
  return out;
}

/** The one-revolution budget of a quadrangle column, in sectors (every figure from sp_volume_info). */
export interface Budget {
  N: number;
  /** d·b sectors transferred. */
  transfer: number;
  /** The positioning the exact check counts: the d - 1 switches down the column and the wrap back (N - slack - d·b). */
  positioning: number;
  /** Sectors left in the revolution (the worst column's exact cyclic slack), or overflow when negative. */
  slack: number;
  ok: boolean;
  /** The bar's full scale: N, or more when it overflows. */
  scale: number;
}

export function budget(info: { N: number; d: number; b: number; slackSectors: number; cyclicOk: number }): Budget {
  const transfer = info.d * info.b;
  const used = info.N - info.slackSectors;
  return {
    N: info.N, transfer, positioning: used - transfer, slack: info.slackSectors, ok: info.cyclicOk === 1 && info.slackSectors >= 0,
    scale: Math.max(info.N, used),
  };
}

/**
 * The semi-sequential check of one batch (one logical request) on the drawn
 * path: the rotational waits after its first transfer. Without a broken
 * wrap there is none but at most one, right after the switch back to row 0,
 * no longer than the quadrangle's slack; and the batch ends within one
 * revolution of its first transfer.
 */
export function batchWaits(path: readonly Segment[], logical: number): { afterFirst: Segment[]; spanMs: number } {
  const mine = path.filter((s) => s.logical === logical);
  const first = mine.findIndex((s) => s.kind === 'transfer');
  if (first < 0) return { afterFirst: [], spanMs: 0 };
  const transfers = mine.filter((s) => s.kind === 'transfer');
  const end = transfers[transfers.length - 1];
  return {
    afterFirst: mine.slice(first + 1).filter((s) => s.event === 'rotate' && s.kind === 'wait'),
    spanMs: end.timeMs + end.durMs - mine[first].timeMs,
  };
}
