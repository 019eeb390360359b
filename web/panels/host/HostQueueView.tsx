/*
 * HostQueueView — the host above the devices, as the event stream leaves it
 * (HOST_ARRIVE, HOST_QUEUE, HOST_ISSUE, HOST_COMPLETE): the logical requests
 * waiting in the host queue, each with its volume block (vlbn) and size, and
 * those issued to the devices, each with its parts (device requests, linked
 * by sp_event.logical), done or not. A thin component: it is handed
 * everything it shows.
 */
import { memo } from 'react';
import { formatInt } from '../../lib/format';

export interface LogicalPartItem {
  device: number;
  req: number;
  sectors: number;
  done: boolean;
  /** The device LBN, once the engine has reported the part's completion. */
  lbn?: number;
}

export interface LogicalItem {
  id: number;
  vlbn: number;
  sectors: number;
  isWrite: boolean;
  /** Waiting: time in the host queue; issued: time since issue. */
  ageMs: number;
  partCount: number;
  parts: readonly LogicalPartItem[];
}

export interface HostQueueProps {
  waiting: readonly LogicalItem[];
  issued: readonly LogicalItem[];
  /** Host queue depth (0: no limit). */
  depth: number;
  scheduler: string;
  policy: string;
  /** Logical requests completed so far. */
  completed: number;
  /** Device selected: its parts are highlighted. */
  selected?: number;
}

const MAX_SHOWN = 6;

const rw = (w: boolean) => <span className={`rw ${w ? 'w' : 'r'}`}>{w ? 'W' : 'R'}</span>;

function Waiting({ l }: { l: LogicalItem }) {
  return (
    <li data-logical={l.id} title={`logical #${l.id}: ${l.isWrite ? 'write' : 'read'}, ${l.sectors} sectors at volume block ${l.vlbn}, waiting ${l.ageMs.toFixed(3)} ms`}>
      <span className="qid">L{l.id}</span>{rw(l.isWrite)}
      <span>v{formatInt(l.vlbn)}</span><span>×{l.sectors}</span><span className="age">{l.ageMs.toFixed(1)}ms</span>
    </li>
  );
}

function Issued({ l, selected }: { l: LogicalItem; selected?: number }) {
  return (
    <li data-logical={l.id} data-parts={l.parts.length}
      title={`logical #${l.id}: ${l.sectors} sectors at volume block ${l.vlbn}, issued ${l.ageMs.toFixed(3)} ms ago as ${l.partCount} device request(s)`}>
      <span className="qid">L{l.id}</span>{rw(l.isWrite)}
      <span>v{formatInt(l.vlbn)}</span><span>×{l.sectors}</span>
      <span className="parts">
        →{' '}
        {l.parts.map((x) => (
          <span key={x.req} className={`part${x.done ? ' done' : ''}${x.device === selected ? ' sel' : ''}`} data-device={x.device} data-req={x.req}
            title={`device ${x.device}, request #${x.req}: ${x.sectors} sectors${x.lbn === undefined ? '' : ` at LBN ${x.lbn}`}${x.done ? ', done' : ''}`}>
            d{x.device}:#{x.req}×{x.sectors}{x.done ? ' ✓' : ''}
          </span>
        ))}
      </span>
    </li>
  );
}

export const HostQueueView = memo(function HostQueueView({ waiting, issued, depth, scheduler, policy, completed, selected }: HostQueueProps) {
  return (
    <div className="hostq" data-testid="host-view">
      <div className="qcol">
        <h3>Waiting <span className="count">({waiting.length}; {scheduler.toUpperCase()}, depth {depth === 0 ? 'no limit' : depth})</span></h3>
        <ol className="queue" data-testid="volume-queue" data-length={waiting.length}>
          {waiting.length === 0 && <li className="empty">empty</li>}
          {waiting.slice(0, MAX_SHOWN).map((l) => <Waiting key={l.id} l={l} />)}
          {waiting.length > MAX_SHOWN && <li className="more">… and {waiting.length - MAX_SHOWN} more</li>}
        </ol>
      </div>
      <div className="qcol">
        <h3>At the devices <span className="count">({issued.length}; {policy}; {formatInt(completed)} done)</span></h3>
        <ol className="queue" data-testid="volume-issued" data-length={issued.length}>
          {issued.length === 0 && <li className="empty">none</li>}
          {issued.slice(0, MAX_SHOWN).map((l) => <Issued key={l.id} l={l} selected={selected} />)}
          {issued.length > MAX_SHOWN && <li className="more">… and {issued.length - MAX_SHOWN} more</li>}
        </ol>
      </div>
    </div>
  );
});
