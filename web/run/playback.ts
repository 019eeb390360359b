/*
 * playback.ts — the run played back on a clock. A cursor walks the engine's
 * event stream in order; each event applied updates what the panels show,
 * keyed by the device the event names (sp_event.disk): per device, its
 * command FIFO and disk queue (QUEUE_HOST, QUEUE_DISK, DISPATCH, CACHE_HIT,
 * COMPLETE), the request in service, the arm's movement (SEEK, CYL_SWITCH,
 * HEAD_SWITCH), the rotational wait and the sectors transferred (ROTATE,
 * TRANSFER, READ_AHEAD), the bus (BUS); and, above the devices, the host
 * queue of logical requests (HOST_ARRIVE, HOST_QUEUE, HOST_ISSUE,
 * HOST_COMPLETE), each issued one with its device requests (the events'
 * `logical`). Nothing is simulated here: between two events of a device its
 * platter's angle is that event's angle advanced at the device's revolution
 * time, and its arm follows its own seek curve.
 *
 * A one-device run (pass-through: no host events) is device 0; the
 * Playback's own head, queue and service fields are device 0's.
 *
 * Pure (no DOM): the browser's animation loop and the unit tests drive it.
 */
import { EventKind } from '../../engine-wasm/binding/constants';
import { wrap01 } from '../panels/platter/geometry';
import { seekTravel } from '../panels/live/arm';
import type { RunDisk } from '../engine/runProtocol';
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
  kind: typeof EventKind.Seek | typeof EventKind.CylSwitch | typeof EventKind.HeadSwitch;
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
  kind: typeof EventKind.Rotate | typeof EventKind.Transfer | typeof EventKind.ReadAhead;
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
  device: number;
  logical: number;
  arriveMs: number;
  sectors: number;
  isWrite: boolean;
  cyl: number;
  surface: number;
  busSeen: boolean;
}

/** A logical request at the host: waiting in the host queue, or issued to the devices. */
export interface LogicalEntry {
  id: number;
  vlbn: number;
  sectors: number;
  isWrite: boolean;
  arriveMs: number;
  /** When it joined the host queue. */
  queuedMs: number;
  /** When it left the host queue for the devices (undefined while waiting). */
  issuedMs?: number;
  /** Device requests it became (HOST_ISSUE's count; 0 while waiting). */
  partCount: number;
  /** Its device requests as they arrived at their devices. */
  parts: LogicalPart[];
}

export interface LogicalPart {
  device: number;
  req: number;
  sectors: number;
  done: boolean;
}

const RECENT = 14;
const LOOKAHEAD = 256;
/** sp_event.disk of the host's events. */
export const HOST_DISK = 0xffff;
/** sp_event.logical / req of an event that belongs to no request (a read-ahead). */
export const NO_REQUEST = 0xffffffff;

/** One device's state at the playback's instant. */
export class DeviceState {
  /** Requests waiting for a command slot at the disk (the driver's per-disk FIFO, QUEUE_HOST). */
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
  /** COMPLETE events of this device applied. */
  completed = 0;
  /** Index of this device's last applied event, or -1. */
  lastEvent = -1;

  constructor(readonly owner: Playback, readonly index: number, readonly spec: RunDisk) {
    this.headCyl = spec.headCyl;
    this.headSurface = spec.headSurface;
  }

  get timeMs(): number {
    return this.owner.timeMs;
  }

  get revolutionMs(): number {
    return this.spec.revolutionMs;
  }

  /** The platter's angle now: this device's last event's angle (the engine's) turned on by the time since. */
  platterAngle(): number {
    const i = this.lastEvent;
    const t = this.owner.timeMs;
    if (i < 0) return wrap01(t / this.revolutionMs);
    const ev = this.owner.data.events;
    return wrap01(ev.angle(i) + (t - ev.time(i)) / this.revolutionMs);
  }

  /** The head's cylinder now, fractional during a seek or a cylinder switch. */
  headCylNow(): number {
    const m = this.motion;
    const t = this.owner.timeMs;
    if (!m || m.kind === EventKind.HeadSwitch || t >= m.t0 + m.dur) return this.headCyl;
    const f = m.dur > 0 ? (t - m.t0) / m.dur : 1;
    const D = Math.abs(m.toCyl - m.fromCyl);
    const x = m.kind === EventKind.Seek ? seekTravel(this.spec.seekDistances, this.spec.seekMs, D, f) : D * Math.min(1, Math.max(0, f));
    return m.fromCyl + Math.sign(m.toCyl - m.fromCyl) * x;
  }

  /** The movement under way now, if any. */
  activeMotion(): Motion | null {
    const m = this.motion;
    return m && this.owner.timeMs < m.t0 + m.dur ? m : null;
  }

  /** The rotational wait, transfer or read-ahead under way now, if any. */
  activeMedia(): MediaWork | null {
    const m = this.media;
    return m && this.owner.timeMs < m.t0 + m.dur ? m : null;
  }

  activeBus(): BusWork | null {
    const b = this.bus;
    return b && this.owner.timeMs < b.t0 + b.dur ? b : null;
  }

