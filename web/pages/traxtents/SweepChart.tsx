/*
 * SweepChart — Figure 1 of the track-aligned extents paper: disk efficiency
 * vs request size, aligned and unaligned, with the track size and the maximum
 * streaming efficiency marked. A thin component on the chart kit: it maps
 * the points it is given to series and marks; it reads no app state.
 */
import { Rule, SeriesChart, type Scales, type Series } from '../../charts';
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
const SERIES_LABEL = { aligned: 'track-aligned', unaligned: 'unaligned' } as const;
/** Labels over the plot keep a halo of the background, so a curve under them does not hide them. */
const HALO = { paintOrder: 'stroke', stroke: ROLE.paper, strokeWidth: 3, strokeLinejoin: 'round' } as const;
const LABEL = { efficiency: 'disk efficiency', responseSdMs: 'response-time s.d. (ms)', headSwitchFraction: 'P(head switch)' } as const;
const M = { top: 12, right: 20, bottom: 40, left: 56 };
const sizeText = (kb: number) => (kb >= 1024 ? `${kb / 1024} MB` : `${kb} KB`);

export function SweepChart({ info, points, metric, width: widest = 640, height = 300 }: SweepChartProps) {
  // Drawn at its column's width rather than shrunk to it, so its type stays at its size on a phone.
  const [boxRef, room] = useWidth(widest);
  const width = Math.min(widest, room);
  const kb = (sectors: number) => (sectors * info.sectorBytes) / 1024;
  const yMax = metric === 'efficiency' || metric === 'headSwitchFraction' ? 1 : Math.max(0.5, ...points.map((p) => p[metric])) * 1.1;
  const series: Series[] = (['aligned', 'unaligned'] as const).map((a) => {
    const ps = points.filter((p) => p.alignment === a);
    return {
      key: a, label: SERIES_LABEL[a], colour: COLOURS[a], r: 2.5, data: { 'data-testid': `curve-${a}`, 'data-points': ps.length },
      points: ps.map((p) => ({ x: kb(info.sizes[p.index]), y: p[metric] })),
    };
  });
  const trackText = `one track (${info.trackLbns} sectors)`;
  // The track label goes beside its line on the side with room, at the top or the foot, wherever fewer points fall under it.
  const trackLabel = ({ x, y }: Scales) => {
    const trackX = x(kb(info.trackLbns)), labelW = trackText.length * 6;
    const right = trackX + 4 + labelW <= width - M.right;
    const x0 = right ? trackX + 4 : trackX - 4 - labelW;
    const under = (yb: number) => points.filter((p) => {
      const px = x(kb(info.sizes[p.index])), py = y(p[metric]);
      return px >= x0 - 3 && px <= x0 + labelW + 3 && py >= yb - 14 && py <= yb + 5;
    }).length;
    const top = M.top + 12, foot = height - M.bottom - 6;
    return { x: right ? trackX + 4 : trackX - 4, y: under(foot) <= under(top) ? foot : top, anchor: right ? 'start' as const : 'end' as const };
  };
  return (
    <div ref={boxRef}>
      <SeriesChart testId={`chart-${metric}`} className="sweep-chart" viewBox width={width} height={height} margin={M} label={`${LABEL[metric]} vs request size`}
        series={series} legend={series.map((s) => ({ key: s.key, label: s.label, colour: s.colour, shape: 'box' }))}
        x={{ domain: [kb(Math.min(...info.sizes)), kb(Math.max(...info.sizes))], log: true, label: 'request size (log scale)', format: sizeText, keep: (t) => t === 256 }}
        y={{ domain: [0, yMax], label: LABEL[metric] }}
        overlay={(s) => {
          const trackX = s.x(kb(info.trackLbns)), at = trackLabel(s);
          return (
            <>
              <Rule testId="track-size" from={[trackX, M.top]} to={[trackX, height - M.bottom]} colour={ROLE.muted} dash="4 3" />
              <text className="chart-note" x={at.x} y={at.y} textAnchor={at.anchor} fontSize={11} style={HALO}>{trackText}</text>
              {metric === 'efficiency' && (
                <g>
                  <Rule from={[M.left, s.y(info.maxEfficiency)]} to={[width - M.right, s.y(info.maxEfficiency)]} colour={ROLE.muted} dash="2 3" />
                  <text className="chart-note" x={M.left + 4} y={s.y(info.maxEfficiency) - 4} fontSize={11} style={HALO}>maximum (streaming) {formatNum(info.maxEfficiency, 2)}</text>
                </g>
              )}
            </>
          );
        }} />
    </div>
  );
}
