/*
 * TimelineView — one row per recent request, its time in coloured segments
 * (overhead, queue, seek, rotation, transfer, switches, bus: sp_result's
 * durations), a letter on each segment wide enough, the playback clock as a
 * line. Hovering a segment shows its exact times. SVG (a few dozen nodes) in
 * the chart kit's frame: the time axis with its grid, the rows' labels as
 * the y axis's ticks.
 */
import { forwardRef, memo, useState, type MouseEvent } from 'react';
import { scaleBand, scaleLinear } from 'd3';
import { ChartFrame, Legend, Rule, bandTicks, linearTicks, plotRanges, spacedTicks } from '../../charts';
import { SEGMENT } from '../colours';
import { formatInt } from '../../lib/format';
import { TIMELINE_LEGEND, type TimelineRow, type TimelineSegment } from './timeline';

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

/** The left margin holds the rows' labels ("#12 W 1 234 567"), the bottom one the time axis's. */
const M = { top: 6, right: 10, bottom: 22, left: 118 };
/** The tallest row; and the least height a row label's 11 px type needs (thinner rows: one label in so many). */
const ROW_MAX = 18;
const LABEL_ROOM = 13;
/** Room a time tick's label needs along the axis, so a narrow column (four runs on a 1024 px stage) shows fewer ticks rather than labels run together. */
const TICK_ROOM = 56;
/** The least gap between two time labels, and how far left of the plot a label may reach: the axis title ends 10 px left of it, on the same line. */
const TICK_GAP = 8;
const TITLE_CLEAR = 6;

interface Hover {
  row: TimelineRow;
  seg?: TimelineSegment;
  x: number;
  y: number;
}

/** The key never changes: memoized, it is not rendered again each time the rows move (a stage renders four timelines). */
const TimelineLegend = memo(function TimelineLegend() {
  return <Legend items={TIMELINE_LEGEND} testId="timeline-legend" />;
});

const ms = (v: number) => `${v.toFixed(3)} ms`;
const rowLabel = (r: TimelineRow) => `#${r.id} ${r.isWrite ? 'W' : 'R'} ${r.lbn !== undefined ? formatInt(r.lbn) : '…'}`;

export const TimelineView = memo(forwardRef<SVGSVGElement, TimelineProps>(function TimelineView({ rows, t0, t1, now, width, height, scale = 1 }, ref) {
  const [hover, setHover] = useState<Hover | null>(null);
  const xRange = plotRanges(width, height, M).x;
  const x = scaleLinear().domain([t0, t1]).range(xRange);
  const tickCount = Math.max(2, Math.min(6, Math.floor((xRange[1] - xRange[0]) / TICK_ROOM)));
  const rowH = Math.min(ROW_MAX, (height - M.top - M.bottom) / Math.max(rows.length, 1));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const band = scaleBand<number>().domain(rows.map((r) => r.id)).range([M.top, M.top + rowH * rows.length]);
  const rowTicks = bandTicks(band, (id) => rowLabel(byId.get(id)!), Math.ceil(LABEL_ROOM / rowH));
  return (
    <div className="timeline" onMouseLeave={() => setHover(null)}>
      <ChartFrame ref={ref} width={width} height={height} scale={scale} margin={M} label="Timeline: one row per request, coloured by where its time went" testId="timeline"
        xTicks={spacedTicks(linearTicks(x, tickCount, formatTick), TICK_GAP, xRange[0] - TITLE_CLEAR)} xGrid xLabel="simulated ms →" xLabelAt="start" yTicks={rowTicks} grid={false}>
        {rows.map((r) => (
          <g key={r.id} data-req={r.id} transform={`translate(0 ${band(r.id)})`}>
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
        <Rule from={[x(now), M.top - 4]} to={[x(now), height - M.bottom]} colour="#000" width={1.5} testId="timeline-now" />
      </ChartFrame>
      <TimelineLegend />
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
