/*
 * LadderPage — #ladder?ladder=…&rung=…&seed=…&n=…: the model ladder of
 * Ruemmler & Wilkes (1994). One disk preset run at each rung of fidelity on
 * the same requests (the worker streams each rung as it finishes, with
 * progress and Cancel); the chosen rung's CDF against the reference rung's
 * with the horizontal distances drawn, the demerit per rung beside the
 * paper's, and the switches each rung sets. Every number comes from the
 * engine. window.__spindleLadder exposes the status and results for tests.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatInt } from '../../lib/format';
import { useWidth } from '../../lib/useWidth';
import type { Problem } from '../../state/fields';
import { LADDERS, ladderById } from './bundled';
import { DemeritBars, LadderCdf, PAPER_COLOUR, REF_COLOUR, RUNG_COLOUR } from './LadderCharts';
import { decodeLadderSetup, encodeLadderSetup, type LadderSetup } from './setup';
import { useLadder } from './useLadder';
import './ladder.css';

declare global {
  interface Window { __spindleLadder?: unknown }
}

/** The switches a rung may set, as the page names them. */
const SWITCHES: readonly { name: string; label: string; on: (v: number) => boolean }[] = [
  { name: 'constant_ms', label: 'constant service time', on: (v) => v >= 0 },
  { name: 'seek_linear', label: 'linear seek', on: (v) => v === 1 },
  { name: 'switch_model', label: 'switch cost: fixed (1) or none (2)', on: (v) => v > 0 },
  { name: 'rotation_model', label: 'rotation uniformly random', on: (v) => v === 1 },
  { name: 'layout_model', label: 'simple layout (no skew, no spares)', on: (v) => v === 1 },
  { name: 'transfer_model', label: 'linear transfer (no overlap)', on: (v) => v === 1 },
  { name: 'cache_segments', label: 'no read cache', on: (v) => v === 0 },
];

const ms = (x: number) => `${x.toFixed(2)} ms`;
const pct = (x: number) => `${x.toFixed(1)} %`;

