/*
 * TimelineView — one row per recent request, its time in coloured segments
 * (overhead, queue, seek, rotation, transfer, switches, bus: sp_result's
 * durations), a letter on each segment wide enough, the playback clock as a
 * line. Hovering a segment shows its exact times. SVG (a few dozen nodes),
 * with D3 for the scale and the axis ticks.
 */
import { forwardRef, memo, useState, type MouseEvent } from 'react';
import { scaleLinear } from 'd3';
import { SEGMENT, SEGMENTS } from '../colours';
import { formatInt } from '../../lib/format';
import type { TimelineRow, TimelineSegment } from './timeline';

export interface TimelineProps {
  rows: readonly TimelineRow[];
  t0: number;
  t1: number;
  now: number;
  /** Drawing size; shown `scale` times larger (type included) when the page has the room. */
  width: number;
  height: number;
  scale?: number;
}

const LEFT = 118;
const RIGHT = 10;
const TOP = 6;
const AXIS = 22;

interface Hover {
  row: TimelineRow;
  seg?: TimelineSegment;
  x: number;
  y: number;
}

const ms = (v: number) => `${v.toFixed(3)} ms`;

export const TimelineView = memo(forwardRef<SVGSVGElement, TimelineProps>(function TimelineView({ rows, t0, t1, now, width, height, scale = 1 }, ref) {
  const [hover, setHover] = useState<Hover | null>(null);
  const x = scaleLinear().domain([t0, t1]).range([LEFT, width - RIGHT]);
  const rowH = Math.min(18, (height - TOP - AXIS) / Math.max(rows.length, 1));
  const ticks = x.ticks(6);
  const y = (i: number) => TOP + i * rowH;
  return (
    <div className="timeline" onMouseLeave={() => setHover(null)}>
      <svg ref={ref} width={width * scale} height={height * scale} viewBox={`0 0 ${width} ${height}`} role="img" aria-label="Timeline: one row per request, coloured by where its time went" data-testid="timeline">
        {ticks.map((t) => (
          <g key={t}>
            <line x1={x(t)} x2={x(t)} y1={TOP} y2={height - AXIS} stroke="#e3e3e3" />
            <text x={x(t)} y={height - AXIS + 14} textAnchor="middle" fontSize={11} fill="#555">{formatTick(t)}</text>
          </g>
        ))}
        <text x={LEFT - 8} y={height - AXIS + 14} textAnchor="end" fontSize={11} fill="#555">simulated ms →</text>
        {rows.map((r, i) => (
          <g key={r.id} data-req={r.id} transform={`translate(0 ${y(i)})`}>
            <text x={4} y={rowH * 0.72} fontSize={Math.min(11, rowH * 0.75)} fill="#1a1a1a">
              #{r.id} {r.isWrite ? 'W' : 'R'} {r.lbn !== undefined ? formatInt(r.lbn) : '…'}
            </text>
            {r.completeMs === undefined && (
              <rect x={x(r.arriveMs)} y={rowH * 0.2} width={Math.max(1, x(now) - x(r.arriveMs))} height={rowH * 0.6} fill="none" stroke="#777" strokeDasharray="3 2">
                <title>{r.finishMs !== undefined
                  ? `#${r.id}: not finished at t = ${ms(now)}; it completes at ${ms(r.finishMs)}`
                  : `#${r.id}: in progress (the engine has not simulated its end yet)`}</title>
              </rect>
            )}
            {r.segments.map((s) => {
              const seg = SEGMENT[s.key];
              const x0 = x(s.start);
              const w = Math.max(0.8, x(s.end) - x0);
              return (
                <g key={s.key} onMouseMove={(e) => setHover({ row: r, seg: s, ...pointIn(e) })}>
                  <rect x={x0} y={1} width={w} height={rowH - 2} fill={seg.colour} stroke="#fff" strokeWidth={0.5} data-seg={s.key}>
                    <title>{`#${r.id} ${s.label}: ${ms(s.ms)} (${ms(s.start)} to ${ms(s.start + s.ms)})`}</title>
                  </rect>
                  {/* A letter only where 11 px type fits: smaller would not be read (the colour and the legend still tell). */}
                  {w > 12 && rowH >= 15 && (
                    <text x={x0 + w / 2} y={rowH * 0.72} textAnchor="middle" fontSize={11} fill={seg.ink} pointerEvents="none">{seg.letter}</text>
                  )}
                </g>
              );
            })}
          </g>
        ))}
        <line x1={x(now)} x2={x(now)} y1={TOP - 4} y2={height - AXIS} stroke="#000" strokeWidth={1.5} data-testid="timeline-now" />
      </svg>
      <ul className="legend inline">
        {SEGMENTS.map((s) => (
          <li key={s.key}><span className="swatch" style={{ background: s.colour }} />{s.letter} {s.label}</li>
        ))}
      </ul>
      {hover && hover.seg && (
        <div className="tooltip" role="tooltip" data-testid="timeline-tooltip" style={{ left: Math.max(0, Math.min(hover.x + 12, width * scale - 230)), top: hover.y + 14 }}>
          <strong>#{hover.row.id}</strong> {hover.row.isWrite ? 'write' : 'read'}, {hover.row.sectors} sectors
          {hover.row.lbn !== undefined && <> at LBN {formatInt(hover.row.lbn)}</>}
          <br />
          {hover.seg.label}: <strong>{ms(hover.seg.ms)}</strong>
          <br />
          from {ms(hover.seg.start)} to {ms(hover.seg.start + hover.seg.ms)}
          {hover.row.responseMs !== undefined && (
            <>
              <br />
              response time {ms(hover.row.responseMs)} (arrived {ms(hover.row.arriveMs)})
            </>
          )}
          {hover.row.responseMs === undefined && hover.row.finishMs !== undefined && (
            <>
              <br />
              not finished at this moment; completes at {ms(hover.row.finishMs)}
            </>
          )}
        </div>
      )}
    </div>
  );
}));

/** Where the pointer is, in CSS pixels from the timeline's top-left corner (the tooltip's frame). */
function pointIn(e: MouseEvent<SVGGElement>): { x: number; y: number } {
  const box = e.currentTarget.ownerSVGElement?.getBoundingClientRect();
  return { x: e.clientX - (box?.left ?? 0), y: e.clientY - (box?.top ?? 0) };
}

function formatTick(t: number): string {
  return Math.abs(t) >= 1000 ? `${(t / 1000).toFixed(2)} s` : `${+t.toFixed(2)}`;
}
