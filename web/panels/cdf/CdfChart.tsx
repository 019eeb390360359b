/*
 * CdfChart — two response-time distributions overlaid as step curves: x =
 * the time, y = the fraction of requests that took at most that long. The
 * first curve (the one compared against: the measured drive, the reference
 * rung) is solid, the second (the model, the chosen rung) dashed. A page
 * draws what it adds on top (the ladder's horizontal distances) through
 * `overlay`, which gets the chart's scales. Pure over its props.
 */
import type { ReactNode } from 'react';
import { scaleLinear, type ScaleLinear } from 'd3';
import { CdfLine, ChartFrame, linearTicks, plotRanges } from '../../charts';

/** The colours of the two curves, in order: the first solid, the second dashed; each also the colour of its name in a caption, so 4.5:1 or more on the page. */
export const CDF_COLOURS = ['#1f4e9c', '#b85000'] as const;

export interface CdfCurve {
  /** The sample, ascending. */
  sorted: ArrayLike<number>;
  /** data-testid of the curve's path. */
  testId: string;
}

export interface CdfScales { x: ScaleLinear<number, number>; y: ScaleLinear<number, number> }

export interface CdfChartProps {
  /** The curve compared against, then the one compared with it. */
  curves: readonly [CdfCurve, CdfCurve];
  /** Right end of the time axis (ms); longer times are drawn at it. */
  xMax: number;
  width: number;
  height?: number;
  xLabel: string;
  yLabel: string;
  /** What the chart shows, for a screen reader. */
  label: string;
  testId: string;
  overlay?: (s: CdfScales) => ReactNode;
}

export const CDF_MARGIN = { top: 12, right: 14, bottom: 40, left: 46 } as const;

/** The chart's scales: time across, fraction up. */
export function cdfScales(xMax: number, width: number, height: number): CdfScales {
  const r = plotRanges(width, height, CDF_MARGIN);
  return { x: scaleLinear().domain([0, xMax]).range(r.x), y: scaleLinear().domain([0, 1]).range(r.y) };
}

export function CdfChart({ curves, xMax, width, height = 280, xLabel, yLabel, label, testId, overlay }: CdfChartProps) {
  const s = cdfScales(xMax, width, height);
  return (
    <ChartFrame width={width} height={height} margin={CDF_MARGIN} label={label} testId={testId} xLabel={xLabel} yLabel={yLabel}
      xTicks={linearTicks(s.x, Math.max(2, Math.floor(width / 90)))} yTicks={linearTicks(s.y, 5)}>
      {overlay?.(s)}
      {curves.map((c, i) => (
        <CdfLine key={c.testId} sorted={c.sorted} x={s.x} y={s.y} steps={Math.max(50, width)} colour={CDF_COLOURS[i]} dash={i === 1 ? '6 3' : undefined} testId={c.testId} />
      ))}
    </ChartFrame>
  );
}
