/*
 * NvcachePage — #nvcache?...: flash-backed I/O requests on a hybrid disk
 * (Bisson & Brandt). One run with FQueues and its baseline without, on the
 * same requests and scheduler, played side by side on one clock: the
 * pipeline (Request Queue → decision → platter or flash chip), the DRAM and
 * flash FQueue bars with their watermarks, the decision card of the current
 * write; the engine's figures, the write-latency CDFs overlaid, the write
 * seek distances with the redirected writes coloured (Fig. 3); and the
 * FQueue-size sweeps drawn live. The URL holds the whole setup; every number
 * comes from the engine (worker methods nvRun and nvSweep).
 * Keys: Space play/pause, → next write decision, Shift+→ next FQueue event,
 * ← previous decision, Home/End the run's start/end.
 * window.__spindleNvcache exposes the run, the clock and the sweep.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLatestAnswer } from '../../lib/latestAnswer';
import { PRESET_IDS, presetById } from '../../presets';
import { useEngineClients, useHashFollows } from '../../experiments/pageHooks';
import { useWidth } from '../../lib/useWidth';
import type { Problem } from '../../state/fields';
import { SWEEP_SIZES_MB, decodeNvSetup, encodeNvSetup, runParams, sweepParams, type NvSetup } from './setup';
import type { RunResult, SideResult, TraceRequests } from './protocol';
import { HOST_SCHEDS, OUTCOMES } from './protocol';
import { cdfPoints, decisionIndexAt, fqAt, opsAt, queuedAt, writeSeeks, writesDoneAt } from './replay';
import { Pipeline } from './Pipeline';
import { DecisionCard } from './DecisionCard';
import { StatsTable } from './StatsTable';
import { SweepPanel, type SweepState } from './SweepPanel';
import { WearGauge } from './WearGauge';
import { LineChart } from './LineChart';
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

const SPEEDS = [10, 100, 1000, 10000];
/** One worker for the run, one for the sweep: a long sweep never delays a run. */
const CLIENTS = ['run', 'sweep'] as const;
const sectorBytesOf = (id: string) => presetById(id)?.json.geometry.sectorBytes ?? 512;

/** The time of the next (dir 1) or previous (dir -1) record after t. */
function stepTime(times: readonly number[], t: number, dir: 1 | -1): number | undefined {
  if (dir > 0) return times.find((x) => x > t);
  for (let i = times.length - 1; i >= 0; i--) if (times[i] < t) return times[i];
  return undefined;
}

function Side({ name, side, r, t, width }: { name: 'with' | 'without'; side: SideResult; r: RunResult; t: number; width: number }) {
  const fq = useMemo(() => fqAt(side.fq, t), [side, t]);
  const di = decisionIndexAt(side.decisions, t);
  const capacity = name === 'with' ? r.params.fqSectors : 0;
  const writes = side.requests.filter((x) => x.write).length;
  return (
    <section className="nv-side" data-testid={`side-${name}`}>
      <h3 style={{ color: SIDE_COLOUR[name] }}>{name === 'with' ? `With FQueues (${+sectorsToMb(capacity, r.sectorBytes).toPrecision(3)} MB each)` : 'Without FQueues (the baseline)'}</h3>
      <Pipeline side={name} width={width} t={t} capacity={capacity} sectorBytes={r.sectorBytes} high={r.params.high} low={r.params.low} fq={fq}
        queue={queuedAt(side.requests, t)} ops={opsAt(side.ops, t)} decision={di >= 0 ? side.decisions[di] : null} />
      <p className="nv-count" data-testid={`done-${name}`}>{writesDoneAt(side.requests, t)} of {writes} writes on non-volatile media</p>
    </section>
  );
}

