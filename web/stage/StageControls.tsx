/*
 * StageControls — the one set of controls for every run on the stage: play /
 * pause, back, step event, step request, restart, speed, a scrubber over the
 * simulated time, the clock, a link to this exact instant, the switch between
 * statistics as played and of the whole run, and an export of what the stage
 * shows (JSON: each run's statistics as played and whole, the instant). Runs
 * without the engine's statistics (the homework's and the lessons' phase
 * runs) get the rest: the transport, the clock in their unit, the moment.
 */
import { useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { speedOptions } from '../run/panelState';
import { formatNum } from '../lib/format';
import { clockReading, clockText, FAILED_TEXT, LOADING_TEXT, widestClock, writeClock } from './clockText';
import { momentOfLink } from './stageLink';
import type { ClockRun } from './stageClock';
import type { StageHandle } from './useStage';
import { Labelled, TransportButtons, speedLabel, type TransportControl } from './Transport';

interface Common {
  extra?: ReactNode;
  /** The clock's unit: ms unless the runs keep time in another (the toy disk's units). */
  unit?: string;
}

/** Runs with the engine's statistics: the switch between as played and whole run, and the export. */
interface WithStats extends Common { stage: StageHandle; whole: boolean; onWhole(whole: boolean): void }

/** Runs without them. */
interface WithoutStats<R extends ClockRun> extends Common { stage: StageHandle<R>; whole?: undefined; onWhole?: undefined }

type Props<R extends ClockRun> = WithStats | WithoutStats<R>;

/** The transport's buttons a phone's compact bar folds behind More (play, back and step stay). */
const FOLDED: readonly TransportControl[] = ['step-request', 'restart'];

export function StageControls<R extends ClockRun>(props: Props<R>) {
  const { stage, extra, unit = 'ms' } = props;
  const c = stage.clock;
  const end = c.endMs;
  const scrubMax = end ?? Math.max(c.timeMs, ...c.runs.map((p) => p?.horizonMs ?? 0));
  // The clock's text is written here and by every frame (paintStage), never as React's children.
  const clockEl = useRef<HTMLElement>(null);
  useLayoutEffect(() => writeClock(clockEl.current, clockReading(c)));
  // A run that could not begin: the clock says so, and pressing it takes the reader to why.
  const failed = c.failure !== null;
  const scrubber = (
    <input type="range" min={c.startMs} max={scrubMax || 1} step="any" value={c.timeMs} aria-label={`Simulated time (${unit})`}
      aria-valuetext={failed ? FAILED_TEXT : stage.loading ? LOADING_TEXT : `${formatNum(c.timeMs, 3)} ${unit}`} data-stage-control="scrub" disabled={stage.loading}
      onChange={(e) => stage.seek(Number(e.target.value))} />
  );
  // On a phone the bar is compact (stage.css): the transport as icons, the clock and scrubber, and the
  // rest folded behind "More".
  const [moreOpen, setMoreOpen] = useState(false);
  const moreId = useId();
  return (
    <div className="stage-bar" data-more-open={moreOpen ? 'true' : 'false'}>
      <div className="stage-transport" role="group" aria-label="Playback of every run">
        <TransportButtons actions={stage} loading={stage.loading} failed={failed} hook={(control) => ({
          'data-stage-control': control, ...(FOLDED.includes(control) ? { className: 'stage-folded', id: `${moreId}-${control}` } : {}),
        })} />
        <button type="button" className="stage-more-toggle" aria-expanded={moreOpen} title="Step request, restart, speed, statistics, link, export"
          aria-controls={[...FOLDED.map((f) => `${moreId}-${f}`), `${moreId}-speed`, moreId].join(' ')}
          onClick={() => setMoreOpen((o) => !o)} data-stage-control="more"><Labelled icon="⋯" label="More" /></button>
      </div>
      <select value={stage.slow} aria-label="Speed" data-stage-control="speed" title="Speed ([ slower, ] faster)" id={`${moreId}-speed`}
        className="stage-speed" onChange={(e) => stage.setSlow(Number(e.target.value))}>
        {speedOptions(stage.slow).map((v) => <option key={v} value={v}>{speedLabel(v)}</option>)}
      </select>
      {failed ? (
        <div className="stage-scrub">
          <button type="button" className="stage-time stage-failed" data-testid="stage-clock" data-unit={unit} ref={clockEl as RefObject<HTMLButtonElement>}
            title={`A run could not begin: ${c.failure}`} onClick={() => showFailure(stage.rootRef.current)}>{FAILED_TEXT}</button>
          {scrubber}
        </div>
      ) : (
        <label className="stage-scrub">
          <span className="stage-time" data-testid="stage-clock" data-unit={unit} data-widest={widestClock(unit)} ref={clockEl} />
          {scrubber}
        </label>
      )}
      <div className="stage-more" id={moreId}>
        {props.whole !== undefined && (
          <label className="stage-whole" title="The statistics of each run as played so far, or of the whole run at once">
            <input type="checkbox" checked={props.whole} onChange={(e) => props.onWhole(e.target.checked)} data-stage-control="whole" /> whole-run statistics
          </label>
        )}
        <button type="button" data-stage-control="moment" title="Link to this exact instant (M)"
          onClick={stage.copyMoment}>Link to this moment</button>
        {props.whole !== undefined && (
          <button type="button" data-stage-control="export" title="Download what the stage shows, as JSON" onClick={() => exportStage(props.stage)}>Export</button>
        )}
        {extra}
      </div>
      {stage.copied && (
        <p className="stage-copied" role="status">{copiedLabel(stage.copied, unit)} (copied if the browser allowed it):{' '}
          <input readOnly value={stage.copied} aria-label="Link to this moment" onFocus={(e) => e.target.select()} data-testid="stage-moment-link" /></p>
      )}
    </div>
  );
}

/** Each run's statistics (as played, and of the whole run when simulated) at the clock's instant, with the link. */
function exportStage(stage: StageHandle): void {
  const c = stage.clock;
  const runs = c.runs.map((p, slot) => ({
    slot,
    playedToMs: p?.timeMs ?? null,
    completedPlayed: p?.completed ?? null,
    asPlayed: p ? p.data.snapshotAt(p.completed)?.stats ?? null : null,
    wholeRun: p?.data.finalSnapshot?.stats ?? null,
  }));
  const body = JSON.stringify({ link: window.location.href, timeMs: c.timeMs, runs }, null, 2);
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([body], { type: 'application/json' }));
  a.download = `spindle-stage-${formatNum(c.timeMs, 3)}ms.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/**
 * Takes the reader to why a run could not begin: the stage's own message (the failed run's box), else the page's
 * alert (a page whose stage has no run boxes says it there), focused and brought into view.
 */
function showFailure(root: HTMLElement | null): void {
  const message = root?.querySelector<HTMLElement>('[data-stage-failure]') ?? document.querySelector<HTMLElement>('[role=alert]');
  if (!message) return;
  if (message.tabIndex < 0 && !message.hasAttribute('tabindex')) message.tabIndex = -1;
  message.scrollIntoView({ block: 'center' });
  message.focus({ preventScroll: true });
}

/** What the copied link opens: its own moment (the clock may have moved on since it was copied). */
function copiedLabel(url: string, unit: string): string {
  const at = momentOfLink(url);
  return at === null ? 'Link to this moment' : `Link to ${clockText(at, unit)}`;
}
