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
import { Bars, ChartFrame, Rule, bandTicks, linearTicks, plotRanges, type Bar } from '../../charts';
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
        return <Rule key={q} from={[x(a), y(q)]} to={[x(b), y(q)]} colour="#333" testId="ladder-distance" />;
      })} />
  );
}

export function DemeritBars({ rungs, results, width, height = 220 }: { rungs: readonly Rung[]; results: readonly RungResult[]; width: number; height?: number }) {
  const m = { top: 12, right: 14, bottom: 36, left: 46 };
  const r = plotRanges(width, height, m);
  const band = scaleBand().domain(rungs.map((g) => g.id)).range(r.x).padding(0.25);
  const inner = scaleBand().domain(['spindle', 'paper']).range([0, band.bandwidth()]).padding(0.1);
  const top = Math.max(10, ...rungs.map((g) => g.paper.relativePct), ...results.map((g) => 100 * g.relative));
  const y = scaleLinear().domain([0, top]).nice().range(r.y);
  const bar = (g: Rung, who: 'spindle' | 'paper', pct: number, colour: string, title: string): Bar =>
    ({ key: `${g.id}-${who}`, x: band(g.id)! + inner(who)!, width: inner.bandwidth(), top: y(pct), base: y(0), colour, title });
  const bars = rungs.flatMap((g) => {
    const res = results.find((x) => x.id === g.id);
    return [
      ...(res ? [bar(g, 'spindle', 100 * res.relative, RUNG_COLOUR, `Spindle ${g.figure}: ${(100 * res.relative).toFixed(1)} %`)] : []),
      bar(g, 'paper', g.paper.relativePct, PAPER_COLOUR, `paper ${g.figure}: ${g.paper.relativePct} %`),
    ];
  });
  const figure = new Map(rungs.map((g) => [g.id, g.figure]));
  return (
    <ChartFrame width={width} height={height} margin={m} testId="ladder-bars" label="demerit per rung, Spindle's and the paper's, in percent of the reference mean"
      xTicks={bandTicks(band, (id) => figure.get(id) ?? id)} yTicks={linearTicks(y, 4, (t) => `${t} %`)} xLabel="rung (orange: Spindle, grey: the paper)">
      <Bars bars={bars} />
    </ChartFrame>
  );
}
