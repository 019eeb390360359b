/*
 * NvChart — the NVCache page's figures on the chart kit: series over a
 * linear or log x axis and a linear or log y axis, the domains taken from
 * the points' extent unless given, with an optional vertical marker (the
 * page's FQueue size) and horizontal reference (100 % = the baseline).
 * Points appear as they are appended, so a sweep draws live.
 */
import { memo } from 'react';
import { Rule, SeriesChart, type Series } from '../../charts';

export type { Series };

export interface NvChartProps {
  testid: string;
  width: number;
  height?: number;
  xLabel: string;
  yLabel: string;
  xLog?: boolean;
  yLog?: boolean;
  xDomain?: [number, number];
  yDomain?: [number, number];
  series: readonly Series[];
  /** A vertical line (e.g. the page's FQueue size), with its title. */
  marker?: { x: number; title: string };
  /** A horizontal reference line (e.g. 100 % = the baseline). */
  refY?: number;
  format?: (y: number) => string;
}

const M = { top: 8, right: 12, bottom: 38, left: 52 };

/** The values' span (positive ones only on a log axis); a single value is widened so the axis has a length. */
export function extent(xs: readonly number[], log: boolean, fallback: [number, number]): [number, number] {
  const v = xs.filter((x) => Number.isFinite(x) && (!log || x > 0));
  if (v.length === 0) return log ? [1, 10] : fallback;
  let lo = Math.min(...v), hi = Math.max(...v);
  if (lo === hi && !log && lo === 0) hi = 1;
  else if (lo === hi) { lo = log ? lo / 2 : lo - 1; hi = log ? hi * 2 : hi + 1; }
  return [lo, hi];
}

function NvChartImpl({ testid, width, height = 220, xLabel, yLabel, xLog = false, yLog = false, xDomain, yDomain, series, marker, refY, format }: NvChartProps) {
  const all = series.flatMap((s) => s.points);
  const xd = xDomain ?? extent(all.map((p) => p.x), xLog, [0, 1]);
  const yd = yDomain ?? extent([...all.map((p) => p.y), ...(refY !== undefined ? [refY] : []), ...(yLog ? [] : [0])], yLog, [0, 1]);
  const fy = format ?? ((v: number) => String(+v.toPrecision(3)));
  const drawn = series.map((s) => ({
    ...s, data: { 'data-testid': `${testid}-${s.key}`, 'data-points': s.points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y) && (!xLog || p.x > 0) && (!yLog || p.y > 0)).length },
    points: s.points.map((p) => ({ ...p, title: p.title ?? `${s.label}: ${fy(p.y)} at ${+p.x.toPrecision(4)}` })),
  }));
  return (
    <SeriesChart testId={testid} className="nv-chart" data={{ 'data-points': all.length }} label={`${yLabel} vs ${xLabel}`} width={width} height={height} margin={M}
      x={{ domain: xd, log: xLog, label: xLabel, ticks: 6 }} y={{ domain: yd, log: yLog, nice: !yLog && !yDomain, label: yLabel, format: fy }} series={drawn}
      overlay={({ x, y }) => {
        const [y0, y1] = y.domain();
        return (
          <>
            {refY !== undefined && refY >= y0 && refY <= y1 && <Rule from={[M.left, y(refY)]} to={[width - M.right, y(refY)]} colour="#999" dash="4 3" />}
            {marker && Number.isFinite(marker.x) && (!xLog || marker.x > 0) && (
              <Rule from={[x(marker.x), M.top]} to={[x(marker.x), height - M.bottom]} colour="#000" dash="2 3" title={marker.title} />
            )}
          </>
        );
      }} />
  );
}

export const NvChart = memo(NvChartImpl);
