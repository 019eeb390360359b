/*
 * HybridStrip — under each run on the stage, what the platter cannot show
 * of the hybrid disk at the stage's instant: the Request Queue, the flash
 * chip and what it is doing (a redirected write landing on flash, an unpin),
 * what the platter is doing (a host write, or an FQueue entry written back
 * by a flush or an idle-time purge), the DRAM and flash FQueues as two bars
 * of equal capacity holding the same entries (FIFO, oldest left, coloured by
 * age, outlined while written back) with the watermark lines, and the latest
 * write decision. Everything is replayed from the engine's records
 * (replay.ts); each bar's occupancy is in data-occupancy.
 */
import { memo, useMemo } from 'react';
import { interpolateYlOrRd } from 'd3';
import type { DecisionRec, DeviceOp, RunResult, Side } from './protocol';
import { decisionIndexAt, fqAt, fqEventsTo, opsAt, queuedAt, writesDoneAt, type FqState } from './replay';
import { Inequality } from './DecisionCard';
import { OP_COLOUR, OUTCOME_COLOUR, OUTCOME_TEXT } from './colours';
import { sectorsToMb } from './units';

const fmtMb = (x: number) => (x >= 10 ? x.toFixed(1) : x >= 0.1 ? x.toFixed(2) : x.toFixed(3));

const FLASH_WHAT: Record<string, string> = { 'pinned-write': 'pinned write', write: 'write', read: 'read', unpin: 'unpin' };
const DISK_WHAT: Record<string, string> = { flush: 'write-back of an FQueue entry (flush)', purge: 'write-back of an FQueue entry (idle-time purge)' };

function flashLine(op: DeviceOp | undefined, hasFq: boolean): string {
  if (!hasFq) return 'unused (no FQueue)';
  if (!op) return 'idle';
  const whose = op.logical >= 0 ? ` of request ${op.logical}` : '';
  return `${FLASH_WHAT[op.what] ?? op.what}${whose}, LBA ${op.lbn}, ${op.sectors} sectors`;
}

function diskLine(op: DeviceOp | undefined): string {
  if (!op) return 'idle';
  if (op.logical < 0) return `${DISK_WHAT[op.what] ?? op.what}, LBA ${op.lbn}`;
  return `${op.what} of request ${op.logical}, LBA ${op.lbn}`;
}

function FqBar({ name, side, fq, capacity, t, high, low }: { name: 'dram' | 'flash'; side: Side; fq: FqState; capacity: number; t: number; high: number; low: number }) {
  const oldest = fq.entries.length ? t - fq.entries[0].addedMs : 0;
  let filled = 0;
  return (
    <div className="nv-bar-row">
      <span className="nv-bar-label">{name === 'dram' ? 'DRAM FQueue' : 'flash FQueue'}</span>
      <div className="nv-bar" data-testid={`fq-${name}-${side}`} data-occupancy={fq.occupancy} data-capacity={capacity} data-entries={fq.entries.length} data-applied={fq.applied}>
        {fq.entries.map((e) => {
          const left = (100 * filled) / capacity;
          filled += e.sectors;
          const age = oldest > 0 ? (t - e.addedMs) / oldest : 0;
          return (
            <span key={`${e.req}:${e.lbn}`} className={e.writing ? 'nv-entry writing' : 'nv-entry'}
              style={{ left: `${Math.min(100, left)}%`, width: `${Math.max(0.5, Math.min(100 - left, (100 * e.sectors) / capacity))}%`, background: interpolateYlOrRd(0.2 + 0.8 * age) }}
              title={`request ${e.req}: LBA ${e.lbn}, ${e.sectors} sectors, ${(t - e.addedMs).toFixed(1)} ms old${e.writing ? ' (being written back)' : ''}`} />
          );
        })}
        <i className="nv-mark high" style={{ left: `${100 * high}%` }} />
        <i className="nv-mark low" style={{ left: `${100 * low}%` }} />
      </div>
    </div>
  );
}

/** The latest decision in a line: the write, the inequality's numbers, the outcome. */
function DecisionLine({ d, side }: { d: DecisionRec | null; side: Side }) {
  if (!d) return <p className="nv-last" data-testid={`last-decision-${side}`}>No write decided yet.</p>;
  return (
    <p className="nv-last" data-testid={`last-decision-${side}`} data-req={d.req} data-outcome={d.outcome}>
      Write {d.req} ({d.sectors} sectors) at {d.timeMs.toFixed(2)} ms: {d.times ? <Inequality t={d.times} /> : null}{' '}
      <b style={{ color: OUTCOME_COLOUR[d.outcome] }}>{OUTCOME_TEXT[d.outcome]}</b>
    </p>
  );
}

