/*
 * The plot area inside a frame: the pixel ranges a chart's scales map onto
 * (y grows downward, so its range runs from the bottom up).
 */
import type { Margin } from './Frame';

export function plotRanges(width: number, height: number, m: Margin): { x: [number, number]; y: [number, number] } {
  return { x: [m.left, Math.max(m.left, width - m.right)], y: [Math.max(m.top, height - m.bottom), m.top] };
}
