/*
 * SweepPanel — the paper's FQueue-size figures from the engine's sweep,
 * drawn as the points arrive: normalized write latency, one line per
 * scheduler (Fig. 7), the same including idle-time purge work (Fig. 9),
 * in-memory overwrites (Fig. 12), disk writes and duty cycle (Fig. 13) and
 * the projected flash lifetime (Fig. 10), with the page's FQueue size marked.
 */
import { memo } from 'react';
import type { HostSched, SweepPointNv } from './protocol';
import { NvChart, type Series } from './NvChart';
import type { PointStream } from '../../experiments/usePointStream';
import { SCHED_COLOUR } from './colours';

export type SweepState = PointStream<SweepPointNv>;

const pctFmt = (y: number) => `${+y.toPrecision(3)}`;

/** Memoized: the page re-renders with the stage's clock; the sweep changes only as its points arrive. */
export const SweepPanel = memo(function SweepPanel({ sweep, sizes, scheds, sched, fqMb, width, onCancel, onStart }: {
  sweep: SweepState | null; sizes: readonly number[]; scheds: readonly HostSched[]; sched: HostSched; fqMb: number; width: number; onCancel: () => void; onStart: () => void;
}) {
  const pts = sweep?.points ?? [];
  const by = (s: HostSched, y: (p: SweepPointNv) => number, extra: Partial<Series> = {}): Series => ({
    key: s, label: s.toUpperCase(), colour: SCHED_COLOUR[s],
    points: pts.filter((p) => p.sched === s).map((p) => ({ x: p.sizeMb, y: y(p) })), ...extra,
  });
  const mine = pts.filter((p) => p.sched === sched);
  const cols = width >= 1100 ? 3 : width >= 700 ? 2 : 1;
  const w = Math.floor((width - (cols - 1) * 16) / cols);
  const marker = { x: fqMb, title: `this page's FQueue: ${fqMb} MB` };
  const xLabel = 'FQueue size (MB, log)';
  const xDomain: [number, number] = [Math.min(...sizes), Math.max(...sizes)];
  const running = sweep && !sweep.done && !sweep.error;
  return (
    <section className="nv-sweep">
      <h2>FQueue size sweeps (the paper's Figs. 7–13), drawn as the engine computes them</h2>
      <p className="nv-progress" data-testid="sweep-status" data-done={sweep?.done ? 'true' : 'false'}>
        {sweep ? `${pts.length} of ${sweep.total || '…'} points${sweep.done ? '' : sweep.error ? ` (stopped: ${sweep.error})` : ' (running)'}` : 'not started'}
        {sweep && <progress max={sweep.total || 1} value={pts.length} />}
        {running ? <button type="button" data-testid="sweep-cancel" onClick={onCancel}>Cancel</button>
          : <button type="button" data-testid="sweep-start" onClick={onStart}>{sweep ? 'Run again' : 'Run the sweep'}</button>}
      </p>
      <p className="hint">Each point is a run with an FQueue of that size and its baseline without (the same requests and scheduler); 100 % is the baseline.</p>
      <div className="nv-grid" style={{ gridTemplateColumns: `repeat(${cols}, ${w}px)` }}>
        <figure><figcaption>Fig. 7: write latency with / without (%)</figcaption>
          <NvChart testid="fig7" width={w} xLabel={xLabel} xDomain={xDomain} yLabel="normalized write latency (%)" xLog refY={100} marker={marker} format={pctFmt}
            series={scheds.map((s) => by(s, (p) => 100 * p.normalized))} /></figure>
        <figure><figcaption>Fig. 9: including idle-time purge work (%)</figcaption>
          <NvChart testid="fig9" width={w} xLabel={xLabel} xDomain={xDomain} yLabel="normalized, incl. purging (%)" xLog refY={100} marker={marker} format={pctFmt}
            series={scheds.map((s) => by(s, (p) => 100 * p.normalizedWithIdle))} /></figure>
        <figure><figcaption>Fig. 12: in-memory overwrites (% of redirected)</figcaption>
          <NvChart testid="fig12" width={w} xLabel={xLabel} xDomain={xDomain} yLabel="overwrites (%)" xLog marker={marker} format={pctFmt}
            series={scheds.map((s) => by(s, (p) => 100 * p.overwritten))} /></figure>
        <figure><figcaption>Fig. 13: disk writes and duty cycle with / without ({sched.toUpperCase()}, %)</figcaption>
          <NvChart testid="fig13" width={w} xLabel={xLabel} xDomain={xDomain} yLabel="normalized (%)" xLog refY={100} marker={marker} format={pctFmt}
            series={[
              { key: 'writes', label: 'disk writes', colour: '#1f78b4', points: mine.map((p) => ({ x: p.sizeMb, y: 100 * p.diskWrites })) },
              { key: 'duty', label: 'duty cycle', colour: '#33a02c', dash: '5 3', points: mine.map((p) => ({ x: p.sizeMb, y: 100 * p.dutyCycle })) },
            ]} /></figure>
        <figure><figcaption>Fig. 10: projected flash lifetime ({sched.toUpperCase()}, years, log)</figcaption>
          <NvChart testid="fig10" width={w} xLabel={xLabel} xDomain={xDomain} yLabel="years to the endurance limit" xLog yLog marker={marker}
            series={[{ key: 'years', label: 'lifetime', colour: '#b15928', points: mine.map((p) => ({ x: p.sizeMb, y: p.lifetimeYears })) }]} /></figure>
      </div>
    </section>
  );
});
