/*
 * ToyDisk — the homework platter drawn large: three tracks with every block's
 * number at its place at playback time t, the arm from the left with its
 * head over the (fractional) track of the moment, and the request being
 * served ringed in the colour of what the disk is doing (seek, rotate,
 * transfer, as disk.py colours them) once its row's answer is shown (the
 * ring would tell which request is served). Positions come from geometry.ts.
 */
import { aheadOfHead, armTrack, phaseAt, type Phase } from './geometry';
import type { HomeworkRun } from './run';

const SIZE = 380;
const C = SIZE / 2;
const PLATTER = 178;
const RADIUS = [150, 108, 66];
const COLOUR: Record<Phase, string> = { idle: '#888', seek: '#e08000', rotate: '#2b7bb9', transfer: '#1f9d55', done: '#b00020' };

function polar(r: number, a: number): [number, number] {
  return [C + r * Math.cos(a), C + r * Math.sin(a)];
}

/** ringShown: whether a row's answer is shown (every row when not given). */
export function ToyDisk({ run, t, ringShown = () => true }: { run: HomeworkRun; t: number; ringShown?: (row: number) => boolean }) {
  const { row, phase } = phaseAt(run, t);
  const target = row >= 0 && ringShown(row) ? run.rows[row].block : -1;
  const arm = armTrack(run, t);
  const headR = RADIUS[0] + (RADIUS[2] - RADIUS[0]) * (arm / 2);
  const labels = run.tracks.flatMap((tr, k) => Array.from({ length: tr.blocks }, (_, s) => {
    const a = Math.PI + 2 * Math.PI * aheadOfHead(run, k, s, t);
    const [x, y] = polar(RADIUS[k], a);
    const block = tr.firstBlock + s;
    return (
      <g key={block}>
        {block === target && <circle cx={x} cy={y} r={11} fill="none" stroke={COLOUR[phase]} strokeWidth={3} data-testid="hw-target" />}
        <text x={x} y={y} textAnchor="middle" dominantBaseline="central" fontSize={tr.blocks > 18 ? 8 : 12}>{block}</text>
      </g>
    );
  }));
  return (
    <svg width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label="The toy disk: three tracks, block numbers, the arm from the left" data-testid="hw-disk" data-track={arm.toFixed(3)}>
      <circle cx={C} cy={C} r={PLATTER} fill="#e8e8e8" stroke="#333" />
      {[RADIUS[0] + 21, RADIUS[1] + 21, RADIUS[2] + 21, RADIUS[2] - 21].map((r) => <circle key={r} cx={C} cy={C} r={r} fill="none" stroke="#999" />)}
      {labels}
      <circle cx={C} cy={C} r={4} fill="#e08000" stroke="#333" />
      <rect x={0} y={C - 6} width={C - headR} height={12} fill="#777" opacity={0.7} />
      <rect x={C - headR - 8} y={C - 8} width={16} height={16} fill="none" stroke="#000" strokeWidth={2} />
    </svg>
  );
}