  /** The request this device's scheduler dispatches next (its next DISPATCH in the stream), or -1. */
  nextDispatch(): number {
    const data = this.owner.data;
    const ev = data.events;
    const end = Math.min(data.eventCount, this.owner.cursor + 4 * LOOKAHEAD);
    for (let j = this.owner.cursor; j < end; j++) if (ev.kind(j) === EventKind.Dispatch && ev.disk(j) === this.index) return ev.req(j);
    return -1;
  }

  /** Keeps a finished transfer of the request in service on screen. */
  finishMedia(): void {
    const m = this.media;
    if (m && m.kind === EventKind.Transfer && m.req === this.service) this.done.push(m);
    this.media = null;
  }
}

export class Playback {
  /** Events applied: events[0 .. cursor-1]. */
  cursor = 0;
  /** The playback clock, simulated ms. */
  timeMs = 0;
  /** COMPLETE events applied (device requests, every device). */
  completed = 0;
  /** HOST_COMPLETE events applied (logical requests; none in pass-through). */
  logicalCompleted = 0;
  /** Each device's state, in setup order. */
  readonly devices: DeviceState[];
  /** Logical requests waiting in the host queue, in the order they joined it. */
  hostQueue: LogicalEntry[] = [];
  /** Logical requests issued to the devices and not yet complete, in issue order. */
  issued: LogicalEntry[] = [];
  private reqs = new Map<number, ReqInfo>();
  private logicals = new Map<number, LogicalEntry>();
  /** The engine's device index → setup position. */
  private slot = new Map<number, number>();

  constructor(readonly data: RunData) {
    const specs = data.info.devices ?? [data.info.disk];
    this.devices = specs.map((spec, i) => new DeviceState(this, i, spec));
    specs.forEach((spec, i) => this.slot.set(spec.index ?? i, i));
  }

  /** Device `i` (setup order); device 0 when out of range. */
  device(i: number): DeviceState {
    return this.devices[i] ?? this.devices[0];
  }

  // Device 0's state, as the one-device panels read it.
  get host(): QueueEntry[] { return this.devices[0].host; }
  get disk(): QueueEntry[] { return this.devices[0].disk; }
  get service(): number { return this.devices[0].service; }
  get serviceDestage(): boolean { return this.devices[0].serviceDestage; }
  get motion(): Motion | null { return this.devices[0].motion; }
  get media(): MediaWork | null { return this.devices[0].media; }
  get bus(): BusWork | null { return this.devices[0].bus; }
  get done(): MediaWork[] { return this.devices[0].done; }
  get recent(): number[] { return this.devices[0].recent; }
  get headCyl(): number { return this.devices[0].headCyl; }
  get headSurface(): number { return this.devices[0].headSurface; }
  get spec(): RunDisk { return this.devices[0].spec; }

  get revolutionMs(): number {
    return this.devices[0].revolutionMs;
  }

  /** What the ARRIVE event said of a device request still in flight. */
  arrivalOf(id: number): { arriveMs: number; sectors: number; isWrite: boolean; device: number; logical: number } | undefined {
    return this.reqs.get(id);
  }

  /** A logical request the host holds (waiting or issued), by its id. */
  logical(id: number): LogicalEntry | undefined {
    return this.logicals.get(id);
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
    const diskNo = ev.disk(i);
    if (diskNo === HOST_DISK) this.applyHost(i);
    else {
      const at = this.slot.get(diskNo);
      if (at !== undefined) this.applyDevice(i, this.devices[at]);
      // A device not drawn (a flash device beside the disks) still completes requests: the
      // engine's statistics count them, so the statistics "as played" keep step.
      else if (ev.kind(i) === EventKind.Complete) this.completed++;
    }
    this.cursor = i + 1;
  }

  /** A host event: the logical request's way through the host queue. */
  private applyHost(i: number): void {
    const ev = this.data.events;
    const kind = ev.kind(i) as EventKind;
    const t = ev.time(i);
    const id = ev.req(i);
    switch (kind) {
      case EventKind.HostArrive:
        this.logicals.set(id, {
          id, vlbn: ev.cyl(i) * 2 ** 31 + ev.surface(i), sectors: ev.a(i), isWrite: ev.b(i) !== 0,
          arriveMs: t, queuedMs: t, partCount: 0, parts: [],
        });
        break;
      case EventKind.HostQueue: {
        const l = this.logicals.get(id);
        if (l) {
          l.queuedMs = t;
          this.hostQueue.push(l);
        }
        break;
      }
      case EventKind.HostIssue: {
        const qi = this.hostQueue.findIndex((q) => q.id === id);
        const l = qi >= 0 ? this.hostQueue.splice(qi, 1)[0] : this.logicals.get(id);
        if (l) {
          l.issuedMs = t;
          l.partCount = ev.a(i);
          this.issued.push(l);
        }
        break;
      }
      case EventKind.HostComplete: {
        this.logicalCompleted++;
        const k = this.issued.findIndex((q) => q.id === id);
        if (k >= 0) this.issued.splice(k, 1);
        this.logicals.delete(id);
        break;
      }
      default:
        break;
    }
  }

