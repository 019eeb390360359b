/*
 * TimelineView — one row per recent request, its time in coloured segments
 * (overhead, queue, seek, rotation, transfer, switches, bus: sp_result's
 * durations), a letter on each segment wide enough, the playback clock as a
 * line. Hovering a segment shows its exact times. SVG in the chart kit's
 * frame: the time axis with its grid, the rows' labels as the y axis's ticks;
 * the bars of each part one path (timelineBars.ts), so a move of the clock
 * updates a few elements rather than one per segment.
 */
import { forwardRef, memo, useState, type MouseEvent } from 'react';
import { scaleBand, scaleLinear } from 'd3';
import { ChartFrame, Legend, Rule, bandTicks, linearTicks, plotRanges, spacedTicks } from '../../charts';
import { SEGMENT, SEGMENTS } from '../colours';
import { formatInt } from '../../lib/format';
import { TIMELINE_LEGEND, type TimelineRow, type TimelineSegment } from './timeline';
import { barAt, barBoxes, barPaths } from './timelineBars';

const SEGMENT_KEYS = SEGMENTS.map((s) => s.key);

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
  const boxes = barBoxes(rows, x, (id) => band(id)!, rowH);
  return (
    <div className="timeline" onMouseLeave={() => setHover(null)}>
      <ChartFrame ref={ref} width={width} height={height} scale={scale} margin={M} label="Timeline: one row per request, coloured by where its time went" testId="timeline"
        xTicks={spacedTicks(linearTicks(x, tickCount, formatTick), TICK_GAP, xRange[0] - TITLE_CLEAR)} xGrid xLabel="simulated ms →" xLabelAt="start" yTicks={rowTicks} grid={false}>
        {rows.map((r) => r.completeMs === undefined && (
          <rect key={r.id} x={x(r.arriveMs)} y={band(r.id)! + rowH * 0.2} width={Math.max(1, x(now) - x(r.arriveMs))} height={rowH * 0.6} fill="none" stroke="#777" strokeDasharray="3 2">
            <title>{r.finishMs !== undefined
              ? `#${r.id}: not finished at t = ${ms(now)}; it completes at ${ms(r.finishMs)}`
              : `#${r.id}: in progress (the engine has not simulated its end yet)`}</title>
          </rect>
        ))}
        <g onMouseMove={(e) => {
          const at = chartPoint(e);
          const b = at && barAt(boxes, at.x, at.y);
          setHover(b ? { row: b.row, seg: b.seg, ...pointIn(e) } : null);
        }}>
          {barPaths(boxes, SEGMENT_KEYS).map(({ key, d }) => (
            <path key={key} d={d} fill={SEGMENT[key].colour} stroke="#fff" strokeWidth={0.5} data-seg={key} />
          ))}
        </g>
        {/* A letter only where 11 px type fits: smaller would not be read (the colour and the legend still tell). */}
        {rowH >= 15 && boxes.filter((b) => b.w > 12).map((b) => (
          <text key={`${b.row.id}${b.seg.key}`} x={b.x + b.w / 2} y={b.top + rowH * 0.72} textAnchor="middle" fontSize={11} fill={SEGMENT[b.seg.key].ink} pointerEvents="none">{SEGMENT[b.seg.key].letter}</text>
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

/** Where the pointer is in the chart's own pixels (the SVG may be shown scaled: its viewBox, or the page's CSS). */
function chartPoint(e: MouseEvent<SVGGElement>): { x: number; y: number } | null {
  const svg = e.currentTarget.ownerSVGElement;
  const m = svg?.getScreenCTM();
  if (!svg || !m) return null;
  const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
  return { x: p.x, y: p.y };
}

/** Where the pointer is, in CSS pixels from the timeline's top-left corner (the tooltip's frame). */
function pointIn(e: MouseEvent<SVGGElement>): { x: number; y: number } {
  const box = e.currentTarget.ownerSVGElement?.getBoundingClientRect();
  return { x: e.clientX - (box?.left ?? 0), y: e.clientY - (box?.top ?? 0) };
}

function formatTick(t: number): string {
  return Math.abs(t) >= 1000 ? `${(t / 1000).toFixed(2)} s` : `${+t.toFixed(2)}`;
}
