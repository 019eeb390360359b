/* The home view's picture of the locator: a block on the platter and what reading it costs, drawn in SVG in the palette's colours. */
import { Frame, Platter } from '../../home/pictures';
import { OKABE_ITO as C, ROLE } from '../../lib/palette';

export function LocatorPicture() {
  return (
    <Frame>
      <Platter cx={50} cy={50} r={40} />
      <path d="M 50 50 m 0 -33 a 33 33 0 0 1 14 3" fill="none" stroke={C.vermillion} strokeWidth={6} />
      <line x1={92} y1={20} x2={66} y2={18} stroke={ROLE.ink} strokeWidth={1} />
      <text x={96} y={24} fontSize={11} fill={ROLE.ink}>LBN 1234</text>
      <text x={96} y={50} fontSize={10} fill={ROLE.seek}>seek</text>
      <text x={96} y={64} fontSize={10} fill={ROLE.rotate}>rotate</text>
      <text x={96} y={78} fontSize={10} fill={ROLE.transfer}>transfer</text>
    </Frame>
  );
}
