/*
 * Axes — the parts ChartFrame draws around a plot, each from ticks already
 * in pixels: a y axis's labels (left or right of the plot, with its grid
 * lines across), its title upright along the chart's edge, and the x axis (its
 * line, marks and labels under the plot, grid lines up through it, its
 * title centred below or on the tick row left of the plot).
 */
import { memo } from 'react';
import type { Tick } from './ticks';

/** The plot's edges in pixels, and the whole chart's width and height. */
export interface PlotBox { left: number; right: number; top: number; bottom: number; width: number; height: number }

const GRID = '#e4e4e4';
const AXIS = '#999';

/**
 * An axis renders again only when what it draws changes: the same ticks (place and label) in the
 * same box are the same axis, though its chart made new arrays (a timeline re-renders several
 * times a second while its row labels stay).
 */
function sameAxis<P extends { box: PlotBox; ticks: readonly Tick[] }>(a: P, b: P): boolean {
  const keys = Object.keys(a) as (keyof P)[];
  return keys.length === Object.keys(b).length
    && keys.every((k) => k === 'box' || k === 'ticks' || a[k] === b[k])
    && (Object.keys(a.box) as (keyof PlotBox)[]).every((k) => a.box[k] === b.box[k])
    && a.ticks.length === b.ticks.length && a.ticks.every((t, i) => t.at === b.ticks[i].at && t.label === b.ticks[i].label);
}

export interface YAxisProps {
  box: PlotBox;
  ticks: readonly Tick[];
  side: 'left' | 'right';
  /** Horizontal grid lines across the plot at the ticks. */
  grid: boolean;
  /** The labels' colour: a second axis takes the colour of the marks it reads. */
  colour?: string;
}

export const YAxis = memo(function YAxis({ box, ticks, side, grid, colour }: YAxisProps) {
  const left = side === 'left';
  return (
    <>
      {ticks.map((t, i) => (
        <g key={`${side}${i}`}>
          {grid && <line x1={box.left} x2={box.right} y1={t.at} y2={t.at} stroke={GRID} />}
          <text className="chart-tick" x={left ? box.left - 6 : box.right + 6} y={t.at + 4} fontSize={11} textAnchor={left ? 'end' : 'start'} fill={colour}>{t.label}</text>
        </g>
      ))}
    </>
  );
}, sameAxis);

/** A y axis's title, upright along the chart's left or right edge. */
export function YTitle({ box, side, label, colour }: { box: PlotBox; side: 'left' | 'right'; label: string; colour?: string }) {
  const x = side === 'left' ? 13 : box.width - 13;
  return <text className="chart-label" transform={`translate(${x} ${(box.top + box.bottom) / 2}) rotate(-90)`} fontSize={12} textAnchor="middle" fill={colour}>{label}</text>;
}

export interface XAxisProps {
  box: PlotBox;
  ticks: readonly Tick[];
  /** Vertical grid lines up through the plot at the ticks. */
  grid: boolean;
  label?: string;
  /** 'below': the title centred under the tick labels; 'start': on the tick row, ending left of the plot (a chart whose bottom margin holds only its ticks). */
  labelAt: 'below' | 'start';
}

export const XAxis = memo(function XAxis({ box, ticks, grid, label, labelAt }: XAxisProps) {
  const { left, right, top, bottom } = box;
  return (
    <>
      {ticks.length > 0 && <line x1={left} x2={right} y1={bottom} y2={bottom} stroke={AXIS} />}
      {ticks.map((t, i) => (
        <g key={`x${i}`}>
          {grid && <line x1={t.at} x2={t.at} y1={top} y2={bottom} stroke={GRID} />}
          <line x1={t.at} x2={t.at} y1={bottom} y2={bottom + 3} stroke={AXIS} />
          <text className="chart-tick" x={t.at} y={bottom + 15} fontSize={11} textAnchor="middle">{t.label}</text>
        </g>
      ))}
      {label && (labelAt === 'below'
        ? <text className="chart-label" x={(left + right) / 2} y={box.height - 6} fontSize={12} textAnchor="middle">{label}</text>
        : <text className="chart-label" x={left - 10} y={bottom + 15} fontSize={12} textAnchor="end">{label}</text>)}
    </>
  );
}, sameAxis);
