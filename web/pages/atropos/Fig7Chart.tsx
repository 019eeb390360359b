/*
 * Fig7Chart — Figure 7 of the Atropos paper from the engine's sweep: access
 * efficiency (media transfer / head time) vs I/O size for track-based
 * striping, semi-sequential quadrangle access and conventional striping,
 * with one track (N) marked. Points appear as the worker posts them.
 */
import type { Fig7Line, Fig7Point } from './protocol';
import { LineChart, SERIES_COLOURS, type ChartSeries } from './LineChart';

export const FIG7_LABEL: Record<Fig7Line, string> = { track: 'track-based striping', semiseq: 'semi-sequential', stripe: 'conventional striping' };
const ORDER: readonly Fig7Line[] = ['track', 'semiseq', 'stripe'];

export interface Fig7Props {
  points: Fig7Point[];
  N: number;
  sectorBytes: number;
  /** The semi-sequential line's d and the conventional unit (KB), for the legend. */
  d: number;
  stripeKb: number;
  width: number;
}

export function Fig7Chart({ points, N, sectorBytes, d, stripeKb, width }: Fig7Props) {
  const kb = (s: number) => (s * sectorBytes) / 1024;
  const label: Record<Fig7Line, string> = { track: FIG7_LABEL.track, semiseq: `${FIG7_LABEL.semiseq} (d = ${d})`, stripe: `${stripeKb} KB striping` };
  const series: ChartSeries[] = ORDER.map((l, i) => ({
    id: l, label: label[l], colour: SERIES_COLOURS[i],
    points: points.filter((p) => p.line === l).map((p) => ({
      x: kb(p.sectors), y: p.efficiency, title: `${label[l]}, ${kb(p.sectors).toFixed(1)} KB: efficiency ${p.efficiency.toFixed(3)}, response ${p.responseMs.toFixed(2)} ms`,
    })),
  }));
  const xMax = Math.max(kb(N), ...points.map((p) => kb(p.sectors)));
  return (
    <LineChart testId="fig7" ariaLabel="access efficiency vs I/O size" series={series} xDomain={[0, xMax]} yDomain={[0, 1]}
      marks={[{ x: kb(N), colour: '#888', dashed: true, title: `one track: ${kb(N).toFixed(1)} KB`, testId: 'fig7-track', value: N }]}
      xLabel="I/O size (KB)" yLabel="efficiency" width={width} />
  );
}
