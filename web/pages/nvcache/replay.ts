/*
 * replay.ts — what the page shows at a moment of a run, from the engine's
 * records alone (pure functions, no DOM): the FQueue's entries replayed from
 * its FQ events (the occupancy the bars draw is the sum of the entries, which
 * must equal the engine's own count in each event), the decision in force,
 * the Request Queue and the devices' operations under way, the CDF of the
 * engine's write-latency histogram, and the write seek distances of Fig. 3.
 */
import type { DecisionRec, DeviceOp, FqEvent, HostRequest, LatencyDist, Outcome, TrackPlace } from './protocol';

export interface FqEntry {
  req: number;
  lbn: number;
  sectors: number;
  addedMs: number;
  /** Its write-back to the disk is under way (flush or purge). */
  writing: boolean;
  /** Where it will be written back on the platter. */
  place?: TrackPlace;
}

export interface FqState {
  entries: FqEntry[];
  /** Sum of the entries' sectors (what the bars draw). */
  occupancy: number;
  /** The engine's count in the last add/remove event applied (-1: none yet). */
  engineOccupancy: number;
  flushing: boolean;
  /** FQ events applied (the first `applied` of the list). */
  applied: number;
}

/** The FQueue after the FQ events with time <= t (or the first `upTo` of them when given). */
export function fqAt(events: readonly FqEvent[], t: number, upTo = Infinity): FqState {
  const entries: FqEntry[] = [];
  let engineOccupancy = -1, flushing = false, applied = 0;
  for (const e of events) {
    if (e.timeMs > t || applied >= upTo) break;
    applied++;
    if (e.kind === 'add') {
      entries.push({ req: e.req, lbn: e.lbn, sectors: e.sectors, addedMs: e.timeMs, writing: false, place: e.place });
      engineOccupancy = e.occupancy;
    } else if (e.kind === 'remove') {
      const i = entries.findIndex((x) => x.req === e.req && x.lbn === e.lbn);
      if (i >= 0) entries.splice(i, 1);
      engineOccupancy = e.occupancy;
    } else if (e.kind === 'writeback') {
      // The engine writes back the oldest entry not already being written.
      const x = entries.find((y) => !y.writing && y.lbn === e.lbn && y.sectors === e.sectors);
      if (x) x.writing = true;
    } else {
      flushing = e.reason === 'begin';
    }
  }
  return { entries, occupancy: entries.reduce((s, x) => s + x.sectors, 0), engineOccupancy, flushing, applied };
}

/** How many of the FQ events fqAt applies at t (those at or before it): the FQueue is the same while this is. */
export function fqEventsTo(events: readonly FqEvent[], t: number): number {
  let lo = 0, hi = events.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (events[mid].timeMs <= t) lo = mid + 1; else hi = mid;
  }
  return lo;
}

/** Index of the last decision made at or before t (-1: none yet). */
export function decisionIndexAt(decisions: readonly DecisionRec[], t: number): number {
  let lo = 0, hi = decisions.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (decisions[mid].timeMs <= t) lo = mid + 1; else hi = mid;
  }
  return lo - 1;
}

/** Requests waiting in the Request Queue at t (arrived, not yet issued). */
export function queuedAt(requests: readonly HostRequest[], t: number): HostRequest[] {
  return requests.filter((r) => r.arrivalMs <= t && r.issueMs > t);
}

/** The operation each device is doing at t, if any. */
export function opsAt(ops: readonly DeviceOp[], t: number): { disk?: DeviceOp; flash?: DeviceOp } {
  const out: { disk?: DeviceOp; flash?: DeviceOp } = {};
  for (const o of ops) {
    if (o.startMs > t) break;
    if (o.endMs > t) out[o.device] = o;
  }
  return out;
}

/** Writes completed by t. */
export function writesDoneAt(requests: readonly HostRequest[], t: number): number {
  let n = 0;
  for (const r of requests) if (r.write && r.completeMs <= t) n++;
  return n;
}

/** The CDF of the engine's histogram: (upper bin edge, fraction at or below). */
export function cdfPoints(l: LatencyDist): { x: number; y: number }[] {
  const total = l.counts.reduce((s, c) => s + c, 0);
  if (total === 0) return [];
  const out = [{ x: 0, y: 0 }];
  let cum = 0;
  l.counts.forEach((c, i) => {
    cum += c;
    if (c > 0 || i === l.counts.length - 1) out.push({ x: (i + 1) * l.binMs, y: cum / total });
  });
  return out;
}

export interface SeekPoint {
  req: number;
  timeMs: number;
  /** |LBA difference| from the previous write, in sectors. */
  distance: number;
  outcome: Outcome;
}

/** Fig. 3: each write's seek distance from the previous write (absolute LBA difference), with its decision. */
export function writeSeeks(requests: readonly HostRequest[], decisions: readonly DecisionRec[]): SeekPoint[] {
  const outcome = new Map(decisions.map((d) => [d.req, d.outcome]));
  const out: SeekPoint[] = [];
  let prev = -1;
  for (const r of requests) {
    if (!r.write) continue;
    if (prev >= 0) out.push({ req: r.id, timeMs: r.arrivalMs, distance: Math.abs(r.lbn - prev), outcome: outcome.get(r.id) ?? 'disk' });
    prev = r.lbn;
  }
  return out;
}

/** Periods when the Request Queue is empty (no request arrived and not yet issued): the paper's idle time, where purging happens. */
export function idleIntervals(requests: readonly HostRequest[], endMs: number): { from: number; to: number }[] {
  const byArrival = [...requests].sort((a, b) => a.arrivalMs - b.arrivalMs);
  const out: { from: number; to: number }[] = [];
  let busyUntil = 0;
  for (const r of byArrival) {
    if (r.arrivalMs > busyUntil) out.push({ from: busyUntil, to: r.arrivalMs });
    busyUntil = Math.max(busyUntil, r.issueMs);
  }
  if (endMs > busyUntil) out.push({ from: busyUntil, to: endMs });
  return out;
}

/** Flush episodes: from each FLUSH begin to its end (or the run's end). */
export function flushEpisodes(events: readonly FqEvent[], endMs: number): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
  let open = -1;
  for (const e of events) {
    if (e.kind !== 'flush') continue;
    if (e.reason === 'begin') open = e.timeMs;
    else if (open >= 0) { out.push({ from: open, to: e.timeMs }); open = -1; }
  }
  if (open >= 0) out.push({ from: open, to: endMs });
  return out;
}
