/*
 * Marks — what a chart draws inside its frame, each from points already in
 * pixels (the chart owns its scales): a line or step curve, dots (a
 * scatter; each may carry a title and data-* values tests read), bars, a
 * heat row's cells and a reference rule across the plot.
 */
import { curveStepAfter, line } from 'd3';
import type { DataAttrs } from './Frame';

export type Px = readonly [number, number];

/** The SVG path through pixel points; `step` holds each value until the next (a CDF, an occupancy). */
export function pathOf(points: readonly Px[], step = false): string {
  const gen = line<Px>().x((p) => p[0]).y((p) => p[1]);
  if (step) gen.curve(curveStepAfter);
  return gen(points) ?? '';
}

export interface LinePathProps { points: readonly Px[]; colour: string; dash?: string; width?: number; step?: boolean; testId?: string; data?: DataAttrs }

export function LinePath({ points, colour, dash, width = 2, step, testId, data }: LinePathProps) {
  return <path d={pathOf(points, step)} fill="none" stroke={colour} strokeWidth={width} strokeDasharray={dash} data-testid={testId} {...data} />;
}

export interface Dot { at: Px; title?: string; data?: DataAttrs; r?: number; hollow?: boolean }

/** One circle per point: filled in `colour`, or white with a `colour` ring when hollow. */
export function Dots({ dots, colour, r = 3, opacity }: { dots: readonly Dot[]; colour: string; r?: number; opacity?: number }) {
  return (
    <>
      {dots.map((d, i) => (
        <circle key={i} cx={d.at[0]} cy={d.at[1]} r={Math.max(0, d.r ?? r)} fill={d.hollow ? '#fff' : colour} fillOpacity={opacity}
          stroke={d.hollow ? colour : undefined} strokeWidth={d.hollow ? 1.5 : undefined} {...d.data}>
          {d.title && <title>{d.title}</title>}
        </circle>
      ))}
    </>
  );
}

export interface Bar { key: string | number; x: number; width: number; top: number; base: number; colour: string; opacity?: number; title?: string; data?: DataAttrs }

/** Rectangles from `top` down to `base` (pixels); a bar never has a negative size. */
export function Bars({ bars }: { bars: readonly Bar[] }) {
  return (
    <>
      {bars.map((b) => (
        <rect key={b.key} x={b.x} y={Math.min(b.top, b.base)} width={Math.max(0, b.width)} height={Math.abs(b.base - b.top)} fill={b.colour} fillOpacity={b.opacity} {...b.data}>
          {b.title && <title>{b.title}</title>}
        </rect>
      ))}
    </>
  );
}

/** One row of a heat map: a cell per value, `colour` mapping a value to its fill. */
export function HeatCells({ values, x, y, cellWidth, height, colour, title, data }: {
  values: readonly number[]; x: (i: number) => number; y: number; cellWidth: number; height: number;
  colour: (v: number) => string; title?: (v: number, i: number) => string; data?: (v: number, i: number) => DataAttrs;
}) {
  return (
    <>
      {values.map((v, i) => (
        <rect key={i} x={x(i)} y={y} width={Math.max(0, cellWidth)} height={Math.max(0, height)} fill={colour(v)} {...data?.(v, i)}>
          {title && <title>{title(v, i)}</title>}
        </rect>
      ))}
    </>
  );
}

export interface RuleProps { from: Px; to: Px; colour?: string; dash?: string; width?: number; title?: string; testId?: string; data?: DataAttrs }

/** A reference line (a marker, a threshold, the clock's cursor). */
export function Rule({ from, to, colour = '#555', dash, width = 1, title, testId, data }: RuleProps) {
  return (
    <line x1={from[0]} y1={from[1]} x2={to[0]} y2={to[1]} stroke={colour} strokeWidth={width} strokeDasharray={dash} data-testid={testId} {...data}>
      {title && <title>{title}</title>}
    </line>
  );
}
