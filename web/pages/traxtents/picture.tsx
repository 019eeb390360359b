/* The home view's picture of track-aligned extents: efficiency against request size, aligned above unaligned, drawn in SVG in the palette's colours. */
import { Frame } from '../../home/pictures';
import { ROLE } from '../../lib/palette';

export function TraxtentsPicture() {
  const axis = `M 18 10 L 18 88 L 150 88`;
  return (
    <Frame>
      <path d={axis} fill="none" stroke={ROLE.muted} />
      <line x1={96} y1={12} x2={96} y2={88} stroke={ROLE.muted} strokeDasharray="3 3" />
      <path d="M 20 84 C 60 70, 80 40, 96 22 L 104 44 C 120 36, 135 30, 148 26" fill="none" stroke={ROLE.aligned} strokeWidth={2.5} />
      <path d="M 20 86 C 60 78, 85 60, 96 50 L 104 52 C 120 44, 135 36, 148 30" fill="none" stroke={ROLE.unaligned} strokeWidth={2.5} />
    </Frame>
  );
}
