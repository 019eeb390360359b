/*
 * CdfChart — two response-time distributions overlaid as step curves: x =
 * the time, y = the fraction of requests that took at most that long. The
 * first curve (the one compared against: the measured drive, the reference
 * rung) is solid, the second (the model, the chosen rung) dashed. A page
 * draws what it adds on top (the ladder's horizontal distances) through
 * `overlay`, which gets the chart's scales. Pure over its props.
 */
import type { ReactNode } from 'react';
import { curveStepAfter, line, scaleLinear, type ScaleLinear } from 'd3';
import { cdfPoints } from './cdf';

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
  const m = CDF_MARGIN;
  return {
    x: scaleLinear().domain([0, xMax]).range([m.left, width - m.right]),
    y: scaleLinear().domain([0, 1]).range([height - m.bottom, m.top]),
  };
}

export function CdfChart({ curves, xMax, width, height = 280, xLabel, yLabel, label, testId, overlay }: CdfChartProps) {
  const m = CDF_MARGIN;
  const s = cdfScales(xMax, width, height);
  const { x, y } = s;
  const path = (sorted: ArrayLike<number>) =>
    line<[number, number]>().curve(curveStepAfter).x(([v]) => x(Math.min(v, xMax))).y(([, f]) => y(f))(cdfPoints(sorted, Math.max(50, width))) ?? '';
  return (
    <svg width={width} height={height} role="img" aria-label={label} data-testid={testId}>
      {y.ticks(5).map((t) => (
        <g key={t}><line x1={m.left} x2={width - m.right} y1={y(t)} y2={y(t)} stroke="#eee" /><text x={m.left - 6} y={y(t) + 4} fontSize={11} textAnchor="end">{t}</text></g>
      ))}
      {x.ticks(Math.max(2, Math.floor(width / 90))).map((t) => <text key={t} x={x(t)} y={height - m.bottom + 15} fontSize={11} textAnchor="middle">{t}</text>)}
      <text x={(m.left + width - m.right) / 2} y={height - 6} fontSize={12} textAnchor="middle">{xLabel}</text>
      <text transform={`translate(12 ${(m.top + height - m.bottom) / 2}) rotate(-90)`} fontSize={12} textAnchor="middle">{yLabel}</text>
      {overlay?.(s)}
      {curves.map((c, i) => (
        <path key={c.testId} d={path(c.sorted)} fill="none" stroke={CDF_COLOURS[i]} strokeWidth={2} strokeDasharray={i === 1 ? '6 3' : undefined} data-testid={c.testId} />
      ))}
    </svg>
  );
}
