/*
 * SweepChart — Figure 1 of the track-aligned extents paper: disk efficiency
 * vs request size, aligned and unaligned, with the track size and the maximum
 * streaming efficiency marked. A thin component: D3 computes scales and
 * paths from the points it is given; it reads no app state.
 */
import { line, scaleLinear, scaleLog } from 'd3';
import type { SweepPoint } from './sweep';
import type { SweepInfo } from './protocol';
import { ROLE } from '../../lib/palette';
import { formatNum } from '../../lib/format';
import { useWidth } from '../../lib/useWidth';

export interface SweepChartProps {
  info: SweepInfo;
  points: readonly SweepPoint[];
  /** Which value to plot. */
  metric: 'efficiency' | 'responseSdMs' | 'headSwitchFraction';
  /** The widest it is drawn; narrower where its column is narrower. */
  width?: number;
  height?: number;
}

const COLOURS = { aligned: ROLE.aligned, unaligned: ROLE.unaligned } as const;
/** Labels over the plot keep a halo of the background, so a curve under them does not hide them. */
const HALO = { paintOrder: 'stroke', stroke: ROLE.paper, strokeWidth: 3, strokeLinejoin: 'round' } as const;
const LABEL = { efficiency: 'disk efficiency', responseSdMs: 'response-time s.d. (ms)', headSwitchFraction: 'P(head switch)' } as const;

export function SweepChart({ info, points, metric, width: widest = 640, height = 320 }: SweepChartProps) {
  // Drawn at its column's width rather than shrunk to it, so its type stays at its size on a phone.
  const [boxRef, room] = useWidth(widest);
  const width = Math.min(widest, room);
  // The legend sits in the top margin, above the plot, where no label or curve can reach it.
  const m = { top: 30, right: 20, bottom: 40, left: 56 };
  const kb = (sectors: number) => (sectors * info.sectorBytes) / 1024;
  const maxKb = kb(Math.max(...info.sizes));
  const minKb = kb(Math.min(...info.sizes));
  const x = scaleLog().domain([minKb, maxKb]).range([m.left, width - m.right]);
  const yMax = metric === 'efficiency' || metric === 'headSwitchFraction' ? 1 : Math.max(0.5, ...points.map((p) => p[metric])) * 1.1;
  const y = scaleLinear().domain([0, yMax]).range([height - m.bottom, m.top]);
  const series = (['aligned', 'unaligned'] as const).map((a) => {
    const ps = points.filter((p) => p.alignment === a).sort((p, q) => p.index - q.index);
    const d = line<SweepPoint>().x((p) => x(kb(info.sizes[p.index]))).y((p) => y(p[metric]))(ps) ?? '';
    return { a, ps, d };
  });
  const xt = x.ticks(6).filter((t) => Number.isInteger(Math.log10(t)) || t === 256);
  const yt = y.ticks(5);
  const trackX = x(kb(info.trackLbns));
  // The track label goes beside its line on the side with room, at the top or the foot, wherever fewer points fall under it.
  const trackText = `one track (${info.trackLbns} sectors)`;
  const labelW = trackText.length * 6;
  const right = trackX + 4 + labelW <= width - m.right;
  const x0 = right ? trackX + 4 : trackX - 4 - labelW;
  const under = (yb: number) => points.filter((p) => {
    const px = x(kb(info.sizes[p.index]));
    const py = y(p[metric]);
    return px >= x0 - 3 && px <= x0 + labelW + 3 && py >= yb - 14 && py <= yb + 5;
  }).length;
  const top = m.top + 12;
  const foot = height - m.bottom - 6;
  const trackLabel = { x: right ? trackX + 4 : trackX - 4, y: under(foot) <= under(top) ? foot : top, anchor: right ? 'start' as const : 'end' as const };
  return (
    <div ref={boxRef}>
      <svg data-testid={`chart-${metric}`} className="sweep-chart" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`${LABEL[metric]} vs request size`}>
        <g>
          {yt.map((t) => (
            <g key={t}>
              <line x1={m.left} x2={width - m.right} y1={y(t)} y2={y(t)} stroke={ROLE.rule} strokeOpacity={0.6} />
              <text x={m.left - 6} y={y(t) + 4} textAnchor="end" fontSize={11}>{t}</text>
            </g>
          ))}
          {xt.map((t) => (
            <text key={t} x={x(t)} y={height - m.bottom + 16} textAnchor="middle" fontSize={11}>{t >= 1024 ? `${t / 1024} MB` : `${t} KB`}</text>
          ))}
          <text x={(m.left + width - m.right) / 2} y={height - 6} textAnchor="middle" fontSize={12}>request size (log scale)</text>
          <text transform={`translate(14 ${(m.top + height - m.bottom) / 2}) rotate(-90)`} textAnchor="middle" fontSize={12}>{LABEL[metric]}</text>
        </g>
        <line data-testid="track-size" x1={trackX} x2={trackX} y1={m.top} y2={height - m.bottom} stroke={ROLE.muted} strokeDasharray="4 3" />
        <text x={trackLabel.x} y={trackLabel.y} textAnchor={trackLabel.anchor} fontSize={11} style={HALO}>{trackText}</text>
        {metric === 'efficiency' && (
          <g>
            <line x1={m.left} x2={width - m.right} y1={y(info.maxEfficiency)} y2={y(info.maxEfficiency)} stroke={ROLE.muted} strokeDasharray="2 3" />
            <text x={m.left + 4} y={y(info.maxEfficiency) - 4} fontSize={11} style={HALO}>maximum (streaming) {formatNum(info.maxEfficiency, 2)}</text>
          </g>
        )}
        {series.map(({ a, ps, d }) => (
          <g key={a}>
            <path data-testid={`curve-${a}`} data-points={ps.length} d={d} fill="none" stroke={COLOURS[a]} strokeWidth={2} />
            {ps.map((p) => <circle key={p.index} cx={x(kb(info.sizes[p.index]))} cy={y(p[metric])} r={2.5} fill={COLOURS[a]} />)}
          </g>
        ))}
        <g fontSize={12}>
          <rect x={m.left} y={8} width={10} height={10} fill={COLOURS.aligned} />
          <text x={m.left + 14} y={17}>track-aligned</text>
          <rect x={m.left + 112} y={8} width={10} height={10} fill={COLOURS.unaligned} />
          <text x={m.left + 126} y={17}>unaligned</text>
        </g>
      </svg>
    </div>
  );
}
