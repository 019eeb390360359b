/*
 * CdfChart — the measured and the model's response-time distributions
 * overlaid (the two CDFs the demerit compares): x = response time, y = the
 * fraction of requests that took at most that long.
 */
import { curveStepAfter, line, scaleLinear } from 'd3';
import { cdfPoints } from './charts';

export const MEASURED_COLOUR = '#1f4e9c';
export const MODEL_COLOUR = '#d95f02';

export interface CdfChartProps {
  measured: Float64Array;
  model: Float64Array;
  /** Right end of the response axis (ms). */
  xMax: number;
  width: number;
  height?: number;
}

export function CdfChart({ measured, model, xMax, width, height = 280 }: CdfChartProps) {
  const m = { top: 12, right: 14, bottom: 40, left: 46 };
  const x = scaleLinear().domain([0, xMax]).range([m.left, width - m.right]);
  const y = scaleLinear().domain([0, 1]).range([height - m.bottom, m.top]);
  const path = (s: Float64Array) =>
    line<[number, number]>().curve(curveStepAfter).x(([v]) => x(Math.min(v, xMax))).y(([, f]) => y(f))(cdfPoints(s, Math.max(50, width))) ?? '';
  return (
    <svg width={width} height={height} role="img" aria-label="response-time CDFs, measured and model" data-testid="val-cdf">
      {y.ticks(5).map((t) => (
        <g key={t}><line x1={m.left} x2={width - m.right} y1={y(t)} y2={y(t)} stroke="#eee" /><text x={m.left - 6} y={y(t) + 4} fontSize={11} textAnchor="end">{t}</text></g>
      ))}
      {x.ticks(Math.max(2, Math.floor(width / 90))).map((t) => <text key={t} x={x(t)} y={height - m.bottom + 15} fontSize={11} textAnchor="middle">{t}</text>)}
      <text x={(m.left + width - m.right) / 2} y={height - 6} fontSize={12} textAnchor="middle">response time (ms)</text>
      <text transform={`translate(12 ${(m.top + height - m.bottom) / 2}) rotate(-90)`} fontSize={12} textAnchor="middle">fraction of requests</text>
      <path d={path(measured)} fill="none" stroke={MEASURED_COLOUR} strokeWidth={2} data-testid="cdf-measured" />
      <path d={path(model)} fill="none" stroke={MODEL_COLOUR} strokeWidth={2} strokeDasharray="6 3" data-testid="cdf-model" />
    </svg>
  );
}
