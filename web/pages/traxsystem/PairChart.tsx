/*
 * PairChart — one quantity against another for a few named series (aligned
 * and unaligned by default: round time vs streams, overall write cost vs
 * segment size; traxtent vs unmodified FFS: data moved vs time), with an
 * optional horizontal mark (the round time) and vertical mark (one track),
 * on the chart kit. Each point is a circle carrying its values (data-x,
 * data-y) in a group naming its series (data-series), so tests read what is drawn.
 */
import { Rule, SeriesChart, type Series } from '../../charts';
import { ROLE } from '../../lib/palette';
import { formatNum } from '../../lib/format';

export interface PairPoint {
  series: string;
  x: number;
  y: number;
}

/** A series: its key (the points' `series`), legend label, colour and dashes. */
export interface SeriesStyle {
  key: string;
  label: string;
  colour: string;
  dash?: string;
  /** Points only, no line (e.g. one point per zone). */
  noLine?: boolean;
}

export const ALIGNED_SERIES: readonly SeriesStyle[] = [
  { key: 'aligned', label: 'aligned', colour: ROLE.aligned },
  { key: 'unaligned', label: 'unaligned', colour: ROLE.unaligned, dash: '6 3' },
];

export interface PairChartProps {
  id: string;
  points: readonly PairPoint[];
  xLabel: string;
  yLabel: string;
  hMark?: { y: number; label: string };
  vMark?: { x: number; label: string };
  width: number;
  height?: number;
  series?: readonly SeriesStyle[];
}

const M = { top: 12, right: 20, bottom: 42, left: 60 };
const tickText = (t: number) => formatNum(t, t < 10 ? 1 : 0);

export function PairChart({ id, points, xLabel, yLabel, hMark, vMark, width, height = 280, series: styles = ALIGNED_SERIES }: PairChartProps) {
  const xs = points.map((p) => p.x).concat(vMark ? [vMark.x] : []);
  const ys = points.map((p) => p.y).concat(hMark ? [hMark.y] : []);
  const series: Series[] = styles.map((st) => ({
    key: st.key, label: st.label, colour: st.colour, dash: st.dash, line: !st.noLine, r: st.noLine ? 4 : 3, data: { 'data-series': st.key },
    points: points.filter((p) => p.series === st.key).map((p) => ({ x: p.x, y: p.y, title: `${st.label}: ${formatNum(p.x)}, ${formatNum(p.y)}`, data: { 'data-x': p.x, 'data-y': p.y } })),
  }));
  const foot = height - M.bottom, right = width - M.right;
  return (
    <SeriesChart testId={`chart-${id}`} className="ts-chart" viewBox width={width} height={height} margin={M} label={`${yLabel} vs ${xLabel}`} series={series}
      x={{ domain: [Math.min(0, ...xs), Math.max(1, ...xs)], nice: true, label: xLabel, ticks: Math.max(2, Math.floor(width / 90)), format: tickText }}
      y={{ domain: [0, Math.max(1e-9, ...ys) * 1.08], nice: true, label: yLabel, format: tickText }}
      overlay={({ x, y }) => (
        <>
          {hMark && <g><Rule from={[M.left, y(hMark.y)]} to={[right, y(hMark.y)]} colour={ROLE.ink} dash="4 3" />
            <text className="chart-note" x={right} y={y(hMark.y) - 4} textAnchor="end" fontSize={11}>{hMark.label}</text></g>}
          {vMark && <g><Rule from={[x(vMark.x), M.top]} to={[x(vMark.x), foot]} colour={ROLE.ink} dash="4 3" />
            <text className="chart-note" x={x(vMark.x) + 4} y={M.top + 10} fontSize={11}>{vMark.label}</text></g>}
        </>
      )} />
  );
}
