/*
 * ZonedPanel — the host-managed drive (ZBC's zone model): every zone as a
 * column of a strip, filled to its write pointer and coloured by its
 * condition (conventional zones grey: written anywhere); the chosen zone's
 * figures; buttons that send the drive a write at the pointer, a write past
 * it, or a zone action (open, close, finish, reset); and each command's
 * outcome as the engine gave it — a refused write with ZBC's sense code and
 * the engine's message. The commands are the page's link: the worker
 * replays them on a fresh drive, so the strip is the engine's after them.
 */
import { useState } from 'react';
import { codeOf, wordOf, wordsOf } from '../../../engine-wasm/binding/constants';
import { formatInt, formatMs } from '../../lib/format';
import { MAX_ZONE_OPS, type ZoneOp, type ZonedResult } from './protocol';
import { SMR_COLOUR } from './colours';
import { GAP, zoneGrid } from './zoneGrid';

/** A write at the pointer is 1 MB; a write elsewhere 4 KB (sectors). */
const AT_POINTER = 2048;
const ELSEWHERE = 8;
const CONVENTIONAL = codeOf('ZoneType', 'conventional');

const opText = (o: ZoneOp) => (o.kind === 'write' ? `write ${formatInt(o.sectors)} sectors at offset ${formatInt(o.offset)} of zone ${o.zone}` : `${o.kind} zone ${o.zone}`);

interface Props {
  result: ZonedResult | null;
  ops: readonly ZoneOp[];
  error: string;
  onOps(ops: ZoneOp[]): void;
  width: number;
}

export function ZonedPanel({ result, ops, error, onOps, width }: Props) {
  const last = ops[ops.length - 1];
  const [chosen, setChosen] = useState(last?.zone ?? 2);
  if (!result) return <section className="smr-zoned"><h2>Host-managed zones</h2><p>{error || 'computing…'}</p></section>;
  const zones = result.zones;
  const k = Math.min(chosen, zones.length - 1);
  const z = zones[k];
  const conventional = z.type === CONVENTIONAL;
  const wpOffset = z.wp - z.firstLbn;
  const full = ops.length >= MAX_ZONE_OPS;
  const add = (op: ZoneOp) => { if (!full) onOps([...ops, op]); };
  // The chosen column's outline (3 px) stays inside the page's margins too.
  const { perRow, colW } = zoneGrid(width - 6, zones.length);
  const refusedAt = result.outcomes.map((o, i) => (o.ok ? -1 : i)).filter((i) => i >= 0);
  const lastRefused = refusedAt.length ? refusedAt[refusedAt.length - 1] : -1;
  return (
    <section className="smr-zoned" data-testid="zoned">
      <h2>Host-managed zones: {result.name}</h2>
      <p className="hint">Each column is a zone of {formatInt(zones[zones.length - 1].lbns)} sectors, filled to its write pointer; grey: conventional zones (written anywhere). A write must start at its zone's pointer. Choose a zone (click its column, or the list).</p>
      {/* The strip is a picture (a click on a column chooses it); the list beside the buttons chooses for the keyboard. */}
      <div className="smr-zones" role="img" aria-label={`${zones.length} zones, filled to their write pointers`} data-testid="zone-strip"
        style={{ gridTemplateColumns: `repeat(${perRow}, ${colW}px)`, gap: GAP }}
        onClick={(e) => { const z = (e.target as HTMLElement).closest<HTMLElement>('[data-zone]'); if (z) setChosen(Number(z.dataset.zone)); }}>
        {zones.map((x, i) => {
          const conv = x.type === CONVENTIONAL;
          const fill = conv ? 1 : (x.wp - x.firstLbn) / x.lbns;
          // A pointer off the zone's start shows at least 2 px: a 1 MB write in a 256 MiB zone is 0.4 %.
          return (
            <span key={i} className={i === k ? 'smr-zone chosen' : 'smr-zone'} data-zone={i} data-wp={x.wp - x.firstLbn} data-cond={wordOf('ZoneCond', x.cond)}>
              <span style={{ height: fill > 0 ? `max(2px, ${100 * fill}%)` : 0, background: conv ? SMR_COLOUR.conventional : SMR_COLOUR.written }} />
            </span>
          );
        })}
      </div>
      <p className="smr-line" data-testid="zone-chosen" data-zone={k} data-wp={wpOffset}>
        <b>Zone {k}</b>: {conventional ? 'conventional' : `sequential write required, ${wordOf('ZoneCond', z.cond)}`}, LBNs {formatInt(z.firstLbn)}–{formatInt(z.firstLbn + z.lbns - 1)}, tracks {formatInt(z.firstTrack)}–{formatInt(z.firstTrack + z.tracks - 1)}{conventional ? '' : `; write pointer at ${formatInt(wpOffset)} (${(100 * wpOffset / z.lbns).toFixed(1)} %)`}
      </p>
      <div className="smr-buttons">
        <label>Zone <select value={k} data-testid="zone-select" onChange={(e) => setChosen(Number(e.target.value))}>
          {zones.map((_, i) => <option key={i} value={i}>{i}</option>)}
        </select></label>
        <button type="button" data-testid="write-at-wp" disabled={!conventional && wpOffset >= z.lbns} onClick={() => add({ kind: 'write', zone: k, offset: conventional ? 0 : wpOffset, sectors: Math.min(AT_POINTER, z.lbns - (conventional ? 0 : wpOffset)) })}>Write 1 MB at the pointer</button>
        <button type="button" data-testid="write-elsewhere" onClick={() => add({ kind: 'write', zone: k, offset: wpOffset + 4096 < z.lbns ? wpOffset + 4096 : 0, sectors: ELSEWHERE })}>Write 4 KB elsewhere</button>
        {wordsOf('ZoneAction').map((a) => (
          <button key={a} type="button" data-testid={`zone-${a}`} onClick={() => add({ kind: a, zone: k })}>{a[0].toUpperCase() + a.slice(1)}</button>
        ))}
        <button type="button" data-testid="zone-clear" onClick={() => onOps([])} disabled={ops.length === 0}>Start again</button>
      </div>
      {full && <p className="hint">The link holds its {MAX_ZONE_OPS} commands: start again to send more.</p>}
      {error && <p className="problems" role="alert">{error}</p>}
      {lastRefused >= 0 && (
        <p className="smr-refused" data-testid="refused" role="status">
          Refused: {opText(ops[lastRefused])}. <b>{result.outcomes[lastRefused].message}</b>
        </p>
      )}
      <ol className="smr-ops" data-testid="ops">
        {result.outcomes.map((o, i) => (
          <li key={i} data-status={o.status}>
            {opText(ops[i])}: {o.ok ? (ops[i].kind === 'write' ? `done in ${formatMs(o.responseMs, 2)}` : 'done') : <b>{o.status}</b>}
            {ops[i].kind !== 'write' || o.ok ? '' : ` (${formatMs(o.responseMs, 2)}, the media untouched)`}
          </li>
        ))}
      </ol>
    </section>
  );
}
