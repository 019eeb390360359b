/*
 * SideBySidePage — #sidebyside?<setup>: ONE setup run twice in two workers,
 * same disk, seed and workload, once with track-unaligned requests and once
 * track-aligned (the only difference). Both runs play on one clock (two live
 * platters with their arms, two timelines, two statistics columns), and the
 * difference table states what alignment changed (head time, efficiency,
 * response-time s.d.), every number a field of the engine's statistics.
 * window.__spindleSide exposes both frames and the numbers for tests.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CanvasPanel, type CanvasHandle } from '../../panels/live/CanvasPanel';
import { drawLivePlatter } from '../../panels/live/drawLivePlatter';
import { TimelineView } from '../../panels/timeline/TimelineView';
import { withField, withPreset, type Setup } from '../../state/setup';
import { Playback } from '../../run/playback';
import { PRESETS, PRESET_IDS, presetById } from '../../presets';
import type { RunStatus } from '../../run/runController';
import type { RunData } from '../../run/runData';
import { platterGeometryCache, platterScene } from '../../run/scenes';
import { frameOf, type Frame } from '../../run/inspect';
import { panelState, speedOptions } from '../../run/panelState';
import { useFrameLoop } from '../../run/useFrameLoop';
import { useRunController, useRunInput } from '../../run/useRunController';
import { formatChange, formatInt, formatMs, formatNum, formatPct } from '../../lib/format';
import { pagePresets } from '../../experimentPresets';
import { Explain, Units } from '../../shell/Explain';
import { encodeSetup } from '../../state/urlCodec';
import { PAPER_ADAPTER_MBS, adapterLine, type Adapter } from '../../experiments/adapter';
import { decodeSideHash, diffCell, diffRows, diffSentence, encodeSideHash, sideStatus, SIDES, variants, withAdapter, type Side } from './sidebyside';
import '../explorer/explorer.css';
import './sidebyside.css';

/** Canvas sizes for a window: larger on a wide screen or a projector, so the platters fill the room. */
function sizesFor(width: number) {
  return width >= 1600 ? { platter: 420, timelineW: 480, timelineH: 280 } : { platter: 280, timelineW: 310, timelineH: 190 };
}

