/*
 * Fig8Chart — Figure 8 of the Atropos paper from the engine: the mean
 * response of a random 8 KB chunk, as bars: "Contiguous", then for each d
 * the naive layout (cells on adjacent tracks at random places, one at a time
 * or as one linked batch) and Atropos (a record: one semi-sequential batch;
 * d cells of one column: the primary order). Bars appear as they arrive.
 */
import { scaleBand, scaleLinear } from 'd3';
import type { Fig8Bar, Fig8BarKind } from './protocol';

export const FIG8_LABEL: Record<Fig8BarKind, string> = {
  contiguous: 'Contiguous', 'naive-serial': 'naive, one at a time', 'naive-batched': 'naive, one batch',
  'atropos-row': 'Atropos, a record (row)', 'atropos-column': 'Atropos, one column',
};
const COLOUR: Record<Fig8BarKind, string> = {
  contiguous: '#777', 'naive-serial': '#c0392b', 'naive-batched': '#e67e22', 'atropos-row': '#1b9e77', 'atropos-column': '#7570b3',
};

export const barId = (b: Pick<Fig8Bar, 'bar' | 'd'>) => (b.bar === 'contiguous' ? 'contiguous' : `${b.bar}-d${b.d}`);

export function Fig8Chart({ bars, width, height = 280 }: { bars: Fig8Bar[]; width: number; height?: number }) {
  const m = { top: 12, right: 12, bottom: 26, left: 50 };
  const x = scaleBand<string>().domain(bars.map(barId)).range([m.left, width - m.right]).padding(0.2);
  const yMax = Math.max(8, ...bars.map((b) => b.responseMs)) * 1.1;
  const y = scaleLinear().domain([0, yMax]).range([height - m.bottom, m.top]);
  const contiguous = bars.find((b) => b.bar === 'contiguous');
  const groups = [...new Set(bars.map((b) => b.d))];
  return (
    <>
    <svg width={width} height={height} data-testid="fig8" data-bars={bars.length} role="img" aria-label="response of a random 8 KB chunk by layout">
      {y.ticks(5).map((t) => (
        <g key={t}><line x1={m.left} x2={width - m.right} y1={y(t)} y2={y(t)} stroke="#eee" /><text x={m.left - 6} y={y(t) + 4} fontSize={11} textAnchor="end">{t}</text></g>
      ))}
      <text transform={`translate(13 ${(m.top + height - m.bottom) / 2}) rotate(-90)`} fontSize={12} textAnchor="middle">response (ms)</text>
      {bars.map((b) => {
        const id = barId(b), x0 = x(id) ?? 0, over = contiguous && b !== contiguous ? b.responseMs / contiguous.responseMs - 1 : null;
        return (
          <g key={id} data-testid={`fig8-${id}`} data-value={b.responseMs}>
            <rect x={x0} y={y(b.responseMs)} width={x.bandwidth()} height={y(0) - y(b.responseMs)} fill={COLOUR[b.bar]}>
              <title>{`${FIG8_LABEL[b.bar]}${b.d ? `, d = ${b.d} (b = ${b.b})` : ''}: ${b.responseMs.toFixed(2)} ms${over !== null ? ` (${over >= 0 ? '+' : ''}${(over * 100).toFixed(0)} % vs Contiguous)` : ''}`}</title>
            </rect>
            <text x={x0 + x.bandwidth() / 2} y={y(b.responseMs) - 3} fontSize={11} textAnchor="middle">{b.responseMs.toFixed(1)}</text>
          </g>
        );
      })}
      {groups.map((d) => {
        const ids = bars.filter((b) => b.d === d).map(barId);
        const x0 = x(ids[0]) ?? 0, x1 = (x(ids[ids.length - 1]) ?? 0) + x.bandwidth();
        return <text key={d} x={(x0 + x1) / 2} y={height - m.bottom + 16} fontSize={12} textAnchor="middle">{d === 0 ? 'Contiguous' : `d = ${d}`}</text>;
      })}
    </svg>
    <ul className="legend at-legend">
      {(['naive-serial', 'naive-batched', 'atropos-row', 'atropos-column'] as const).map((k) => (
        <li key={k}><span className="swatch" style={{ background: COLOUR[k] }} />{FIG8_LABEL[k]}</li>
      ))}
    </ul>
    </>
  );
}
