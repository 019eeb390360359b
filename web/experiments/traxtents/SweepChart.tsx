/*
 * SweepChart — Figure 1 of the track-aligned extents paper: disk efficiency
 * vs request size, aligned and unaligned, with the track size and the maximum
 * streaming efficiency marked. A thin component: D3 computes scales and
 * paths from the points it is given; it reads no app state.
 */
import { line, scaleLinear, scaleLog } from 'd3';
import type { SweepPoint } from './sweep';
import type { SweepInfo } from './protocol';

export interface SweepChartProps {
  info: SweepInfo;
  points: readonly SweepPoint[];
  /** Which value to plot. */
  metric: 'efficiency' | 'responseSdMs' | 'headSwitchFraction';
  width?: number;
  height?: number;
}

const COLOURS = { aligned: '#1b7837', unaligned: '#b2182b' } as const;
const LABEL = { efficiency: 'disk efficiency', responseSdMs: 'response-time s.d. (ms)', headSwitchFraction: 'P(head switch)' } as const;

export function SweepChart({ info, points, metric, width = 640, height = 320 }: SweepChartProps) {
  const m = { top: 16, right: 20, bottom: 40, left: 56 };
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
  return (
    <svg data-testid={`chart-${metric}`} className="sweep-chart" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`${LABEL[metric]} vs request size`}>
      <g>
        {yt.map((t) => (
          <g key={t}>
            <line x1={m.left} x2={width - m.right} y1={y(t)} y2={y(t)} stroke="#eee" />
            <text x={m.left - 6} y={y(t) + 4} textAnchor="end" fontSize={11}>{t}</text>
          </g>
        ))}
        {xt.map((t) => (
          <text key={t} x={x(t)} y={height - m.bottom + 16} textAnchor="middle" fontSize={11}>{t >= 1024 ? `${t / 1024} MB` : `${t} KB`}</text>
        ))}
        <text x={(m.left + width - m.right) / 2} y={height - 6} textAnchor="middle" fontSize={12}>request size (log scale)</text>
        <text transform={`translate(14 ${(m.top + height - m.bottom) / 2}) rotate(-90)`} textAnchor="middle" fontSize={12}>{LABEL[metric]}</text>
      </g>
      <line data-testid="track-size" x1={trackX} x2={trackX} y1={m.top} y2={height - m.bottom} stroke="#555" strokeDasharray="4 3" />
      <text x={trackX + 4} y={m.top + 10} fontSize={11}>track ({info.trackLbns} sectors)</text>
      {metric === 'efficiency' && (
        <g>
          <line x1={m.left} x2={width - m.right} y1={y(info.maxEfficiency)} y2={y(info.maxEfficiency)} stroke="#777" strokeDasharray="2 3" />
          <text x={width - m.right} y={y(info.maxEfficiency) - 4} textAnchor="end" fontSize={11}>maximum (streaming) {info.maxEfficiency.toFixed(2)}</text>
        </g>
      )}
      {series.map(({ a, ps, d }) => (
        <g key={a}>
          <path data-testid={`curve-${a}`} data-points={ps.length} d={d} fill="none" stroke={COLOURS[a]} strokeWidth={2} />
          {ps.map((p) => <circle key={p.index} cx={x(kb(info.sizes[p.index]))} cy={y(p[metric])} r={2.5} fill={COLOURS[a]} />)}
        </g>
      ))}
      <g fontSize={12}>
        <rect x={m.left + 8} y={m.top + 4} width={10} height={10} fill={COLOURS.aligned} />
        <text x={m.left + 22} y={m.top + 13}>track-aligned</text>
        <rect x={m.left + 120} y={m.top + 4} width={10} height={10} fill={COLOURS.unaligned} />
        <text x={m.left + 134} y={m.top + 13}>unaligned</text>
      </g>
    </svg>
  );
}
