/*
 * Pipeline — one side of the hybrid disk at the playback time: the Request
 * Queue, the decision for the latest write, the platter and the flash chip
 * (busy with the engine's operation under way), and the DRAM and flash
 * FQueues as two bars of equal capacity holding the same entries (FIFO, oldest
 * left, coloured by age), with the high and low watermark lines. A flush
 * episode blinks the 1:1 alternation badge. Everything drawn is replayed from
 * the engine's records (replay.ts); the bars' occupancy is in data-occupancy.
 */
import { interpolateYlOrRd } from 'd3';
import type { DecisionRec, DeviceOp, HostRequest } from './protocol';
import type { FqState } from './replay';
import { OP_COLOUR, OUTCOME_COLOUR } from './colours';

export interface PipelineProps {
  side: 'with' | 'without';
  width: number;
  t: number;
  capacity: number;
  sectorBytes: number;
  high: number;
  low: number;
  fq: FqState;
  queue: HostRequest[];
  ops: { disk?: DeviceOp; flash?: DeviceOp };
  decision: DecisionRec | null;
}

const mb = (sectors: number, sb: number) => (sectors * sb) / 1048576;
const fmtMb = (x: number) => (x >= 10 ? x.toFixed(1) : x >= 0.1 ? x.toFixed(2) : x.toFixed(3));

function Bar({ name, y, x0, w, props }: { name: 'dram' | 'flash'; y: number; x0: number; w: number; props: PipelineProps }) {
  const { fq, capacity, t, side } = props;
  const h = 16;
  const oldest = fq.entries.length ? t - fq.entries[0].addedMs : 0;
  let x = x0;
  return (
    <g data-testid={`fq-${name}-${side}`} data-occupancy={fq.occupancy} data-capacity={capacity} data-entries={fq.entries.length} data-applied={fq.applied}>
      <text x={x0 - 6} y={y + 12} fontSize={11} textAnchor="end">{name === 'dram' ? 'DRAM FQueue' : 'flash FQueue'}</text>
      <rect x={x0} y={y} width={w} height={h} fill="#fff" stroke="#888" />
      {capacity > 0 && fq.entries.map((e) => {
        const ew = Math.max(1, (e.sectors / capacity) * w);
        const r = <rect key={`${e.req}:${e.lbn}`} x={x} y={y + 1} width={Math.min(ew, x0 + w - x)} height={h - 2}
          fill={interpolateYlOrRd(0.2 + 0.8 * (oldest > 0 ? (t - e.addedMs) / oldest : 0))} stroke={e.writing ? '#000' : 'none'} strokeWidth={e.writing ? 1.5 : 0}>
          <title>{`write ${e.req}: LBA ${e.lbn}, ${e.sectors} sectors, ${(t - e.addedMs).toFixed(1)} ms old${e.writing ? ' (being written back)' : ''}`}</title></rect>;
        x += ew;
        return r;
      })}
    </g>
  );
}