function useSizes() {
  const [sizes, setSizes] = useState(() => sizesFor(window.innerWidth));
  useEffect(() => {
    const on = () => setSizes((s) => { const n = sizesFor(window.innerWidth); return n.platter === s.platter ? s : n; });
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return sizes;
}
const presetJson = (id: string) => presetById(id)?.json;
/** Adapter rates offered besides the paper's and the drive's own (a link may hold any other). */
const ADAPTER_RATES = [10, 20, 40, 80, 160, 320];

declare global {
  interface Window { __spindleSide?: unknown }
}

export function SideBySidePage() {
  const sizes = useSizes();
  const geo = useMemo(() => platterGeometryCache(sizes.platter), [sizes.platter]);
  const initial = useMemo(() => decodeSideHash(window.location.hash, { presetIds: PRESET_IDS }), []);
  const [setup, setSetup] = useState<Setup>(initial.setup);
  const [adapter, setAdapter] = useState<Adapter>(initial.adapter);
  const [problems, setProblems] = useState(initial.problems);
  const [status, setStatus] = useState<Record<Side, RunStatus>>({ unaligned: 'starting', aligned: 'starting' });
  const [error, setError] = useState<string | null>(null);
  const [playing, setPlaying] = useState(true);
  const [, setTick] = useState(0);
  const controllers = { unaligned: useRunController(), aligned: useRunController() };
  const plays = useRef<Record<Side, Playback | null>>({ unaligned: null, aligned: null });
  const datas = useRef<Record<Side, RunData | null>>({ unaligned: null, aligned: null });
  const canvases = { unaligned: useRef<CanvasHandle>(null), aligned: useRef<CanvasHandle>(null) };
  const frames = useRef<Record<Side, Frame | null>>({ unaligned: null, aligned: null });
  const playingRef = useRef(playing);
  playingRef.current = playing;
  /** The one simulated clock both playbacks follow; it starts when both runs have begun. */
  const clockMs = useRef(0);
  const statusRef = useRef(status);
  statusRef.current = status;
  const setupRef = useRef(setup);
  setupRef.current = setup;
  const adapterRef = useRef(adapter);
  adapterRef.current = adapter;

  // The URL holds the one setup and the adapter.
  useEffect(() => {
    const h = encodeSideHash(setup, adapter);
    if (window.location.hash !== h) window.history.replaceState(null, '', h);
  }, [setup, adapter]);

  // Both runs, whenever the engine's input changes (the view fields do not rerun); the adapter
  // sets each device's bus in the run input.
  const input = useRunInput(setup);
  const runSetup = useMemo(() => withAdapter(input, adapter, presetJson), [input, adapter]);
  useEffect(() => {
    const preset = presetById(runSetup.devices[0].preset)?.json;
    if (!preset) return;
    const v = variants(runSetup);
    setError(null);
    clockMs.current = 0;
    for (const side of SIDES) {
      setStatus((s) => ({ ...s, [side]: 'starting' }));
      plays.current[side] = null;
      void controllers[side].start({ setup: v[side], preset }, {
        onBegin(data) {
          datas.current[side] = data;
          plays.current[side] = new Playback(data);
          setStatus((s) => ({ ...s, [side]: 'running' }));
          setPlaying(true);
        },
        onChunk() {},
        onEnd(_data, outcome, err) {
          setStatus((s) => ({ ...s, [side]: outcome }));
          if (outcome === 'error' && err) setError(`${side}: ${err.message}`);
        },
      });
    }
  }, [controllers.unaligned, controllers.aligned, runSetup]);

  // One clock drives both playbacks.
  const lastUi = useRef(0);
  useFrameLoop((now, dt) => {
    let allEnded = true;
    const both = SIDES.every((side) => plays.current[side]);
    if (both && playingRef.current) clockMs.current += dt / setup.view.slow;
    for (const side of SIDES) {
      const p = plays.current[side];
      if (!p) { allEnded = false; continue; }
      if (both) p.advanceTo(clockMs.current);
      if (!p.finished) allEnded = false;
      const { g, arm } = geo(p.data.info.disk.cylinders);
      canvases[side].current?.draw((ctx, w, h) => drawLivePlatter(ctx, platterScene(p, g, arm), w, h));
      frames.current[side] = frameOf(p, g, arm);
    }
    if (allEnded && playingRef.current) setPlaying(false);
    if (now - lastUi.current > 150) { lastUi.current = now; setTick((t) => t + 1); }
  });

  /** The experiment presets that open this page, offered in its preset list. */
  const sidePresets = pagePresets('sidebyside');
  const choosePreset = (id: string) => {
    const p = sidePresets.find((x) => x.id === id);
    if (!p) return;
    const r = decodeSideHash(p.url, { presetIds: PRESET_IDS });
    setSetup(r.setup);
    setAdapter(r.adapter);
    setProblems(r.problems);
  };
  const current = encodeSideHash(setup, adapter);
  const presetNow = sidePresets.find((p) => { const r = decodeSideHash(p.url, { presetIds: PRESET_IDS }); return encodeSideHash(r.setup, r.adapter) === current; });

  const restart = useCallback(() => {
    clockMs.current = 0;
    for (const side of SIDES) { const p = plays.current[side]; if (p) plays.current[side] = new Playback(p.data); }
    setPlaying(true);
  }, []);

  const finalStats = (side: Side) => datas.current[side]?.finalSnapshot?.stats ?? null;
  const fu = finalStats('unaligned');
  const fa = finalStats('aligned');
  const rows = fu && fa ? diffRows(fu, fa) : null;

  // The inspection hook: both frames, both runs' statistics, the difference.
  useEffect(() => {
    const hook = {
      version: 1,
      frames: () => ({ unaligned: frames.current.unaligned, aligned: frames.current.aligned }),
      status: () => ({ ...statusRef.current }),
      query: () => encodeSideHash(setupRef.current, adapterRef.current).slice('#sidebyside?'.length),
      finalStats: () => ({ unaligned: finalStats('unaligned'), aligned: finalStats('aligned') }),
      diff: () => { const u = finalStats('unaligned'); const a = finalStats('aligned'); return u && a ? diffRows(u, a) : null; },
      pause: () => setPlaying(false),
      play: () => setPlaying(true),
    };
    window.__spindleSide = hook;
    return () => { if (window.__spindleSide === hook) delete window.__spindleSide; };
  }, []);

  const disk = (plays.current.unaligned ?? plays.current.aligned)?.data.info.disk;
  const track = disk?.zones[0]?.lbnsPerTrack;
  const w = setup.workload;
  const sizeText = w.sizeTracks > 0 ? `${w.sizeTracks} track${w.sizeTracks === 1 ? '' : 's'}` : `${w.sizeSectors} sectors`;
  const doneBoth = status.unaligned === 'done' && status.aligned === 'done';
  const d0 = presetJson(setup.devices[0].preset);
  const rates = typeof adapter === 'number' && !ADAPTER_RATES.includes(adapter) ? [...ADAPTER_RATES, adapter].sort((a, b) => a - b) : ADAPTER_RATES;

  return (
    <div className="explorer sidebyside" data-status={doneBoth ? 'done' : 'running'}>
      <div className="page-head">
        <h1>Aligned vs unaligned, side by side</h1>
        <label className="side-presetpick">Experiment{' '}
          <select value={presetNow?.id ?? ''} onChange={(e) => choosePreset(e.target.value)} data-testid="side-experiment" aria-label="Experiment preset">
            {!presetNow && <option value="">your own setup</option>}
            {sidePresets.map((p) => <option key={p.id} value={p.id} title={p.description}>{p.name}</option>)}
          </select>
        </label>
      </div>
      <header className="topbar">
        <select value={setup.devices[0].preset} onChange={(e) => setSetup((s) => withPreset(s, e.target.value))} aria-label="Disk preset" data-testid="side-preset">
          {PRESETS.map((pr) => <option key={pr.id} value={pr.id}>{pr.name}</option>)}
        </select>
        <select value={String(adapter)} aria-label="Host adapter" data-testid="side-adapter" title="Host adapter: the bus time per sector the disk runs with"
          onChange={(e) => setAdapter(e.target.value === 'paper' || e.target.value === 'drive' ? e.target.value : Number(e.target.value))}>
          <option value="paper">paper's adapter ({PAPER_ADAPTER_MBS} MB/s)</option><option value="drive">drive's own bus</option>
          {rates.map((r) => <option key={r} value={String(r)}>{r} MB/s adapter</option>)}
        </select>
        <div className="transport" role="group" aria-label="Playback">
          <button type="button" onClick={() => setPlaying((v) => !v)} data-testid="side-play" aria-pressed={playing}>{playing ? '❚❚ Pause' : '▶ Play'}</button>
          <button type="button" onClick={restart} data-testid="side-restart">⟲ Restart</button>
          <select value={setup.view.slow} onChange={(e) => setSetup((s) => withField(s, 'view.slow', Number(e.target.value)))} aria-label="Speed" data-testid="side-speed">
            {speedOptions(setup.view.slow).map((v) => <option key={v} value={v}>{v === 1 ? 'real time' : `1/${v} speed`}</option>)}
          </select>
        </div>
        <a className="navlink" href={`?${encodeSetup(withAdapter(setup, adapter, presetJson))}`} title="This setup (with its own alignment, and the adapter's bus as the disk's) in the live explorer">Open in the explorer</a>
        <a className="navlink" href="#traxtents">Figure 1 sweep</a>
      </header>
      <p className="statusline">
        {disk ? `${disk.name}: ` : ''}{formatInt(w.count)} random requests of {sizeText} over the whole disk{track ? ` (a track in the outer zone: ${track} sectors)` : ''}, {w.outstanding} outstanding, seed {setup.seed}; the only difference is the alignment.
      </p>
      {d0 && (
        <p className="statusline" data-testid="side-adapter-line">
          {adapterLine(adapter, setup.devices[0].overrides.busMsPerSector ?? d0.controller.busMsPerSector, d0.geometry.sectorBytes)}
        </p>
      )}
      {problems.length > 0 && (
        <div className="banner warn" role="alert" data-testid="side-problems">
          <strong>Part of this link could not be used:</strong>
          <ul>{problems.map((p, i) => <li key={i}><code>{p.field}</code>: {p.message}. Used: {p.used}.</li>)}</ul>
          <button type="button" className="link" onClick={() => setProblems([])}>dismiss</button>
        </div>
      )}
      {error && <div className="banner error" role="alert" data-testid="side-error">The engine refused this setup: {error}</div>}
      <Explain id="sideColumn" />
      <main className="side-grid">
        {SIDES.map((side) => {
          const p = plays.current[side];
          const view = p ? panelState(p) : null;
          const s = view?.snapshot?.stats;
          return (
            <section key={side} className="side-col" data-testid={`side-${side}`} data-status={status[side]}>
              <h2>{side === 'aligned' ? 'Track-aligned' : 'Unaligned'} <span className="sub" data-testid={`side-status-${side}`}>{sideStatus(status[side], w.count, p ? { timeMs: p.timeMs, completed: p.completed } : undefined)}</span></h2>
              <div className="side-panels">
                <CanvasPanel ref={canvases[side]} width={sizes.platter} height={sizes.platter} testId={`platter-${side}`} label={`Platter, ${side} run`} />
                <div>
                  {view && <TimelineView rows={view.rows} t0={view.t0} t1={view.t1} now={view.now} width={sizes.timelineW} height={sizes.timelineH} />}
                  <table className="side-stats" data-testid={`stats-${side}`}>
                    <tbody>
                      <tr><th>head time</th><td>{s ? formatMs(s.headMeanMs) : '–'}</td><th>efficiency</th><td>{s ? formatPct(s.efficiency) : '–'}</td></tr>
                      <tr><th>response</th><td>{s ? formatMs(s.responseMeanMs, 2) : '–'}</td><th>s.d.</th><td>{s ? formatMs(s.responseSdMs, 2) : '–'}</td></tr>
                      <tr><th>head switch</th><td>{s ? formatPct(s.headSwitchFraction) : '–'}</td><th>MB/s</th><td>{s ? formatNum(s.mbPerS, 2) : '–'}</td></tr>
                    </tbody>
                  </table>
                </div>
              </div>
            </section>
          );
        })}
      </main>
      <Units id="sideColumn" />
      <section className="side-diff">
        <h2>The difference <span className="sub">final statistics of the two whole runs (the engine's)</span></h2>
        <Explain id="sideDiff" />
        {!rows && <p>Waiting for both runs to finish…</p>}
        {rows && (
          <>
            <p data-testid="diff-sentence">{diffSentence(rows)}</p>
            <table className="diff" data-testid="diff-table">
              <thead><tr><th /><th>unaligned</th><th>aligned</th><th>change</th></tr></thead>
              <tbody>
                {rows.map((r) => {
                  const better = r.lowerIsBetter ? r.delta < 0 : r.delta > 0;
                  return (
                    <tr key={r.key} data-testid={`diff-${r.key}`} data-unaligned={r.unaligned} data-aligned={r.aligned} data-change={r.changePct}>
                      <th>{r.label}</th><td>{diffCell(r, r.unaligned)}</td><td>{diffCell(r, r.aligned)}</td>
                      <td className={better ? 'better' : r.delta === 0 ? '' : 'worse'}>{formatChange(r.changePct)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <Units id="sideDiff" />
          </>
        )}
      </section>
    </div>
  );
}
