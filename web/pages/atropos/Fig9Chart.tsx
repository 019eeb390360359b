/*
 * Fig9Chart — Figure 9 of the Atropos paper from the engine's sweep: mean
 * response (less the first seek) of semi-sequential batches vs S = d·b, one
 * line per d, with b_max of both forms of the one-revolution constraint
 * marked (solid: cyclic, dotted: linear); hollow points fail the exact check.
 * Points appear as the worker posts them.
 */
import type { SweepCurve, SweepPointAt } from './protocol';
import { LineChart, SERIES_COLOURS, type ChartMark, type ChartSeries } from './LineChart';

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
  const series: ChartSeries[] = curves.map((c, i) => ({
    id: `d${c.d}`, label: `d = ${c.d}`, colour: SERIES_COLOURS[i % SERIES_COLOURS.length],
    points: points.filter((p) => p.d === c.d).map((p) => ({
      x: kb(p.sectors), y: p.responseLessSeekMs, hollow: !p.cyclicOk,
      title: `d = ${p.d}, b = ${p.b}: ${p.responseLessSeekMs.toFixed(2)} ms${p.cyclicOk ? '' : ' (exact check fails)'}`,
    })),
  }));
  const marks: ChartMark[] = curves.flatMap((c, i) => {
    const colour = SERIES_COLOURS[i % SERIES_COLOURS.length];
    const out: ChartMark[] = [];
    if (c.bMax >= 1) out.push({ x: kb(c.d * c.bMax), colour, title: `d = ${c.d}: b_max = ${c.bMax} (cyclic)`, testId: `bmax-d${c.d}`, value: c.bMax });
    if (c.bMaxLinear >= 1) out.push({ x: kb(c.d * c.bMaxLinear), colour, dashed: true, title: `d = ${c.d}: b_max = ${c.bMaxLinear} (linear)` });
    return out;
  });
  const yMax = Math.max(8, ...points.map((p) => p.responseLessSeekMs)) * 1.08;
  return (
    <LineChart testId="fig9" ariaLabel="response time excluding seek vs quadrangle size" series={series} marks={marks}
      xDomain={[0, kb(N)]} yDomain={[0, yMax]} xLabel="quadrangle I/O size S = d·b (KB)" yLabel="response less seek (ms)"
      width={width} height={height} current={current ? { x: kb(current.d * current.b), title: "the page's d·b" } : undefined} />
  );
}
