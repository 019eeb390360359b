/*
 * PairChart — one quantity against another for a few named series (aligned
 * and unaligned by default: round time vs streams, overall write cost vs
 * segment size; traxtent vs unmodified FFS: data moved vs time), with an
 * optional horizontal mark (the round time) and vertical mark (one track).
 * D3 computes scales and paths from the points it is given; each point is a
 * circle carrying its values (data-x, data-y) so tests read what is drawn.
 */
import { line, scaleLinear } from 'd3';
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

export function PairChart({ id, points, xLabel, yLabel, hMark, vMark, width, height = 300, series: styles = ALIGNED_SERIES }: PairChartProps) {
  // The legend: as many entries per row as fit (a phone's width takes two rows for three series).
  const legendStep = 130;
  const perRow = Math.max(1, Math.floor((width - 60) / legendStep));
  const m = { top: 30 + 16 * (Math.ceil(styles.length / perRow) - 1), right: 20, bottom: 42, left: 60 };
  const xs = points.map((p) => p.x).concat(vMark ? [vMark.x] : []);
  const ys = points.map((p) => p.y).concat(hMark ? [hMark.y] : []);
  const x = scaleLinear().domain([Math.min(0, ...xs), Math.max(1, ...xs)]).nice().range([m.left, width - m.right]);
  const y = scaleLinear().domain([0, Math.max(1e-9, ...ys) * 1.08]).nice().range([height - m.bottom, m.top]);
  const series = styles.map((st) => {
    const ps = points.filter((p) => p.series === st.key).sort((a, b) => a.x - b.x);
    return { st, ps, d: st.noLine ? '' : line<PairPoint>().x((p) => x(p.x)).y((p) => y(p.y))(ps) ?? '' };
  });
  return (
    <svg data-testid={`chart-${id}`} className="ts-chart" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`${yLabel} vs ${xLabel}`}>
      {y.ticks(5).map((t) => (
        <g key={`y${t}`}>
          <line x1={m.left} x2={width - m.right} y1={y(t)} y2={y(t)} stroke={ROLE.rule} />
          <text x={m.left - 6} y={y(t) + 4} textAnchor="end" fontSize={11} fill={ROLE.ink}>{formatNum(t, t < 10 ? 1 : 0)}</text>
        </g>
      ))}
      {x.ticks(Math.max(2, Math.floor(width / 90))).map((t) => (
        <text key={`x${t}`} x={x(t)} y={height - m.bottom + 16} textAnchor="middle" fontSize={11} fill={ROLE.ink}>{formatNum(t, t < 10 ? 1 : 0)}</text>
      ))}
      <text x={(m.left + width - m.right) / 2} y={height - 6} textAnchor="middle" fontSize={12} fill={ROLE.ink}>{xLabel}</text>
      <text transform={`translate(14 ${(m.top + height - m.bottom) / 2}) rotate(-90)`} textAnchor="middle" fontSize={12} fill={ROLE.ink}>{yLabel}</text>
      {hMark && <g><line x1={m.left} x2={width - m.right} y1={y(hMark.y)} y2={y(hMark.y)} stroke={ROLE.ink} strokeDasharray="4 3" />
        <text x={width - m.right} y={y(hMark.y) - 4} textAnchor="end" fontSize={11} fill={ROLE.ink}>{hMark.label}</text></g>}
      {vMark && <g><line x1={x(vMark.x)} x2={x(vMark.x)} y1={m.top} y2={height - m.bottom} stroke={ROLE.ink} strokeDasharray="4 3" />
        <text x={x(vMark.x) + 4} y={m.top + 10} fontSize={11} fill={ROLE.ink}>{vMark.label}</text></g>}
      {series.map(({ st, ps, d }) => (
        <g key={st.key} data-series={st.key}>
          {d && <path d={d} fill="none" stroke={st.colour} strokeWidth={2} strokeDasharray={st.dash} />}
          {ps.map((p, i) => <circle key={i} cx={x(p.x)} cy={y(p.y)} r={st.noLine ? 4 : 3} fill={st.colour} data-x={p.x} data-y={p.y}><title>{`${st.label}: ${formatNum(p.x)}, ${formatNum(p.y)}`}</title></circle>)}
        </g>
      ))}
      {styles.map((st, i) => (
        <g key={`l${st.key}`} transform={`translate(${m.left + (i % perRow) * legendStep} ${14 + 16 * Math.floor(i / perRow)})`}>
          {st.noLine ? <circle cx={11} cy={0} r={4} fill={st.colour} />
            : <line x1={0} x2={22} y1={0} y2={0} stroke={st.colour} strokeWidth={2} strokeDasharray={st.dash} />}
          <text x={26} y={4} fontSize={12} fill={ROLE.ink}>{st.label}</text>
        </g>
      ))}
    </svg>
  );
}