export function HybridStrip({ side, r, t }: { side: Side; r: RunResult; t: number }) {
  const s = r[side];
  const applied = fqEventsTo(s.fq, t);
  // The FQueue at t is its first `applied` events replayed: replayed again only when one more applies.
  const fq = useMemo(() => fqAt(s.fq, Infinity, applied), [s.fq, applied]);
  const ops = opsAt(s.ops, t);
  const di = decisionIndexAt(s.decisions, t);
  return (
    <StripView side={side} r={r} fq={fq} agesAt={fq.entries.length > 0 ? t : 0} flash={ops.flash} disk={ops.disk}
      queue={queuedAt(s.requests, t).length} decision={di >= 0 ? s.decisions[di] : null} done={writesDoneAt(s.requests, t)} />
  );
}

interface StripProps {
  side: Side;
  r: RunResult;
  fq: FqState;
  /** The instant the entries' ages are counted to (any one when there are none: nothing shows an age). */
  agesAt: number;
  flash?: DeviceOp;
  disk?: DeviceOp;
  queue: number;
  decision: DecisionRec | null;
  /** Writes on non-volatile media. */
  done: number;
}

/** The strip itself: it renders again only when something it shows changes. */
const StripView = memo(function StripView({ side, r, fq, agesAt, flash, disk, queue, decision, done }: StripProps) {
  const s = r[side];
  const capacity = side === 'with' ? r.params.fqSectors : 0;
  const hasFq = capacity > 0;
  const writes = s.requests.filter((x) => x.write).length;
  return (
    <div className="nv-strip" data-testid={`strip-${side}`}>
      <ul className="nv-devices">
        <li data-testid={`queue-${side}`} data-value={queue}><b>Request Queue</b> {queue} waiting</li>
        <li data-testid={`chip-${side}`} data-busy={flash?.what ?? ''}>
          <span className="nv-chip" style={{ background: hasFq && flash ? OP_COLOUR[flash.what] : undefined }} aria-hidden="true" /> <b>Flash</b> {flashLine(flash, hasFq)}
        </li>
        <li data-testid={`platter-${side}`} data-busy={disk?.what ?? ''}>
          <span className="nv-chip disk" style={{ background: disk ? OP_COLOUR[disk.what] : undefined }} aria-hidden="true" /> <b>Platter</b> {diskLine(disk)}
        </li>
      </ul>
      {hasFq ? (
        <div className="nv-bars">
          <FqBar name="dram" side={side} fq={fq} capacity={capacity} t={agesAt} high={r.params.high} low={r.params.low} />
          <FqBar name="flash" side={side} fq={fq} capacity={capacity} t={agesAt} high={r.params.high} low={r.params.low} />
          <p className="nv-bar-text">
            <span data-testid={`fq-text-${side}`}>{fmtMb(sectorsToMb(fq.occupancy, r.sectorBytes))} of {fmtMb(sectorsToMb(capacity, r.sectorBytes))} MB, {fq.entries.length} entries</span>
            {' · '}<span className="nv-key high">high</span> {(100 * r.params.high).toFixed(0)} % <span className="nv-key low">low</span> {(100 * r.params.low).toFixed(0)} %
            {fq.flushing && <b className="nv-blink nv-flushing" data-testid={`flushing-${side}`}> FLUSHING: FQueue 1 : 1 Request Queue</b>}
          </p>
          <p className="nv-bar-text">On the platter: <span className="nv-swatch" aria-hidden="true" /> an entry waiting on flash, over the sectors it will be written back to; <span className="nv-swatch writing" aria-hidden="true" /> being written back.</p>
        </div>
      ) : (
        <p className="nv-bar-text" data-testid={`fq-none-${side}`}>No FQueues (size 0): every write goes to the platter.</p>
      )}
      {side === 'without' && <DecisionLine d={decision} side={side} />}
      <p className="nv-count" data-testid={`done-${side}`}>{done} of {writes} writes on non-volatile media</p>
    </div>
  );
});
