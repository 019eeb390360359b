/*
 * NvcachePage — #nvcache?...: flash-backed I/O requests on a hybrid disk
 * (Bisson & Brandt). The run with FQueues and its baseline without (the same
 * sim with an FQueue of size 0: the same requests and scheduler) play on the
 * stage, one clock: each run's turning platter and arm, with the FQueue's
 * entries marked on their tracks; under each, the flash chip, the Request
 * Queue, the DRAM and flash FQueue bars with their watermarks and the write
 * decision in force (the inequality with the engine's numbers). Below the
 * stage: the run over time, the engine's figures, the write-latency CDFs,
 * the write seek distances coloured by decision (Fig. 3) and the
 * FQueue-size sweeps drawn live. The URL holds the whole setup; every number
 * comes from the engine (worker methods nvStageBegin, nvRun and nvSweep).
 * window.__spindleNvcache exposes the runs, the stage's clock and the sweep.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLatestAnswer } from '../../lib/latestAnswer';
import { PRESET_IDS, presetById } from '../../presets';
import { useEngineClients } from '../../experiments/pageHooks';
import { useWidth } from '../../lib/useWidth';
import { formatInt, formatMs } from '../../lib/format';
import type { Problem } from '../../state/fields';
import { useRunController } from '../../run/useRunController';
import { Stage, type StageRun } from '../../stage/Stage';
import { useStage } from '../../stage/useStage';
import { useStageRuns } from '../../stage/useStageRuns';
import { usePointStream } from '../../experiments/usePointStream';
import { pageHash, writePageHash } from '../../stage/stageLink';
import { SWEEP_SIZES_MB, decodeNvSetup, encodeNvSetup, runParams, sweepParams, type NvSetup } from './setup';
import type { RunResult, SweepPointNv, TraceRequests } from './protocol';
import { HOST_SCHEDS, OUTCOMES, SIDES } from './protocol';
import { cdfPoints, decisionIndexAt, fqAt, writeSeeks } from './replay';
import { HybridStrip } from './HybridStrip';
import { StageSteps } from './StageSteps';
import { drawFqMarks, fqMarks } from './fqOverlay';
import { DecisionCard } from './DecisionCard';
import { StatsTable } from './StatsTable';
import { SweepPanel } from './SweepPanel';
import { WearGauge } from './WearGauge';
import { NvChart } from './NvChart';
import { Timeline } from './Timeline';
import { SetupForm } from './SetupForm';
import { TracePicker } from './TracePicker';
import { traceRequests } from './trace';
import { OUTCOME_COLOUR, OUTCOME_TEXT, SIDE_COLOUR } from './colours';
import { sectorsToMb } from './units';
import './nvcache.css';

declare global {
  interface Window { __spindleNvcache?: unknown }
}

/**
 * The stage's default slow-motion factor. In the default (desktop) run the
 * mechanisms all show in its first 2.3 s of simulated time: the first burst's
 * writes redirected to flash and purged back to the platter in the idle time
 * after it (0-0.24 s), then the second burst with the first write coalesced
 * with the FQueue (2.23-2.4 s). At 1/10 that plays in about 25 s, a burst
 * slowly enough to follow its decisions; the speed control and [ ] change it.
 */
const DEFAULT_SLOW = 10;
/** One worker for the run's figures, one for the sweep: a long sweep never delays a run. */
const CLIENTS = ['run', 'sweep'] as const;
/** The CDF's y domain, one array for every render (the chart is memoized). */
const FRACTION: [number, number] = [0, 1];
const sectorBytesOf = (id: string) => presetById(id)?.json.geometry.sectorBytes ?? 512;

/** The stage's numbers for a run: the host's (every request, reads and writes) and the platter's, as the engine counted them. */
const nvStatRows: StageRun['statRows'] = (_all, snap) => [
  ['requests done', formatInt(snap.volume.completed)],
  ['response mean', formatMs(snap.volume.responseMeanMs, 2)],
  ['response p90', formatMs(snap.volume.p90Ms, 2)],
  ['platter requests', formatInt(snap.devices[0]?.completed ?? 0)],
  ['platter seek mean', formatMs(snap.devices[0]?.seekMeanMs ?? 0, 2)],
];

