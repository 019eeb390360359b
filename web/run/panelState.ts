/*
 * panelState.ts — what the React panels (queues, timeline, statistics) show
 * at the playback's current instant, computed from the playback a few times
 * a second; and the slow-motion factors a page offers. Shared by the
 * explorer and the experiment pages that play a run.
 */
import { SCHEDULER_NAMES } from '../state/setup';
import { EventKind } from '../../engine-wasm/binding/constants';
import type { QueueItem, QueuesProps } from '../panels/queues/QueuesView';
import { requestSegments, timelineWindow, type TimelineRow } from '../panels/timeline/timeline';
import type { HostQueueProps, LogicalItem } from '../panels/host/HostQueueView';
import type { DeviceState, LogicalEntry, Playback } from './playback';

/** Slow-motion factors offered (simulated time runs 1/slow of real time). */
export const SPEEDS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000];

/** The speeds a picker offers: SPEEDS, plus the current one if a link set another. */
export function speedOptions(slow: number): number[] {
  return SPEEDS.includes(slow) ? SPEEDS : [...SPEEDS, slow].sort((a, b) => a - b);
}

/** The next faster speed (a smaller slow-motion factor), or the fastest. */
export function fasterSpeed(slow: number): number {
  return SPEEDS.slice().reverse().find((v) => v < slow) ?? SPEEDS[0];
}

/** The next slower speed, or the slowest. */
export function slowerSpeed(slow: number): number {
  return SPEEDS.find((v) => v > slow) ?? SPEEDS[SPEEDS.length - 1];
}

function phaseOf(p: Pick<DeviceState, 'activeMotion' | 'activeMedia' | 'activeBus'>): string {
  const m = p.activeMotion();
  if (m) return m.kind === EventKind.Seek ? `seek ${m.fromCyl} → ${m.toCyl}` : m.kind === EventKind.CylSwitch ? 'cylinder switch' : `head switch ${m.fromSurface} → ${m.toSurface}`;
  const w = p.activeMedia();
  if (w) return w.kind === EventKind.Rotate ? 'rotational wait' : w.kind === EventKind.ReadAhead ? 'read-ahead' : 'media transfer';
  return p.activeBus() ? 'bus' : 'done on the media';
}

/** The host queue above the devices: logical requests waiting (vlbn, size) and those issued, with their parts. */
export function hostQueueState(p: Playback): HostQueueProps {
  const data = p.data;
  const host = data.info.host;
  const item = (l: LogicalEntry): LogicalItem => ({
    id: l.id, vlbn: l.vlbn, sectors: l.sectors, isWrite: l.isWrite, ageMs: p.timeMs - (l.issuedMs ?? l.queuedMs),
    partCount: l.partCount,
    parts: l.parts.map((x) => ({ device: x.device, req: x.req, sectors: x.sectors, done: x.done, lbn: lbnOf(p, x.req) })),
  });
  return {
    waiting: p.hostQueue.map(item),
    issued: p.issued.map(item),
    depth: host?.queueDepth ?? 0,
    scheduler: SCHEDULER_NAMES[host?.scheduler ?? 0] ?? '?',
    policy: host?.policy ?? 'identity',
    completed: p.logicalCompleted,
  };
}

function lbnOf(p: Playback, id: number): number | undefined {
  const k = p.data.resultIndex(id);
  return k >= 0 ? p.data.results.get(k, 'lbn') : undefined;
}

/** What the React panels show, from the playback (computed a few times a second), for one device (device 0 by default). */
export function panelState(p: Playback, device = 0) {
  const data = p.data;
  const d = p.device(device);
  const lbnOf = (id: number) => {
    const k = data.resultIndex(id);
    return k >= 0 ? data.results.get(k, 'lbn') : undefined;
  };
  const item = (q: DeviceState['host'][number]): QueueItem => ({
    id: q.id, destage: q.destage, isWrite: q.isWrite, sectors: q.sectors, cyl: q.cyl, lbn: lbnOf(q.id), ageMs: p.timeMs - q.queuedMs,
  });
  const svc = d.service;
  const svcResult = svc >= 0 ? data.resultIndex(svc) : -1;
  const bus = d.activeBus();
  const queues: QueuesProps = {
    host: d.host.map(item),
    disk: d.disk.map(item),
    queueDepth: d.spec.params.QueueDepth,
    scheduler: SCHEDULER_NAMES[d.spec.params.Scheduler] ?? '?',
    next: d.nextDispatch(),
    service: svc >= 0 ? {
      id: svc, destage: d.serviceDestage, phase: phaseOf(d), lbn: lbnOf(svc), cyl: d.headCyl,
      isWrite: svcResult >= 0 ? data.results.get(svcResult, 'isWrite') !== 0 : undefined,
    } : undefined,
    bus: bus ? { id: bus.req, isWrite: bus.isWrite, sectors: bus.sectors } : undefined,
  };
  const rows: TimelineRow[] = d.recent.map((id) => {
    const k = data.resultIndex(id);
    if (k < 0) {
      const a = p.arrivalOf(id);
      return { id, arriveMs: a?.arriveMs ?? p.timeMs, isWrite: a?.isWrite ?? false, sectors: a?.sectors ?? 0, segments: [] };
    }
    const r = data.results;
    const get = (f: Parameters<typeof requestSegments>[0] extends (x: infer F) => number ? F : never) => r.get(k, f);
    const complete = r.get(k, 'completeMs');
    return {
      id, arriveMs: r.get(k, 'arrivalMs'), isWrite: r.get(k, 'isWrite') !== 0, sectors: r.get(k, 'sectors'), lbn: r.get(k, 'lbn'),
      completeMs: complete <= p.timeMs ? complete : undefined, finishMs: complete, responseMs: complete <= p.timeMs ? r.get(k, 'responseMs') : undefined,
      segments: requestSegments(get, p.timeMs),
    };
  });
  const [t0, t1] = timelineWindow(rows, p.timeMs, d.spec.revolutionMs);
  const snapshot = p.atEnd ? data.finalSnapshot ?? data.snapshotAt(p.completed) : data.snapshotAt(p.completed);
  return { queues, rows, t0, t1, now: p.timeMs, snapshot, final: p.atEnd && !!data.finalSnapshot, device: d.index, host: hostQueueState(p) };
}
