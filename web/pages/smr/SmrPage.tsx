/*
 * SmrPage — #smr?...: shingled (SMR) drives. On the stage, one clock: 4 KB
 * writes, one at a time, on the drive-managed shingled drive (the Seagate
 * ST5000AS0011 preset, scaled) and its conventional twin (the same drive
 * unshingled); the shingled drive's media cache and bands drawn over its
 * platter (bandOverlay), the cache's fill, the writes appended and the band
 * cleans under it (CacheStrip, the lens of the tracks under the head), a
 * switch for random or sequential writes. Below: the what-if sweep (media
 * cache size and idle time vs sustained random-write throughput, streamed
 * from the worker) and the host-managed drive's zones with their write
 * pointers (the Hs14 preset), its zone commands in the link. Every number is
 * the engine's (worker methods smrStageBegin, smrFigures, smrSweep,
 * smrZoned); window.__spindleSmr exposes them for tests.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLatestAnswer } from '../../lib/latestAnswer';
import { presetById } from '../../presets';
import { useEngineClients } from '../../experiments/pageHooks';
import { useWidth } from '../../lib/useWidth';
import { formatInt, formatMs, formatNum } from '../../lib/format';
import type { RunData } from '../../run/runData';
import { useRunController } from '../../run/useRunController';
import { Stage, type StageRun } from '../../stage/Stage';
import { useStage } from '../../stage/useStage';
import { useStageRuns } from '../../stage/useStageRuns';
import { usePointStream } from '../../experiments/usePointStream';
import { pageHash, writePageHash } from '../../stage/stageLink';
import { DM_PRESET, HM_PRESET, SWEEP_IDLE_MS, decodeSmrSetup, driveParams, encodeSmrSetup, sweepParams, type SmrSetup } from './setup';
import { DRIVES, WRITE_PATTERNS, type Drive, type Figures, type SweepPoint, type ZoneOp, type ZonedResult } from './protocol';
import { SmrLog } from './smrLog';
import { drawSmrOverlay } from './bandOverlay';
import { CacheStrip } from './CacheStrip';
import { SettingsForm } from './SettingsForm';
import { SweepPanel } from './SweepPanel';
import { ZonedPanel } from './ZonedPanel';
import './smr.css';

declare global {
  interface Window { __spindleSmr?: unknown }
}

/**
 * The stage's default slow-motion factor: real time. The default run fills
 * its one-track cache in about 5 s of simulated time, and each band clean
 * after that lasts a third of a second; the speed control and [ ] change it.
 */
const DEFAULT_SLOW = 1;
const CLIENTS = ['run', 'sweep', 'zoned'] as const;
const TITLE: Record<Drive, string> = { cmr: 'Conventional (CMR) twin', smr: 'Shingled (SMR)' };
const sectorBytesOf = (id: string) => presetById(id)?.json.geometry.sectorBytes ?? 512;

/** The stage's numbers for a drive: the engine's statistics as played. */
const statRows: StageRun['statRows'] = (s) => [
  ['writes done', formatInt(s.completed)],
  ['response mean', formatMs(s.responseMeanMs, 2)],
  ['response max', formatMs(s.responseMaxMs, 1)],
  ['MB/s', formatNum(s.mbPerS, 3)],
];

