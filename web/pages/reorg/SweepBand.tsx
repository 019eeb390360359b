/*
 * SweepBand — the platter seen from above, cylinder 0 at the rim: the
 * partition's band of cylinders (grey) and, in the chosen epoch, the band
 * the head sweeps for the middle 90 % of the reads, the baseline's on the
 * left half and the reorganizing run's on the right. Groups map to
 * cylinders through the engine's own LBN mapping (ReorgInfo.groupCyl).
 */
import { memo } from 'react';
import { arc } from 'd3';
import { ROLE } from '../../lib/palette';
import { RUN_COLOUR, RUN_LABEL, hotBand, type RunName } from './heat';

export interface SweepBandProps {
  cylinders: number;
  /** groups + 1 cylinders: each group's first, then one past the partition. */
  groupCyl: readonly number[];
  baseline: readonly number[] | undefined;
  reorg: readonly number[] | undefined;
  size: number;
}

function SweepBandImpl({ cylinders, groupCyl, baseline, reorg, size }: SweepBandProps) {
  // Never negative: a size measured before layout (0 px) draws an empty platter.
  const R = Math.max(0, size / 2 - 4), hub = R * 0.28;
  const rad = (cyl: number) => R - ((R - hub) * cyl) / Math.max(1, cylinders);
  const groups = groupCyl.length - 1;
  const ring = (c0: number, c1: number, a0: number, a1: number) =>
    arc()({ innerRadius: rad(c1), outerRadius: rad(c0), startAngle: a0, endAngle: a1 }) ?? '';
  const halves: [RunName, readonly number[] | undefined, number, number][] = [
    ['baseline', baseline, Math.PI, 2 * Math.PI], ['reorg', reorg, 0, Math.PI],
  ];
  const cylOf = (g: number) => groupCyl[Math.max(0, Math.min(groups, g))];
  return (
    <svg className="ro-chart" width={size} height={size + 18} data-testid="sweep-band" role="img"
      aria-label="the platter: the partition's cylinders and the band the head sweeps in the chosen epoch, baseline left, reorganizing right">
      <g transform={`translate(${size / 2} ${size / 2})`}>
        <circle r={R} fill={ROLE.paper} stroke={ROLE.muted} />
        <circle r={hub} fill="#eee" stroke={ROLE.muted} />
        {groups > 0 && <path d={ring(groupCyl[0], groupCyl[groups], 0, 2 * Math.PI)} fill={ROLE.rule} />}
        {halves.map(([run, acc, a0, a1]) => {
          const b = acc ? hotBand(acc) : null;
          if (!b) return null;
          const c0 = cylOf(b.first), c1 = cylOf(b.last + 1);
          return (
            <path key={run} d={ring(c0, Math.max(c1, c0 + 1), a0, a1)} fill={RUN_COLOUR[run]} fillOpacity={0.75} data-testid={`band-${run}`} data-first={c0} data-last={c1 - 1}>
              <title>{`${RUN_LABEL[run]}: 90 % of the reads in cylinders ${c0}–${c1 - 1}`}</title>
            </path>
          );
        })}
        <line x1={0} x2={0} y1={-R} y2={R} stroke={ROLE.ink} strokeWidth={0.5} />
      </g>
      <text x={4} y={size + 12} fontSize={11} fill={RUN_COLOUR.baseline}>baseline</text>
      <text x={size - 4} y={size + 12} fontSize={11} textAnchor="end" fill={RUN_COLOUR.reorg}>reorganizing</text>
    </svg>
  );
}

export const SweepBand = memo(SweepBandImpl);
