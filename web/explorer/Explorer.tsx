/*
 * Explorer — the live explorer: a disk at work, driven only by the engine's
 * event stream. The setup (from the URL) runs in the worker; the run's
 * events are played back on a clock (real time to very slow motion, step by
 * event or by request); the platter, side view, queues, timeline and
 * statistics show the state the events leave. The URL always holds the
 * setup; a bad link or a bad parameter is named, and the last good run stays.
 *
 * Animation runs on requestAnimationFrame through refs (canvases redrawn,
 * readouts written directly); React re-renders the panels a few times a
 * second while playing, and whenever the setup or the run changes.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { EventKind } from '../../engine-wasm/binding/constants';
import { EngineClient } from '../engine/client';
import { formatInt } from '../lib/format';
import { CanvasPanel, type CanvasHandle } from '../panels/live/CanvasPanel';
import { armGeometry, type ArmGeometry } from '../panels/live/arm';
import { drawLivePlatter } from '../panels/live/drawLivePlatter';
import { drawSurfaces } from '../panels/surfaces/drawSurfaces';
import { platterGeometry, type PlatterGeometry } from '../panels/platter/geometry';
import { ZONE_COLOURS } from '../panels/platter/drawPlatter';
import { QueuesView } from '../panels/queues/QueuesView';
import { TimelineView } from '../panels/timeline/TimelineView';
import { HistogramView, StatsView } from '../panels/stats/StatsView';
import { DiskView } from '../panels/disk/DiskView';
import { INK, SEGMENT } from '../panels/colours';
import { engineFieldOf } from '../state/applySetup';
import { draftOf, parseDraft, type Draft } from '../state/draft';
import type { DiskPreset } from '../state/diskPreset';
import { editorFields, fieldByPath, sameRun, sameSetup, withField, withPreset, type Problem, type Setup, type TabName } from '../state/setup';
import { setupFromJson, setupToJson } from '../state/setupJson';
import { decodeSetup, encodeSetup } from '../state/urlCodec';
import { canvasToPng, download, resultsCsv, statsJson, svgDocument, svgToPng } from './exports';
import { Playback } from '../run/playback';
import { PRESETS, PRESET_IDS, presetById } from '../presets';
import { RunController, type RunCaller } from '../run/runController';
import { panelState, SPEEDS } from '../run/panelState';
import type { RunData } from '../run/runData';
import { platterScene, surfacesScene } from '../run/scenes';
import { SetupEditor } from './SetupEditor';
import { installInspector, type Inspector } from '../run/inspect';
import './explorer.css';

const PLATTER_PX = 392;
const SURFACES_W = 392;
const SURFACES_H = 112;
const TIMELINE_W = 452;
const TIMELINE_H = 252;
const HIST_W = 340;
const HIST_H = 150;

type RunStatus = 'starting' | 'running' | 'done' | 'cancelled' | 'error';

interface Shown {
  data: RunData;
  setup: Setup;
}

function presetValues(p: DiskPreset | undefined): Record<string, string> {
  if (!p) return {};
  const ov = (v: unknown) => (typeof v === 'number' ? String(v) : v && typeof v === 'object' ? 'per request kind' : '');
  return {
    'devices[0].overrides.rpm': String(p.geometry.rpm),
    'devices[0].overrides.headSwitchMs': String(p.mechanics.headSwitchMs),
    'devices[0].overrides.cylSwitchMs': p.mechanics.cylSwitchMs === null ? 'seek(1)' : String(p.mechanics.cylSwitchMs),
    'devices[0].overrides.writeSettleMs': String(p.mechanics.writeSettleMs),
    'devices[0].overrides.zeroLatency': p.mechanics.zeroLatency ? 'on' : 'off',
    'devices[0].overrides.readOverheadMs': ov(p.controller.readMissOverheadMs),
    'devices[0].overrides.writeOverheadMs': ov(p.controller.writeMissOverheadMs),
    'devices[0].overrides.busMsPerSector': String(p.controller.busMsPerSector),
    'devices[0].overrides.readFenceSectors': String(p.controller.readFenceSectors),
    'devices[0].overrides.segments': String(p.cache.segments),
    'devices[0].overrides.segmentSectors': String(p.cache.segmentSectors),
    'devices[0].overrides.readAhead': p.cache.readAhead,
    'devices[0].overrides.writeCache': p.cache.writeCache,
  };
}

function makeClient(): RunCaller {
  return EngineClient.start() as unknown as RunCaller;
}

export function Explorer() {
  const initial = useMemo(() => decodeSetup(window.location.search, { presetIds: PRESET_IDS }), []);
  const [setup, setSetup] = useState<Setup>(initial.setup);
  const [problems, setProblems] = useState<Problem[]>(initial.problems);
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial.setup));
  const [draftErrors, setDraftErrors] = useState<Record<string, string>>({});
  const [runError, setRunError] = useState<{ message: string; field?: string; partial: boolean } | null>(null);
  const [status, setStatus] = useState<RunStatus>('starting');
  const [progress, setProgress] = useState({ completed: 0, total: setup.workload.count, events: 0, eventsStopped: false });
  const [shown, setShown] = useState<Shown | null>(null);
  const [playing, setPlayingState] = useState(true);
  const [tick, setTick] = useState(0);
  const [note, setNote] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);

  const controller = useMemo(() => new RunController(makeClient), []);
  const playRef = useRef<Playback | null>(null);
  const playingRef = useRef(playing);
  const slowRef = useRef(setup.view.slow);
  const dirty = useRef(true);
  const platter = useRef<CanvasHandle>(null);
  const surfaces = useRef<CanvasHandle>(null);
  const timelineSvg = useRef<SVGSVGElement>(null);
  const histSvg = useRef<SVGSVGElement>(null);
  const seekSvg = useRef<SVGSVGElement>(null);
  const readout = useRef<HTMLSpanElement>(null);
  const exportsMenu = useRef<HTMLDetailsElement>(null);
  const inspector = useRef<Inspector | null>(null);
  // The platter's drawing geometry, for the disk of the run being played (from the playback itself,
  // so a frame never pairs one disk's data with another's geometry).
  const geoCache = useRef<{ cylinders: number; g: PlatterGeometry; arm: ArmGeometry } | null>(null);
  const geoFor = useCallback((cylinders: number) => {
    if (geoCache.current?.cylinders !== cylinders) {
      const g = platterGeometry(PLATTER_PX, cylinders);
      geoCache.current = { cylinders, g, arm: armGeometry(g) };
    }
    return geoCache.current;
  }, []);

  slowRef.current = setup.view.slow;
  /** Play or pause: the animation loop sees it at once (the ref), the buttons on the next render. */
  const setPlaying = useCallback((v: boolean) => {
    playingRef.current = v;
    setPlayingState(v);
  }, []);

  // ---- The run: whenever the engine's input changes -------------------------
  const runKey = useMemo(() => encodeSetup(withField(withField(setup, 'view.tab', 'stats'), 'view.slow', 100)), [setup]);
  useEffect(() => {
    const preset = presetById(setup.devices[0].preset);
    if (!preset) return;
    let lastUi = 0;
    setStatus('starting');
    setProgress({ completed: 0, total: setup.workload.count, events: 0, eventsStopped: false });
    void controller.start({ setup, preset: preset.json }, {
      onBegin(data) {
        playRef.current = new Playback(data);
        dirty.current = true;
        setShown({ data, setup });
        setRunError(null);
        setStatus('running');
        setPlaying(true);
      },
      onChunk(data) {
        const now = performance.now();
        if (now - lastUi > 100 || data.done) {
          lastUi = now;
          setProgress({ completed: data.completed, total: data.info.total, events: data.eventCount, eventsStopped: data.eventsStopped });
        }
        dirty.current = true;
      },
      onEnd(data, outcome, error) {
        setStatus(outcome);
        if (data) setProgress({ completed: data.completed, total: data.info.total, events: data.eventCount, eventsStopped: data.eventsStopped });
        if (outcome === 'error' && error) setRunError({ message: error.message, field: engineFieldOf(error.message), partial: !!data });
        setTick((t) => t + 1);
      },
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runKey]);
  useEffect(() => () => controller.dispose(), [controller]);

  // ---- The URL holds the setup ------------------------------------------------
  useEffect(() => {
    const q = `?${encodeSetup(setup)}`;
    if (window.location.search !== q) window.history.replaceState(null, '', q);
  }, [setup]);

  // ---- Animation ----------------------------------------------------------------
  useEffect(() => {
    let raf = 0;
    let last = performance.now();
    let lastUi = 0;
    let lastCursor = -1;
    let lastTime = -1;
    const frame = (now: number) => {
      const p = playRef.current;
      if (p) {
        const { g: geometry, arm } = geoFor(p.data.info.disk.cylinders);
        if (playingRef.current) {
          const dt = Math.min(now - last, 100);
          p.advanceTo(p.timeMs + dt / slowRef.current);
          if (p.atEnd && p.timeMs >= p.horizonMs) setPlaying(false);
        }
        if (dirty.current || p.timeMs !== lastTime || p.cursor !== lastCursor) {
          dirty.current = false;
          platter.current?.draw((ctx, w, h) => drawLivePlatter(ctx, platterScene(p, geometry, arm), w, h));
          surfaces.current?.draw((ctx, w, h) => drawSurfaces(ctx, surfacesScene(p), w, h));
          if (readout.current) writeReadout(readout.current, p);
          inspector.current?.update(p, geometry, arm);
          if (p.cursor !== lastCursor && now - lastUi > 120) {
            lastUi = now;
            lastCursor = p.cursor;
            setTick((t) => t + 1);
          }
          lastTime = p.timeMs;
        }
      }
      last = now;
      raf = requestAnimationFrame(frame);
    };
    raf = requestAnimationFrame(frame);
    return () => cancelAnimationFrame(raf);
  }, [geoFor]);

  // Canvases mount with the first run: paint them even when paused.
  useEffect(() => {
    dirty.current = true;
  }, [shown]);

  // ---- Controls -------------------------------------------------------------------
  const refresh = useCallback(() => {
    dirty.current = true;
    setTick((t) => t + 1);
  }, []);
  const stepEvent = useCallback(() => {
    setPlaying(false);
    playRef.current?.stepEvent();
    refresh();
  }, [refresh]);
  const stepRequest = useCallback(() => {
    setPlaying(false);
    playRef.current?.stepRequest();
    refresh();
  }, [refresh]);
  const restart = useCallback(() => {
    const p = playRef.current;
    if (p) playRef.current = new Playback(p.data);
    refresh();
  }, [refresh]);
  const togglePlay = useCallback(() => {
    const p = playRef.current;
    if (!playingRef.current && p && p.atEnd && p.timeMs >= p.horizonMs) playRef.current = new Playback(p.data);
    setPlaying(!playingRef.current);
    dirty.current = true;
  }, [setPlaying]);
  const setSlow = useCallback((slow: number) => setSetup((s) => withField(s, 'view.slow', slow)), []);
  const faster = useCallback(() => setSetup((s) => withField(s, 'view.slow', SPEEDS.slice().reverse().find((v) => v < s.view.slow) ?? SPEEDS[0])), []);
  const slower = useCallback(() => setSetup((s) => withField(s, 'view.slow', SPEEDS.find((v) => v > s.view.slow) ?? SPEEDS[SPEEDS.length - 1])), []);
  const setTab = useCallback((tab: TabName) => setSetup((s) => withField(s, 'view.tab', tab)), []);

  const applySetup = useCallback((next: Setup) => {
    setSetup((cur) => (sameSetup(cur, next) ? cur : next));
  }, []);

  const copyLink = useCallback(() => {
    const url = window.location.href;
    setLink(url);
    const done = () => setNote('Link copied: it opens this exact run.');
    const fallback = () => setNote('Copy the link from the box.');
    try {
      if (navigator.clipboard?.writeText) navigator.clipboard.writeText(url).then(done, fallback);
      else fallback();
    } catch {
      fallback();
    }
  }, []);

  // Keyboard shortcuts (not while typing in a field).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA' || t.isContentEditable)) return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      let handled = true;
      if (e.key === ' ' || e.key === 'k') togglePlay();
      else if (e.key === 'ArrowRight' && e.shiftKey) stepRequest();
      else if (e.key === 'ArrowRight' || e.key === '.') stepEvent();
      else if (e.key === 'n') stepRequest();
      else if (e.key === ']' || e.key === '+') faster();
      else if (e.key === '[' || e.key === '-') slower();
      else if (e.key === 'r' || e.key === 'Home') restart();
      else if (e.key === 'l') copyLink();
      else handled = false;
      if (handled) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [togglePlay, stepEvent, stepRequest, faster, slower, restart, copyLink]);

  // ---- The parameter editor ------------------------------------------------------------
  const pending = useRef<number | undefined>(undefined);
  const onFieldChange = useCallback((path: string, text: string) => {
    setDraft((d) => {
      const next = { ...d, [path]: text };
      const parsed = parseDraft(next, { presetIds: PRESET_IDS }, setupRef.current);
      window.clearTimeout(pending.current);
      if (parsed.ok) {
        setDraftErrors({});
        pending.current = window.setTimeout(() => applySetup(parsed.setup), 300);
      } else {
        setDraftErrors(Object.fromEntries(parsed.errors.map((e) => [e.field, e.message])));
      }
      return next;
    });
  }, [applySetup]);

  // A setup changed elsewhere (preset picker, speed, tab, a loaded file): the editor follows.
  useEffect(() => {
    setDraft((d) => {
      const parsed = parseDraft(d, { presetIds: PRESET_IDS }, setup);
      if (parsed.ok && sameSetup(parsed.setup, setup)) return d;
      if (!parsed.ok) {
        // Keep what the user is fixing; update the rest.
        const fresh = draftOf(setup);
        for (const e of parsed.errors) fresh[e.field] = d[e.field];
        return fresh;
      }
      return draftOf(setup);
    });
  }, [setup]);

  const onPreset = useCallback((id: string) => setSetup((s) => withPreset(s, id)), []);
  const saveJson = useCallback(() => download(`spindle-setup-${setup.devices[0].preset}-seed${setup.seed}.json`, setupToJson(setup), 'application/json'), [setup]);
  const loadJson = useCallback((text: string) => {
    const r = setupFromJson(text, { presetIds: PRESET_IDS });
    setProblems(r.problems);
    setDraftErrors({});
    setSetup(r.setup);
  }, []);
  const resetDefaults = useCallback(() => {
    setDraftErrors({});
    setSetup((s) => ({ ...decodeSetup('', { presetIds: PRESET_IDS }).setup, view: s.view }));
  }, []);

  // ---- Exports -------------------------------------------------------------------------
  const base = `spindle-${setup.devices[0].preset}-seed${setup.seed}`;
  const exportCsv = () => shown && download(`${base}-requests.csv`, resultsCsv(shown.data.results, shown.data.resultCount), 'text/csv');
  const exportStats = () => shown && download(`${base}-stats.json`, statsJson(shown.setup, shown.data.info, shown.data.finalSnapshot ?? shown.data.snapshots[shown.data.snapshots.length - 1]), 'application/json');
  const exportSvg = (el: SVGSVGElement | null, name: string) => el && download(`${base}-${name}.svg`, svgDocument(el), 'image/svg+xml');
  const exportPng = (el: SVGSVGElement | null, name: string) => el && void svgToPng(el).then((b) => download(`${base}-${name}.png`, b), (e: Error) => setNote(e.message));
  const exportPlatter = () => {
    const c = platter.current?.canvas();
    if (c) void canvasToPng(c).then((b) => download(`${base}-platter.png`, b), (e: Error) => setNote(e.message));
  };

  // ---- The inspection hook for tests and the curious ----------------------------------
  useEffect(() => {
    inspector.current = installInspector({
      playback: () => playRef.current,
      status: () => statusRef.current,
      problems: () => problemsRef.current,
      setup: () => setupRef.current,
      play: () => setPlaying(true),
      pause: () => setPlaying(false),
      stepEvent,
      stepRequest,
      seek: (t: number) => {
        setPlaying(false);
        playRef.current?.advanceTo(t);
        refresh();
      },
    });
    return () => inspector.current?.uninstall();
  }, [stepEvent, stepRequest, refresh]);
  const statusRef = useRef(status);
  statusRef.current = status;
  const problemsRef = useRef(problems);
  problemsRef.current = problems;
  const setupRef = useRef(setup);
  setupRef.current = setup;

  // ---- What the panels show --------------------------------------------------------------
  const p = playRef.current;
  const view = useMemo(() => (p ? panelState(p) : null), [p, tick]);
  const disk = shown?.data.info.disk;
  const preset = presetById(shown?.setup.devices[0].preset ?? setup.devices[0].preset)?.json;
  const stale = shown ? !sameRun(shown.setup, setup) : false;
  const errorsShown = useMemo(() => {
    const e = { ...draftErrors };
    if (runError?.field && !e[runError.field]) e[runError.field] = `${fieldByPath(runError.field)?.label ?? runError.field}: the engine refused it: ${runError.message}`;
    return e;
  }, [draftErrors, runError]);
  const placeholders = useMemo(() => presetValues(presetById(setup.devices[0].preset)?.json), [setup.devices[0].preset]);
  const slowOptions = SPEEDS.includes(setup.view.slow) ? SPEEDS : [...SPEEDS, setup.view.slow].sort((a, b) => a - b);

  return (
    <div className="explorer" data-status={status} data-playing={playing ? 'true' : 'false'}>
      <header className="topbar">
        <h1>Spindle</h1>
        <label className="preset">
          <span className="visually-hidden">Disk preset</span>
          <select value={setup.devices[0].preset} onChange={(e) => onPreset(e.target.value)} data-testid="preset" aria-label="Disk preset">
            {PRESETS.map((pr) => <option key={pr.id} value={pr.id}>{pr.name}</option>)}
          </select>
        </label>
        <div className="transport" role="group" aria-label="Playback">
          <button type="button" onClick={togglePlay} data-testid="play" title="Play / pause (Space)" aria-pressed={playing}>
            {playing ? '❚❚ Pause' : '▶ Play'}
          </button>
          <button type="button" onClick={stepEvent} data-testid="step-event" title="Step one event (→ or .)">Step event</button>
          <button type="button" onClick={stepRequest} data-testid="step-request" title="Step to the next completion (Shift+→ or N)">Step request</button>
          <button type="button" onClick={restart} data-testid="restart" title="Restart the playback (R or Home)">⟲ Restart</button>
          <label className="speed" title="Slow motion ([ slower, ] faster)">
            <select value={setup.view.slow} onChange={(e) => setSlow(Number(e.target.value))} data-testid="speed" aria-label="Speed">
              {slowOptions.map((v) => <option key={v} value={v}>{v === 1 ? 'real time' : `1/${v} speed`}</option>)}
            </select>
          </label>
        </div>
        <a className="navlink" href="#locate" title="The LBN locator: where an LBN lives and how long reading it takes">Where is an LBN?</a>
        <div className="share">
          <button type="button" onClick={copyLink} data-testid="copy-link" title="Copy a link to this exact run (L)">Copy link</button>
          <details className="exports" ref={exportsMenu}>
            <summary>Export</summary>
            {/* Any choice closes the menu. */}
            <div className="menu" onClick={() => exportsMenu.current?.removeAttribute('open')}>
              <button type="button" onClick={exportCsv} data-testid="export-csv" disabled={!shown}>Per-request results (CSV)</button>
              <button type="button" onClick={exportStats} data-testid="export-stats" disabled={!shown}>Statistics (JSON)</button>
              <button type="button" onClick={() => exportSvg(timelineSvg.current, 'timeline')}>Timeline (SVG)</button>
              <button type="button" onClick={() => exportPng(timelineSvg.current, 'timeline')}>Timeline (PNG)</button>
              <button type="button" onClick={() => exportSvg(histSvg.current, 'histogram')} data-testid="export-hist-svg">Histogram (SVG)</button>
              <button type="button" onClick={() => exportPng(histSvg.current, 'histogram')} data-testid="export-hist-png">Histogram (PNG)</button>
              <button type="button" onClick={() => exportSvg(seekSvg.current, 'seek-curve')}>Seek curve (SVG)</button>
              <button type="button" onClick={() => exportPng(seekSvg.current, 'seek-curve')}>Seek curve (PNG)</button>
              <button type="button" onClick={exportPlatter}>Platter (PNG)</button>
            </div>
          </details>
        </div>
      </header>
      <p className="statusline">
        <span className="readout" ref={readout} data-testid="play-readout" />
        <span data-testid="run-status" data-status={status}>
          {status === 'starting' && 'starting the engine…'}
          {status === 'running' && <>simulating: {formatInt(progress.completed)} of {formatInt(progress.total)} requests <button type="button" className="link" onClick={() => controller.cancel()} data-testid="cancel">cancel</button></>}
          {status === 'done' && <>simulated {formatInt(progress.total)} requests{progress.eventsStopped ? `; the animation covers the first ${formatInt(progress.events)} events` : ''}</>}
          {status === 'cancelled' && <>cancelled after {formatInt(progress.completed)} of {formatInt(progress.total)} requests</>}
          {status === 'error' && (runError?.partial ? 'the engine stopped this run' : 'the engine refused this setup')}
        </span>
        {status === 'running' && <progress max={progress.total} value={progress.completed} data-testid="progress" />}
      </p>
      <p className="keys" aria-label="Keyboard shortcuts">
        Keys: <kbd>Space</kbd> play/pause · <kbd>→</kbd> step event · <kbd>Shift</kbd>+<kbd>→</kbd> step request · <kbd>[</kbd> <kbd>]</kbd> slower/faster · <kbd>R</kbd> restart · <kbd>L</kbd> copy link
      </p>
      {(link || note) && (
        <div className="banner info" role="status">
          {note}
          {link && <input readOnly value={link} data-testid="share-link" onFocus={(e) => e.target.select()} aria-label="Link to this run" />}
          <button type="button" className="link" onClick={() => { setNote(null); setLink(null); }}>dismiss</button>
        </div>
      )}
      {problems.length > 0 && (
        <div className="banner warn" role="alert" data-testid="link-problems">
          <strong>Part of this setup could not be used; the page used something else instead:</strong>
          <ul>
            {problems.map((pr, i) => (
              <li key={i} data-field={pr.field}><code>{pr.field}</code>: {pr.message}. Used: {pr.used}.</li>
            ))}
          </ul>
          <button type="button" className="link" onClick={() => setProblems([])}>dismiss</button>
        </div>
      )}
      {runError && (
        <div className="banner error" role="alert" data-testid="run-error">
          {runError.partial ? 'The engine stopped this run' : 'The engine refused this setup'}
          {runError.field ? ` (${fieldByPath(runError.field)?.label ?? runError.field})` : ''}: {runError.message}.
          {runError.partial ? ' What it simulated until then stays on screen.' : shown ? ' The run on screen is the last good one.' : ''}
        </div>
      )}
      {!shown && status !== 'error' && <p className="loading">Loading the engine and running the setup…</p>}
      {shown && disk && view && (
        <main className="grid" data-stale={stale ? 'true' : 'false'}>
          <section className="col platter-col" aria-labelledby="platter-h">
            <h2 id="platter-h">Platter, top view <span className="sub">the surface under the active head</span></h2>
            <CanvasPanel ref={platter} width={PLATTER_PX} height={PLATTER_PX} testId="live-platter" label={`Platter of the ${disk.name}: zones as colour bands, the arm and head, the sectors of the request in service`} />
            <ul className="legend inline">
              {disk.zones.length <= 6 && disk.zones.map((z) => (
                <li key={`${z.zone}-${z.firstCyl}`}><span className="swatch" style={{ background: ZONE_COLOURS[z.zone % ZONE_COLOURS.length] }} />zone {z.zone}</li>
              ))}
              {disk.zones.length > 6 && <li>{disk.zones.length} zone bands (colours repeat)</li>}
              <li><span className="swatch" style={{ background: SEGMENT.transfer.colour }} />sectors transferred</li>
              <li><span className="swatch dashed-box" style={{ borderColor: SEGMENT.transfer.colour }} />to come</li>
              <li><span className="swatch" style={{ background: SEGMENT.rotation.colour }} />sector awaited</li>
              <li><span className="swatch" style={{ background: INK.readAhead }} />read ahead</li>
              <li><span className="swatch line" style={{ background: '#000' }} />index (angle 0)</li>
            </ul>
            <h2>Side view <span className="sub">active head highlighted</span></h2>
            <CanvasPanel ref={surfaces} width={SURFACES_W} height={SURFACES_H} testId="surfaces" label={`Side view: ${disk.surfaces} surfaces, the active head highlighted`} />
          </section>
          <section className="col middle-col">
            <h2>Queues</h2>
            <QueuesView {...view.queues} />
            <h2>Timeline <span className="sub">one row per request; hover for exact times</span></h2>
            <TimelineView ref={timelineSvg} rows={view.rows} t0={view.t0} t1={view.t1} now={view.now} width={TIMELINE_W} height={TIMELINE_H} />
          </section>
          <section className="col side-col">
            <div className="tabs" role="tablist">
              {(['stats', 'setup', 'disk'] as const).map((t) => (
                <button key={t} type="button" role="tab" aria-selected={setup.view.tab === t} data-testid={`tab-${t}`} onClick={() => setTab(t)}>
                  {t === 'stats' ? 'Statistics' : t === 'setup' ? `Setup${Object.keys(draftErrors).length ? ' ⚠' : ''}` : 'Disk'}
                </button>
              ))}
            </div>
            <div className="tabpanel" hidden={setup.view.tab !== 'stats'}>
              <HistogramView ref={histSvg} snapshot={view.snapshot} width={HIST_W} height={HIST_H} />
              <StatsView snapshot={view.snapshot} total={shown.data.info.total} final={view.final} />
            </div>
            <div className="tabpanel" hidden={setup.view.tab !== 'setup'}>
              <SetupEditor fields={editorFields(setup)} draft={draft} errors={errorsShown} presetValues={placeholders} onChange={onFieldChange} onSaveJson={saveJson} onLoadJson={loadJson} onReset={resetDefaults} />
            </div>
            <div className="tabpanel" hidden={setup.view.tab !== 'disk'}>
              <DiskView disk={disk} preset={preset} seekRef={seekSvg} />
            </div>
          </section>
        </main>
      )}
    </div>
  );
}

/** The one-line readout under the controls, written every frame without React. */
function writeReadout(el: HTMLElement, p: Playback): void {
  const n = p.data.eventCount;
  const i = p.lastIndex;
  const kind = i >= 0 ? EventKind[p.data.events.kind(i)] : '—';
  el.textContent = `t = ${p.timeMs.toFixed(3)} ms · event ${formatInt(p.cursor)}/${formatInt(n)} (${kind}) · platter ${p.platterAngle().toFixed(4)} rev · head cyl ${Math.round(p.headCylNow())}, surface ${p.headSurface}`;
  el.dataset.cursor = String(p.cursor);
}
