/*
 * LineChart — the experiment's line charts (Figures 7 and 9): one line per
 * series, a circle per point (hollow when the point is flagged), optional
 * vertical marks, axes, and a legend above it (HTML, so it wraps on a phone). It only draws what it is given (points
 * come from the engine's sweeps, already in chart units); the page decides.
 */
import { line, scaleLinear } from 'd3';

export const SERIES_COLOURS = ['#1b9e77', '#d95f02', '#7570b3', '#e7298a', '#66a61e', '#e6ab02'];

export interface ChartPoint { x: number; y: number; hollow?: boolean; title: string }
export interface ChartSeries { id: string; label: string; colour: string; points: ChartPoint[] }
export interface ChartMark { x: number; colour: string; dashed?: boolean; title: string; testId?: string; value?: number }

export interface LineChartProps {
  testId: string;
  ariaLabel: string;
  series: ChartSeries[];
  marks?: ChartMark[];
  xDomain: [number, number];
  yDomain: [number, number];
  xLabel: string;
  yLabel: string;
  width: number;
  height?: number;
  /** A dot above the plot at this x (the page's current setting). */
  current?: { x: number; title: string };
}

export function LineChart({ testId, ariaLabel, series, marks = [], xDomain, yDomain, xLabel, yLabel, width, height = 300, current }: LineChartProps) {
  const m = { top: 14, right: 16, bottom: 40, left: 50 };
  const x = scaleLinear().domain(xDomain).range([m.left, width - m.right]);
  const y = scaleLinear().domain(yDomain).range([height - m.bottom, m.top]);
  const total = series.reduce((s, c) => s + c.points.length, 0);
  return (
    <>
    <ul className="legend at-legend" data-testid={`${testId}-legend`}>
      {series.map((s) => <li key={s.id}><span className="swatch" style={{ background: s.colour }} />{s.label}</li>)}
    </ul>
    <svg width={width} height={height} data-testid={testId} data-points={total} role="img" aria-label={ariaLabel}>
      {y.ticks(5).map((t) => (
        <g key={t}><line x1={m.left} x2={width - m.right} y1={y(t)} y2={y(t)} stroke="#eee" /><text x={m.left - 6} y={y(t) + 4} fontSize={11} textAnchor="end">{t}</text></g>
      ))}
      {x.ticks(width < 500 ? 4 : 7).map((t) => <text key={t} x={x(t)} y={height - m.bottom + 15} fontSize={11} textAnchor="middle">{t}</text>)}
      <text x={(m.left + width - m.right) / 2} y={height - 6} fontSize={12} textAnchor="middle">{xLabel}</text>
      <text transform={`translate(13 ${(m.top + height - m.bottom) / 2}) rotate(-90)`} fontSize={12} textAnchor="middle">{yLabel}</text>
      {marks.map((k, i) => (
        <line key={`m${i}`} x1={x(k.x)} x2={x(k.x)} y1={m.top} y2={height - m.bottom} stroke={k.colour} strokeWidth={k.dashed ? 1 : 1.2}
          strokeDasharray={k.dashed ? '2 3' : undefined} data-testid={k.testId} data-value={k.value}><title>{k.title}</title></line>
      ))}
      {series.map((s) => {
        const ps = [...s.points].sort((a, b) => a.x - b.x);
        const d = line<ChartPoint>().x((p) => x(p.x)).y((p) => y(p.y))(ps) ?? '';
        return (
          <g key={s.id} data-testid={`${testId}-${s.id}`} data-points={ps.length}>
            <path d={d} fill="none" stroke={s.colour} strokeWidth={2} />
            {ps.map((p, k) => (
              <circle key={k} cx={x(p.x)} cy={y(p.y)} r={p.hollow ? 3.5 : 3} fill={p.hollow ? '#fff' : s.colour} stroke={s.colour} strokeWidth={1.5}
                data-x={p.x} data-y={p.y}><title>{p.title}</title></circle>
            ))}
          </g>
        );
      })}
      {current && <circle cx={x(current.x)} cy={m.top - 4} r={4} fill="#000"><title>{current.title}</title></circle>}
    </svg>
    </>
  );
}