  /** A device event: that device's queues, service, arm and media. */
  private applyDevice(i: number, d: DeviceState): void {
    const ev = this.data.events;
    const kind = ev.kind(i) as EventKind;
    const t = ev.time(i);
    const req = ev.req(i);
    d.lastEvent = i;
    switch (kind) {
      case EventKind.Arrive: {
        const logical = ev.logical(i);
        this.reqs.set(req, { device: d.index, logical, arriveMs: t, sectors: ev.a(i), isWrite: ev.b(i) !== 0, cyl: ev.cyl(i), surface: ev.surface(i), busSeen: false });
        d.recent.push(req);
        if (d.recent.length > RECENT) d.recent.shift();
        const l = this.logicals.get(logical);
        if (l) l.parts.push({ device: d.index, req, sectors: ev.a(i), done: false });
        break;
      }
      case EventKind.QueueHost:
        d.host.push(this.entry(req, t, false));
        break;
      case EventKind.Overhead:
        // a command the driver held leaves the host FIFO when the controller starts on it (a = 0; 1 is its completion)
        if (ev.a(i) === 0) d.host = d.host.filter((q) => q.id !== req);
        break;
      case EventKind.QueueDisk: {
        const hi = d.host.findIndex((q) => q.id === req);
        if (hi >= 0) d.host.splice(hi, 1);
        const info = this.reqs.get(req);
        // A write already answered from the buffer comes back as its destage.
        d.disk.push(this.entry(req, t, info ? info.busSeen && info.isWrite : false));
        break;
      }
      case EventKind.Dispatch: {
        const di = d.disk.findIndex((q) => q.id === req);
        const entry = di >= 0 ? d.disk.splice(di, 1)[0] : undefined;
        d.service = req;
        d.serviceDestage = entry?.destage ?? false;
        d.done = [];
        d.media = null;
        break;
      }
      case EventKind.Destage:
        d.serviceDestage = true;
        break;
      case EventKind.CacheHit: {
        const di = d.disk.findIndex((q) => q.id === req && !q.destage);
        if (di >= 0) d.disk.splice(di, 1);
        break;
      }
      case EventKind.Seek:
      case EventKind.CylSwitch:
      case EventKind.HeadSwitch: {
        const toCyl = ev.cyl(i);
        const toSurface = ev.surface(i);
        const fromCyl = kind === EventKind.HeadSwitch ? toCyl : ev.a(i);
        const fromSurface = kind === EventKind.HeadSwitch ? ev.a(i) : kind === EventKind.Seek ? ev.b(i) : d.headSurface;
        d.motion = { index: i, kind, t0: t, dur: ev.dur(i), fromCyl, toCyl, fromSurface, toSurface, req };
        d.headCyl = toCyl;
        d.headSurface = toSurface;
        d.finishMedia();
        break;
      }
      case EventKind.Rotate: {
        d.finishMedia();
        const next = this.transferAfter(i);
        d.media = {
          index: i, kind, t0: t, dur: ev.dur(i), cyl: ev.cyl(i), surface: ev.surface(i), firstSlot: ev.a(i),
          slots: next >= 0 ? ev.b(next) : 1,
          firstAngle: next >= 0 ? ev.angle(next) : wrap01(ev.angle(i) + ev.dur(i) / d.revolutionMs), req,
        };
        break;
      }
      case EventKind.Transfer:
      case EventKind.ReadAhead: {
        d.finishMedia();
        d.media = {
          index: i, kind, t0: t, dur: ev.dur(i), cyl: ev.cyl(i), surface: ev.surface(i), firstSlot: ev.a(i), slots: ev.b(i),
          firstAngle: ev.angle(i), req,
        };
        break;
      }
      case EventKind.Bus: {
        const info = this.reqs.get(req);
        if (info) info.busSeen = true;
        d.bus = { index: i, t0: t, dur: ev.dur(i), req, sectors: ev.a(i), isWrite: ev.b(i) !== 0 };
        break;
      }
      case EventKind.Complete: {
        this.completed++;
        d.completed++;
        d.host = d.host.filter((q) => q.id !== req);
        d.disk = d.disk.filter((q) => q.id !== req || q.destage);
        const info = this.reqs.get(req);
        const part = info ? this.logicals.get(info.logical)?.parts.find((x) => x.req === req) : undefined;
        if (part) part.done = true;
        this.reqs.delete(req);
        break;
      }
      default:
        break;
    }
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

  /** Device 0's platter angle now. */
  platterAngle(): number {
    return this.devices[0].platterAngle();
  }

  /** Device 0's head cylinder now, fractional during a seek or a cylinder switch. */
  headCylNow(): number {
    return this.devices[0].headCylNow();
  }

  /** Device 0's movement under way now, if any. */
  activeMotion(): Motion | null {
    return this.devices[0].activeMotion();
  }

  /** Device 0's rotational wait, transfer or read-ahead under way now, if any. */
  activeMedia(): MediaWork | null {
    return this.devices[0].activeMedia();
  }

  activeBus(): BusWork | null {
    return this.devices[0].activeBus();
  }

  /** The request device 0's scheduler dispatches next, or -1. */
  nextDispatch(): number {
    return this.devices[0].nextDispatch();
  }
}
