/*
 * Fig7Chart — Figure 7 of the Atropos paper from the engine's sweep: access
 * efficiency (media transfer / head time) vs I/O size for track-based
 * striping, semi-sequential quadrangle access and conventional striping,
 * with one track (N) marked. Points appear as the worker posts them.
 */
import { Rule, SeriesChart, type Series } from '../../charts';
import type { Fig7Line, Fig7Point } from './protocol';
import { FIG_MARGIN, SERIES_COLOURS } from './chartStyle';

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
  const series: Series[] = ORDER.map((l, i) => {
    const own = points.filter((p) => p.line === l);
    return {
      key: l, label: label[l], colour: SERIES_COLOURS[i], data: { 'data-testid': `fig7-${l}`, 'data-points': own.length },
      points: own.map((p) => ({
        x: kb(p.sectors), y: p.efficiency, data: { 'data-x': kb(p.sectors), 'data-y': p.efficiency },
        title: `${label[l]}, ${kb(p.sectors).toFixed(1)} KB: efficiency ${p.efficiency.toFixed(3)}, response ${p.responseMs.toFixed(2)} ms`,
      })),
    };
  });
  const xMax = Math.max(kb(N), ...points.map((p) => kb(p.sectors)));
  const height = 300;
  return (
    <SeriesChart testId="fig7" legendTestId="fig7-legend" label="access efficiency vs I/O size" data={{ 'data-points': points.length }}
      width={width} height={height} margin={FIG_MARGIN} series={series}
      x={{ domain: [0, xMax], label: 'I/O size (KB)', ticks: width < 500 ? 4 : 7 }} y={{ domain: [0, 1], label: 'efficiency' }}
      overlay={(s) => (
        <Rule from={[s.x(kb(N)), FIG_MARGIN.top]} to={[s.x(kb(N)), height - FIG_MARGIN.bottom]} colour="#888" dash="2 3"
          title={`one track: ${kb(N).toFixed(1)} KB`} testId="fig7-track" data={{ 'data-value': N }} />
      )} />
  );
}
