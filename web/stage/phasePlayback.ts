/*
 * phasePlayback.ts — a run the stage's clock can play when the engine's
 * answer is each request's phases rather than an event stream: the homework's
 * toy disk (disk.py's times) and the lessons' steps. Its events are the
 * instants the picture changes — a request's seek, rotational wait or
 * transfer begins, or the request completes — each instant once, in time
 * order, so a step always moves the clock. An instant where one request
 * completes and the next begins is a completion (a step to the next
 * completion stops there). `untilMs` keeps only the instants up to a limit:
 * the homework plays no further than its answers shown allow.
 */
import { EventKind } from '../../engine-wasm/binding/constants';
import type { ClockRun, ClockRunData } from './stageClock';

/** One request on the disk: when its seek began and how long each part took (the run's time unit). */
export interface PhasedRequest {
  start: number;
  seek: number;
  rotate: number;
  transfer: number;
}

/** Which kind an instant is when parts begin or end together there: a completion first, then the later part. */
const PRECEDENCE: readonly EventKind[] = [EventKind.Seek, EventKind.Rotate, EventKind.Transfer, EventKind.Complete];

export class PhaseRunData implements ClockRunData {
  readonly info = { startMs: 0 };
  readonly done = true;
  readonly events: { time(i: number): number; kind(i: number): number };
  private readonly times: number[];
  private readonly kinds: number[];

  constructor(requests: readonly PhasedRequest[], untilMs = Infinity) {
    const at = new Map<number, EventKind>();
    const mark = (t: number, kind: EventKind) => {
      if (t > untilMs) return;
      const was = at.get(t);
      if (was === undefined || PRECEDENCE.indexOf(kind) > PRECEDENCE.indexOf(was)) at.set(t, kind);
    };
    for (const r of requests) {
      mark(r.start, EventKind.Seek);
      mark(r.start + r.seek, EventKind.Rotate);
      mark(r.start + r.seek + r.rotate, EventKind.Transfer);
      mark(r.start + r.seek + r.rotate + r.transfer, EventKind.Complete);
    }
    this.times = [...at.keys()].sort((a, b) => a - b);
    this.kinds = this.times.map((t) => at.get(t)!);
    this.events = { time: (i) => this.times[i], kind: (i) => this.kinds[i] };
  }

  get eventCount(): number {
    return this.times.length;
  }
}

export class PhasePlayback implements ClockRun {
  /** Events applied. */
  cursor = 0;
  timeMs = 0;

  constructor(readonly data: PhaseRunData) {}

  get horizonMs(): number {
    const n = this.data.eventCount;
    return n > 0 ? this.data.events.time(n - 1) : 0;
  }

  get finished(): boolean {
    return this.cursor >= this.data.eventCount && this.timeMs >= this.horizonMs;
  }

  /** Moves to `t` (never back, never past the last instant), applying every event up to it. */
  advanceTo(t: number): number {
    const from = this.cursor;
    while (this.cursor < this.data.eventCount && this.data.events.time(this.cursor) <= t) this.cursor++;
    this.timeMs = Math.max(this.timeMs, Math.min(t, this.horizonMs));
    return this.cursor - from;
  }

  /** Applies the next event; the clock moves to its instant. */
  stepEvent(): boolean {
    if (this.cursor >= this.data.eventCount) return false;
    this.timeMs = Math.max(this.timeMs, this.data.events.time(this.cursor));
    this.cursor++;
    return true;
  }

  /** Applies events up to and including the next completion. */
  stepRequest(): number {
    const from = this.cursor;
    while (this.stepEvent() && this.data.events.kind(this.cursor - 1) !== EventKind.Complete) { /* on to the completion */ }
    return this.cursor - from;
  }
}

/** A clock's `open` for phase runs. */
export const openPhases = (data: PhaseRunData) => new PhasePlayback(data);
