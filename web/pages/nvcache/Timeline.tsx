/*
 * Timeline — the run over time, with the playback cursor (click to move it):
 * the FQueue's occupancy over the whole run as the engine's FQ events report
 * it, flush episodes shaded, the watermarks; and a two-second window around
 * the cursor with what the platter and the flash chip do (writes, reads,
 * flush and purge write-backs, pinned flash writes) with and without FQueues,
 * the periods when the Request Queue is empty shaded: purge writes start
 * only inside them.
 */
import { memo, useMemo } from 'react';
import { line, scaleLinear, curveStepAfter } from 'd3';
import type { DeviceOp, RunResult } from './protocol';
import { flushEpisodes, idleIntervals } from './replay';
import { OP_COLOUR } from './colours';

const WINDOW_MS = 2000;

/** The overview: FQueue occupancy (engine) over the run; memoized, it does not change with the clock. */
const Overview = memo(function Overview({ r, width, endMs }: { r: RunResult; width: number; endMs: number }) {
  const m = { l: 52, r: 12, t: 6, b: 22 }, H = 90;
  const cap = Math.max(1, r.params.fqSectors);
  const x = scaleLinear().domain([0, endMs]).range([m.l, width - m.r]);
  const y = scaleLinear().domain([0, cap]).range([H - m.b, m.t]);
  const pts = useMemo(() => {
    const out: [number, number][] = [[0, 0]];
    for (const e of r.with.fq) if (e.kind === 'add' || e.kind === 'remove') out.push([e.timeMs, e.occupancy]);
    out.push([endMs, out[out.length - 1][1]]);
    return out;
  }, [r, endMs]);
  const path = line().x((p) => x(p[0])).y((p) => y(p[1])).curve(curveStepAfter)(pts) ?? '';
  return (
    <g>
      {flushEpisodes(r.with.fq, endMs).map((f, i) => <rect key={i} x={x(f.from)} width={Math.max(1, x(f.to) - x(f.from))} y={m.t} height={H - m.b - m.t} fill="#fcbba1" opacity={0.6} />)}
      <line x1={m.l} x2={width - m.r} y1={y(r.params.high * cap)} y2={y(r.params.high * cap)} stroke="#b00020" strokeDasharray="4 2" />
      <line x1={m.l} x2={width - m.r} y1={y(r.params.low * cap)} y2={y(r.params.low * cap)} stroke="#1f78b4" strokeDasharray="4 2" />
      <path d={path} fill="none" stroke="#d95f02" strokeWidth={1.5} data-testid="fq-timeline" data-points={pts.length} />
      <line x1={m.l} x2={width - m.r} y1={H - m.b} y2={H - m.b} stroke="#999" />
      {x.ticks(8).map((t) => <text key={t} x={x(t)} y={H - 8} fontSize={11} textAnchor="middle">{t / 1000}</text>)}
      <text x={4} y={m.t + 10} fontSize={11}>FQueue</text>
      <text x={4} y={m.t + 22} fontSize={11}>(engine)</text>
    </g>
  );
});

function Lane({ ops, y, h, x, label, from, to }: { ops: DeviceOp[]; y: number; h: number; x: (t: number) => number; label: string; from: number; to: number }) {
  return (
    <g>
      <text x={4} y={y + h / 2 + 4} fontSize={11}>{label}</text>
      {ops.filter((o) => o.endMs >= from && o.startMs <= to).map((o, i) => (
        <rect key={i} x={x(Math.max(from, o.startMs))} y={y} width={Math.max(1, x(Math.min(to, o.endMs)) - x(Math.max(from, o.startMs)))} height={h}
          fill={OP_COLOUR[o.what] ?? '#ccc'} stroke="#fff" strokeWidth={0.5}><title>{`${o.what} at ${o.device === 'flash' ? 'flash sector' : 'LBA'} ${o.lbn}, ${o.sectors} sectors, ${(o.endMs - o.startMs).toFixed(2)} ms`}</title></rect>
      ))}
    </g>
  );
}

