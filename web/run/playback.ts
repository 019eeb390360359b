/*
 * playback.ts — the run played back on a clock. A cursor walks the engine's
 * event stream in order; each event applied updates what the panels show:
 * the host and disk queues (QUEUE_HOST, QUEUE_DISK, DISPATCH, CACHE_HIT,
 * COMPLETE), the request in service, the arm's movement (SEEK, CYL_SWITCH,
 * HEAD_SWITCH), the rotational wait and the sectors transferred (ROTATE,
 * TRANSFER, READ_AHEAD), the bus (BUS). Nothing is simulated here: between
 * two events the platter's angle is the last event's angle advanced at the
 * engine's revolution time, and the arm follows the engine's seek curve.
 *
 * Pure (no DOM): the browser's animation loop and the unit tests drive it.
 */
import { EventKind } from '../../engine-wasm/binding/constants';
import { wrap01 } from '../panels/platter/geometry';
import { seekTravel } from '../panels/live/arm';
import type { RunData } from './runData';

export interface QueueEntry {
  id: number;
  /** The media half of an immediately reported write. */
  destage: boolean;
  sectors: number;
  isWrite: boolean;
  cyl: number;
  surface: number;
  arriveMs: number;
  queuedMs: number;
}

/** A movement of the head: a seek, a cylinder switch or a head switch (one event). */
export interface Motion {
  index: number;
  kind: EventKind.Seek | EventKind.CylSwitch | EventKind.HeadSwitch;
  t0: number;
  dur: number;
  fromCyl: number;
  toCyl: number;
  fromSurface: number;
  toSurface: number;
  req: number;
}

/** Media work on one track: a rotational wait, a transfer or a read-ahead (one event). */
export interface MediaWork {
  index: number;
  kind: EventKind.Rotate | EventKind.Transfer | EventKind.ReadAhead;
  t0: number;
  dur: number;
  cyl: number;
  surface: number;
  /** Transfer / read-ahead: first slot and slots passed; rotate: the slot awaited and the slots of the transfer that follows. */
  firstSlot: number;
  slots: number;
  /** Platter angle at which `firstSlot` begins (for a rotate: the angle of the transfer it waits for, the engine's). */
  firstAngle: number;
  req: number;
}

export interface BusWork {
  index: number;
  t0: number;
  dur: number;
  req: number;
  sectors: number;
  isWrite: boolean;
}

interface ReqInfo {
  arriveMs: number;
  sectors: number;
  isWrite: boolean;
  cyl: number;
  surface: number;
  busSeen: boolean;
}

const RECENT = 14;
const LOOKAHEAD = 256;

export class Playback {
  /** Events applied: events[0 .. cursor-1]. */
  cursor = 0;
  /** The playback clock, simulated ms. */
  timeMs = 0;
  /** COMPLETE events applied. */
  completed = 0;
  host: QueueEntry[] = [];
  disk: QueueEntry[] = [];
  /** The request the mechanism is serving, or -1. */
  service = -1;
  serviceDestage = false;
  motion: Motion | null = null;
  media: MediaWork | null = null;
  bus: BusWork | null = null;
  /** Transfers of the request in service already finished (pieces lit on their tracks). */
  done: MediaWork[] = [];
  /** Most recently arrived request ids, oldest first. */
  recent: number[] = [];
  /** Settled head position: where the last movement started went to. */
  headCyl: number;
  headSurface: number;
  private reqs = new Map<number, ReqInfo>();

  constructor(readonly data: RunData) {
    this.headCyl = data.info.disk.headCyl;
    this.headSurface = data.info.disk.headSurface;
  }

  get revolutionMs(): number {
    return this.data.info.disk.revolutionMs;
  }

  /** What the ARRIVE event said of a request still in flight. */
  arrivalOf(id: number): { arriveMs: number; sectors: number; isWrite: boolean } | undefined {
    return this.reqs.get(id);
  }

  /** Index of the last applied event, or -1. */
  get lastIndex(): number {
    return this.cursor - 1;
  }

  /** Time of the last event received (the clock cannot pass it while the run streams). */
  get horizonMs(): number {
    const n = this.data.eventCount;
    return n > 0 ? this.data.events.time(n - 1) : 0;
  }

