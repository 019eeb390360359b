/*
 * timeline.ts — the timeline's rows, pure: one row per request, its time
 * laid end to end from its arrival in the order it was spent (overhead,
 * queue wait, seek, rotational wait, media transfer, head/track switches,
 * bus), each duration the engine's (sp_result), cut at the playback clock so
 * the rows grow as the run plays.
 */
import { SEGMENTS, type Segment } from '../colours';
import type { LegendItem } from '../../charts';

/** The timeline's key: each part's colour, its letter as drawn on the bars, and its name. */
export const TIMELINE_LEGEND: readonly LegendItem[] = SEGMENTS.map((s) => ({ key: s.key, label: `${s.letter} ${s.label}`, colour: s.colour, shape: 'box' }));

export interface TimelineSegment {
  key: Segment['key'];
  label: string;
  /** Simulated ms. */
  start: number;
  end: number;
  /** The engine's duration (uncut). */
  ms: number;
}

export interface TimelineRow {
  id: number;
  arriveMs: number;
  isWrite: boolean;
  sectors: number;
  lbn?: number;
  /** Present once the request has completed at the playback's moment. */
  completeMs?: number;
  /** When the engine completes it, once the engine has reported it (the playback may not be there yet). */
  finishMs?: number;
  responseMs?: number;
  segments: TimelineSegment[];
}

/** The fields of one sp_result the timeline needs. */
export type ResultGetter = (field: Segment['field'] | 'arrivalMs' | 'completeMs' | 'responseMs' | 'lbn' | 'sectors' | 'isWrite') => number;

/**
 * Segments of a completed request, end to end from its arrival, without the
 * empty ones, cut at `now` (a segment starting after `now` is left out).
 */
export function requestSegments(get: ResultGetter, now = Infinity): TimelineSegment[] {
  const out: TimelineSegment[] = [];
  let t = get('arrivalMs');
  for (const s of SEGMENTS) {
    const ms = get(s.field);
    if (!(ms > 0)) continue;
    const start = t;
    t += ms;
    if (start >= now) break;
    out.push({ key: s.key, label: s.label, start, end: Math.min(t, now), ms });
  }
  return out;
}

/** The time window [t0, t1] the rows are drawn in: from the oldest arrival to now (at least `minSpan`). */
export function timelineWindow(rows: readonly TimelineRow[], now: number, minSpan: number): [number, number] {
  if (rows.length === 0) return [Math.max(0, now - minSpan), Math.max(now, minSpan)];
  const t0 = Math.min(...rows.map((r) => r.arriveMs));
  const t1 = Math.max(now, t0 + minSpan);
  return [t0, t1];
}
