/*
 * LadderCharts — the ladder page's two pictures. LadderCdf: the reference
 * rung's and the chosen rung's response-time CDFs (0-50 ms, as the paper's
 * Figures 4 and 6), with the horizontal distance between them drawn as thin
 * segments at a few quantiles (the demerit is their root mean square over
 * all quantiles). DemeritBars: each rung's demerit as a percentage of the
 * reference's mean, Spindle's beside the paper's.
 */
import { scaleBand, scaleLinear } from 'd3';
import { quantile } from '../../panels/cdf/cdf';
import { CDF_COLOURS, CdfChart } from '../../panels/cdf/CdfChart';
import type { Rung, RungResult } from './ladder';

export const [REF_COLOUR, RUNG_COLOUR] = CDF_COLOURS;
/** Also the colour of its name in the caption: 4.5:1 or more on the page. */
export const PAPER_COLOUR = '#6b6b6b';
const QUANTILES = [0.1, 0.25, 0.5, 0.75, 0.9];
/** The paper's Figures 4 and 6 show 0-50 ms. */
const X_MAX_MS = 50;

export function LadderCdf({ reference, rung, width, height = 280 }: { reference: Float64Array; rung: Float64Array; width: number; height?: number }) {
  return (
    <CdfChart curves={[{ sorted: reference, testId: 'cdf-reference' }, { sorted: rung, testId: 'cdf-rung' }]} xMax={X_MAX_MS} width={width} height={height}
      xLabel="I/O time (ms)" yLabel="fraction of I/Os" label="response-time CDFs: the reference rung and the chosen rung" testId="ladder-cdf"
      overlay={({ x, y }) => QUANTILES.map((q) => {
        const a = Math.min(quantile(reference, q), X_MAX_MS), b = Math.min(quantile(rung, q), X_MAX_MS);
        return <line key={q} x1={x(a)} x2={x(b)} y1={y(q)} y2={y(q)} stroke="#333" strokeWidth={1} data-testid="ladder-distance" />;
      })} />
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