  /** True when every event of the run has been applied. */
  get atEnd(): boolean {
    return this.data.done && this.cursor >= this.data.eventCount;
  }

  /** Every event played and the clock past the last one: nothing more to show. */
  get finished(): boolean {
    return this.atEnd && this.timeMs >= this.horizonMs;
  }

  /** Applies event i (must be events[cursor]). */
  private apply(i: number): void {
    const ev = this.data.events;
    const kind = ev.kind(i) as EventKind;
    const t = ev.time(i);
    const req = ev.req(i);
    switch (kind) {
      case EventKind.Arrive: {
        this.reqs.set(req, { arriveMs: t, sectors: ev.a(i), isWrite: ev.b(i) !== 0, cyl: ev.cyl(i), surface: ev.surface(i), busSeen: false });
        this.recent.push(req);
        if (this.recent.length > RECENT) this.recent.shift();
        break;
      }
      case EventKind.QueueHost:
        this.host.push(this.entry(req, t, false));
        break;
      case EventKind.QueueDisk: {
        const hi = this.host.findIndex((q) => q.id === req);
        if (hi >= 0) this.host.splice(hi, 1);
        const info = this.reqs.get(req);
        // A write already answered from the buffer comes back as its destage.
        this.disk.push(this.entry(req, t, info ? info.busSeen && info.isWrite : false));
        break;
      }
      case EventKind.Dispatch: {
        const di = this.disk.findIndex((q) => q.id === req);
        const entry = di >= 0 ? this.disk.splice(di, 1)[0] : undefined;
        this.service = req;
        this.serviceDestage = entry?.destage ?? false;
        this.done = [];
        this.media = null;
        break;
      }
      case EventKind.Destage:
        this.serviceDestage = true;
        break;
      case EventKind.CacheHit: {
        const di = this.disk.findIndex((q) => q.id === req && !q.destage);
        if (di >= 0) this.disk.splice(di, 1);
        break;
      }
      case EventKind.Seek:
      case EventKind.CylSwitch:
      case EventKind.HeadSwitch: {
        const toCyl = ev.cyl(i);
        const toSurface = ev.surface(i);
        const fromCyl = kind === EventKind.HeadSwitch ? toCyl : ev.a(i);
        const fromSurface = kind === EventKind.HeadSwitch ? ev.a(i) : kind === EventKind.Seek ? ev.b(i) : this.headSurface;
        this.motion = { index: i, kind, t0: t, dur: ev.dur(i), fromCyl, toCyl, fromSurface, toSurface, req };
        this.headCyl = toCyl;
        this.headSurface = toSurface;
        this.finishMedia();
        break;
      }
      case EventKind.Rotate: {
        this.finishMedia();
        const next = this.transferAfter(i);
        this.media = {
          index: i, kind, t0: t, dur: ev.dur(i), cyl: ev.cyl(i), surface: ev.surface(i), firstSlot: ev.a(i),
          slots: next >= 0 ? ev.b(next) : 1,
          firstAngle: next >= 0 ? ev.angle(next) : wrap01(ev.angle(i) + ev.dur(i) / this.revolutionMs), req,
        };
        break;
      }
      case EventKind.Transfer:
      case EventKind.ReadAhead: {
        this.finishMedia();
        this.media = {
          index: i, kind, t0: t, dur: ev.dur(i), cyl: ev.cyl(i), surface: ev.surface(i), firstSlot: ev.a(i), slots: ev.b(i),
          firstAngle: ev.angle(i), req,
        };
        break;
      }
      case EventKind.Bus: {
        const info = this.reqs.get(req);
        if (info) info.busSeen = true;
        this.bus = { index: i, t0: t, dur: ev.dur(i), req, sectors: ev.a(i), isWrite: ev.b(i) !== 0 };
        break;
      }
      case EventKind.Complete: {
        this.completed++;
        this.host = this.host.filter((q) => q.id !== req);
        this.disk = this.disk.filter((q) => q.id !== req || q.destage);
        this.reqs.delete(req);
        break;
      }
      default:
        break;
    }
    this.cursor = i + 1;
  }