export function NvcachePage() {
  const initial = useMemo(() => decodeNvSetup(pageHash(), PRESET_IDS), []);
  const [setup, setSetup] = useState<NvSetup>(initial.setup);
  const [problems] = useState<Problem[]>(initial.problems);
  const [result, setResult] = useState<RunResult | null>(null);
  const [status, setStatus] = useState('starting');
  const [error, setError] = useState('');
  const [slow, setSlow] = useState(DEFAULT_SLOW);
  /** Trace requests replayed instead of the workload (not in the link). */
  const [trace, setTrace] = useState<TraceRequests | null>(null);
  const [clients, ready] = useEngineClients(CLIENTS, 'NVCache');
  const controllers = [useRunController(), useRunController()];
  const stage = useStage({ slots: SIDES.length, slow, onSlow: setSlow });
  const t = stage.clock.timeMs;
  const [wrapRef, width] = useWidth();
  useEffect(() => writePageHash(encodeNvSetup(setup)), [setup]);

  /** What the engine runs for the setup: the page's parameters and the trace if one replaces the workload. */
  const params = useMemo(() => {
    const preset = presetById(setup.disk)?.json;
    if (!preset) return null;
    return { ...runParams(setup, preset, sectorBytesOf(setup.disk)), ...(trace ? { trace: traceRequests(trace.name, trace) } : {}) };
  }, [setup, trace]);

  // The two runs on the stage, each streamed from its own worker.
  const starts = useMemo(() => (params ? SIDES.map((side) => ({ method: 'nvStageBegin', params: { run: params, side } })) : null), [params]);
  const played = useStageRuns(stage, controllers, starts, (slot, message) => setError(`${SIDES[slot]} FQueues: ${message}`));

  // The figures of both runs (their decisions, FQueue and device records); a stale answer is dropped, a failure keeps the last good run.
  const runClient = clients.current?.run;
  useLatestAnswer(runClient && params ? () => runClient.call('nvRun', params) : null, [params, ready], {
    onAsk: () => setStatus('running'),
    onAnswer: (r) => { setResult(r); setError(''); setStatus('done'); },
    onError: (e) => { setError(e.message); setStatus('error'); },
  });

  // The sweep: every field but the swept FQueue size and scheduler restarts it, in its own worker.
  const sweepKey = useMemo(() => encodeNvSetup({ ...setup, fq: 0, hs: 'fcfs' }), [setup]);
  const sweepClient = clients.current?.sweep;
  const sweepPreset = presetById(setup.disk)?.json;
  const { stream: sweep, cancel: cancelSweepNow, restart: restartSweepNow } = usePointStream<SweepPointNv>(sweepClient && sweepPreset ? (signal, onPoint) => {
    const sp = sweepParams(setup, sweepPreset, sectorBytesOf(setup.disk));
    return sweepClient.call('nvSweep', trace ? { ...sp, base: { ...sp.base, trace: traceRequests(trace.name, trace) } } : sp, { signal, onProgress: (m) => onPoint(m.point, m.total) });
  } : null, [sweepKey, ready, trace]);
  const live = useRef({ result, status, sweep, setup, trace, played, cancelSweepNow, restartSweepNow });
  live.current = { result, status, sweep, setup, trace, played, cancelSweepNow, restartSweepNow };
  // The same callbacks at every render, so the memoized sweep panel is not drawn again with the clock.
  const cancelSweep = useCallback(() => live.current.cancelSweepNow(), []);
  const restartSweep = useCallback(() => live.current.restartSweepNow(), []);

  useEffect(() => {
    const hook = {
      version: 2,
      status: () => ({ run: live.current.status, sweep: live.current.sweep ? (live.current.sweep.done ? 'done' : 'running') : 'starting', stage: [...live.current.played] }),
      query: () => encodeNvSetup(live.current.setup).slice('#nvcache?'.length),
      result: () => live.current.result,
      time: () => stage.clock.timeMs,
      sweep: () => live.current.sweep,
    };
    window.__spindleNvcache = hook;
    return () => { if (window.__spindleNvcache === hook) delete window.__spindleNvcache; };
  }, [stage.clock]);

  const r = result;
  // The overlay reads the latest figures each frame (it is kept by the stage between renders).
  const resultRef = useRef(r);
  resultRef.current = r;
  // The figures come after the stage's runs have begun: a paused stage (a moment link) draws the overlay now.
  useEffect(() => stage.repaint(), [r, stage.repaint]);
  const runs: StageRun[] = SIDES.map((side, slot) => {
    const p = stage.clock.runs[slot];
    const state = played[slot] === 'running' ? 'simulating…' : played[slot] === 'done' ? 'simulated' : played[slot];
    return {
      id: side,
      title: side === 'with' ? `With FQueues${r ? ` (${+sectorsToMb(r.params.fqSectors, r.sectorBytes).toPrecision(3)} MB DRAM + flash)` : ''}` : 'Without FQueues (size 0)',
      status: p ? `${state} · ${formatInt(p.logicalCompleted)} of ${formatInt(p.data.info.total)} requests done` : state,
      statRows: nvStatRows,
      overlay: side === 'with' ? (ctx, at) => {
        const res = resultRef.current;
        if (res) drawFqMarks(ctx, fqMarks(fqAt(res.with.fq, at.playback.timeMs).entries), at.geometry, at.arm, at.theta);
      } : undefined,
      footer: r ? (
        <>
          <HybridStrip side={side} r={r} t={t} />
          {side === 'with' && <CurrentDecision r={r} t={t} />}
        </>
      ) : <p className="nv-bar-text">The FQueues and decisions appear when the engine's records arrive…</p>,
    };
  });

  const twoCols = width >= 980;
  const sideW = twoCols ? Math.floor((width - 24) / 2) : width;
  const seeks = useMemo(() => (r ? writeSeeks(r.with.requests, r.with.decisions) : []), [r]);
  const cdfSeries = useMemo(() => (r ? [
    { key: 'with', label: 'with FQueues', colour: SIDE_COLOUR.with, step: true, dots: false, points: cdfPoints(r.with.latency) },
    { key: 'without', label: 'without', colour: SIDE_COLOUR.without, step: true, dots: false, points: cdfPoints(r.without.latency) },
  ] : []), [r]);
  const seekSeries = useMemo(() => OUTCOMES.map((o) => ({
    key: o, label: OUTCOME_TEXT[o].replace(/ \(.*\)$/, ''), colour: OUTCOME_COLOUR[o], line: false, r: 2,
    points: seeks.filter((p) => p.outcome === o).map((p) => ({ x: p.timeMs / 1000, y: Math.max(1, p.distance) * (r?.sectorBytes ?? 512) / 1048576 })),
  })).filter((s) => s.points.length > 0), [seeks, r]);

  return (
    <main className="nvcache" data-status={status} data-t={String(t)}>
      <div ref={wrapRef} className="nv-measure" aria-hidden="true" />
      <header>
        <h1>Flash-backed I/O requests on a hybrid disk</h1>
        <span className="sub">writes redirected to flash FQueues, with and without them, on one clock (Bisson &amp; Brandt)</span>
        <nav className="nv-nav"><a href="#">← the live explorer</a></nav>
      </header>
      {problems.length > 0 && (
        <ul className="nv-problems" data-testid="setup-problems" role="alert">{problems.map((p, i) => <li key={i}><code>{p.field}</code>: {p.message}. Used: {p.used}.</li>)}</ul>
      )}
      <details className="nv-setup" data-testid="nv-settings">
        <summary>Settings: {r ? r.diskName : setup.disk}, {setup.fq} MB FQueues, {setup.hs.toUpperCase()}, {setup.pat} workload, {formatInt(setup.n)} requests</summary>
        <SetupForm setup={setup} onApply={setSetup} />
        <TracePicker client={ready ? clients.current?.run ?? null : null} active={trace?.name ?? ''} onTrace={setTrace} />
      </details>
      <p className="nv-status" data-testid="nv-status" data-status={status}>{error ? `Error: ${error} (the last good run stays)` : status === 'done' ? '' : 'computing…'}</p>
      <Stage stage={stage} runs={runs} label="The hybrid disk with and without FQueues, on one clock"
        extraControls={<StageSteps r={r} stage={stage} />} />
      {r && (
        <>
          <section>
            <h2>Over time: the FQueue (whole run) and the devices (two seconds around the clock); click to move the clock</h2>
            <Timeline r={r} t={t} width={width} onSeek={stage.seek} />
          </section>
          <div className={twoCols ? 'nv-split' : ''}>
            <section style={{ width: sideW }}>
              <h2>The engine's figures</h2>
              <p className="nv-headline">Mean write latency with FQueues is <b data-testid="normalized" data-value={String(r.normalized)}>{(100 * r.normalized).toFixed(1)} %</b> of the baseline's ({r.diskName}, {r.params.sched.toUpperCase()}).</p>
              <StatsTable with={r.with} without={r.without} />
              <p className="hint">Without FQueues the same policy runs with an FQueue of size 0, so its "redirection refused" counts the writes the inequality would have sent to flash.</p>
            </section>
            <section style={{ width: sideW }}>
              <h2>Flash wear</h2>
              <div className="nv-wear"><WearGauge years={r.with.stats.lifetimeYears} erases={r.with.stats.erases} /><p className="hint">Projected years until the FQueue's flash blocks reach {r.params.flash.endurance.toLocaleString('en-US')} erases, at this run's erase rate ({r.params.flash.eraseMode}, optimal wear levelling; Fig. 10).</p></div>
            </section>
          </div>
          <div className={twoCols ? 'nv-split' : ''}>
            <figure style={{ width: sideW }}><figcaption>Write latency CDF, with and without FQueues</figcaption>
              <NvChart testid="cdf" width={sideW} height={240} xLabel="write latency (ms)" yLabel="fraction of writes" yDomain={FRACTION} series={cdfSeries} /></figure>
            <figure style={{ width: sideW }}><figcaption>Write seek distance vs time (Fig. 3), by decision</figcaption>
              <NvChart testid="seeks" width={sideW} height={240} xLabel="arrival (s)" yLabel="distance from the previous write (MB)" yLog series={seekSeries} /></figure>
          </div>
        </>
      )}
      <SweepPanel sweep={sweep} sizes={SWEEP_SIZES_MB} scheds={HOST_SCHEDS} sched={setup.hs} fqMb={setup.fq} width={width}
        onCancel={cancelSweep} onStart={restartSweep} />
    </main>
  );
}

/** The decision card of the write decided last at the stage's instant (with FQueues), sized to its column. */
function CurrentDecision({ r, t }: { r: RunResult; t: number }) {
  const [box, w] = useWidth<HTMLDivElement>(400);
  const di = decisionIndexAt(r.with.decisions, t);
  return (
    <div ref={box} className="nv-current">
      <DecisionCard d={di >= 0 ? r.with.decisions[di] : null} capacity={r.capacity} width={Math.min(w - 24, 560)} />
    </div>
  );
}
