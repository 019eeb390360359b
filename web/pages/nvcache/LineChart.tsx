/*
 * LineChart — one small chart for the NVCache page: lines (and their points)
 * over a linear or log x axis, a linear or log y axis, a legend, and an
 * optional vertical marker. It only draws what it is given: the series come
 * from the engine's records (CDFs, sweep points), the scales from their
 * extent. Points appear as they are appended, so a sweep draws live.
 */
import { memo } from 'react';
import { line, scaleLinear, scaleLog, curveStepAfter } from 'd3';

export interface Series {
  id: string;
  label: string;
  colour: string;
  points: { x: number; y: number }[];
  dashed?: boolean;
  /** Draw as a step function (a CDF). */
  step?: boolean;
  dots?: boolean;
  /** false: points only (a scatter). */
  line?: boolean;
  /** Point radius [3]. */
  r?: number;
}

export interface LineChartProps {
  testid: string;
  width: number;
  height?: number;
  xLabel: string;
  yLabel: string;
  xLog?: boolean;
  yLog?: boolean;
  xDomain?: [number, number];
  yDomain?: [number, number];
  series: Series[];
  /** A vertical line (e.g. the page's FQueue size), with its title. */
  marker?: { x: number; title: string };
  /** A horizontal reference line (e.g. 100 % = the baseline). */
  ref?: number;
  format?: (y: number) => string;
}

const extent = (xs: number[], log: boolean, fallback: [number, number]): [number, number] => {
  const v = xs.filter((x) => Number.isFinite(x) && (!log || x > 0));
  if (v.length === 0) return log ? [1, 10] : fallback;
  let lo = Math.min(...v), hi = Math.max(...v);
  if (lo === hi && !log && lo === 0) hi = 1;
  else if (lo === hi) { lo = log ? lo / 2 : lo - 1; hi = log ? hi * 2 : hi + 1; }
  return [lo, hi];
};

function LineChartImpl({ testid, width, height = 220, xLabel, yLabel, xLog, yLog, xDomain, yDomain, series, marker, ref, format }: LineChartProps) {
  // Legend entries in rows that fit the plot's width (about 6 px per character), above the plot.
  const legendX: number[] = [], legendY: number[] = [];
  const rows = series.reduce((acc, s) => {
    const w = 26 + 6 * s.label.length;
    const wrap = acc.x > 0 && acc.x + w > width - 52 - 12 - 12;
    const x = wrap ? 0 : acc.x, y = wrap ? acc.y + 13 : acc.y;
    legendX.push(x); legendY.push(y);
    return { x: x + w, y };
  }, { x: 0, y: 0 }).y / 13 + 1;
  const m = { top: 8 + 13 * (series.length ? rows : 0), right: 12, bottom: 38, left: 52 };
  const all = series.flatMap((s) => s.points);
  const xd = xDomain ?? extent(all.map((p) => p.x), !!xLog, [0, 1]);
  const yd = yDomain ?? extent([...all.map((p) => p.y), ...(ref !== undefined ? [ref] : []), ...(yLog ? [] : [0])], !!yLog, [0, 1]);
  const x = (xLog ? scaleLog() : scaleLinear()).domain(xd).range([m.left, width - m.right]);
  const y = (yLog ? scaleLog() : scaleLinear()).domain(yd).range([height - m.bottom, m.top]);
  if (!yLog && !yDomain) (y as ReturnType<typeof scaleLinear>).nice();
  const fy = format ?? ((v: number) => String(+v.toPrecision(3)));
  const xt = xLog ? (x as ReturnType<typeof scaleLog>).ticks(6).filter((t) => Number.isInteger(Math.log10(t))) : x.ticks(6);
  const yt = yLog ? (y as ReturnType<typeof scaleLog>).ticks(5).filter((t) => Number.isInteger(Math.log10(t))) : y.ticks(5);
  const ok = (p: { x: number; y: number }) => Number.isFinite(p.x) && Number.isFinite(p.y) && (!xLog || p.x > 0) && (!yLog || p.y > 0);
  return (
    <svg className="nv-chart" width={width} height={height} data-testid={testid} data-points={all.length} role="img" aria-label={`${yLabel} vs ${xLabel}`}>
      {yt.map((t) => (
        <g key={`y${t}`}><line x1={m.left} x2={width - m.right} y1={y(t)} y2={y(t)} stroke="#eee" /><text x={m.left - 5} y={y(t) + 4} fontSize={11} textAnchor="end">{fy(t)}</text></g>
      ))}
      {xt.map((t) => <text key={`x${t}`} x={x(t)} y={height - m.bottom + 14} fontSize={11} textAnchor="middle">{String(+t.toPrecision(3))}</text>)}
      <line x1={m.left} x2={width - m.right} y1={height - m.bottom} y2={height - m.bottom} stroke="#999" />
      <text x={(m.left + width - m.right) / 2} y={height - 6} fontSize={11} textAnchor="middle">{xLabel}</text>
      <text transform={`translate(12 ${(m.top + height - m.bottom) / 2}) rotate(-90)`} fontSize={11} textAnchor="middle">{yLabel}</text>
      {ref !== undefined && ref >= yd[0] && ref <= yd[1] && <line x1={m.left} x2={width - m.right} y1={y(ref)} y2={y(ref)} stroke="#999" strokeDasharray="4 3" />}
      {marker && Number.isFinite(marker.x) && (!xLog || marker.x > 0) && (
        <line x1={x(marker.x)} x2={x(marker.x)} y1={m.top} y2={height - m.bottom} stroke="#000" strokeDasharray="2 3"><title>{marker.title}</title></line>
      )}
      {series.map((s) => {
        const pts = s.points.filter(ok);
        const gen = line<{ x: number; y: number }>().x((p) => x(p.x)).y((p) => y(p.y));
        if (s.step) gen.curve(curveStepAfter);
        return (
          <g key={s.id} data-testid={`${testid}-${s.id}`} data-points={pts.length}>
            {s.line !== false && <path d={gen(pts) ?? ''} fill="none" stroke={s.colour} strokeWidth={2} strokeDasharray={s.dashed ? '5 3' : undefined} />}
            {s.dots && pts.map((p, i) => <circle key={i} cx={x(p.x)} cy={y(p.y)} r={s.r ?? 3} fill={s.colour} fillOpacity={s.line === false ? 0.7 : 1}><title>{`${s.label}: ${fy(p.y)} at ${+p.x.toPrecision(4)}`}</title></circle>)}
          </g>
        );
      })}
      <g transform={`translate(${m.left + 6} 2)`}>
        {series.map((s, i) => (
          <g key={s.id} transform={`translate(${legendX[i]} ${legendY[i]})`}>
            <line x1={0} x2={14} y1={6} y2={6} stroke={s.colour} strokeWidth={2} strokeDasharray={s.dashed ? '5 3' : undefined} />
            <text x={18} y={10} fontSize={11}>{s.label}</text>
          </g>
        ))}
      </g>
    </svg>
  );
}

export const LineChart = memo(LineChartImpl);
