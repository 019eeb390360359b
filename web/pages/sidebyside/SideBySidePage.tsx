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
import { withField, withPreset, type Setup } from '../../state/setup';
import { PRESETS, PRESET_IDS, presetById } from '../../presets';
import type { RunStatus } from '../../run/runController';
import { platterGeometryCache } from '../../run/scenes';
import { frameOf } from '../../run/inspect';
import { useRunController, useRunInput } from '../../run/useRunController';
import { formatChange, formatInt, formatMs, formatNum, formatPct } from '../../lib/format';
import { Stage, type StageRun } from '../../stage/Stage';
import { useStage } from '../../stage/useStage';
import { useStageRuns } from '../../stage/useStageRuns';
import { pageHash, writePageHash } from '../../stage/stageLink';
import { pagePresets } from '../../experimentPresets';
import { Explain, Units } from '../../shell/Explain';
import { encodeSetup } from '../../state/urlCodec';
import { PAPER_ADAPTER_MBS, adapterLine, type Adapter } from '../../experiments/adapter';
import { decodeSideHash, diffCell, diffRows, diffSentence, encodeSideHash, sideStatus, SIDES, variants, withAdapter, type Side } from './sidebyside';
import '../explorer/explorer.css';
import './sidebyside.css';

/** Platter size the test hook's frames are measured in (the angles do not depend on it). */
const FRAME_PX = 280;

const presetJson = (id: string) => presetById(id)?.json;
/** Adapter rates offered besides the paper's and the drive's own (a link may hold any other). */
const ADAPTER_RATES = [10, 20, 40, 80, 160, 320];

declare global {
  interface Window { __spindleSide?: unknown }
}

/** The numbers each side shows: the ones alignment changes (the engine's statistics). */
const sideStatRows: StageRun['statRows'] = (s) => [
  ['head time', formatMs(s.headMeanMs)],
  ['efficiency', formatPct(s.efficiency)],
  ['response', formatMs(s.responseMeanMs, 2)],
  ['s.d.', formatMs(s.responseSdMs, 2)],
  ['head switch', formatPct(s.headSwitchFraction)],
  ['MB/s', formatNum(s.mbPerS, 2)],
];

export function SideBySidePage() {
  const initial = useMemo(() => decodeSideHash(pageHash(), { presetIds: PRESET_IDS }), []);
  const [setup, setSetup] = useState<Setup>(initial.setup);
  const [adapter, setAdapter] = useState<Adapter>(initial.adapter);
  const [problems, setProblems] = useState(initial.problems);
  const [error, setError] = useState<string | null>(null);
  const controllers = { unaligned: useRunController(), aligned: useRunController() };
  const onSlow = useCallback((slow: number) => setSetup((s) => withField(s, 'view.slow', slow)), []);
  const stage = useStage({ slots: SIDES.length, slow: setup.view.slow, onSlow });
  const statusRef = useRef<Record<Side, RunStatus>>({ unaligned: 'starting', aligned: 'starting' });
  const setupRef = useRef(setup);
  setupRef.current = setup;
  const adapterRef = useRef(adapter);
  adapterRef.current = adapter;

  // The URL holds the one setup and the adapter.
  useEffect(() => writePageHash(encodeSideHash(setup, adapter)), [setup, adapter]);

  // Both runs, whenever the engine's input changes (the view fields do not rerun); the adapter
  // sets each device's bus in the run input.
  const input = useRunInput(setup);
  const runSetup = useMemo(() => withAdapter(input, adapter, presetJson), [input, adapter]);
  const starts = useMemo(() => {
    const preset = presetById(runSetup.devices[0].preset)?.json;
    if (!preset) return null;
    const v = variants(runSetup);
    return SIDES.map((side) => ({ setup: v[side], preset }));
  }, [runSetup]);
  useEffect(() => setError(null), [starts]);
  const played = useStageRuns(stage, [controllers.unaligned, controllers.aligned], starts, (slot, message) => setError(`${SIDES[slot]}: ${message}`));
  const status = Object.fromEntries(SIDES.map((side, slot) => [side, played[slot]])) as Record<Side, RunStatus>;
  statusRef.current = status;

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

  const dataOf = (side: Side) => stage.clock.runs[SIDES.indexOf(side)]?.data ?? null;
  const finalStats = (side: Side) => dataOf(side)?.finalSnapshot?.stats ?? null;
  const fu = finalStats('unaligned');
  const fa = finalStats('aligned');
  const rows = fu && fa ? diffRows(fu, fa) : null;

  // The inspection hook: both frames, both runs' statistics, the difference.
  useEffect(() => {
    const geo = platterGeometryCache(FRAME_PX);
    const frame = (slot: number) => {
      const p = stage.clock.runs[slot];
      if (!p) return null;
      const { g, arm } = geo(p.data.info.disk.cylinders);
      return frameOf(p, g, arm);
    };
    const hook = {
      version: 1,
      frames: () => ({ unaligned: frame(0), aligned: frame(1) }),
      status: () => ({ ...statusRef.current }),
      query: () => encodeSideHash(setupRef.current, adapterRef.current).slice('#sidebyside?'.length),
      finalStats: () => ({ unaligned: finalStats('unaligned'), aligned: finalStats('aligned') }),
      diff: () => { const u = finalStats('unaligned'); const a = finalStats('aligned'); return u && a ? diffRows(u, a) : null; },
      pause: () => { stage.clock.playing = false; },
      play: () => { stage.clock.playing = true; },
    };
    window.__spindleSide = hook;
    return () => { if (window.__spindleSide === hook) delete window.__spindleSide; };
  }, [stage.clock]);

  const disk = (dataOf('unaligned') ?? dataOf('aligned'))?.info.disk;
  const track = disk?.zones[0]?.lbnsPerTrack;
  const w = setup.workload;
  const sizeText = w.sizeTracks > 0 ? `${w.sizeTracks} track${w.sizeTracks === 1 ? '' : 's'}` : `${w.sizeSectors} sectors`;
  const doneBoth = status.unaligned === 'done' && status.aligned === 'done';
  const d0 = presetJson(setup.devices[0].preset);
  const stageRuns: StageRun[] = SIDES.map((side, slot) => {
    const p = stage.clock.runs[slot];
    return {
      id: side,
      title: side === 'aligned' ? 'Track-aligned' : 'Unaligned',
      status: sideStatus(status[side], w.count, p ? { timeMs: p.timeMs, completed: p.completed } : undefined),
      statRows: sideStatRows,
    };
  });
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
      <Stage stage={stage} runs={stageRuns} label="The unaligned and the track-aligned run, on one clock" />
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
