/*
 * CdfLine — a sample's distribution as a step curve: across, the value;
 * up, the fraction of the sample at most that value. Values past the axis's
 * end are drawn at it, so a long tail still reaches 1.
 */
import type { ScaleLinear } from 'd3';
import { cdfPoints } from '../panels/cdf/cdf';
import { LinePath } from './marks';

export interface CdfLineProps {
  /** The sample, ascending. */
  sorted: ArrayLike<number>;
  x: ScaleLinear<number, number>;
  y: ScaleLinear<number, number>;
  colour: string;
  dash?: string;
  /** At most this many steps drawn (about one per pixel). */
  steps: number;
  testId?: string;
}

export function CdfLine({ sorted, x, y, colour, dash, steps, testId }: CdfLineProps) {
  const xMax = x.domain()[1];
  const points = cdfPoints(sorted, steps).map(([v, f]) => [x(Math.min(v, xMax)), y(f)] as const);
  return <LinePath points={points} colour={colour} dash={dash} step testId={testId} />;
}
