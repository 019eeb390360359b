/*
 * pictures — one small drawing per page for the home view, drawn in SVG by
 * code (no screenshots in the repository): a sketch of what the page shows,
 * in the palette's colours. A page without one gets the generic disk.
 */
import type { ComponentType, ReactNode } from 'react';
import { OKABE_ITO as C, ROLE } from '../lib/palette';

const W = 160;
const H = 100;

function Frame({ children }: { children: ReactNode }) {
  return (
    <svg className="picture" viewBox={`0 0 ${W} ${H}`} width={W} height={H} aria-hidden="true" focusable="false">
      <rect x={0.5} y={0.5} width={W - 1} height={H - 1} rx={6} fill={ROLE.paper} stroke={ROLE.rule} />
      {children}
    </svg>
  );
}

/** A platter seen from above: concentric zone bands and the spindle. */
function Platter({ cx, cy, r }: { cx: number; cy: number; r: number }) {
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

function ExplorerPicture() {
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

function LocatorPicture() {
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

function TraxtentsPicture() {
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

function SideBySidePicture() {
  return (
    <Frame>
      <Platter cx={42} cy={46} r={30} />
      <Platter cx={118} cy={46} r={30} />
      <rect x={14} y={84} width={56} height={6} rx={2} fill={ROLE.unaligned} />
      <rect x={90} y={84} width={40} height={6} rx={2} fill={ROLE.aligned} />
    </Frame>
  );
}

function AtroposPicture() {
  const cells = [];
  for (let r = 0; r < 5; r++) {
    for (let c = 0; c < 8; c++) {
      const hot = r === 2 || c === 5;
      cells.push(<rect key={`${r}-${c}`} x={16 + c * 16} y={12 + r * 15} width={14} height={13} fill={hot ? (r === 2 ? C.blue : C.orange) : ROLE.rule} />);
    }
  }
  return <Frame>{cells}</Frame>;
}

function ValidatePicture() {
  // Two cumulative distributions, measured and model, nearly on top of each other.
  return (
    <Frame>
      <path d="M 18 10 L 18 88 L 150 88" fill="none" stroke={ROLE.muted} />
      <path d="M 20 86 C 40 84, 50 40, 70 30 S 120 16, 148 14" fill="none" stroke={C.black} strokeWidth={2.5} />
      <path d="M 20 86 C 42 82, 54 44, 72 33 S 122 18, 148 15" fill="none" stroke={C.sky} strokeWidth={2.5} strokeDasharray="5 3" />
    </Frame>
  );
}

function NvcachePicture() {
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

function HomeworkPicture() {
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

/** Heat of a block group in the reorganization picture: 0 cold, 1 warm, 2 hot. */
const REORG_HEAT = [ROLE.rule, C.yellow, C.vermillion];

function ReorgPicture() {
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

export const PICTURES = {
  explorer: ExplorerPicture,
  locate: LocatorPicture,
  traxtents: TraxtentsPicture,
  sidebyside: SideBySidePicture,
  atropos: AtroposPicture,
  validate: ValidatePicture,
  nvcache: NvcachePicture,
  reorg: ReorgPicture,
  homework: HomeworkPicture,
} satisfies Record<string, ComponentType>;