export function SmrPage() {
  const initial = useMemo(() => decodeSmrSetup(pageHash()), []);
  const [setup, setSetup] = useState<SmrSetup>(initial.setup);
  const [ops, setOps] = useState<ZoneOp[]>(initial.ops);
  const [problems] = useState(initial.problems);
  const [figures, setFigures] = useState<Figures | null>(null);
  const [error, setError] = useState('');
  const [zoned, setZoned] = useState<ZonedResult | null>(null);
  const [zonedError, setZonedError] = useState('');
  const [slow, setSlow] = useState(DEFAULT_SLOW);
  const [clients, ready] = useEngineClients(CLIENTS, 'SMR');
  const controllers = [useRunController(), useRunController()];
  const stage = useStage({ slots: DRIVES.length, slow, onSlow: setSlow });
  // Sized from the window until measured, so nothing drawn first is wider than a phone (the measure would follow it).
  const [wrapRef, width] = useWidth(Math.min(800, window.innerWidth - 24));
  useEffect(() => writePageHash(encodeSmrSetup(setup, ops)), [setup, ops]);

  const dm = presetById(DM_PRESET)?.json;
  const hm = presetById(HM_PRESET)?.json;
  const params = useMemo(() => (dm ? driveParams(setup, dm, sectorBytesOf(DM_PRESET)) : null), [setup, dm]);

  // The two drives on the stage, each streamed from its own worker.
  const starts = useMemo(() => (params ? DRIVES.map((drive) => ({ method: 'smrStageBegin', params: { run: params, drive } })) : null), [params]);
  const played = useStageRuns(stage, controllers, starts, (slot, message) => setError(`${TITLE[DRIVES[slot]]}: ${message}`));

  // Both drives' whole runs and the shingled drive's layout (its bands, for the overlay).
  const runClient = clients.current?.run;
  useLatestAnswer(runClient && params ? () => runClient.call('smrFigures', params) : null, [params, ready], {
    onAnswer: (f) => { setFigures(f); setError(''); },
    onError: (e) => setError(e.message),
  });

  // The host-managed drive after the link's commands.
  const zonedClient = clients.current?.zoned;
  useLatestAnswer(zonedClient && hm ? () => zonedClient.call('smrZoned', { preset: hm, ops }) : null, [ops, ready], {
    onAnswer: (z) => { setZoned(z); setZonedError(''); },
    onError: (e) => setZonedError(e.message),
  });

  // The what-if: every field but the stage's pattern and write count restarts it, in its own worker.
  const sweepKey = useMemo(() => encodeSmrSetup({ ...setup, pat: 'random', n: 10 }, []), [setup]);
  const sweepClient = clients.current?.sweep;
  const { stream: sweep, cancel: cancelSweep, restart: restartSweep } = usePointStream<SweepPoint>(sweepClient && dm
    ? (signal, onPoint) => sweepClient.call('smrSweep', sweepParams(setup, dm, sectorBytesOf(DM_PRESET)), { signal, onProgress: (m) => onPoint(m.point, m.total) })
    : null, [sweepKey, ready]);

  const live = useRef({ figures, sweep, setup, ops, zoned, played });
  live.current = { figures, sweep, setup, ops, zoned, played };
  useEffect(() => {
    const hook = {
      version: 1,
      status: () => ({ figures: live.current.figures ? 'done' : 'running', sweep: live.current.sweep?.done ? 'done' : 'running', stage: [...live.current.played], zoned: live.current.zoned ? 'done' : 'running' }),
      query: () => encodeSmrSetup(live.current.setup, live.current.ops).slice('#smr?'.length),
      figures: () => live.current.figures,
      sweep: () => live.current.sweep,
      zoned: () => live.current.zoned,
      time: () => stage.clock.timeMs,
    };
    window.__spindleSmr = hook;
    return () => { if (window.__spindleSmr === hook) delete window.__spindleSmr; };
  }, [stage.clock]);

  // One event log per shingled run, read on as its chunks arrive (the overlay and the strip share it).
  const logs = useRef(new WeakMap<RunData, SmrLog>());
  const logOf = (data: RunData): SmrLog => {
    let log = logs.current.get(data);
    if (!log) logs.current.set(data, (log = new SmrLog()));
    log.update(data.events);
    return log;
  };
  const layoutRef = useRef(figures?.layout ?? null);
  layoutRef.current = figures?.layout ?? null;
  // The overlay draws the layout from the next frame: a paused stage draws it now.
  useEffect(() => stage.repaint(), [figures, stage.repaint]);
  const twoCols = width >= 700;
  const colW = twoCols ? Math.floor((width - 16) / 2) : width;

  const runs: StageRun[] = DRIVES.map((drive, slot) => {
    const p = stage.clock.runs[slot];
    const state = played[slot] === 'running' ? 'simulating…' : played[slot] === 'done' ? 'simulated' : played[slot];
    return {
      id: drive,
      title: TITLE[drive],
      status: p ? `${state} · ${formatInt(p.completed)} of ${formatInt(p.data.info.total)} done` : state,
      statRows,
      overlay: drive === 'smr' ? (ctx, at) => {
        const L = layoutRef.current;
        if (L) drawSmrOverlay(ctx, at.geometry, { layout: L, log: logOf(at.playback.data), timeMs: at.playback.timeMs, flashMs: at.playback.data.info.disk.revolutionMs });
      } : undefined,
      footer: <CacheStrip drive={drive} stage={stage} slot={slot} playback={p} layout={figures?.layout ?? null} log={p && drive === 'smr' ? logOf(p.data) : null} width={Math.min(colW - 12, 560)} />,
    };
  });

  const patternSwitch = (
    <span className="smr-switch" role="radiogroup" aria-label="Writes">
      {WRITE_PATTERNS.map((pat) => (
        <label key={pat}><input type="radio" name="smr-pattern" value={pat} checked={setup.pat === pat} data-testid={`pattern-${pat}`}
          onChange={() => setSetup((s) => ({ ...s, pat }))} /> {pat}</label>
      ))}
    </span>
  );
  const f = figures;
  const mb = (sectors: number) => (sectors * (f?.layout.sectorBytes ?? 512)) / 1e6;

  return (
    <main className="smr" data-testid="smr-page">
      <div ref={wrapRef} className="smr-measure" aria-hidden="true" />
      <header>
        <h1>Shingled (SMR) drives</h1>
        <span className="sub">4 KB writes on a drive-managed shingled drive and its conventional twin, on one clock (Aghayev &amp; Desnoyers, Skylight, FAST 2015)</span>
      </header>
      {problems.length > 0 && (
        <ul className="smr-problems" data-testid="setup-problems" role="alert">{problems.map((p, i) => <li key={i}><code>{p.field}</code>: {p.message}. Used: {p.used}.</li>)}</ul>
      )}
      <details className="smr-setup" data-testid="smr-settings">
        <summary>Settings: {formatInt(setup.n)} {setup.pat} writes, media cache {setup.mc} {setup.mc === 1 ? 'track' : 'tracks'}, clean after {setup.clean < 0 ? 'never' : `${setup.clean} ms`} idle, write cache {setup.wc}, region {setup.reg ? `${setup.reg} MB` : 'the whole drive'}</summary>
        <SettingsForm setup={setup} onApply={setSetup} />
      </details>
      {error && <p className="problems" role="alert" data-testid="smr-error">Error: {error}</p>}
      <Stage stage={stage} runs={runs} label="The conventional twin and the shingled drive, on one clock" extraControls={patternSwitch} />
      {f && (
        <section className="smr-figures" data-testid="figures">
          <h2>The whole runs (the engine's figures)</h2>
          <div className="smr-scroll" tabIndex={0} role="region" aria-label="The whole runs, scrolling sideways on a narrow screen">
          <table className="smr-table">
            <thead><tr><th scope="col">drive</th><th scope="col">writes</th><th scope="col">last write done</th><th scope="col">MB/s</th><th scope="col">response mean</th><th scope="col">response max</th><th scope="col">bands cleaned</th><th scope="col">writes stalled</th><th scope="col">stall time</th><th scope="col">drive busy until</th></tr></thead>
            <tbody>
              {DRIVES.map((d) => {
                const x = f[d];
                return (
                  <tr key={d} data-drive={d} data-cleans={x.smr?.cleans ?? 0} data-completed={x.completed}>
                    <th scope="row">{TITLE[d]}</th><td>{formatInt(x.completed)}</td><td>{formatMs(x.lastCompletionMs, 0)}</td><td>{formatNum(x.mbPerS, 3)}</td>
                    <td>{formatMs(x.responseMeanMs, 2)}</td><td>{formatMs(x.responseMaxMs, 1)}</td>
                    <td>{x.smr ? formatInt(x.smr.cleans) : '—'}</td><td>{x.smr ? formatInt(x.smr.stalls) : '—'}</td><td>{x.smr ? formatMs(x.smr.stallMs, 0) : '—'}</td><td>{formatMs(x.lastEventMs, 0)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          </div>
          <p className="hint">
            The shingled drive: {formatInt(f.layout.bands.length)} bands of {f.layout.bandTracks} tracks, each followed by {f.layout.guardTracks} guard {f.layout.guardTracks === 1 ? 'track' : 'tracks'}; a media cache of {formatNum(mb(f.layout.mcSectors), 1)} MB on its outer {formatInt(f.layout.mcTracks)} {f.layout.mcTracks === 1 ? 'track' : 'tracks'}. A write at its band's end goes in place; any other is appended to the cache, and a band is cleaned (read whole, rewritten with its cached sectors) when the drive has been idle for the delay or the cache is full. "Drive busy until": the last clean after the last write. The twin is the same preset without its shingled section (no conventional drive of its era is among the presets).
          </p>
        </section>
      )}
      <SweepPanel sweep={sweep} idleMs={SWEEP_IDLE_MS} cacheMb={f ? mb(f.layout.mcSectors) : 0} width={width} writes={setup.sw} burst={setup.sb}
        onCancel={cancelSweep} onStart={restartSweep} />
      <ZonedPanel result={zoned} ops={ops} error={zonedError} onOps={setOps} width={Math.min(width, 1100)} />
    </main>
  );
}
