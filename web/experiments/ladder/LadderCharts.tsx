/*
 * LadderCharts — the ladder page's two pictures. LadderCdf: the reference
 * rung's and the chosen rung's response-time CDFs (0-50 ms, as the paper's
 * Figures 4 and 6), with the horizontal distance between them drawn as thin
 * segments at a few quantiles (the demerit is their root mean square over
 * all quantiles). DemeritBars: each rung's demerit as a percentage of the
 * reference's mean, Spindle's beside the paper's.
 */
import { curveStepAfter, line, scaleBand, scaleLinear } from 'd3';
import { cdfPoints, quantile } from '../../validate/charts';
import type { Rung, RungResult } from './ladder';

export const REF_COLOUR = '#1f4e9c';
export const RUNG_COLOUR = '#d95f02';
export const PAPER_COLOUR = '#999';
const QUANTILES = [0.1, 0.25, 0.5, 0.75, 0.9];

export function LadderCdf({ reference, rung, width, height = 280 }: { reference: Float64Array; rung: Float64Array; width: number; height?: number }) {
  const m = { top: 12, right: 14, bottom: 40, left: 46 };
  const xMax = 50;
  const x = scaleLinear().domain([0, xMax]).range([m.left, width - m.right]);
  const y = scaleLinear().domain([0, 1]).range([height - m.bottom, m.top]);
  const path = (s: Float64Array) =>
    line<[number, number]>().curve(curveStepAfter).x(([v]) => x(Math.min(v, xMax))).y(([, f]) => y(f))(cdfPoints(s, Math.max(50, width))) ?? '';
  return (
    <svg width={width} height={height} role="img" aria-label="response-time CDFs: the reference rung and the chosen rung" data-testid="ladder-cdf">
      {y.ticks(5).map((t) => (
        <g key={t}><line x1={m.left} x2={width - m.right} y1={y(t)} y2={y(t)} stroke="#eee" /><text x={m.left - 6} y={y(t) + 4} fontSize={11} textAnchor="end">{t}</text></g>
      ))}
      {x.ticks(Math.max(2, Math.floor(width / 90))).map((t) => <text key={t} x={x(t)} y={height - m.bottom + 15} fontSize={11} textAnchor="middle">{t}</text>)}
      <text x={(m.left + width - m.right) / 2} y={height - 6} fontSize={12} textAnchor="middle">I/O time (ms)</text>
      <text transform={`translate(12 ${(m.top + height - m.bottom) / 2}) rotate(-90)`} fontSize={12} textAnchor="middle">fraction of I/Os</text>
      {QUANTILES.map((q) => {
        const a = Math.min(quantile(reference, q), xMax), b = Math.min(quantile(rung, q), xMax);
        return <line key={q} x1={x(a)} x2={x(b)} y1={y(q)} y2={y(q)} stroke="#333" strokeWidth={1} data-testid="ladder-distance" />;
      })}
      <path d={path(reference)} fill="none" stroke={REF_COLOUR} strokeWidth={2} data-testid="cdf-reference" />
      <path d={path(rung)} fill="none" stroke={RUNG_COLOUR} strokeWidth={2} strokeDasharray="6 3" data-testid="cdf-rung" />
    </svg>
  );
}

export function DemeritBars({ rungs, results, width, height = 220 }: { rungs: readonly Rung[]; results: readonly RungResult[]; width: number; height?: number }) {
  const m = { top: 12, right: 14, bottom: 36, left: 46 };
  const ids = rungs.map((r) => r.id);
  const band = scaleBand().domain(ids).range([m.left, width - m.right]).padding(0.25);
  const inner = scaleBand().domain(['spindle', 'paper']).range([0, band.bandwidth()]).padding(0.1);
  const top = Math.max(10, ...rungs.map((r) => r.paper.relativePct), ...results.map((r) => 100 * r.relative));
  const y = scaleLinear().domain([0, top]).nice().range([height - m.bottom, m.top]);
  return (
    <svg width={width} height={height} role="img" aria-label="demerit per rung, Spindle's and the paper's, in percent of the reference mean" data-testid="ladder-bars">
      {y.ticks(4).map((t) => (
        <g key={t}><line x1={m.left} x2={width - m.right} y1={y(t)} y2={y(t)} stroke="#eee" /><text x={m.left - 6} y={y(t) + 4} fontSize={11} textAnchor="end">{t} %</text></g>
      ))}
      {rungs.map((r) => {
        const res = results.find((x) => x.id === r.id);
        const x0 = band(r.id)!;
        return (
          <g key={r.id}>
            {res && <rect x={x0 + inner('spindle')!} width={inner.bandwidth()} y={y(100 * res.relative)} height={y(0) - y(100 * res.relative)} fill={RUNG_COLOUR}><title>Spindle {r.figure}: {(100 * res.relative).toFixed(1)} %</title></rect>}
            <rect x={x0 + inner('paper')!} width={inner.bandwidth()} y={y(r.paper.relativePct)} height={y(0) - y(r.paper.relativePct)} fill={PAPER_COLOUR}><title>paper {r.figure}: {r.paper.relativePct} %</title></rect>
            <text x={x0 + band.bandwidth() / 2} y={height - m.bottom + 15} fontSize={11} textAnchor="middle">{r.figure}</text>
          </g>
        );
      })}
      <text x={(m.left + width - m.right) / 2} y={height - 4} fontSize={12} textAnchor="middle">rung (orange: Spindle, grey: the paper)</text>
    </svg>
  );
}