export function Pipeline(props: PipelineProps) {
  const { width, capacity, sectorBytes, high, low, fq, queue, ops, decision, side } = props;
  const W = Math.max(300, width);
  const H = 240;
  const qx = 8, qw = Math.min(150, W * 0.3), dx = qx + qw + 46, px = W - 70;
  const barX = 92, barW = W - barX - 12;
  const outcome = decision?.outcome;
  const hasFq = capacity > 0;
  const busyDisk = ops.disk, busyFlash = ops.flash;
  const toFlash = outcome === 'flash';
  return (
    <svg className="nv-pipeline" width={W} height={H} data-testid={`pipeline-${side}`} role="img" aria-label={`hybrid disk ${side} FQueues`}>
      {/* Request Queue */}
      <text x={qx} y={14} fontSize={12} fontWeight={600}>Request Queue</text>
      <rect x={qx} y={20} width={qw} height={58} fill="#fff" stroke="#888" rx={4} />
      {queue.slice(0, 24).map((r, i) => (
        <rect key={r.id} x={qx + 4 + (i % 12) * ((qw - 8) / 12)} y={26 + Math.floor(i / 12) * 24} width={(qw - 8) / 12 - 2} height={20}
          fill={r.write ? '#fdd0a2' : '#c6dbef'} stroke="#777"><title>{`${r.write ? 'write' : 'read'} ${r.id}: LBA ${r.lbn}, ${r.sectors} sectors`}</title></rect>
      ))}
      <text x={qx} y={92} fontSize={11} data-testid={`queue-${side}`} data-value={queue.length}>{queue.length} waiting</text>
      {/* decision diamond */}
      <line x1={qx + qw} y1={49} x2={dx - 24} y2={49} stroke="#888" markerEnd="url(#nv-arrow)" />
      <polygon points={`${dx},${25} ${dx + 24},${49} ${dx},${73} ${dx - 24},${49}`} fill={outcome ? OUTCOME_COLOUR[outcome] : '#eee'} stroke="#555" />
      <text x={dx} y={53} fontSize={11} textAnchor="middle" fill="#fff">{outcome === 'flash' ? 'flash' : outcome === 'coalesced' ? 'merge' : outcome ? 'disk' : '?'}</text>
      <text x={dx} y={92} fontSize={11} textAnchor="middle">{decision ? `write ${decision.req}` : 'no write yet'}</text>
      {/* to the platter and to the chip */}
      <line x1={dx + 24} y1={49} x2={px - 34} y2={40} stroke={!toFlash && outcome ? '#333' : '#bbb'} strokeWidth={!toFlash && outcome ? 2 : 1} />
      <line x1={dx + 24} y1={49} x2={px - 34} y2={118} stroke={toFlash ? OUTCOME_COLOUR.flash : '#bbb'} strokeWidth={toFlash ? 2 : 1} strokeDasharray={hasFq ? undefined : '3 3'} />
      <g data-testid={`platter-${side}`} data-busy={busyDisk ? busyDisk.what : ''}>
        <circle cx={px} cy={40} r={30} fill={busyDisk ? OP_COLOUR[busyDisk.what] ?? '#fee6ce' : '#f4f4f4'} stroke="#555" />
        <circle cx={px} cy={40} r={4} fill="#555" />
        <text x={px} y={84} fontSize={11} textAnchor="middle">{busyDisk ? `${busyDisk.what} @${busyDisk.lbn}` : 'platter idle'}</text>
      </g>
      <g data-testid={`chip-${side}`} data-busy={busyFlash ? busyFlash.what : ''}>
        <rect x={px - 30} y={100} width={60} height={34} rx={3} fill={!hasFq ? '#fafafa' : busyFlash ? '#fdae6b' : '#f4f4f4'} stroke={hasFq ? '#555' : '#bbb'} />
        {[0, 1, 2, 3, 4].map((k) => <line key={k} x1={px - 24 + k * 12} x2={px - 24 + k * 12} y1={134} y2={140} stroke="#777" />)}
        <text x={px} y={121} fontSize={11} textAnchor="middle">{hasFq ? (busyFlash ? busyFlash.what : 'flash') : 'unused'}</text>
      </g>
      {/* A coalesced write under way: FQueue entries ride along with it to the platter, unpinned from flash. */}
      {outcome === 'coalesced' && busyDisk && busyDisk.logical === decision?.req && (
        <g data-testid={`coalesce-${side}`}>
          <path d={`M${barX + 30},${166} C${barX + 30},${120} ${px - 60},${110} ${px - 28},${58}`} fill="none" stroke={OUTCOME_COLOUR.coalesced} strokeWidth={2.5} markerEnd="url(#nv-arrow)" />
          <rect x={barX + 40} y={118} width={118} height={18} rx={9} fill={OUTCOME_COLOUR.coalesced} />
          <text x={barX + 99} y={131} fontSize={11} textAnchor="middle" fill="#fff">coalesced · UNPIN</text>
        </g>
      )}
      {/* FQueues */}
      {hasFq ? (
        <g>
          <text x={barX} y={160} fontSize={11}>
            <tspan data-testid={`fq-text-${side}`}>{`${fmtMb(mb(fq.occupancy, sectorBytes))} of ${fmtMb(mb(capacity, sectorBytes))} MB, ${fq.entries.length} entries`}</tspan>
          </text>
          {fq.flushing && <text className="nv-blink" x={barX + barW} y={160} fontSize={11} textAnchor="end" fill="#b00020" data-testid={`flushing-${side}`}>FLUSHING: FQueue 1 : 1 Request Queue</text>}
          <Bar name="dram" y={168} x0={barX} w={barW} props={props} />
          <Bar name="flash" y={190} x0={barX} w={barW} props={props} />
          {[['high', high], ['low', low]].map(([n, v]) => (
            <g key={n as string}>
              <line x1={barX + (v as number) * barW} x2={barX + (v as number) * barW} y1={164} y2={210} stroke={n === 'high' ? '#b00020' : '#1f78b4'} strokeWidth={2} strokeDasharray="4 2" />
              <text x={barX + (v as number) * barW} y={n === 'high' ? 222 : 234} fontSize={11} textAnchor={(v as number) > 0.95 ? 'end' : (v as number) < 0.05 ? 'start' : 'middle'} fill={n === 'high' ? '#b00020' : '#1f78b4'}>{n}</text>
            </g>
          ))}
        </g>
      ) : (
        <text x={qx} y={186} fontSize={11} fill="#555" data-testid={`fq-none-${side}`}>
          <tspan x={qx}>No FQueues (size 0): every write</tspan><tspan x={qx} dy={14}>goes to the platter.</tspan></text>
      )}
      <defs><marker id="nv-arrow" viewBox="0 0 10 10" refX={9} refY={5} markerWidth={6} markerHeight={6} orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#888" /></marker></defs>
    </svg>
  );
}
