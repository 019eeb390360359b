/* The home view's picture of side by side: two platters, and the aligned one's shorter head time, drawn in SVG in the palette's colours. */
import { Frame, Platter } from '../../home/pictures';
import { ROLE } from '../../lib/palette';

export function SideBySidePicture() {
  return (
    <Frame>
      <Platter cx={42} cy={46} r={30} />
      <Platter cx={118} cy={46} r={30} />
      <rect x={14} y={84} width={56} height={6} rx={2} fill={ROLE.unaligned} />
      <rect x={90} y={84} width={40} height={6} rx={2} fill={ROLE.aligned} />
    </Frame>
  );
}
