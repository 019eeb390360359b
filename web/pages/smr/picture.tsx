/* The home view's picture of a shingled drive: tracks overlapping like roof shingles, in bands with a gap between them, and the media cache at the edge. */
import { Frame } from '../../home/pictures';
import { OKABE_ITO as C, ROLE } from '../../lib/palette';

export function SmrPicture() {
  // Each band: tracks drawn wider than their pitch, each overlapping the next; a guard gap after the band.
  const bands = [0, 1, 2];
  return (
    <Frame>
      <rect x={14} y={16} width={10} height={68} fill={C.sky} stroke={ROLE.muted} />
      {bands.map((b) => [0, 1, 2, 3].map((k) => (
        <rect key={`${b}-${k}`} x={30 + b * 42 + k * 7} y={16} width={14} height={68} fill={k % 2 ? '#bdbdbd' : '#9a9a9a'} stroke={ROLE.muted} strokeWidth={0.5} />
      )))}
      <rect x={30 + 42 + 7 * 3} y={16} width={14} height={68} fill={C.vermillion} fillOpacity={0.55} stroke={ROLE.muted} strokeWidth={0.5} />
    </Frame>
  );
}
