/*
 * RunPanels — a stage run's panels that follow the clock: its timeline of
 * recent requests and its statistics table. They render on their own pulse
 * (panelPulse.ts: one run's panels per frame while the clock moves) and when
 * the stage changed otherwise (`changes`: a step, a new run, a pause), not
 * with every render of the page around them: memoized, with props that stay
 * the same between those.
 */
import { memo, useEffect, useState, type RefObject } from 'react';
import type { Stats } from '../../engine-wasm/binding';
import type { Snapshot } from '../engine/runProtocol';
import { TimelineView } from '../panels/timeline/TimelineView';
import { panelState } from '../run/panelState';
import type { Playback } from '../run/playback';
import { formatInt, formatMs, formatNum, formatPct } from '../lib/format';
import type { StageClock } from './stageClock';
import type { PanelPulse } from './panelPulse';

/** The statistics rows a run shows (label, value); `whole`: the whole run's, not as played. */
export type StatRows = (s: Stats, snapshot: Snapshot, whole: boolean) => [string, string][];

export const DEFAULT_STAT_ROWS: StatRows = (s) => [
  ['completed', formatInt(s.completed)],
  ['response mean', formatMs(s.responseMeanMs, 2)],
  ['response s.d.', formatMs(s.responseSdMs, 2)],
  ['head time', formatMs(s.headMeanMs)],
  ['efficiency', formatPct(s.efficiency)],
  ['MB/s', formatNum(s.mbPerS, 2)],
];

interface Props {
  clock: StageClock;
  slot: number;
  pulse: PanelPulse;
  /** Counts the stage's changes other than time passing: each one renders the panels at once. */
  changes: number;
  runId: string;
  /** The page's rows, read when the panels render (a page may make a new function at every render). */
  statRows: RefObject<StatRows | undefined>;
  /** The timeline's drawing size and the factor it is shown at (numbers, so the memo sees them unchanged); no timeline when `showTimeline` is false. */
  showTimeline: boolean;
  timelineWidth: number;
  timelineHeight: number;
  scale: number;
  /** Shows only the most recent this many requests (a timeline given less height keeps rows its type can label); all when absent. */
  timelineRows?: number;
  showStats: boolean;
  whole: boolean;
}

/** The device whose requests the run's timeline shows: the one the latest request went to (request ids grow with arrival). */
function timelineDevice(p: Playback): number {
  let device = 0;
  let latest = -1;
  p.devices.forEach((d, i) => {
    const id = d.recent[d.recent.length - 1];
    if (id !== undefined && id > latest) { latest = id; device = i; }
  });
  return device;
}

export const RunPanels = memo(function RunPanels({ clock, slot, pulse, runId, statRows, showTimeline, timelineWidth, timelineHeight, scale, timelineRows, showStats, whole }: Props) {
  const [, setBeat] = useState(0);
  useEffect(() => pulse.add(() => setBeat((b) => b + 1)), [pulse]);
  const p = clock.runs[slot];
  const view = p ? panelState(p, timelineDevice(p)) : null;
  const shown = whole ? p?.data.finalSnapshot ?? null : view?.snapshot ?? null;
  const stats = shown ? (statRows.current ?? DEFAULT_STAT_ROWS)(shown.stats, shown, whole) : null;
  return (
    <>
      {view && showTimeline && (
        <TimelineView rows={timelineRows ? view.rows.slice(-timelineRows) : view.rows} t0={view.t0} t1={view.t1} now={view.now} scale={scale} width={timelineWidth} height={timelineHeight} />
      )}
      {showStats && <table className="stage-stats" data-testid={`stage-stats-${runId}`} data-final={whole || view?.final ? 'true' : 'false'}>
        <caption>{whole ? 'whole run' : view?.final ? 'whole run (played to its end)' : 'as played so far'}</caption>
        <tbody>
          {stats ? stats.map(([k, v]) => <tr key={k}><th scope="row">{k}</th><td>{v}</td></tr>)
            : <tr><th scope="row">statistics</th><td>{whole ? 'when the run has been simulated' : 'after the first completion'}</td></tr>}
        </tbody>
      </table>}
    </>
  );
});
