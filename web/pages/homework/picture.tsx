/* The home view's picture of the homework: the toy disk's numbered blocks and a question to predict, drawn in SVG in the palette's colours. */
import { Frame } from '../../home/pictures';
import { OKABE_ITO as C, ROLE } from '../../lib/palette';

export function HomeworkPicture() {
  // The toy disk's track with numbered sectors, and a question mark to predict.
  return (
    <Frame>
      <circle cx={60} cy={50} r={36} fill="none" stroke={C.blue} strokeWidth={8} strokeOpacity={0.35} />
      {Array.from({ length: 12 }, (_, i) => {
        const a = (i / 12) * 2 * Math.PI - Math.PI / 2;
        return <text key={i} x={60 + 36 * Math.cos(a)} y={53 + 36 * Math.sin(a)} fontSize={8} textAnchor="middle" fill={ROLE.ink}>{i}</text>;
      })}
      <text x={124} y={66} fontSize={44} fontWeight={700} textAnchor="middle" fill={C.orange}>?</text>
    </Frame>
  );
}