export function Timeline({ r, t, width, onSeek }: { r: RunResult; t: number; width: number; onSeek: (t: number) => void }) {
  const endMs = Math.max(r.with.endMs, r.without.endMs);
  const W = Math.max(300, width), m = { l: 52, r: 12 };
  const overview = scaleLinear().domain([0, endMs]).range([m.l, W - m.r]);
  const from = Math.max(0, Math.min(t - WINDOW_MS / 2, endMs - WINDOW_MS)), to = from + WINDOW_MS;
  const x = scaleLinear().domain([from, to]).range([m.l, W - m.r]);
  const idle = useMemo(() => idleIntervals(r.with.requests, r.with.endMs), [r]);
  const seek = (e: React.MouseEvent<SVGSVGElement>, inv: (v: number) => number) => {
    const box = e.currentTarget.getBoundingClientRect();
    onSeek(Math.max(0, Math.min(endMs, inv(e.clientX - box.left))));
  };
  const lanesY = 20, laneH = 16;
  const keys = ['write', 'read', 'flush', 'purge', 'pinned-write', 'unpin', 'idle'];
  const perRow = Math.max(1, Math.floor((W - m.l) / 100));
  const legendH = Math.ceil(keys.length / perRow) * 14;
  return (
    <div className="nv-timeline">
      <svg width={W} height={90} data-testid="timeline-overview" onClick={(e) => seek(e, (v) => overview.invert(v))} role="img" aria-label="FQueue occupancy over the run; click to move the clock">
        <Overview r={r} width={W} endMs={endMs} />
        <line x1={overview(t)} x2={overview(t)} y1={0} y2={70} stroke="#000" strokeWidth={1.5} />
      </svg>
      <svg width={W} height={lanesY + 3 * (laneH + 8) + 8 + legendH} data-testid="timeline-window" onClick={(e) => seek(e, (v) => x.invert(v))} role="img" aria-label="two seconds around the clock; click to move it">
        {idle.filter((p) => p.to >= from && p.from <= to).map((p, i) => (
          <rect key={i} x={x(Math.max(from, p.from))} width={Math.max(0, x(Math.min(to, p.to)) - x(Math.max(from, p.from)))} y={lanesY - 4} height={2 * (laneH + 8)} fill="#eef3fa" />
        ))}
        <Lane ops={r.with.ops.filter((o) => o.device === 'disk')} y={lanesY} h={laneH} x={x} label="platter" from={from} to={to} />
        <Lane ops={r.with.ops.filter((o) => o.device === 'flash')} y={lanesY + laneH + 8} h={laneH} x={x} label="flash" from={from} to={to} />
        <Lane ops={r.without.ops.filter((o) => o.device === 'disk')} y={lanesY + 2 * (laneH + 8)} h={laneH} x={x} label="baseline" from={from} to={to} />
        <line x1={x(t)} x2={x(t)} y1={4} y2={lanesY + 3 * (laneH + 8)} stroke="#000" strokeWidth={1.5} />
        <text x={m.l} y={12} fontSize={11}>{(from / 1000).toFixed(2)} s</text>
        <text x={W - m.r} y={12} fontSize={11} textAnchor="end">{(to / 1000).toFixed(2)} s</text>
        <g transform={`translate(${m.l} ${lanesY + 3 * (laneH + 8) + 8})`} fontSize={11}>
          {keys.map((k, i) => (
            <g key={k} transform={`translate(${(i % perRow) * 100} ${Math.floor(i / perRow) * 14})`}>
              <rect width={10} height={10} y={-1} fill={k === 'idle' ? '#eef3fa' : OP_COLOUR[k]} stroke={k === 'idle' ? '#ccd' : 'none'} /><text x={13} y={8}>{k === 'idle' ? 'queue empty' : k}</text></g>
          ))}
        </g>
      </svg>
    </div>
  );
}
