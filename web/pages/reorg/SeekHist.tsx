/*
 * SeekHist — the chosen epoch's seek distances, the engine's histogram of
 * equal bins over the disk's cylinders, for both runs side by side in each
 * bin, as a share of the run's seeks in the epoch (the runs seek different
 * numbers of times). Reorganization moves the weight toward short seeks.
 */
import { memo } from 'react';
import { scaleBand, scaleLinear } from 'd3';
import { RUN_COLOUR, RUN_LABEL, type RunName } from './heat';

export interface SeekHistProps {
  baseline: readonly number[] | undefined;
  reorg: readonly number[] | undefined;
  cylinders: number;
  width: number;
}

const M = { top: 22, right: 10, bottom: 36, left: 44 };
const H = 200;

function SeekHistImpl({ baseline, reorg, cylinders, width }: SeekHistProps) {
  const bins = Math.max(baseline?.length ?? 0, reorg?.length ?? 0, 1);
  const x = scaleBand<number>().domain([...Array(bins).keys()]).range([M.left, width - M.right]).paddingInner(0.15);
  const share = (h: readonly number[] | undefined) => {
    const t = h ? h.reduce((a, b) => a + b, 0) : 0;
    return (i: number) => (h && t > 0 ? h[i] / t : 0);
  };
  const runs: [RunName, readonly number[] | undefined][] = [['baseline', baseline], ['reorg', reorg]];
  const top = Math.max(0.01, ...runs.flatMap(([, h]) => [...Array(bins).keys()].map(share(h))));
  const y = scaleLinear().domain([0, top]).range([H - M.bottom, M.top]).nice();
  const bw = x.bandwidth() / 2;
  // The engine's bins: bin 0 counts distance 0; bins 1.. split distances 1..cylinders-1 evenly.
  const from = (i: number) => (i === 0 ? 0 : Math.round(1 + ((i - 1) * (cylinders - 1)) / (bins - 1)));
  const range = (i: number) => (i === 0 ? 'distance 0' : `${from(i)}–${i + 1 < bins ? from(i + 1) - 1 : cylinders - 1} cylinders`);
  const every = Math.ceil(bins / Math.max(2, Math.floor(width / 60)));
  // A label sits on its bin's left edge, centred; one that would run past the chart's right edge is left out.
  const edge = (i: number) => x(i)! - (x.step() * x.paddingInner()) / 2;
  const labelHalf = (i: number) => String(from(i)).length * 2.8;
  return (
    <svg className="ro-chart" width={width} height={H} data-testid="seek-hist" role="img" aria-label="seek distance histogram of the chosen epoch, both runs">
      {y.ticks(4).map((t) => (
        <g key={t}><line x1={M.left} x2={width - M.right} y1={y(t)} y2={y(t)} stroke="#eee" /><text x={M.left - 5} y={y(t) + 4} fontSize={11} textAnchor="end">{`${Math.round(t * 100)} %`}</text></g>
      ))}
      {runs.map(([run, h], k) => {
        const s = share(h);
        return (
          <g key={run} data-testid={`seek-${run}`}>
            {h && h.map((n, i) => (
              <rect key={i} x={x(i)! + k * bw} y={y(s(i))} width={bw} height={y(0) - y(s(i))} fill={RUN_COLOUR[run]} data-v={n}>
                <title>{`${RUN_LABEL[run]}: ${n} seeks of ${range(i)}`}</title>
              </rect>
            ))}
          </g>
        );
      })}
      <line x1={M.left} x2={width - M.right} y1={H - M.bottom} y2={H - M.bottom} stroke="#999" />
      {[...Array(bins).keys()].filter((i) => i % every === 0 && edge(i) + labelHalf(i) <= width).map((i) => (
        <g key={i}>
          <line x1={edge(i)} x2={edge(i)} y1={H - M.bottom} y2={H - M.bottom + 3} stroke="#999" />
          <text x={edge(i)} y={H - M.bottom + 13} fontSize={11} textAnchor="middle">{from(i)}</text>
        </g>
      ))}
      <text x={(M.left + width - M.right) / 2} y={H - 6} fontSize={11} textAnchor="middle">{`seek distance (cylinders of ${cylinders})`}</text>
      <text transform={`translate(11 ${(M.top + H - M.bottom) / 2}) rotate(-90)`} fontSize={11} textAnchor="middle">share of seeks</text>
      <g transform={`translate(${M.left + 4} 4)`} fontSize={11}>
        {runs.map(([run], i) => (
          <g key={run} transform={`translate(${i * 120} 0)`}><rect width={12} height={10} fill={RUN_COLOUR[run]} /><text x={16} y={9}>{RUN_LABEL[run]}</text></g>
        ))}
      </g>
    </svg>
  );
}

export const SeekHist = memo(SeekHistImpl);
