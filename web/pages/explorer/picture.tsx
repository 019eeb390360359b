/* The home view's picture of the explorer: a platter, the arm, a transfer lighting sectors, a queue, drawn in SVG in the palette's colours. */
import { Frame, Platter } from '../../home/pictures';
import { OKABE_ITO as C, ROLE } from '../../lib/palette';

export function ExplorerPicture() {
  return (
    <Frame>
      <Platter cx={52} cy={50} r={40} />
      <path d="M 132 84 L 70 30" stroke={ROLE.ink} strokeWidth={4} strokeLinecap="round" />
      <circle cx={132} cy={84} r={6} fill={ROLE.muted} />
      <path d="M 60 17 A 34 34 0 0 1 85 40" fill="none" stroke={ROLE.transfer} strokeWidth={5} />
      {[0, 1, 2, 3].map((i) => <rect key={i} x={104} y={12 + 11 * i} width={44 - 9 * i} height={7} rx={2} fill={i === 0 ? C.orange : ROLE.rule} />)}
    </Frame>
  );
}