  /** Keeps a finished transfer of the request in service on screen. */
  private finishMedia(): void {
    const m = this.media;
    if (m && m.kind === EventKind.Transfer && m.req === this.service) this.done.push(m);
    this.media = null;
  }

  /** The transfer a ROTATE waits for (the next TRANSFER of its request), or -1. */
  private transferAfter(i: number): number {
    const ev = this.data.events;
    const req = ev.req(i);
    const end = Math.min(this.data.eventCount, i + LOOKAHEAD);
    for (let j = i + 1; j < end; j++) {
      if (ev.kind(j) === EventKind.Transfer && ev.req(j) === req) return j;
    }
    return -1;
  }

  private entry(id: number, t: number, destage: boolean): QueueEntry {
    const r = this.reqs.get(id);
    return {
      id, destage, queuedMs: t,
      sectors: r?.sectors ?? 0, isWrite: r?.isWrite ?? false, cyl: r?.cyl ?? 0, surface: r?.surface ?? 0,
      arriveMs: r?.arriveMs ?? t,
    };
  }

  /** Moves the clock to `t`, applying every event up to it. Returns the number applied. */
  advanceTo(t: number): number {
    const ev = this.data.events;
    const n = this.data.eventCount;
    let applied = 0;
    while (this.cursor < n && ev.time(this.cursor) <= t) {
      this.apply(this.cursor);
      applied++;
    }
    const limit = this.data.done || this.data.eventsStopped ? Math.max(this.horizonMs, this.timeMs) : this.horizonMs;
    this.timeMs = Math.max(this.timeMs, Math.min(t, limit));
    return applied;
  }

  /** Applies exactly one event (if one has arrived); the clock moves to its time. */
  stepEvent(): boolean {
    if (this.cursor >= this.data.eventCount) return false;
    const i = this.cursor;
    this.apply(i);
    this.timeMs = Math.max(this.timeMs, this.data.events.time(i));
    return true;
  }

  /** Applies events up to and including the next COMPLETE. Returns the events applied. */
  stepRequest(): number {
    let applied = 0;
    const ev = this.data.events;
    while (this.cursor < this.data.eventCount) {
      const k = ev.kind(this.cursor);
      this.stepEvent();
      applied++;
      if (k === EventKind.Complete) break;
    }
    return applied;
  }

  /** The platter's angle now: the last event's angle (the engine's) turned on by the time since. */
  platterAngle(): number {
    const i = this.cursor - 1;
    if (i < 0) return wrap01(this.timeMs / this.revolutionMs);
    const ev = this.data.events;
    return wrap01(ev.angle(i) + (this.timeMs - ev.time(i)) / this.revolutionMs);
  }

  /** The head's cylinder now, fractional during a seek or a cylinder switch. */
  headCylNow(): number {
    const m = this.motion;
    if (!m || m.kind === EventKind.HeadSwitch || this.timeMs >= m.t0 + m.dur) return this.headCyl;
    const f = m.dur > 0 ? (this.timeMs - m.t0) / m.dur : 1;
    const D = Math.abs(m.toCyl - m.fromCyl);
    const disk = this.data.info.disk;
    const x = m.kind === EventKind.Seek ? seekTravel(disk.seekDistances, disk.seekMs, D, f) : D * Math.min(1, Math.max(0, f));
    return m.fromCyl + Math.sign(m.toCyl - m.fromCyl) * x;
  }

  /** The movement under way now, if any. */
  activeMotion(): Motion | null {
    const m = this.motion;
    return m && this.timeMs < m.t0 + m.dur ? m : null;
  }

  /** The rotational wait, transfer or read-ahead under way now, if any. */
  activeMedia(): MediaWork | null {
    const m = this.media;
    return m && this.timeMs < m.t0 + m.dur ? m : null;
  }

  activeBus(): BusWork | null {
    const b = this.bus;
    return b && this.timeMs < b.t0 + b.dur ? b : null;
  }

  /** The request the scheduler dispatches next (the next DISPATCH in the stream), or -1. */
  nextDispatch(): number {
    const ev = this.data.events;
    const end = Math.min(this.data.eventCount, this.cursor + 4 * LOOKAHEAD);
    for (let j = this.cursor; j < end; j++) if (ev.kind(j) === EventKind.Dispatch) return ev.req(j);
    return -1;
  }
}
