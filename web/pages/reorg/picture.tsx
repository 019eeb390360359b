/* The home view's picture of reorganization: hot block groups gathered into the partition's centre, drawn in SVG in the palette's colours. */
import { Frame } from '../../home/pictures';
import { OKABE_ITO as C, ROLE } from '../../lib/palette';

/** Heat of a block group in the reorganization picture: 0 cold, 1 warm, 2 hot. */
const REORG_HEAT = [ROLE.rule, C.yellow, C.vermillion];

export function ReorgPicture() {
  // The partition's block groups as a strip, before (hot groups scattered over its whole width)
  // and after (the same hot groups gathered in its centre), arrows from the one to the other.
  const n = 12;
  const before = [2, 0, 1, 0, 0, 2, 0, 1, 0, 0, 2, 1];
  const after = [0, 0, 0, 1, 1, 2, 2, 2, 1, 1, 0, 0];
  const x = (i: number) => 14 + i * 11;
  const strip = (heat: readonly number[], y: number) => heat.map((h, i) => (
    <rect key={`${y}-${i}`} x={x(i)} y={y} width={10} height={18} rx={1.5} fill={REORG_HEAT[h]} stroke={ROLE.muted} strokeWidth={0.4} />
  ));
  const hot = before.flatMap((h, i) => (h === 2 ? [i] : []));
  const goals = after.flatMap((h, i) => (h === 2 ? [i] : []));
  return (
    <Frame>
      {strip(before, 12)}
      {hot.map((i, k) => {
        const x1 = x(i) + 5, x2 = x(goals[k]) + 5;
        return <path key={i} d={`M ${x1} 34 L ${x2} 62`} stroke={ROLE.ink} strokeWidth={1.2} markerEnd="url(#reorg-arrow)" />;
      })}
      {strip(after, 70)}
      <defs>
        <marker id="reorg-arrow" viewBox="0 0 6 6" refX={5} refY={3} markerWidth={5} markerHeight={5} orient="auto">
          <path d="M 0 0 L 6 3 L 0 6 z" fill={ROLE.ink} />
        </marker>
      </defs>
    </Frame>
  );
}