export function NvcachePage() {
  const initial = useMemo(() => decodeNvSetup(window.location.hash, PRESET_IDS), []);
  const [setup, setSetup] = useState<NvSetup>(initial.setup);
  const [problems] = useState<Problem[]>(initial.problems);
  const [result, setResult] = useState<RunResult | null>(null);
  const [status, setStatus] = useState('starting');
  const [error, setError] = useState('');
  const [sweep, setSweep] = useState<SweepState | null>(null);
  const [t, setT] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(100);
  /** Trace requests replayed instead of the workload (not in the link). */
  const [trace, setTrace] = useState<TraceRequests | null>(null);
  const [clients, ready] = useEngineClients(CLIENTS, 'NVCache');
  const [wrapRef, width] = useWidth();
  const live = useRef({ result, status, sweep, t, setup, trace });
  live.current = { result, status, sweep, t, setup, trace };
  useHashFollows(useMemo(() => encodeNvSetup(setup), [setup]));

  // The run with and without FQueues; a stale answer is dropped, a failure keeps the last good run.
  const runClient = clients.current?.run;
  const runPreset = presetById(setup.disk)?.json;
  useLatestAnswer(runClient && runPreset ? () => runClient.call('nvRun', {
    ...runParams(setup, runPreset, sectorBytesOf(setup.disk)), ...(trace ? { trace: traceRequests(trace.name, trace) } : {}),
  }) : null, [setup, ready, trace], {
    onAsk: () => setStatus('running'),
    onAnswer: (r) => { setResult(r); setError(''); setStatus('done'); setT(0); setPlaying(false); },
    onError: (e) => { setError(e.message); setStatus('error'); },
  });

  // The sweep: every field but the swept FQueue size and scheduler restarts it; the cleanup cancels it in the worker.
  const sweepKey = useMemo(() => encodeNvSetup({ ...setup, fq: 0, hs: 'fcfs' }), [setup]);
  const [sweepRun, setSweepRun] = useState(0);
  const sweepAbort = useRef<AbortController | null>(null);
  useEffect(() => {
    const c = clients.current;
    const s = live.current.setup;
    const preset = presetById(s.disk)?.json;
    if (!c || !preset) return;
    const abort = new AbortController();
    sweepAbort.current = abort;
    setSweep({ points: [], total: 0, done: false, error: '' });
    const t = live.current.trace;
    const sp = sweepParams(s, preset, sectorBytesOf(s.disk));
    c.sweep.call('nvSweep', t ? { ...sp, base: { ...sp.base, trace: traceRequests(t.name, t) } } : sp, {
      signal: abort.signal,
      onProgress: (m) => {
        if (abort.signal.aborted) return;
        setSweep((x) => (x ? { ...x, total: m.total, points: [...x.points, m.point] } : x));
      },
    }).then(() => { if (!abort.signal.aborted) setSweep((x) => (x ? { ...x, done: true } : x)); },
      (e: unknown) => {
        // A sweep replaced by a newer one says nothing; the one on screen says why it stopped.
        if (sweepAbort.current !== abort) return;
        setSweep((x) => (x ? { ...x, error: abort.signal.aborted ? 'cancelled' : e instanceof Error ? e.message : String(e) } : x));
      });
    return () => abort.abort(new DOMException('the setup changed', 'AbortError'));
  }, [sweepKey, ready, sweepRun, trace]);

  // The clock: requestAnimationFrame while playing.
  const endMs = result ? Math.max(result.with.endMs, result.without.endMs) : 0;
  useEffect(() => {
    if (!playing) return;
    let last = performance.now(), raf = 0;
    const tick = (now: number) => {
      const dt = now - last;
      last = now;
      setT((x) => {
        const nx = Math.min(endMs, x + (dt * speed) / 1000);
        if (nx >= endMs) setPlaying(false);
        return nx;
      });
      raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(raf);
  }, [playing, speed, endMs]);

  const decisionTimes = useMemo(() => result?.with.decisions.map((d) => d.timeMs) ?? [], [result]);
  const fqTimes = useMemo(() => result?.with.fq.map((e) => e.timeMs) ?? [], [result]);
  const step = useCallback((dir: 1 | -1, fqEvents = false) => {
    setPlaying(false);
    setT((x) => stepTime(fqEvents ? fqTimes : decisionTimes, x, dir) ?? x);
  }, [decisionTimes, fqTimes]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable)) return;
      // A focused button answers Space itself (its click): do not toggle twice.
      if (el && el.tagName === 'BUTTON' && e.key === ' ') return;
      if (e.key === ' ') { e.preventDefault(); setPlaying((p) => !p); }
      else if (e.key === 'ArrowRight') { e.preventDefault(); step(1, e.shiftKey); }
      else if (e.key === 'ArrowLeft') { e.preventDefault(); step(-1, e.shiftKey); }
      else if (e.key === 'Home') { e.preventDefault(); setPlaying(false); setT(0); }
      else if (e.key === 'End') { e.preventDefault(); setPlaying(false); setT(endMs); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step, endMs]);

  useEffect(() => {
    const hook = {
      version: 1,
      status: () => ({ run: live.current.status, sweep: live.current.sweep ? (live.current.sweep.done ? 'done' : 'running') : 'starting' }),
      query: () => encodeNvSetup(live.current.setup).slice('#nvcache?'.length),
      result: () => live.current.result,
      time: () => live.current.t,
      sweep: () => live.current.sweep,
    };
    window.__spindleNvcache = hook;
    return () => { if (window.__spindleNvcache === hook) delete window.__spindleNvcache; };
  }, []);

  const r = result;
  const di = r ? decisionIndexAt(r.with.decisions, t) : -1;
  const twoCols = width >= 980;
  const sideW = twoCols ? Math.floor((width - 24) / 2) : width;
  const chartW = twoCols ? Math.floor((width - 24) / 2) : width;
  const seeks = useMemo(() => (r ? writeSeeks(r.with.requests, r.with.decisions) : []), [r]);
  const cdfSeries = useMemo(() => (r ? [
    { id: 'with', label: 'with FQueues', colour: SIDE_COLOUR.with, step: true, points: cdfPoints(r.with.latency) },
    { id: 'without', label: 'without', colour: SIDE_COLOUR.without, step: true, points: cdfPoints(r.without.latency) },
  ] : []), [r]);
  const seekSeries = useMemo(() => OUTCOMES.map((o) => ({
    id: o, label: OUTCOME_TEXT[o].replace(/ \(.*\)$/, ''), colour: OUTCOME_COLOUR[o], dots: true, line: false, r: 2,
    points: seeks.filter((p) => p.outcome === o).map((p) => ({ x: p.timeMs / 1000, y: Math.max(1, p.distance) * (r?.sectorBytes ?? 512) / 1048576 })),
  })).filter((s) => s.points.length > 0), [seeks, r]);

  return (
    <main className="nvcache" data-status={status} data-t={String(t)}>
      <div ref={wrapRef} className="nv-measure" aria-hidden="true" />
      <header>
        <h1>Flash-backed I/O requests on a hybrid disk</h1>
        <span className="sub">write redirection to an NVCache with DRAM and flash FQueues (Bisson &amp; Brandt)</span>
        <nav className="nv-nav"><a href="#">← the live explorer</a></nav>
      </header>
      {problems.length > 0 && (
        <ul className="nv-problems" data-testid="setup-problems" role="alert">{problems.map((p, i) => <li key={i}><code>{p.field}</code>: {p.message}. Used: {p.used}.</li>)}</ul>
      )}
      <details className="nv-setup" open={width >= 700}>
        <summary>Settings</summary>
        <SetupForm setup={setup} onApply={setSetup} />
        <TracePicker client={ready ? clients.current?.run ?? null : null} active={trace?.name ?? ''} onTrace={setTrace} />
      </details>
      <p className="nv-status" data-testid="nv-status" data-status={status}>{error ? `Error: ${error} (the last good run stays)` : status === 'done' ? '' : 'computing…'}</p>

      {r && (
        <>
          <section className="nv-clock" aria-label="playback">
            <button type="button" data-testid="play" onClick={() => setPlaying((p) => !p)} aria-pressed={playing}>{playing ? 'Pause' : 'Play'}</button>
            <button type="button" data-testid="step-back" onClick={() => step(-1)} title="previous write decision (←)">◀ write</button>
            <button type="button" data-testid="step" onClick={() => step(1)} title="next write decision (→)">write ▶</button>
            <button type="button" data-testid="step-fq" onClick={() => step(1, true)} title="next FQueue event (Shift+→)">FQ event ▶</button>
            <label>speed <select value={speed} onChange={(e) => setSpeed(Number(e.target.value))}>{SPEEDS.map((s) => <option key={s} value={s}>{s} ms/s</option>)}</select></label>
            <input type="range" aria-label="simulated time" min={0} max={endMs} step="any" value={t} onChange={(e) => { setPlaying(false); setT(Number(e.target.value)); }} />
            <output data-testid="clock">{(t / 1000).toFixed(3)} s of {(endMs / 1000).toFixed(1)} s</output>
            <span className="hint">Space play/pause, → next write, Shift+→ next FQueue event, ← back, Home/End</span>
          </section>
          <div className={twoCols ? 'nv-split' : ''}>
            <Side name="with" side={r.with} r={r} t={t} width={sideW} />
            <Side name="without" side={r.without} r={r} t={t} width={sideW} />
          </div>
          <section>
            <h2>Over time: the FQueue (whole run) and the devices (two seconds around the clock); click to move the clock</h2>
            <Timeline r={r} t={t} width={width} onSeek={(x) => { setPlaying(false); setT(x); }} />
          </section>
          <div className={twoCols ? 'nv-split' : ''}>
            <section style={{ width: sideW }}>
              <h2>The decision for the current write (with FQueues)</h2>
              <DecisionCard d={di >= 0 ? r.with.decisions[di] : null} capacity={r.capacity} width={Math.min(sideW, 560)} />
            </section>
            <section style={{ width: sideW }}>
              <h2>The engine's figures</h2>
              <p className="nv-headline">Mean write latency with FQueues is <b data-testid="normalized" data-value={String(r.normalized)}>{(100 * r.normalized).toFixed(1)} %</b> of the baseline's ({r.diskName}, {r.params.sched.toUpperCase()}).</p>
              <StatsTable with={r.with} without={r.without} />
              <p className="hint">Without FQueues the same policy runs with an FQueue of size 0, so its "redirection refused" counts the writes the inequality would have sent to flash.</p>
              <div className="nv-wear"><WearGauge years={r.with.stats.lifetimeYears} erases={r.with.stats.erases} /><p className="hint">Projected years until the FQueue's flash blocks reach {r.params.flash.endurance.toLocaleString('en-US')} erases, at this run's erase rate ({r.params.flash.eraseMode}, optimal wear levelling; Fig. 10).</p></div>
            </section>
          </div>
          <div className={twoCols ? 'nv-split' : ''}>
            <figure style={{ width: chartW }}><figcaption>Write latency CDF, with and without FQueues</figcaption>
              <LineChart testid="cdf" width={chartW} height={240} xLabel="write latency (ms)" yLabel="fraction of writes" yDomain={[0, 1]} series={cdfSeries} /></figure>
            <figure style={{ width: chartW }}><figcaption>Write seek distance vs time (Fig. 3), by decision</figcaption>
              <LineChart testid="seeks" width={chartW} height={240} xLabel="arrival (s)" yLabel="distance from the previous write (MB)" yLog series={seekSeries} /></figure>
          </div>
        </>
      )}
      <SweepPanel sweep={sweep} sizes={SWEEP_SIZES_MB} scheds={HOST_SCHEDS} sched={setup.hs} fqMb={setup.fq} width={width}
        onCancel={() => sweepAbort.current?.abort(new DOMException('cancelled', 'AbortError'))} onStart={() => setSweepRun((x) => x + 1)} />
    </main>
  );
}
