/*
 * SeriesChart — the kit's chart of named series over two numeric axes:
 * each series a line (straight, or stepped for a CDF or an occupancy), its
 * points as dots, or both; linear or log axes; its legend above the plot in
 * HTML. What a page adds (a marker, a threshold, shaded bands) it draws
 * through `overlay`, which gets the scales, beneath the series. Every dot
 * can carry a title and the data-* values a test reads back.
 */
import type { MouseEvent, ReactNode } from 'react';
import { scaleLinear, scaleLog, type ScaleLinear } from 'd3';
import { ChartFrame, type DataAttrs, type Margin } from './Frame';
import { Legend, type LegendItem } from './Legend';
import { Dots, LinePath, type Px } from './marks';
import { plotRanges } from './plot';
import { linearTicks, logTicks, plainNumber, type Tick } from './ticks';

export interface Axis {
  domain: readonly [number, number];
  /** The axis's title, with its unit. */
  label: string;
  log?: boolean;
  /** Round the domain's ends to ticks. */
  nice?: boolean;
  /** About how many ticks [5]. */
  ticks?: number;
  format?: (v: number) => string;
  /** On a log axis, a value besides the powers of ten that gets a tick. */
  keep?: (v: number) => boolean;
}

export interface SeriesPoint { x: number; y: number; title?: string; hollow?: boolean; r?: number; data?: DataAttrs }

export interface Series {
  key: string;
  label: string;
  colour: string;
  points: readonly SeriesPoint[];
  dash?: string;
  step?: boolean;
  /** Draw the line [true]; false: points only (a scatter). */
  line?: boolean;
  /** Draw the points [true]. */
  dots?: boolean;
  r?: number;
  /** Attributes of the series' group (data-testid, data-points, data-series). */
  data?: DataAttrs;
  /** Keep the points' order (a run in time) instead of sorting them by x. */
  ordered?: boolean;
}

/** A number scale: linear or log, both call, invert and tick alike. */
export type NumScale = ScaleLinear<number, number>;
export interface Scales { x: NumScale; y: NumScale }

export interface SeriesChartProps {
  width: number;
  height: number;
  margin: Margin;
  label: string;
  x: Axis;
  y: Axis;
  series: readonly Series[];
  testId?: string;
  className?: string;
  data?: DataAttrs;
  viewBox?: boolean;
  /** The legend above the plot; omitted: one entry per series. Empty: none. */
  legend?: readonly LegendItem[];
  legendTestId?: string;
  overlay?: (s: Scales) => ReactNode;
  onClick?: (e: MouseEvent<SVGSVGElement>, s: Scales) => void;
}

function scaleOf(a: Axis, range: [number, number]): NumScale {
  const s = (a.log ? scaleLog() : scaleLinear()).domain(a.domain as [number, number]).range(range);
  if (a.nice) s.nice();
  return s as NumScale;
}

function ticksOf(a: Axis, s: NumScale): Tick[] {
  return a.log ? logTicks(s as never, a.format, a.keep) : linearTicks(s, a.ticks ?? 5, a.format ?? plainNumber);
}

/** The scales a SeriesChart of this size draws with (a page's click handler inverts them). */
export function seriesScales(width: number, height: number, margin: Margin, x: Axis, y: Axis): Scales {
  const r = plotRanges(width, height, margin);
  return { x: scaleOf(x, r.x), y: scaleOf(y, r.y) };
}

export function SeriesChart({ width, height, margin, label, x, y, series, testId, className, data, viewBox, legend, legendTestId, overlay, onClick }: SeriesChartProps) {
  const s = seriesScales(width, height, margin, x, y);
  const drawable = (p: SeriesPoint) => Number.isFinite(p.x) && Number.isFinite(p.y) && (!x.log || p.x > 0) && (!y.log || p.y > 0);
  const keys: readonly LegendItem[] = legend ?? series.map((c) => ({ key: c.key, label: c.label, colour: c.colour, dash: c.dash, shape: c.line === false ? 'dot' : 'line' }));
  return (
    <>
      {keys.length > 0 && <Legend items={keys} testId={legendTestId} />}
      <ChartFrame width={width} height={height} margin={margin} label={label} testId={testId} className={className} data={data} viewBox={viewBox}
        xTicks={ticksOf(x, s.x)} yTicks={ticksOf(y, s.y)} xLabel={x.label} yLabel={y.label} onClick={onClick && ((e) => onClick(e, s))}
        style={onClick ? { cursor: 'pointer' } : undefined}>
        {overlay?.(s)}
        {series.map((c) => {
          const pts = c.points.filter(drawable);
          if (!c.ordered) pts.sort((a, b) => a.x - b.x);
          const px = (p: SeriesPoint): Px => [s.x(p.x), s.y(p.y)];
          return (
            <g key={c.key} {...c.data}>
              {c.line !== false && <LinePath points={pts.map(px)} colour={c.colour} dash={c.dash} step={c.step} />}
              {c.dots !== false && <Dots colour={c.colour} r={c.r} opacity={c.line === false ? 0.7 : undefined}
                dots={pts.map((p) => ({ at: px(p), title: p.title, hollow: p.hollow, r: p.r, data: p.data }))} />}
            </g>
          );
        })}
      </ChartFrame>
    </>
  );
}
