/*
 * pictures — what the home view's small drawings are made of: the frame and
 * a platter, drawn in SVG by code (no screenshots in the repository) in the
 * palette's colours. Each page draws its own picture from these beside its
 * manifest (web/pages/<id>/picture.tsx); a page without one gets the
 * generic disk.
 */
import type { ReactNode } from 'react';
import { OKABE_ITO as C, ROLE } from '../lib/palette';

const W = 160;
const H = 100;

export function Frame({ children }: { children: ReactNode }) {
  return (
    <svg className="picture" viewBox={`0 0 ${W} ${H}`} width={W} height={H} aria-hidden="true" focusable="false">
      <rect x={0.5} y={0.5} width={W - 1} height={H - 1} rx={6} fill={ROLE.paper} stroke={ROLE.rule} />
      {children}
    </svg>
  );
}

/** A platter seen from above: concentric zone bands and the spindle. */
export function Platter({ cx, cy, r }: { cx: number; cy: number; r: number }) {
  const bands = [C.sky, C.blue, C.purple];
  return (
    <g>
      {bands.map((c, i) => <circle key={c} cx={cx} cy={cy} r={r * (1 - i * 0.22)} fill={c} fillOpacity={0.25 + 0.1 * i} stroke={ROLE.muted} strokeWidth={0.5} />)}
      <circle cx={cx} cy={cy} r={r * 0.22} fill={ROLE.paper} stroke={ROLE.muted} strokeWidth={0.5} />
      <circle cx={cx} cy={cy} r={2} fill={ROLE.ink} />
    </g>
  );
}

export function DiskPicture() {
  return <Frame><Platter cx={80} cy={50} r={40} /></Frame>;
}
