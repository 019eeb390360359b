/*
 * ChartFrame — the one place a chart's axes are drawn: an SVG of the given
 * size with its name for a screen reader (role img, aria-label and title),
 * grid lines, tick labels on the x axis and on one or two y axes, the x
 * axis's line and small marks, and the axis titles (what and in what unit).
 * The chart's own marks are its children, drawn over the frame. Sizes are in
 * pixels as drawn: no viewBox unless asked, so the text never shrinks below
 * its size on a phone; presentation mode enlarges it (charts.css), except in
 * a chart drawn `scale` times larger, whose type grows with the scale.
 */
import type { CSSProperties, MouseEvent, ReactNode, Ref } from 'react';
import { XAxis, YAxis, YTitle, type PlotBox } from './axes';
import type { Tick } from './ticks';
import './charts.css';

export interface Margin { top: number; right: number; bottom: number; left: number }

/** data-* attributes a test reads on the chart's root. */
export type DataAttrs = { [k: `data-${string}`]: string | number | undefined };

/** A second y axis on the plot's right: its ticks, its title, and the colour of the marks it reads. */
export interface RightAxis { ticks: readonly Tick[]; label?: string; colour?: string }

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
  /** Where the x title goes [below]: see XAxis. */
  xLabelAt?: 'below' | 'start';
  yRight?: RightAxis;
  /** Give the SVG a viewBox of its own size, so a page's CSS may scale it (only where the width given is the column's: the text stays at its size). */
  viewBox?: boolean;
  /** Drawn at width × height and shown `scale` times larger, type included (a viewBox); presentation mode's CSS leaves its type to the scale. */
  scale?: number;
  /** Horizontal grid lines at the y ticks [true]. */
  grid?: boolean;
  /** Vertical grid lines at the x ticks [false]. */
  xGrid?: boolean;
  testId?: string;
  className?: string;
  data?: DataAttrs;
  style?: CSSProperties;
  onClick?: (e: MouseEvent<SVGSVGElement>) => void;
  /** The SVG element (a page exports it as a picture). */
  ref?: Ref<SVGSVGElement>;
  children?: ReactNode;
}

function classOf(className: string | undefined, scaled: boolean): string {
  return ['chart', scaled && 'chart-scaled', className].filter(Boolean).join(' ');
}

export function ChartFrame({ width, height, margin: m, label, xTicks = [], yTicks = [], xLabel, yLabel, xLabelAt = 'below', yRight, viewBox, scale, grid = true, xGrid = false,
  testId, className, data, style, onClick, ref, children }: ChartFrameProps) {
  const box: PlotBox = { left: m.left, right: Math.max(m.left, width - m.right), top: m.top, bottom: height - m.bottom, width, height };
  const k = scale ?? 1;
  return (
    <svg ref={ref} width={width * k} height={height * k} viewBox={viewBox || scale !== undefined ? `0 0 ${width} ${height}` : undefined} role="img" aria-label={label}
      data-testid={testId} className={classOf(className, scale !== undefined)} style={style} onClick={onClick} {...data}>
      <title>{label}</title>
      <g className="chart-axes">
        <YAxis box={box} ticks={yTicks} side="left" grid={grid} />
        <XAxis box={box} ticks={xTicks} grid={xGrid} label={xLabel} labelAt={xLabelAt} />
        {yLabel && <YTitle box={box} side="left" label={yLabel} />}
        {yRight && <YAxis box={box} ticks={yRight.ticks} side="right" grid={false} colour={yRight.colour} />}
        {yRight?.label && <YTitle box={box} side="right" label={yRight.label} colour={yRight.colour} />}
      </g>
      {children}
    </svg>
  );
}
