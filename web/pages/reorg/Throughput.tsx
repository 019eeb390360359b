/*
 * Throughput — requests per second (or MB/s) of each epoch for the baseline
 * and the reorganizing run on one clock of simulated minutes, the paper's
 * Figs. 3 and 4 on one chart, with the reorganizer's phases as bands behind
 * (logging, placement, moving, steady, from the engine's epoch records). A
 * point sits at its epoch's end; a click chooses the nearest epoch.
 */
import { memo } from 'react';
import { line, scaleLinear } from 'd3';
import { ROLE } from '../../lib/palette';
import { PHASE_COLOUR, RUN_COLOUR, RUN_LABEL, phaseBands, type RunName } from './heat';
import type { EpochStats } from './protocol';

export type Measure = 'req' | 'mb';
export const MEASURE_LABEL: Readonly<Record<Measure, string>> = { req: 'requests per second', mb: 'MB per second' };
export const measureOf = (e: EpochStats, m: Measure): number => (m === 'req' ? e.reqPerS : e.mbPerS);

export interface ThroughputProps {
  baseline: readonly EpochStats[];
  reorg: readonly EpochStats[];
  /** The clock's end: epochs × epoch length, ms. */
  endMs: number;
  measure: Measure;
  selected: number;
  width: number;
  onSelect: (epoch: number) => void;
}

const M = { top: 24, right: 12, bottom: 36, left: 52 };
const H = 240;

function ThroughputImpl({ baseline, reorg, endMs, measure, selected, width, onSelect }: ThroughputProps) {
  const x = scaleLinear().domain([0, Math.max(1, endMs) / 60000]).range([M.left, width - M.right]);
  const ys = [...baseline, ...reorg].map((e) => measureOf(e, measure)).filter(Number.isFinite);
  const y = scaleLinear().domain([0, Math.max(1e-9, ...ys) * 1.05]).range([H - M.bottom, M.top]).nice();
  const minutes = (ms: number) => ms / 60000;
  const runs: [RunName, readonly EpochStats[]][] = [['baseline', baseline], ['reorg', reorg]];
  const sel = reorg[selected] ?? baseline[selected];
  const pick = (ev: React.MouseEvent<SVGSVGElement>) => {
    const r = ev.currentTarget.getBoundingClientRect();
    const t = x.invert(ev.clientX - r.left) * 60000;
    const all = reorg.length >= baseline.length ? reorg : baseline;
    let best = -1, d = Infinity;
    for (const e of all) { const dd = Math.abs(e.endMs - t); if (dd < d) { d = dd; best = e.index; } }
    if (best >= 0) onSelect(best);
  };
  return (
    <svg className="ro-chart" width={width} height={H} data-testid="throughput" role="img" onClick={pick} style={{ cursor: 'pointer' }}
      aria-label={`${MEASURE_LABEL[measure]} per epoch, baseline and reorganizing runs, over simulated minutes`}>
      <g data-testid="phase-bands">
        {phaseBands(reorg).filter((b) => b.phase !== 'baseline').map((b, i) => (
          <rect key={i} x={x(minutes(b.startMs))} y={M.top} width={Math.max(0, x(minutes(b.endMs)) - x(minutes(b.startMs)))} height={H - M.top - M.bottom}
            fill={PHASE_COLOUR[b.phase]} fillOpacity={0.22} data-phase={b.phase}><title>{b.phase}</title></rect>
        ))}
      </g>
      {y.ticks(5).map((t) => (
        <g key={t}><line x1={M.left} x2={width - M.right} y1={y(t)} y2={y(t)} stroke="#eee" /><text x={M.left - 5} y={y(t) + 4} fontSize={11} textAnchor="end">{+t.toPrecision(3)}</text></g>
      ))}
      {x.ticks(Math.max(2, Math.floor(width / 80))).map((t) => <text key={t} x={x(t)} y={H - M.bottom + 14} fontSize={11} textAnchor="middle">{+t.toPrecision(4)}</text>)}
      <line x1={M.left} x2={width - M.right} y1={H - M.bottom} y2={H - M.bottom} stroke="#999" />
      <text x={(M.left + width - M.right) / 2} y={H - 6} fontSize={11} textAnchor="middle">simulated time (minutes); a point per epoch, at its end</text>
      <text transform={`translate(12 ${(M.top + H - M.bottom) / 2}) rotate(-90)`} fontSize={11} textAnchor="middle">{MEASURE_LABEL[measure]}</text>
      {sel && <line x1={x(minutes(sel.endMs))} x2={x(minutes(sel.endMs))} y1={M.top} y2={H - M.bottom} stroke={ROLE.ink} strokeDasharray="2 3" />}
      {runs.map(([run, es]) => {
        const pts = es.map((e) => ({ e, v: measureOf(e, measure) })).filter((p) => Number.isFinite(p.v));
        const d = line<{ e: EpochStats; v: number }>().x((p) => x(minutes(p.e.endMs))).y((p) => y(p.v))(pts) ?? '';
        return (
          <g key={run} data-testid={`tp-${run}`} data-points={pts.length}>
            <path d={d} fill="none" stroke={RUN_COLOUR[run]} strokeWidth={2} strokeDasharray={run === 'baseline' ? '5 3' : undefined} />
            {pts.map((p) => (
              <circle key={p.e.index} cx={x(minutes(p.e.endMs))} cy={y(p.v)} r={p.e.index === selected ? 4.5 : 3} fill={RUN_COLOUR[run]} data-epoch={p.e.index} data-v={p.v}>
                <title>{`${RUN_LABEL[run]}, epoch ${p.e.index + 1} (${p.e.phase}): ${+p.v.toPrecision(4)} ${MEASURE_LABEL[measure]}`}</title>
              </circle>
            ))}
          </g>
        );
      })}
      <g transform={`translate(${M.left + 4} 4)`} fontSize={11}>
        {runs.map(([run], i) => (
          <g key={run} transform={`translate(${i * 120} 0)`}>
            <line x1={0} x2={14} y1={6} y2={6} stroke={RUN_COLOUR[run]} strokeWidth={2} strokeDasharray={run === 'baseline' ? '5 3' : undefined} />
            <text x={18} y={10}>{RUN_LABEL[run]}</text>
          </g>
        ))}
        {(['logging', 'moving', 'steady'] as const).map((p, i) => width > 520 + i * 70 && (
          <g key={p} transform={`translate(${250 + i * 70} 0)`}>
            <rect width={12} height={10} fill={PHASE_COLOUR[p]} fillOpacity={0.35} />
            <text x={16} y={9}>{p}</text>
          </g>
        ))}
      </g>
    </svg>
  );
}

export const Throughput = memo(ThroughputImpl);
