/*
 * Throughput — requests per second (or MB/s) of each epoch for the baseline
 * and the reorganizing run on one clock of simulated minutes, the paper's
 * Figs. 3 and 4 on one chart, with the reorganizer's phases as bands behind
 * (logging, placement, moving, steady, from the engine's epoch records). A
 * point sits at its epoch's end; a click chooses the nearest epoch.
 */
import { memo, type MouseEvent } from 'react';
import { Bars, Rule, SeriesChart, type Scales, type Series } from '../../charts';
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

const M = { top: 10, right: 12, bottom: 36, left: 52 };
const H = 220;
const DASH: Readonly<Record<RunName, string | undefined>> = { baseline: '5 3', reorg: undefined };
const minutes = (ms: number) => ms / 60000;

function ThroughputImpl({ baseline, reorg, endMs, measure, selected, width, onSelect }: ThroughputProps) {
  const runs: [RunName, readonly EpochStats[]][] = [['baseline', baseline], ['reorg', reorg]];
  const ys = [...baseline, ...reorg].map((e) => measureOf(e, measure)).filter(Number.isFinite);
  const sel = reorg[selected] ?? baseline[selected];
  const series: Series[] = runs.map(([run, es]) => {
    const pts = es.map((e) => ({ e, v: measureOf(e, measure) })).filter((p) => Number.isFinite(p.v));
    return {
      key: run, label: RUN_LABEL[run], colour: RUN_COLOUR[run], dash: DASH[run], ordered: true, data: { 'data-testid': `tp-${run}`, 'data-points': pts.length },
      points: pts.map(({ e, v }) => ({
        x: minutes(e.endMs), y: v, r: e.index === selected ? 4.5 : 3, data: { 'data-epoch': e.index, 'data-v': v },
        title: `${RUN_LABEL[run]}, epoch ${e.index + 1} (${e.phase}): ${+v.toPrecision(4)} ${MEASURE_LABEL[measure]}`,
      })),
    };
  });
  const pick = (ev: MouseEvent<SVGSVGElement>, { x }: Scales) => {
    const t = x.invert(ev.clientX - ev.currentTarget.getBoundingClientRect().left) * 60000;
    const all = reorg.length >= baseline.length ? reorg : baseline;
    let best = -1, d = Infinity;
    for (const e of all) { const dd = Math.abs(e.endMs - t); if (dd < d) { d = dd; best = e.index; } }
    if (best >= 0) onSelect(best);
  };
  const foot = H - M.bottom;
  return (
    <SeriesChart className="ro-chart" width={width} height={H} margin={M} testId="throughput" series={series} onClick={pick}
      label={`${MEASURE_LABEL[measure]} per epoch, baseline and reorganizing runs, over simulated minutes`}
      x={{ domain: [0, minutes(Math.max(1, endMs))], label: 'simulated time (minutes); a point per epoch, at its end', ticks: Math.max(2, Math.floor(width / 80)) }}
      y={{ domain: [0, Math.max(1e-9, ...ys) * 1.05], nice: true, label: MEASURE_LABEL[measure], format: (v) => String(+v.toPrecision(3)) }}
      legend={[
        ...runs.map(([run]) => ({ key: run, label: RUN_LABEL[run], colour: RUN_COLOUR[run], dash: DASH[run] })),
        ...(['logging', 'moving', 'steady'] as const).map((p) => ({ key: p, label: p, colour: PHASE_COLOUR[p], shape: 'box' as const, opacity: 0.35 })),
      ]}
      overlay={({ x }) => (
        <>
          <g data-testid="phase-bands">
            <Bars bars={phaseBands(reorg).filter((b) => b.phase !== 'baseline').map((b, i) => ({
              key: i, x: x(minutes(b.startMs)), width: x(minutes(b.endMs)) - x(minutes(b.startMs)), top: M.top, base: foot,
              colour: PHASE_COLOUR[b.phase], opacity: 0.22, title: b.phase, data: { 'data-phase': b.phase },
            }))} />
          </g>
          {sel && <Rule from={[x(minutes(sel.endMs)), M.top]} to={[x(minutes(sel.endMs)), foot]} colour={ROLE.ink} dash="2 3" />}
        </>
      )} />
  );
}

export const Throughput = memo(ThroughputImpl);
