/*
 * QueuesView — the host queue and the on-disk queue as the event stream
 * leaves them (QUEUE_HOST, QUEUE_DISK, DISPATCH, CACHE_HIT, COMPLETE): each
 * request with its id, read or write, LBN (once the engine has reported it),
 * size, target cylinder and age; the request the scheduler dispatches next
 * marked; the request in service and the bus below. A thin component: it is
 * handed everything it shows.
 */
import { memo } from 'react';
import { formatInt } from '../../lib/format';
import { SEGMENT } from '../colours';

export interface QueueItem {
  id: number;
  destage: boolean;
  isWrite: boolean;
  sectors: number;
  cyl: number;
  lbn?: number;
  ageMs: number;
}

export interface QueuesProps {
  host: readonly QueueItem[];
  disk: readonly QueueItem[];
  queueDepth: number;
  scheduler: string;
  /** The request the scheduler picks next, or -1. */
  next: number;
  service?: { id: number; destage: boolean; phase: string; lbn?: number; isWrite?: boolean; sectors?: number; cyl: number };
  bus?: { id: number; isWrite: boolean; sectors: number };
  /** The title of the first list (the driver's per-disk FIFO): "Host queue" for one disk. */
  fifoTitle?: string;
}

const MAX_SHOWN = 8;

function Row({ q, next }: { q: QueueItem; next: boolean }) {
  const what = q.destage ? 'destage' : q.isWrite ? 'W' : 'R';
  return (
    <li className={next ? 'next' : undefined} data-req={q.id} data-next={next ? 'true' : undefined}
      title={`#${q.id}: ${q.destage ? 'destage of an immediately reported write' : q.isWrite ? 'write' : 'read'}, ${q.sectors} sectors${q.lbn === undefined ? '' : ` at LBN ${q.lbn}`}, cylinder ${q.cyl}, waiting ${q.ageMs.toFixed(3)} ms`}>
      {next && <span className="badge">▶</span>}
      <span className="qid">#{q.id}</span>
      <span className={`rw ${q.isWrite ? 'w' : 'r'}`}>{what}</span>
      <span className="qlbn">{q.lbn === undefined ? '…' : formatInt(q.lbn)}</span>
      <span>×{q.sectors}</span>
      <span>c{q.cyl}</span>
      <span className="age">{q.ageMs.toFixed(1)}ms</span>
    </li>
  );
}

function List({ items, next, empty, testId }: { items: readonly QueueItem[]; next: number; empty: string; testId: string }) {
  return (
    <ol className="queue" data-testid={testId} data-length={items.length}>
      {items.length === 0 && <li className="empty">{empty}</li>}
      {items.slice(0, MAX_SHOWN).map((q) => <Row key={`${q.id}-${q.destage}`} q={q} next={q.id === next} />)}
      {items.length > MAX_SHOWN && <li className="more">… and {items.length - MAX_SHOWN} more</li>}
    </ol>
  );
}

export const QueuesView = memo(function QueuesView({ host, disk, queueDepth, scheduler, next, service, bus, fifoTitle = 'Host queue' }: QueuesProps) {
  return (
    // The busier queue gets the room.
    <div className="queues" style={{ gridTemplateColumns: host.length === 0 && disk.length > 0 ? 'minmax(0, 0.55fr) minmax(0, 1.45fr)' : disk.length === 0 && host.length > 0 ? 'minmax(0, 1.45fr) minmax(0, 0.55fr)' : undefined }}>
      <div className="qcol">
        <h3>{fifoTitle} <span className="count">({host.length})</span></h3>
        <List items={host} next={-1} empty="empty" testId="host-queue" />
      </div>
      <div className="qcol">
        <h3>
          Disk queue <span className="count">({disk.length}; depth {queueDepth}, {scheduler.toUpperCase()})</span>
        </h3>
        <List items={disk} next={next} empty="empty" testId="disk-queue" />
      </div>
      <p className="service" data-testid="in-service" data-req={service?.id ?? -1}>
        <strong>Mechanism:</strong>{' '}
        {service ? (
          <>
            <span className="qid">#{service.id}</span> {service.destage ? 'destage' : service.isWrite ? 'write' : 'read'}
            {service.lbn !== undefined && <> LBN {formatInt(service.lbn)}</>}, cyl {service.cyl}: <strong>{service.phase}</strong>
          </>
        ) : <span className="empty">idle</span>}
      </p>
      <p className="service" data-testid="bus">
        <strong>Bus:</strong>{' '}
        {bus ? (
          <><span className="swatch" style={{ background: SEGMENT.bus.colour }} /> #{bus.id}, {bus.sectors} sectors {bus.isWrite ? 'to the disk' : 'to the host'}</>
        ) : <span className="empty">idle</span>}
        <span className="qkey"> · ▶ next choice · R read, W write · ×sectors · c cylinder · waiting time</span>
      </p>
    </div>
  );
});
