/*
 * ReorgPage — #reorg?...: dynamic reorganization of a read-intensive ext2
 * (Edwards & Song). At the top, the stage (ReorgStage: it alone re-renders
 * with the clock): the baseline and the reorganizer at one epoch (the chosen one, else the last), each a sim of its own in a
 * worker, played on one clock with the block groups' heat drawn on each
 * platter, so the arm is seen seeking less after reorganization. Below it,
 * the same file system, workload and seed run twice in the page's worker,
 * epoch by epoch on one clock: plain ext2 (the baseline) and the
 * reorganizer with the chosen policy. As each epoch closes the page
 * draws both runs' throughput with the reorganizer's phases, the block-group
 * heat strip and heat map (with where files are and where the policy wants
 * them), the band the head sweeps, the seek-distance histogram and the
 * /proc-style counters. The URL holds the whole setup; every number comes
 * from the engine (worker method reorgRun).
 * Keys: the stage's (Space, →, ←…); , and . the previous / next
 * epoch, Home / End the first / the last.
 * window.__spindleReorg exposes the run and the chosen epoch.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PRESET_IDS, presetById } from '../../presets';
import { pagePresets } from '../../experimentPresets';
import { useEngineClients } from '../../experiments/pageHooks';
import { pageHash, writePageHash } from '../../stage/stageLink';
import { useWidth } from '../../lib/useWidth';
import { formatNum } from '../../lib/format';
import { decodeReorgSetup, encodeReorgSetup, runKey, runParams, stageEpoch, type ReorgSetup } from './setup';
import { ReorgStage } from './ReorgStage';
import { useReorgRun } from './useReorgRun';
import { HeatMap } from './HeatMap';
import { Throughput, type Measure } from './Throughput';
import { SeekHist } from './SeekHist';
import { SweepBand } from './SweepBand';
import { Counters } from './Counters';
import { SetupForm } from './SetupForm';
import { RUN_LABEL, maxOf } from './heat';
import './reorg.css';

declare global {
  interface Window { __spindleReorg?: unknown }
}

const CLIENTS = ['run'] as const;

export function ReorgPage() {
  const initial = useMemo(() => decodeReorgSetup(pageHash(), PRESET_IDS), []);
  const [setup, setSetup] = useState<ReorgSetup>(initial.setup);
  const [clients, ready] = useEngineClients(CLIENTS, 'reorganization');
  const [wrapRef, width] = useWidth();
  const [measure, setMeasure] = useState<Measure>('req');
  const hash = useMemo(() => encodeReorgSetup(setup), [setup]);
  useEffect(() => writePageHash(hash), [hash]);
  // The engine's run: the setup without the view fields (the stage's epoch and speed rerun nothing).
  const key = useMemo(() => runKey(setup), [setup]);

  const params = useMemo(() => {
    const preset = presetById(setup.disk)?.json;
    return preset ? runParams(setup, preset) : null;
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps
  const [run, cancel] = useReorgRun(ready ? clients.current?.run ?? null : null, params, key);

  // The stage's epoch is the chosen one (ep, from 1, kept in the link), else the run's last.
  const epoch = stageEpoch(setup);
  const onSlow = useCallback((slow: number) => setSetup((s) => ({ ...s, slow })), []);

  const n = run?.reorg.length ?? 0;
  const pinned = setup.ep > 0 ? setup.ep - 1 : null;
  const selected = Math.max(0, Math.min(n - 1, pinned ?? n - 1));
  const choose = (i: number) => setSetup((s) => ({ ...s, ep: Math.max(0, Math.min(s.epochs - 1, i)) + 1 }));

  const live = useRef({ run, setup, selected });
  live.current = { run, setup, selected };
  useEffect(() => {
    const hook = {
      version: 1,
      status: () => live.current.run?.status ?? 'starting',
      query: () => encodeReorgSetup(live.current.setup).slice('#reorg?'.length),
      run: () => live.current.run,
      selected: () => live.current.selected,
    };
    window.__spindleReorg = hook;
    return () => { if (window.__spindleReorg === hook) delete window.__spindleReorg; };
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable)) return;
      const last = (live.current.run?.reorg.length ?? 0) - 1;
      if (last < 0) return;
      const cur = live.current.selected;
      const to = e.key === '.' ? cur + 1 : e.key === ',' ? cur - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? last : null;
      if (to === null) return;
      e.preventDefault();
      // End follows the run to its last epoch again.
      setSetup((s) => ({ ...s, ep: e.key === 'End' ? 0 : Math.max(0, Math.min(last, to)) + 1 }));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const info = run?.info ?? null;
  const base = useMemo(() => run?.baseline.map((e) => e.stats) ?? [], [run?.baseline]);
  const reorg = useMemo(() => run?.reorg.map((e) => e.stats) ?? [], [run?.reorg]);
  const heatMax = useMemo(() => maxOf([...(run?.baseline ?? []), ...(run?.reorg ?? [])].map((e) => e.groupAccesses)), [run?.baseline, run?.reorg]);
  const twoCols = width >= 980;
  const half = twoCols ? Math.floor((width - 24) / 2) : width;
  // The platter and the histogram side by side when both fit (the histogram at least 240 px), else one under the other.
  const bandSize = Math.min(half >= 560 ? 240 : 180, width);
  const histW = half - bandSize - 28 >= 240 ? half - bandSize - 28 : half;
  const status = run?.status ?? 'starting';
  const building = run && !run.info && run.building > 0 ? run : null;
  const presets = pagePresets('reorg');
  const endMs = setup.epochs * setup.epoch * 1000;

  return (
    <main className="reorg" data-status={status === 'running' || status === 'starting' ? 'running' : 'done'} data-run={status}>
      <div ref={wrapRef} className="ro-measure" aria-hidden="true" />
      <header>
        <h1>Dynamic file-system reorganization</h1>
        <span className="sub">hot files moved to the middle of an ext2 partition (Edwards &amp; Song): {RUN_LABEL.baseline} and the reorganizer at epoch {epoch + 1}, on one clock</span>
      </header>
      <ReorgStage params={params} runKey={key} epoch={epoch} setup={setup} onSlow={onSlow} run={run} info={info} heatMax={heatMax} onEpoch={choose} />
      <p className="ro-trade" data-testid="trade">
        Reorganizing spends disk time and memory now — the log of who opened what, and a second read and write of every file it moves —
        to shorten every later seek: the most used files end up packed in the middle of the data, so the head sweeps a narrow band instead of every block group.
        The baseline pays nothing up front and keeps seeking across the whole partition its allocator spread the files over.
      </p>
      {initial.problems.length > 0 && (
        <ul className="ro-problems" data-testid="setup-problems" role="alert">{initial.problems.map((p, i) => <li key={i}><code>{p.field}</code>: {p.message}. Used: {p.used}.</li>)}</ul>
      )}
      {presets.length > 0 && (
        <nav className="ro-presets" aria-label="experiment presets">Presets: {presets.map((p) => (
          <a key={p.id} href={p.url} title={p.description} onClick={(e) => { e.preventDefault(); setSetup(decodeReorgSetup(p.url, PRESET_IDS).setup); }}>{p.name}</a>
        ))}</nav>
      )}
      <details className="ro-setup">
        <summary>Settings</summary>
        <SetupForm setup={setup} onApply={setSetup} />
      </details>

      <section className="ro-progress" aria-live="polite">
        {/* While the file systems are built, the engine's share of that done; then whole epochs
            drawn, and the part of the next one the worker's ticks report. */}
        {building
          ? <progress max={1} value={building.building} data-testid="progress" />
          : <progress max={run?.total ?? setup.epochs} value={Math.max(n, Math.min(run?.total ?? 0, (run?.simMs ?? 0) / (setup.epoch * 1000)))} data-testid="progress" />}
        <output data-testid="run-status" data-status={status}>
          {status === 'error' ? `The engine stopped: ${run?.error} (the epochs drawn stay)`
            : building ? `Building the file systems: ${formatNum(100 * building.building, 0)} %${status === 'cancelled' ? ' — cancelled' : ''}`
            : `${n} of ${run?.total ?? setup.epochs} epochs, ${formatNum((run?.simMs ?? 0) / 60000, 2)} simulated minutes${status === 'cancelled' ? ' — cancelled' : status === 'done' ? ' — done' : ' — running'}`}
        </output>
        {status === 'running' && <button type="button" data-testid="cancel" onClick={cancel}>Cancel</button>}
      </section>

      {status === 'error' && n === 0 && (
        <p className="ro-problems" role="alert" data-testid="no-engine">
          No numbers to show: the engine did not run this experiment ({run?.error}). Nothing is estimated in its place.
        </p>
      )}
      {n > 0 && info && (
        <>
          <section className="ro-epoch" aria-label="choose an epoch">
            <button type="button" onClick={() => choose(selected - 1)} disabled={selected <= 0} title="previous epoch (,)">◀</button>
            <input type="range" aria-label="epoch" min={1} max={n} step={1} value={selected + 1} onChange={(e) => choose(Number(e.target.value) - 1)} />
            <button type="button" onClick={() => choose(selected + 1)} disabled={selected >= n - 1} title="next epoch (.)">▶</button>
            <output data-testid="epoch">epoch {selected + 1} of {n}{pinned === null && status === 'running' ? ' (following the run)' : ''}</output>
            <span className="hint">keys <kbd>,</kbd> and <kbd>.</kbd> step through the epochs, Home / End go to the first / last; click a chart to choose; the stage plays the chosen epoch</span>
          </section>
          <section>
            <h2>Throughput per epoch, both runs on one clock</h2>
            <div className="ro-measure-pick" role="radiogroup" aria-label="measure">
              {(['req', 'mb'] as const).map((m) => (
                <label key={m}><input type="radio" name="ro-measure" checked={measure === m} onChange={() => setMeasure(m)} />{m === 'req' ? 'requests / s' : 'MB / s'}</label>
              ))}
            </div>
            <Throughput baseline={base} reorg={reorg} endMs={endMs} measure={measure} selected={selected} width={width} onSelect={choose} />
          </section>
          <section>
            <h2>Block groups: where the reads go, where the files are, where the policy wants them</h2>
            <p className="hint">Colour: blocks read in each group ({info.groups} groups of {info.blocksPerGroup} blocks); the outlined span holds the middle 90 % of the epoch's reads.
              Bars: files whose data starts in the group; blue ticks: files the policy wants there.</p>
            <div className={twoCols ? 'ro-split' : ''}>
              <HeatMap run="baseline" title="baseline ext2" epochs={run!.baseline} total={run!.total} groups={info.groups} selected={selected} max={heatMax} width={half} onSelect={choose} />
              <HeatMap run="reorg" title={`reorganizing (${setup.pol})`} epochs={run!.reorg} total={run!.total} groups={info.groups} selected={selected} max={heatMax} width={half} onSelect={choose} />
            </div>
          </section>
          <div className={twoCols ? 'ro-split' : ''}>
            <section style={{ width: half }}>
              <h2>Where the head sweeps, and how far it seeks</h2>
              <div className="ro-row">
                <SweepBand cylinders={info.cylinders} groupCyl={info.groupCyl} baseline={run!.baseline[selected]?.groupAccesses} reorg={run!.reorg[selected]?.groupAccesses} size={bandSize} />
                <SeekHist baseline={run!.baseline[selected]?.seekHist} reorg={run!.reorg[selected]?.seekHist} cylinders={info.cylinders} width={histW} />
              </div>
            </section>
            <section style={{ width: half }}>
              <h2>The counters (the paper's /proc view)</h2>
              <Counters baseline={base} reorg={reorg} selected={selected} />
              <p className="hint">{info.diskName}; partition of {formatNum(info.partitionBlocks * 4096 / 1048576, 0)} MB at cylinders {info.firstCyl}–{info.lastCyl} of {info.cylinders};
                {' '}{info.files.toLocaleString('en-US')} files, {formatNum(info.dataBytes / 1048576, 1)} MB.</p>
            </section>
          </div>
        </>
      )}
    </main>
  );
}
