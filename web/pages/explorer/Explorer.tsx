/*
 * Explorer — the live explorer: a disk at work, driven only by the engine's
 * event stream. The setup (from the URL) runs in the worker; the run's
 * events are played back on a clock (real time to very slow motion, step by
 * event or by request); the platter, side view, queues, timeline and
 * statistics show the state the events leave. The URL always holds the
 * setup; a bad link or a bad parameter is named, and the last good run stays.
 * A what-if change (a field of the engine's input changed) keeps the run
 * before it on the stage beside the new one, on the same clock
 * (WhatIfStage), until the next change replaces it; up to three earlier runs
 * can be kept there (four runs on one clock). The link holds their setups
 * too (earlierLink.ts), and the stage is brought into view. A trace's runs are not compared (a link cannot
 * carry the trace): the page says so where the comparison would be.
 *
 * Each job is a hook of its own (useUrlSync, useRun, usePlaybackClock,
 * useLiveDrawing, useStageKeys, useSetupEditor, useExports, useShareLink,
 * useInspector); this file wires them together. Animation runs on
 * requestAnimationFrame through refs (canvases redrawn, readouts written
 * directly); React re-renders the panels a few times a second while playing,
 * and whenever the setup or the run changes.
 */
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { StageHandle } from '../../stage/useStage';
import { editorFields, sameRun, withField, type TabName } from '../../state/setup';
import { presetById } from '../../presets';
import type { Inspector } from '../../run/inspect';
import { fasterSpeed, panelState, slowerSpeed } from '../../run/panelState';
import { Banners } from './Banners';
import { ExplorerLayout } from './ExplorerLayout';
import { RunStatusLine } from './RunStatusLine';
import { SetupEditor } from './SetupEditor';
import { TopBar } from './TopBar';
import { useExports } from './useExports';
import { useInspector } from './useInspector';
import { useLiveDrawing } from './useLiveDrawing';
import { usePlaybackClock } from './usePlaybackClock';
import { useRun } from './useRun';
import { useSetupEditor } from './useSetupEditor';
import { useShareLink } from './useShareLink';
import { useStageKeys } from '../../stage/useStageKeys';
import { setPresenting } from '../../stage/presentation';
import { formatMoment } from '../../stage/stageLink';
import { useUrlSync } from './useUrlSync';
import { useComparison, useEarlierControls } from './useComparison';
import { useRevealStage } from './useRevealStage';
import { lazyComponent } from '../../lib/lazyComponent';
import { explorerQuery } from './earlierLink';
import type { Shown } from './useRun';
import { TraceImport } from '../../trace/TraceImport';
import { useTraceImport } from '../../trace/useTraceImport';
import './explorer.css';

// Shown only once a what-if change keeps a run to compare with: its chunk (the stage's controls) comes then.
const WhatIfStage = lazyComponent(() => import('./WhatIfStage').then((m) => m.WhatIfStage));

