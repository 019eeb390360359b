/*
 * SeekHist — the chosen epoch's seek distances, the engine's histogram of
 * equal bins over the disk's cylinders, for both runs side by side in each
 * bin, as a share of the run's seeks in the epoch (the runs seek different
 * numbers of times). Reorganization moves the weight toward short seeks.
 */
import { memo } from 'react';
import { scaleBand, scaleLinear } from 'd3';
import { Bars, ChartFrame, Legend, linearTicks, plotRanges, type Tick } from '../../charts';
import { RUN_COLOUR, RUN_LABEL, type RunName } from './heat';

export interface SeekHistProps {
  baseline: readonly number[] | undefined;
  reorg: readonly number[] | undefined;
  cylinders: number;
  width: number;
}

const M = { top: 10, right: 10, bottom: 36, left: 56 };
const H = 190;

/** Each bin's share of the run's seeks (0 for a run without seeks). */
const shares = (h: readonly number[] | undefined, bins: number): number[] => {
  const t = h ? h.reduce((a, b) => a + b, 0) : 0;
  return [...Array(bins).keys()].map((i) => (h && t > 0 ? h[i] / t : 0));
};

function SeekHistImpl({ baseline, reorg, cylinders, width }: SeekHistProps) {
  const bins = Math.max(baseline?.length ?? 0, reorg?.length ?? 0, 1);
  const r = plotRanges(width, H, M);
  const x = scaleBand<number>().domain([...Array(bins).keys()]).range(r.x).paddingInner(0.15);
  const runs: [RunName, readonly number[] | undefined][] = [['baseline', baseline], ['reorg', reorg]];
  const top = Math.max(0.01, ...runs.flatMap(([, h]) => shares(h, bins)));
  const y = scaleLinear().domain([0, top]).range(r.y).nice();
  const bw = x.bandwidth() / 2;
  // The engine's bins: bin 0 counts distance 0; bins 1.. split distances 1..cylinders-1 evenly.
  const from = (i: number) => (i === 0 ? 0 : Math.round(1 + ((i - 1) * (cylinders - 1)) / (bins - 1)));
  const range = (i: number) => (i === 0 ? 'distance 0' : `${from(i)}–${i + 1 < bins ? from(i + 1) - 1 : cylinders - 1} cylinders`);
  const every = Math.ceil(bins / Math.max(2, Math.floor(width / 60)));
  // A label sits on its bin's left edge, centred; one that would run past the chart's right edge is left out.
  const edge = (i: number) => x(i)! - (x.step() * x.paddingInner()) / 2;
  const xTicks: Tick[] = [...Array(bins).keys()].filter((i) => i % every === 0 && edge(i) + String(from(i)).length * 2.8 <= width)
    .map((i) => ({ at: edge(i), label: String(from(i)) }));
  return (
    <div className="ro-hist">
      <Legend items={runs.map(([run]) => ({ key: run, label: RUN_LABEL[run], colour: RUN_COLOUR[run], shape: 'box' }))} />
      <ChartFrame className="ro-chart" width={width} height={H} margin={M} testId="seek-hist" label="seek distance histogram of the chosen epoch, both runs"
        xTicks={xTicks} yTicks={linearTicks(y, 4, (t) => `${Math.round(t * 100)} %`)} xLabel={`seek distance (cylinders of ${cylinders})`} yLabel="share of seeks">
        {runs.map(([run, h], k) => {
          const s = shares(h, bins);
          return (
            <g key={run} data-testid={`seek-${run}`}>
              {h && <Bars bars={h.map((n, i) => ({
                key: i, x: x(i)! + k * bw, width: bw, top: y(s[i]), base: y(0), colour: RUN_COLOUR[run], title: `${RUN_LABEL[run]}: ${n} seeks of ${range(i)}`, data: { 'data-v': n },
              }))} />}
            </g>
          );
        })}
      </ChartFrame>
    </div>
  );
}

export const SeekHist = memo(SeekHistImpl);
