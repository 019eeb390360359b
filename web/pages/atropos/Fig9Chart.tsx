/*
 * Fig9Chart — Figure 9 of the Atropos paper from the engine's sweep: mean
 * response (less the first seek) of semi-sequential batches vs S = d·b, one
 * line per d, with b_max of both forms of the one-revolution constraint
 * marked (solid: cyclic, dotted: linear); hollow points fail the exact check.
 * Points appear as the worker posts them.
 */
import { Rule, SeriesChart, type Series } from '../../charts';
import type { SweepCurve, SweepPointAt } from './protocol';
import { FIG_MARGIN, SERIES_COLOURS } from './chartStyle';

export interface Fig9Props {
  curves: SweepCurve[];
  points: SweepPointAt[];
  N: number;
  sectorBytes: number;
  width: number;
  height?: number;
  /** The page's current (d, b), marked. */
  current?: { d: number; b: number };
}

export function Fig9Chart({ curves, points, N, sectorBytes, width, height = 300, current }: Fig9Props) {
  const kb = (s: number) => (s * sectorBytes) / 1024;
  const colour = (i: number) => SERIES_COLOURS[i % SERIES_COLOURS.length];
  const series: Series[] = curves.map((c, i) => {
    const own = points.filter((p) => p.d === c.d);
    return {
      key: `d${c.d}`, label: `d = ${c.d}`, colour: colour(i), data: { 'data-testid': `fig9-d${c.d}`, 'data-points': own.length },
      points: own.map((p) => ({
        x: kb(p.sectors), y: p.responseLessSeekMs, hollow: !p.cyclicOk, data: { 'data-x': kb(p.sectors), 'data-y': p.responseLessSeekMs },
        title: `d = ${p.d}, b = ${p.b}: ${p.responseLessSeekMs.toFixed(2)} ms${p.cyclicOk ? '' : ' (exact check fails)'}`,
      })),
    };
  });
  const yMax = Math.max(8, ...points.map((p) => p.responseLessSeekMs)) * 1.08;
  const top = FIG_MARGIN.top, foot = height - FIG_MARGIN.bottom;
  return (
    <SeriesChart testId="fig9" legendTestId="fig9-legend" label="response time excluding seek vs quadrangle size" data={{ 'data-points': points.length }}
      width={width} height={height} margin={FIG_MARGIN} series={series}
      x={{ domain: [0, kb(N)], label: 'quadrangle I/O size S = d·b (KB)', ticks: width < 500 ? 4 : 7 }} y={{ domain: [0, yMax], label: 'response less seek (ms)' }}
      overlay={({ x }) => (
        <>
          {curves.map((c, i) => (
            <g key={c.d}>
              {c.bMax >= 1 && <Rule from={[x(kb(c.d * c.bMax)), top]} to={[x(kb(c.d * c.bMax)), foot]} colour={colour(i)} width={1.2}
                title={`d = ${c.d}: b_max = ${c.bMax} (cyclic)`} testId={`bmax-d${c.d}`} data={{ 'data-value': c.bMax }} />}
              {c.bMaxLinear >= 1 && <Rule from={[x(kb(c.d * c.bMaxLinear)), top]} to={[x(kb(c.d * c.bMaxLinear)), foot]} colour={colour(i)} dash="2 3"
                title={`d = ${c.d}: b_max = ${c.bMaxLinear} (linear)`} />}
            </g>
          ))}
          {current && <circle cx={x(kb(current.d * current.b))} cy={top - 4} r={4} fill="#000"><title>the page's d·b</title></circle>}
        </>
      )} />
  );
}