export function LadderPage() {
  const initial = useMemo(() => decodeLadderSetup(window.location.hash, LADDERS.map((l) => l.id)), []);
  const [setup, setSetup] = useState<LadderSetup>(initial.setup);
  const [problems] = useState<Problem[]>(initial.problems);
  const [wrapRef, width] = useWidth();
  const L = useLadder();
  const entry = ladderById(setup.ladder) ?? LADDERS[0];
  const ladder = entry.ladder;
  const rung = ladder.rungs.find((r) => r.id === setup.rung) ?? ladder.rungs[0];
  const key = `${entry.id} ${setup.seed} ${setup.n}`;

  useEffect(() => {
    const h = encodeLadderSetup(setup);
    if (window.location.hash !== h) window.history.replaceState(null, '', h);
  }, [setup]);

  const { run } = L;
  useEffect(() => { run(key, entry.json, entry.preset.json, setup.seed, setup.n); }, [key, entry, setup.seed, setup.n, run]);

  const lRef = useRef(L);
  lRef.current = L;
  useEffect(() => {
    const hook = { version: 1, status: () => lRef.current.status, results: () => lRef.current.results, resultOf: () => lRef.current.resultOf, error: () => lRef.current.error };
    window.__spindleLadder = hook;
    return () => { if (window.__spindleLadder === hook) delete window.__spindleLadder; };
  }, []);

  const current = L.resultOf === key ? L.results : [];
  const ref = current.find((r) => r.id === ladder.reference);
  const chosen = current.find((r) => r.id === rung.id);
  const busy = L.status === 'running';
  const w = Math.max(280, Math.min(width, 900));

  return (
    <main className="ladder" data-status={L.status}>
      <div ref={wrapRef} aria-hidden="true" />
      <header>
        <h1>The model ladder</h1>
        <span className="sub">Ruemmler &amp; Wilkes (1994): how much each feature of a disk model buys, measured by the demerit figure</span>
      </header>
      {problems.length > 0 && (
        <ul className="ladder-problems" data-testid="setup-problems" role="alert">{problems.map((q, i) => <li key={i}><code>{q.field}</code>: {q.message}. Used: {q.used}.</li>)}</ul>
      )}
      <form className="ladder-controls" onSubmit={(e) => { e.preventDefault(); run(key, entry.json, entry.preset.json, setup.seed, setup.n); }}>
        <label>Ladder <select data-testid="ladder-pick" value={entry.id} onChange={(e) => setSetup((s) => ({ ...s, ladder: e.target.value, rung: ladderById(e.target.value)?.ladder.rungs[0].id ?? 'a' }))}>
          {LADDERS.map((l) => <option key={l.id} value={l.id}>{l.ladder.name}</option>)}
        </select></label>
        <label>Seed <input type="number" min={0} value={setup.seed} data-testid="ladder-seed"
          onChange={(e) => { const v = Number(e.target.value); if (Number.isInteger(v) && v >= 0) setSetup((s) => ({ ...s, seed: v })); }} /></label>
        <label>Requests per rung <input type="number" min={100} max={200000} step={100} value={setup.n} data-testid="ladder-n"
          onChange={(e) => { const v = Number(e.target.value); if (Number.isInteger(v) && v >= 100 && v <= 200000) setSetup((s) => ({ ...s, n: v })); }} /></label>
        {busy ? <button type="button" onClick={L.cancel} data-testid="ladder-cancel">Cancel</button>
          : <button type="submit" data-testid="ladder-run">Run again</button>}
      </form>
      <p className="ladder-status" data-testid="ladder-status" aria-live="polite">
        {busy && L.progress && `Running rung ${L.progress.running ?? '…'}: ${formatInt(L.progress.requests)} of ${formatInt(L.progress.total)} requests; ${L.progress.done.length} of ${ladder.rungs.length} rungs done`}
        {L.status === 'cancelled' && 'Cancelled.'}
      </p>
      {L.error && <p className="banner error" role="alert" data-testid="ladder-error">{L.error}</p>}
      <div className="ladder-steps" role="group" aria-label="rungs">
        {ladder.rungs.map((r) => (
          <button key={r.id} type="button" aria-pressed={r.id === rung.id} data-testid={`rung-${r.id}`} onClick={() => setSetup((s) => ({ ...s, rung: r.id }))}>
            {r.figure}: {r.label}
          </button>
        ))}
      </div>
      <section className="ladder-features" aria-label="features of the chosen rung">
        <p><b>{rung.figure}</b>: {rung.features}</p>
        <ul>{SWITCHES.map((s) => {
          const v = rung.disk[s.name];
          return <li key={s.name}><label><input type="checkbox" readOnly disabled checked={v !== undefined && s.on(v)} /> {s.label}</label></li>;
        })}</ul>
      </section>
      <div className="ladder-figures">
        <figure>
          <figcaption><span style={{ color: REF_COLOUR }}>━ reference ({ladder.reference}, the final model)</span> <span style={{ color: RUNG_COLOUR }}>╌ {rung.figure}</span>; thin lines: the horizontal distance at 10, 25, 50, 75, 90 %</figcaption>
          {ref && chosen ? <LadderCdf reference={ref.sorted} rung={chosen.sorted} width={w} /> : <p>Running…</p>}
        </figure>
        <figure>
          <figcaption>Demerit per rung, % of the reference mean: <span style={{ color: RUNG_COLOUR }}>Spindle</span>, <span style={{ color: PAPER_COLOUR }}>the paper</span></figcaption>
          <DemeritBars rungs={ladder.rungs} results={current} width={Math.min(w, 520)} />
        </figure>
      </div>
      <table className="ladder-table" data-testid="ladder-table">
        <thead><tr><th>rung</th><th>mean</th><th>demerit</th><th>relative</th><th>paper mean</th><th>paper demerit</th><th>Table 3</th></tr></thead>
        <tbody>{ladder.rungs.map((r) => {
          const res = current.find((x) => x.id === r.id);
          return (
            <tr key={r.id} data-rung={r.id} aria-selected={r.id === rung.id}>
              <th scope="row">{r.figure} {r.label}</th>
              <td data-testid={`mean-${r.id}`} data-value={res?.meanMs}>{res ? ms(res.meanMs) : '…'}</td>
              <td data-testid={`demerit-${r.id}`} data-value={res?.demeritMs}>{res ? ms(res.demeritMs) : '…'}</td>
              <td data-testid={`relative-${r.id}`} data-value={res?.relative}>{res ? pct(100 * res.relative) : '…'}</td>
              <td>{ms(r.paper.meanMs)}</td>
              <td>{ms(r.paper.demeritMs)} ({r.paper.relativePct} %)</td>
              <td>{r.paper.table3 ? `${r.paper.table3.demeritMs} ms (${r.paper.table3.relativePct} %)` : ''}</td>
            </tr>
          );
        })}</tbody>
      </table>
      <section className="ladder-notes">
        <h2>What was calibrated</h2>
        <p>{entry.ladder.calibration.what} Target: the paper&rsquo;s measured mean, {ms(ladder.paper.realMeanMs)}; the reference rung&rsquo;s mean is in the table.</p>
        <ul>{ladder.notes.map((n, i) => <li key={i}>{n}</li>)}</ul>
        <p className="source">{ladder.source}</p>
      </section>
    </main>
  );
}
