/* The home view's picture of Atropos: a 2-D table with one row and one column read, drawn in SVG in the palette's colours. */
import { Frame } from '../../home/pictures';
import { OKABE_ITO as C, ROLE } from '../../lib/palette';

export function AtroposPicture() {
  const cells = [];
  for (let r = 0; r < 5; r++) {
    for (let c = 0; c < 8; c++) {
      const hot = r === 2 || c === 5;
      cells.push(<rect key={`${r}-${c}`} x={16 + c * 16} y={12 + r * 15} width={14} height={13} fill={hot ? (r === 2 ? C.blue : C.orange) : ROLE.rule} />);
    }
  }
  return <Frame>{cells}</Frame>;
}
