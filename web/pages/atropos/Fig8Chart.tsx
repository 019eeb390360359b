/*
 * Fig8Chart — Figure 8 of the Atropos paper from the engine: the mean
 * response of a random 8 KB chunk, as bars: "Contiguous", then for each d
 * the naive layout (cells on adjacent tracks at random places, one at a time
 * or as one linked batch) and Atropos (a record: one semi-sequential batch;
 * d cells of one column: the primary order). Bars appear as they arrive.
 */
import { scaleBand, scaleLinear } from 'd3';
import { Bars, ChartFrame, Legend, linearTicks, plotRanges, type Tick } from '../../charts';
import type { Fig8Bar, Fig8BarKind } from './protocol';

export const FIG8_LABEL: Record<Fig8BarKind, string> = {
  contiguous: 'Contiguous', 'naive-serial': 'naive, one at a time', 'naive-batched': 'naive, one batch',
  'atropos-row': 'Atropos, a record (row)', 'atropos-column': 'Atropos, one column',
};
const COLOUR: Record<Fig8BarKind, string> = {
  contiguous: '#777', 'naive-serial': '#c0392b', 'naive-batched': '#e67e22', 'atropos-row': '#1b9e77', 'atropos-column': '#7570b3',
};
const M = { top: 12, right: 12, bottom: 26, left: 50 };

export const barId = (b: Pick<Fig8Bar, 'bar' | 'd'>) => (b.bar === 'contiguous' ? 'contiguous' : `${b.bar}-d${b.d}`);

function barTitle(b: Fig8Bar, contiguous: Fig8Bar | undefined): string {
  const over = contiguous && b !== contiguous ? b.responseMs / contiguous.responseMs - 1 : null;
  return `${FIG8_LABEL[b.bar]}${b.d ? `, d = ${b.d} (b = ${b.b})` : ''}: ${b.responseMs.toFixed(2)} ms${over !== null ? ` (${over >= 0 ? '+' : ''}${(over * 100).toFixed(0)} % vs Contiguous)` : ''}`;
}

export function Fig8Chart({ bars, width, height = 280 }: { bars: Fig8Bar[]; width: number; height?: number }) {
  const r = plotRanges(width, height, M);
  const x = scaleBand<string>().domain(bars.map(barId)).range(r.x).padding(0.2);
  const y = scaleLinear().domain([0, Math.max(8, ...bars.map((b) => b.responseMs)) * 1.1]).range(r.y);
  const contiguous = bars.find((b) => b.bar === 'contiguous');
  // One label per group of bars (one d), under the group's middle.
  const groups: Tick[] = [...new Set(bars.map((b) => b.d))].map((d) => {
    const ids = bars.filter((b) => b.d === d).map(barId);
    const x0 = x(ids[0]) ?? 0, x1 = (x(ids[ids.length - 1]) ?? 0) + x.bandwidth();
    return { at: (x0 + x1) / 2, label: d === 0 ? 'Contiguous' : `d = ${d}` };
  });
  return (
    <>
      <ChartFrame width={width} height={height} margin={M} testId="fig8" data={{ 'data-bars': bars.length }} label="response of a random 8 KB chunk by layout"
        xTicks={groups} yTicks={linearTicks(y, 5)} yLabel="response (ms)">
        <Bars bars={bars.map((b) => ({
          key: barId(b), x: x(barId(b)) ?? 0, width: x.bandwidth(), top: y(b.responseMs), base: y(0), colour: COLOUR[b.bar],
          title: barTitle(b, contiguous), data: { 'data-testid': `fig8-${barId(b)}`, 'data-value': b.responseMs },
        }))} />
        {bars.map((b) => (
          <text key={barId(b)} className="chart-note" x={(x(barId(b)) ?? 0) + x.bandwidth() / 2} y={y(b.responseMs) - 3} fontSize={11} textAnchor="middle">{b.responseMs.toFixed(1)}</text>
        ))}
      </ChartFrame>
      <Legend className="at-legend" items={(['naive-serial', 'naive-batched', 'atropos-row', 'atropos-column'] as const).map((k) => ({ key: k, label: FIG8_LABEL[k], colour: COLOUR[k], shape: 'box' }))} />
    </>
  );
}
