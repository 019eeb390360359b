/*
 * BudgetBar — the one-revolution budget of a quadrangle column (spec 2.8):
 * N sectors split into d·b transferred, the positioning the exact check
 * counts (d - 1 switches down the column and the wrap back), and the slack;
 * red overflow past N when the exact cyclic check fails. Every figure is
 * sp_volume_info's.
 */
import type { VolumeInfo } from '../../../engine-wasm/binding/engine';
import { budget } from './geometry';

export function BudgetBar({ info, width }: { info: VolumeInfo; width: number }) {
  const g = budget(info);
  const w = Math.max(200, width - 20);
  const S = (x: number) => (x / g.scale) * w;
  const H = 26;
  const xN = 10 + S(g.N);
  return (
    <svg width={w + 20} height={H + 48} data-testid="budget-bar" data-ok={String(g.ok)} data-slack={info.slackSectors} role="img"
      aria-label={`one revolution: ${g.transfer} sectors transferred, ${g.positioning.toFixed(1)} positioning, slack ${info.slackSectors.toFixed(1)}`}>
      <rect x={10} y={4} width={S(g.transfer)} height={H} fill="#4e79a7"><title>{`d·b = ${g.transfer} sectors transferred`}</title></rect>
      <rect x={10 + S(g.transfer)} y={4} width={Math.max(0, S(g.positioning))} height={H} fill={g.ok ? '#bab0ac' : '#e8a0a0'}>
        <title>{`${g.positioning.toFixed(1)} sectors of switching (${info.d - 1} down the column + the wrap back)`}</title>
      </rect>
      {g.slack >= 0
        ? <rect x={10 + S(g.transfer + g.positioning)} y={4} width={S(g.slack)} height={H} fill="#d9f0d3" stroke="#59a14f"><title>{`slack ${g.slack.toFixed(1)} sectors`}</title></rect>
        : <rect x={xN} y={4} width={S(-g.slack)} height={H} fill="#c0392b" data-testid="budget-overflow"><title>{`overflow ${(-g.slack).toFixed(1)} sectors`}</title></rect>}
      <line x1={xN} x2={xN} y1={0} y2={H + 8} stroke="#000" strokeWidth={2} />
      <text x={Math.min(xN, w + 10)} y={H + 20} fontSize={11} textAnchor="end">N = {g.N} sectors (one revolution)</text>
      <text x={12} y={H + 36} fontSize={11} fill="#333">{g.transfer} transfer + {g.positioning.toFixed(1)} switching {g.slack >= 0 ? `+ ${g.slack.toFixed(1)} slack` : `= ${(g.N - g.slack).toFixed(1)}: over by ${(-g.slack).toFixed(1)}`}</text>
    </svg>
  );
}
