/* The home view's picture of the hybrid disk: a platter and the flash chip writes are redirected to, drawn in SVG in the palette's colours. */
import { Frame, Platter } from '../../home/pictures';
import { OKABE_ITO as C, ROLE } from '../../lib/palette';

export function NvcachePicture() {
  // A platter and a flash chip: writes go to the chip when the arm would travel far.
  return (
    <Frame>
      <Platter cx={48} cy={50} r={36} />
      <rect x={108} y={30} width={36} height={40} rx={3} fill={C.purple} fillOpacity={0.35} stroke={ROLE.muted} />
      {[0, 1, 2, 3].map((i) => <line key={i} x1={112 + i * 9} x2={112 + i * 9} y1={70} y2={76} stroke={ROLE.muted} />)}
      <path d="M 84 50 L 104 50" stroke={C.orange} strokeWidth={3} />
      <path d="M 98 44 L 106 50 L 98 56" fill="none" stroke={C.orange} strokeWidth={3} />
    </Frame>
  );
}
