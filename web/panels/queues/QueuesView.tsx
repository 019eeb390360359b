/*
 * QueuesView — the host queue and the on-disk queue as the event stream
 * leaves them (QUEUE_HOST, QUEUE_DISK, DISPATCH, CACHE_HIT, COMPLETE): each
 * request with its id, read or write, LBN (once the engine has reported it),
 * size, target cylinder and age; the request the scheduler dispatches next
 * marked; the request in service and the bus below. A thin component: it is
 * handed everything it shows.
 */
import { memo } from 'react';
import { formatInt } from '../../app/format';
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
}

const MAX_SHOWN = 9;

function Row({ q, next }: { q: QueueItem; next: boolean }) {
  return (
    <li className={next ? 'next' : undefined} data-req={q.id} data-next={next ? 'true' : undefined}>
      <span className="qid">#{q.id}</span>
      <span className={`rw ${q.isWrite ? 'w' : 'r'}`}>{q.destage ? 'destage' : q.isWrite ? 'write' : 'read'}</span>
      <span className="qlbn">{q.lbn === undefined ? 'LBN …' : `LBN ${formatInt(q.lbn)}`}</span>
      <span>{q.sectors} sect.</span>
      <span>cyl {q.cyl}</span>
      <span className="age">{q.ageMs.toFixed(1)} ms</span>
      {next && <span className="badge">next ▶</span>}
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

export const QueuesView = memo(function QueuesView({ host, disk, queueDepth, scheduler, next, service, bus }: QueuesProps) {
  return (
    <div className="queues">
      <div className="qcol">
        <h3>Host queue <span className="count">({host.length})</span></h3>
        <List items={host} next={-1} empty="empty" testId="host-queue" />
      </div>
      <div className="qcol">
        <h3>
          Disk queue <span className="count">({disk.length}; depth {queueDepth}, {scheduler.toUpperCase()})</span>
        </h3>
        <List items={disk} next={next} empty="empty" testId="disk-queue" />
      </div>
      <div className="qcol service">
        <h3>Mechanism</h3>
        {service ? (
          <p data-testid="in-service" data-req={service.id}>
            <span className="qid">#{service.id}</span> {service.destage ? 'destage' : service.isWrite ? 'write' : 'read'}
            {service.lbn !== undefined && <> LBN {formatInt(service.lbn)}</>}, cyl {service.cyl}:{' '}
            <strong>{service.phase}</strong>
          </p>
        ) : (
          <p className="empty" data-testid="in-service">idle</p>
        )}
        <h3>Bus</h3>
        {bus ? (
          <p data-testid="bus">
            <span className="swatch" style={{ background: SEGMENT.bus.colour }} /> #{bus.id}: {bus.sectors} sectors {bus.isWrite ? 'to the disk' : 'to the host'}
          </p>
        ) : (
          <p className="empty" data-testid="bus">idle</p>
        )}
      </div>
    </div>
  );
});
