/*
 * Fig9Chart — Figure 9 of the Atropos paper from the engine's sweep: mean
 * response (less the first seek) of semi-sequential batches vs S = d·b, one
 * line per d, with b_max of both forms of the one-revolution constraint
 * marked (solid: cyclic, dotted: linear). Points appear as the worker posts them.
 */
import { line, scaleLinear } from 'd3';
import type { SweepCurve, SweepPointAt } from './protocol';

const COLOURS = ['#1b9e77', '#d95f02', '#7570b3', '#e7298a', '#66a61e', '#e6ab02'];

export interface Fig9Props {
  curves: SweepCurve[];
  points: SweepPointAt[];
  N: number;
  sectorBytes: number;
  width: number;
  height?: number;
  /** The page's current (d, b), marked. */
  current?: { d: number; b: number };
}

export function Fig9Chart({ curves, points, N, sectorBytes, width, height = 300, current }: Fig9Props) {
  const m = { top: 28, right: 16, bottom: 40, left: 50 };
  const kb = (s: number) => (s * sectorBytes) / 1024;
  const x = scaleLinear().domain([0, kb(N)]).range([m.left, width - m.right]);
  const yMax = Math.max(8, ...points.map((p) => p.responseLessSeekMs)) * 1.08;
  const y = scaleLinear().domain([0, yMax]).range([height - m.bottom, m.top]);
  return (
    <svg width={width} height={height} data-testid="fig9" data-points={points.length} role="img" aria-label="response time excluding seek vs quadrangle size">
      {y.ticks(5).map((t) => (
        <g key={t}><line x1={m.left} x2={width - m.right} y1={y(t)} y2={y(t)} stroke="#eee" /><text x={m.left - 6} y={y(t) + 4} fontSize={11} textAnchor="end">{t}</text></g>
      ))}
      {x.ticks(6).map((t) => <text key={t} x={x(t)} y={height - m.bottom + 15} fontSize={11} textAnchor="middle">{t}</text>)}
      <text x={(m.left + width - m.right) / 2} y={height - 6} fontSize={12} textAnchor="middle">quadrangle I/O size S = d·b (KB)</text>
      <text transform={`translate(13 ${(m.top + height - m.bottom) / 2}) rotate(-90)`} fontSize={12} textAnchor="middle">response less seek (ms)</text>
      {curves.map((c, i) => {
        const col = COLOURS[i % COLOURS.length];
        const ps = points.filter((p) => p.d === c.d).sort((a, b) => a.b - b.b);
        const d = line<SweepPointAt>().x((p) => x(kb(p.sectors))).y((p) => y(p.responseLessSeekMs))(ps) ?? '';
        const xm = x(kb(c.d * c.bMax)), xl = x(kb(c.d * c.bMaxLinear));
        return (
          <g key={c.d} data-testid={`fig9-d${c.d}`} data-points={ps.length}>
            {c.bMax >= 1 && <line x1={xm} x2={xm} y1={m.top} y2={height - m.bottom} stroke={col} strokeWidth={1.2} data-testid={`bmax-d${c.d}`} data-bmax={c.bMax}><title>{`d = ${c.d}: b_max = ${c.bMax} (cyclic)`}</title></line>}
            {c.bMaxLinear >= 1 && <line x1={xl} x2={xl} y1={m.top} y2={height - m.bottom} stroke={col} strokeWidth={1} strokeDasharray="2 3"><title>{`d = ${c.d}: b_max = ${c.bMaxLinear} (linear)`}</title></line>}
            <path d={d} fill="none" stroke={col} strokeWidth={2} />
            {ps.map((p) => <circle key={p.b} cx={x(kb(p.sectors))} cy={y(p.responseLessSeekMs)} r={p.cyclicOk ? 3 : 3.5} fill={p.cyclicOk ? col : '#fff'} stroke={col} strokeWidth={1.5}><title>{`d = ${p.d}, b = ${p.b}: ${p.responseLessSeekMs.toFixed(2)} ms${p.cyclicOk ? '' : ' (exact check fails)'}`}</title></circle>)}
            <rect x={m.left + 8 + i * 70} y={6} width={10} height={10} fill={col} />
            <text x={m.left + 22 + i * 70} y={15} fontSize={12}>d = {c.d}</text>
          </g>
        );
      })}
      {current && <circle cx={x(kb(current.d * current.b))} cy={m.top - 4} r={4} fill="#000"><title>the page's d·b</title></circle>}
    </svg>
  );
}
