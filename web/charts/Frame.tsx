/*
 * ChartFrame — the one place a chart's axes are drawn: an SVG of the given
 * size with its name for a screen reader (role img, aria-label and title),
 * horizontal grid lines at the y ticks, tick labels on both axes, the x
 * axis's line and small marks, and both axis titles (what and in what unit).
 * The chart's own marks are its children, drawn over the frame. Sizes are in
 * pixels as drawn: no viewBox unless asked, so the text never shrinks below its size on a
 * phone; presentation mode enlarges it (charts.css).
 */
import type { CSSProperties, MouseEvent, ReactNode } from 'react';
import type { Tick } from './ticks';
import './charts.css';

export interface Margin { top: number; right: number; bottom: number; left: number }

/** data-* attributes a test reads on the chart's root. */
export type DataAttrs = { [k: `data-${string}`]: string | number | undefined };

export interface ChartFrameProps {
  width: number;
  height: number;
  margin: Margin;
  /** What the chart shows, for a screen reader and as its tooltip. */
  label: string;
  xTicks?: readonly Tick[];
  yTicks?: readonly Tick[];
  /** Axis titles, with the unit. */
  xLabel?: string;
  yLabel?: string;
  /** Give the SVG a viewBox of its own size, so a page's CSS may scale it (only where the width given is the column's: the text stays at its size). */
  viewBox?: boolean;
  /** Horizontal grid lines at the y ticks [true]. */
  grid?: boolean;
  testId?: string;
  className?: string;
  data?: DataAttrs;
  style?: CSSProperties;
  onClick?: (e: MouseEvent<SVGSVGElement>) => void;
  children?: ReactNode;
}

export function ChartFrame({ width, height, margin: m, label, xTicks = [], yTicks = [], xLabel, yLabel, viewBox, grid = true, testId, className, data, style, onClick, children }: ChartFrameProps) {
  const left = m.left, right = Math.max(m.left, width - m.right), bottom = height - m.bottom;
  return (
    <svg width={width} height={height} viewBox={viewBox ? `0 0 ${width} ${height}` : undefined} role="img" aria-label={label} data-testid={testId} className={className ? `chart ${className}` : 'chart'}
      style={style} onClick={onClick} {...data}>
      <title>{label}</title>
      <g className="chart-axes">
        {yTicks.map((t, i) => (
          <g key={`y${i}`}>
            {grid && <line x1={left} x2={right} y1={t.at} y2={t.at} stroke="#e4e4e4" />}
            <text className="chart-tick" x={left - 6} y={t.at + 4} fontSize={11} textAnchor="end">{t.label}</text>
          </g>
        ))}
        {xTicks.length > 0 && <line x1={left} x2={right} y1={bottom} y2={bottom} stroke="#999" />}
        {xTicks.map((t, i) => (
          <g key={`x${i}`}>
            <line x1={t.at} x2={t.at} y1={bottom} y2={bottom + 3} stroke="#999" />
            <text className="chart-tick" x={t.at} y={bottom + 15} fontSize={11} textAnchor="middle">{t.label}</text>
          </g>
        ))}
        {xLabel && <text className="chart-label" x={(left + right) / 2} y={height - 6} fontSize={12} textAnchor="middle">{xLabel}</text>}
        {yLabel && <text className="chart-label" transform={`translate(13 ${(m.top + bottom) / 2}) rotate(-90)`} fontSize={12} textAnchor="middle">{yLabel}</text>}
      </g>
      {children}
    </svg>
  );
}