export function Explorer() {
  const { setup, setSetup, problems, setProblems, earlier, setEarlier } = useUrlSync();
  const inspector = useRef<Inspector | null>(null);
  // The device shown large (a run over several devices); the frame loop reads it through a ref.
  const [selected, setSelected] = useState(0);
  const selectedRef = useRef(0);
  const live = useLiveDrawing(inspector, selectedRef);
  const trace = useTraceImport();
  // The run a what-if change replaced: kept, so the comparison plays its events without a second simulation.
  const replaced = useRef<Shown | null>(null);
  const earlierControls = useEarlierControls(earlier, setEarlier);
  const { changed, clear: clearEarlier } = earlierControls;
  // A change while a trace replays is not compared (a link cannot carry the trace): the page says so where the comparison would be.
  const [traceChange, setTraceChange] = useState(false);
  const revealRef = useRef<() => void>(() => undefined);
  const onBegin = useCallback((_data: unknown, last: Shown | null) => {
    setTraceChange(!!last?.traced && !!trace.active);
    if (!last) return;
    if (last.traced || trace.active) {
      // Into a trace, out of one, or a change during one: no run before to compare with.
      replaced.current = null;
      clearEarlier();
      return;
    }
    replaced.current = last;
    changed(last.setup);
    revealRef.current();
  }, [changed, clearEarlier, trace.active]);
  const clockRef = useRef<ReturnType<typeof usePlaybackClock> | null>(null);
  const onChunk = useCallback(() => clockRef.current?.markDirty(), []);
  const onEnd = useCallback(() => clockRef.current?.refresh(), []);
  const run = useRun(setup, { begin: onBegin, chunk: onChunk, end: onEnd }, trace.active);
  const comparison = useComparison(earlier, run.shown, replaced);
  const { compare } = comparison;
  const clock = usePlaybackClock(setup.view.slow, live.draw, comparison.data);
  clockRef.current = clock;
  const reveal = useRevealStage(clock.rootRef, compare, earlier);
  revealRef.current = reveal.want;
  const editor = useSetupEditor(setup, setSetup, setProblems, run.runError);
  const share = useShareLink();
  const timeline = useRef<SVGSVGElement>(null);
  const histogram = useRef<SVGSVGElement>(null);
  const seekCurve = useRef<SVGSVGElement>(null);
  const refs = { platter: live.platter, surfaces: live.surfaces, timeline, histogram, seekCurve };
  const moment = useCallback(() => {
    const p = clock.playback();
    return p ? { timeMs: p.timeMs, completed: p.completed } : null;
  }, [clock.playback]);
  const exports = useExports(setup, run.shown, refs, share.setNote, moment);
  const deviceCount = run.shown?.data.info.devices.length ?? 1;
  const { markDirty: redraw } = clock;
  const selectDevice = useCallback((i: number) => {
    if (!Number.isInteger(i) || i < 0 || i >= deviceCount) return;
    selectedRef.current = i;
    setSelected(i);
    redraw();
  }, [deviceCount, redraw]);
  // A new run with fewer devices: back to device 0.
  useEffect(() => {
    if (selectedRef.current >= deviceCount) selectDevice(0);
  }, [deviceCount, selectDevice]);
  useInspector(inspector, { status: run.status, problems, setup, selected, selectDevice }, clock);

  // Canvases mount with the first run: paint them even when paused.
  const { markDirty } = clock;
  useEffect(() => markDirty(), [run.shown, markDirty]);

  const setSlow = useCallback((slow: number) => setSetup((s) => withField(s, 'view.slow', slow)), [setSetup]);
  const faster = useCallback(() => setSetup((s) => withField(s, 'view.slow', fasterSpeed(s.view.slow))), [setSetup]);
  const slower = useCallback(() => setSetup((s) => withField(s, 'view.slow', slowerSpeed(s.view.slow))), [setSetup]);
  const setTab = useCallback((tab: TabName) => setSetup((s) => withField(s, 'view.tab', tab)), [setSetup]);
  const togglePresent = useCallback(() => setSetup((s) => withField(s, 'view.present', !s.view.present)), [setSetup]);
  // The explorer keeps the mode in its setup (its link); the site's switch follows it.
  useEffect(() => setPresenting(setup.view.present, false), [setup.view.present]);
  useEffect(() => () => setPresenting(false, false), []);

  // A link to a moment (moment=<simulated ms>, or at=<events played> in older links): the run opens
  // paused there; any playback control leaves it (the URL then no longer names a moment).
  const atRef = useRef({ at: setup.view.at, moment: setup.view.moment });
  atRef.current = { at: setup.view.at, moment: setup.view.moment };
  const { openAt, openAtTime } = clock;
  useEffect(() => {
    if (!run.shown) return;
    const { at, moment } = atRef.current;
    if (moment >= 0) openAtTime(moment);
    else if (at >= 0) openAt(at);
  }, [run.shown, openAt, openAtTime]);
  const leaving = useCallback(<A extends unknown[]>(f: (...a: A) => void) => (...a: A) => {
    if (atRef.current.at >= 0 || atRef.current.moment >= 0) setSetup((s) => withField(withField(s, 'view.at', -1), 'view.moment', -1));
    f(...a);
  }, [setSetup]);
  const controls = useMemo(() => ({
    togglePlay: leaving(clock.togglePlay), stepEvent: leaving(clock.stepEvent), stepRequest: leaving(clock.stepRequest), restart: leaving(clock.restart),
    back: leaving(clock.back),
  }), [leaving, clock.togglePlay, clock.stepEvent, clock.stepRequest, clock.restart, clock.back]);
  const { copyLink } = share;
  const momentLink = useCallback(() => {
    // The instant a link can say exactly: the clock moves there first, so the link opens what is shown.
    clock.seek(Number(formatMoment(clock.clock.timeMs)));
    const t = clock.clock.timeMs;
    const url = `${window.location.origin}${window.location.pathname}?${explorerQuery(withField(withField(setup, 'view.at', -1), 'view.moment', t), earlier)}`;
    return { url, t };
  }, [clock, setup, earlier]);
  // A comparison shows the moment's link in its stage's bar (the stage's own copy), one run in the banner.
  const [stageCopied, setStageCopied] = useState<string | null>(null);
  const copyMoment = useCallback(() => {
    if (!clock.playback()) return;
    const { url, t } = momentLink();
    if (!compare) return copyLink(url, `the run paused at t = ${formatMoment(t)} ms`);
    setStageCopied(url);
    void navigator.clipboard?.writeText(url).catch(() => undefined);
  }, [clock, momentLink, copyLink, compare]);
  useStageKeys({ ...controls, faster, slower, copyLink: () => copyLink(), copyMoment, togglePresent, selectDevice });

  const { shown, status } = run;
  const p = clock.current;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const view = useMemo(() => (p ? panelState(p, selected) : null), [p, clock.tick, selected]);
  // The same list while the setup stays: the editor (memoized) then skips the renders that follow the clock.
  const fields = useMemo(() => editorFields(setup), [setup]);
  const disk = shown?.data.info.devices[Math.min(selected, shown.data.info.devices.length - 1)];
  // The comparison's stage: the explorer's clock and controls, the moment's link shown in the stage's bar.
  const stage: StageHandle = {
    clock: clock.clock, rootRef: clock.rootRef, painters: clock.painters, pulse: clock.pulse, changes: clock.changes, tick: clock.tick, playing: clock.playing, loading: clock.clock.loading, slow: setup.view.slow,
    setRun: (slot, data) => clock.clock.setRun(slot, data), clear: () => clock.clock.clear(), repaint: clock.refresh,
    ...controls, seek: leaving(clock.seek), faster, slower, setSlow,
    momentLink: () => momentLink().url, copyMoment, copied: stageCopied, linkProblems: [],
  };

  return (
    <div className="explorer" data-compare={compare ? 'true' : 'false'} data-status={status} data-playing={clock.playing ? 'true' : 'false'} data-present={setup.view.present ? 'true' : 'false'}>
      <TopBar
        preset={setup.devices[0].preset} onPreset={editor.onPreset} playing={clock.playing} slow={setup.view.slow} onSlow={setSlow}
        transport={!compare} togglePlay={controls.togglePlay} stepEvent={controls.stepEvent} stepRequest={controls.stepRequest} back={controls.back} restart={controls.restart}
        copyLink={() => copyLink()} copyMoment={copyMoment} exports={exports} present={setup.view.present} togglePresent={togglePresent}
      />
      <RunStatusLine readout={live.readout} status={status} progress={run.progress} runError={run.runError} onCancel={run.cancel} devices={deviceCount} />
      <TraceImport t={trace} />
      <Banners
        note={share.note} link={share.link} onDismissNote={share.dismiss}
        problems={problems} onDismissProblems={() => setProblems([])} runError={run.runError} hasRun={!!shown}
      />
      {comparison.refused.map((r) => (
        <div key={r.index} className="banner error" role="alert" data-testid="before-error">
          The engine refused the setup of an earlier run ({r.title}): {r.error}. It is not on the stage.
        </div>
      ))}
      {earlierControls.full && compare && (
        <p className="banner info" role="status" data-testid="earlier-full">
          Three runs are kept, so the run this change replaced is not on the stage: let one go (its Kept button) or drop one to keep the next.
        </p>
      )}
      {!shown && status !== 'error' && <p className="loading">Loading the engine and running the setup…</p>}
      {traceChange && !compare && (
        <p className="banner info" role="status" data-testid="trace-no-compare">
          No before/after comparison while a trace replays: a comparison lives in the page's link, and a link cannot carry a trace.
          The run before this change is gone; stop the trace to compare changes on the setup's own workload.
        </p>
      )}
      {compare && (
        <Suspense fallback={<p className="loading">Loading the comparison…</p>}>
          <WhatIfStage stage={stage} earlier={comparison.shownEarlier} afterTitle={comparison.afterTitle} onMounted={reveal.stageMounted}
            onKeep={earlierControls.keep} onDrop={earlierControls.drop} onDropAll={clearEarlier} />
        </Suspense>
      )}
      {shown && disk && view && (
        <ExplorerLayout
          disk={disk}
          preset={presetById(disk.presetId)?.json}
          view={view}
          playback={p}
          devices={shown.data.info.devices}
          host={shown.data.info.host}
          selected={view.device}
          onSelect={selectDevice}
          stripRef={live.stripRef}
          total={shown.data.info.total}
          stale={!sameRun(shown.setup, setup)}
          tab={setup.view.tab}
          onTab={setTab}
          setupWarning={Object.keys(editor.draftErrors).length > 0}
          refs={refs}
          present={setup.view.present}
          onResized={markDirty}
          previous={comparison.previous}
          compare={compare}
          editor={
            <SetupEditor
              fields={fields} draft={editor.draft} errors={editor.errors} presetValues={editor.placeholders}
              onChange={editor.onFieldChange} onSaveJson={editor.saveJson} onLoadJson={editor.loadJson} onReset={editor.resetDefaults}
            />
          }
        />
      )}
    </div>
  );
}
