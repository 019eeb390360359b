/*
 * WearGauge — the run's flash wear (Fig. 10's quantity): a needle on a log
 * scale of years until the blocks reach their erase endurance, projected by
 * the engine from the erases of the simulated span; and the erase count.
 */
import { memo } from 'react';
import { scaleLog } from 'd3';

/** Memoized: the page re-renders with the stage's clock; the run's wear does not change with it. */
export const WearGauge = memo(function WearGauge({ years, erases, width = 220 }: { years: number; erases: number; width?: number }) {
  const W = width, H = Math.round(W * 0.62), cx = W / 2, cy = H - 18, r = W / 2 - 28;
  const s = scaleLog().domain([1e-4, 1e4]).range([Math.PI, 0]).clamp(true);
  const a = Number.isFinite(years) ? s(years) : 0;
  const pt = (ang: number, rr: number) => [cx + rr * Math.cos(ang), cy - rr * Math.sin(ang)];
  const arc = (a0: number, a1: number, c: string) => {
    const [x0, y0] = pt(a0, r), [x1, y1] = pt(a1, r);
    return <path d={`M${x0},${y0} A${r},${r} 0 0 1 ${x1},${y1}`} stroke={c} strokeWidth={10} fill="none" />;
  };
  const [nx, ny] = pt(a, r - 12);
  return (
    <svg width={W} height={H + 4} data-testid="wear-gauge" data-years={String(years)} data-erases={erases} role="img" aria-label="projected flash lifetime">
      {arc(Math.PI, s(1), '#e31a1c')}{arc(s(1), s(5), '#feb24c')}{arc(s(5), 0, '#31a354')}
      {[1e-4, 1e-2, 1, 1e2, 1e4].map((y) => { const [x, yy] = pt(s(y), r + 10); return <text key={y} x={x} y={yy} fontSize={11} textAnchor="middle">{y >= 1 ? y : y.toExponential(0)}</text>; })}
      <line x1={cx} y1={cy} x2={nx} y2={ny} stroke="#000" strokeWidth={2.5} />
      <circle cx={cx} cy={cy} r={4} />
      <text x={cx} y={cy + 14} fontSize={11} textAnchor="middle">{Number.isFinite(years) ? `${years.toPrecision(3)} years` : 'no erases'}, {Math.round(erases)} erases</text>
    </svg>
  );
});
