/*
 * LadderPage — #ladder?ladder=…&rung=…&seed=…&n=…: the model ladder of
 * Ruemmler & Wilkes (1994). One disk preset run at each rung of fidelity on
 * the same requests (the worker streams each rung as it finishes, with
 * progress and Cancel); the chosen rung's CDF against the reference rung's
 * with the horizontal distances drawn, the demerit per rung beside the
 * paper's, and the switches each rung sets. Each switch turns on or off
 * alone (switches.ts): the rung with it turned runs against the reference on
 * a second worker, and its CDF and demerit are drawn beside the ladder's.
 * Every number comes from the engine. window.__spindleLadder exposes the
 * status and results for tests.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatInt } from '../../lib/format';
import { useWidth } from '../../lib/useWidth';
import { useFirstDrawing } from '../../lib/firstDrawing';
import type { Problem } from '../../state/fields';
import { presetById } from '../../presets';
import { LADDERS, ladderById } from './bundled';
import { DemeritBars, LadderCdf, PAPER_COLOUR, REF_COLOUR, RUNG_COLOUR } from './LadderCharts';
import { decodeLadderSetup, encodeLadderSetup, type LadderSetup } from './setup';
import { useLadder } from './useLadder';
import { referenceRung, type Rung } from './ladder';
import { SWITCHES, effectiveChoices, optionOf, rungWith, valueText, type Switch } from './switches';
import { useHashFollows } from '../../experiments/pageHooks';
import { NumberField } from '../../experiments/NumberField';
import './ladder.css';

declare global {
  interface Window { __spindleLadder?: unknown }
}

const ms = (x: number) => `${x.toFixed(2)} ms`;
const pct = (x: number) => `${x.toFixed(1)} %`;

export function LadderPage() {
  const initial = useMemo(() => decodeLadderSetup(window.location.hash, LADDERS.map((l) => l.id)), []);
  const [setup, setSetup] = useState<LadderSetup>(initial.setup);
  const [problems] = useState<Problem[]>(initial.problems);
  const [wrapRef, width] = useWidth();
  const L = useLadder();
  /** The chosen rung with the student's switches, against the reference (its own worker). */
  const T = useLadder();
  const entry = ladderById(setup.ladder) ?? LADDERS[0];
  const ladder = entry.ladder;
  // Every bundled ladder names a preset there is (bundled.ts keeps no other).
  const presetJson = presetById(ladder.disk)!.json;
  const rung = ladder.rungs.find((r) => r.id === setup.rung) ?? ladder.rungs[0];
  const key = `${entry.id} ${setup.seed} ${setup.n}`;
  useHashFollows(useMemo(() => encodeLadderSetup(setup), [setup]));

  const { run } = L;
  useEffect(() => { run(key, entry.json, presetJson, setup.seed, setup.n); }, [key, entry, presetJson, setup.seed, setup.n, run]);

  const turned = useMemo((): { rung: Rung | null; error: string } => {
    try { return { rung: rungWith(ladder, rung, setup.switches), error: '' }; } catch (e) { return { rung: null, error: e instanceof Error ? e.message : String(e) }; }
  }, [ladder, rung, setup.switches]);
  const turnedKey = turned.rung ? `${key} ${turned.rung.id} ${JSON.stringify(turned.rung.disk)}` : null;
  const { run: runTurned, cancel: cancelTurned } = T;
  const turnedBusy = useRef(false);
  turnedBusy.current = T.status === 'running';
  useEffect(() => {
    if (!turned.rung || !turnedKey) {
      // Switches back as the rung sets them: a run still going is of no use.
      if (turnedBusy.current) cancelTurned();
      return;
    }
    // The ladder file with two rungs: its reference and the turned one (the worker reads it as any ladder file).
    runTurned(turnedKey, { ...(entry.json as object), rungs: [referenceRung(ladder), turned.rung] }, presetJson, setup.seed, setup.n);
  }, [turnedKey]);   // the key says everything the run depends on

  const lRef = useRef({ L, T, turnedKey });
  lRef.current = { L, T, turnedKey };
  useEffect(() => {
    const hook = {
      version: 1, status: () => lRef.current.L.status, results: () => lRef.current.L.results, resultOf: () => lRef.current.L.resultOf, error: () => lRef.current.L.error,
      /** The turned rung's run: its status, results (reference, turned) and what they are of (null: no switch turned). */
      turned: () => ({ key: lRef.current.turnedKey, status: lRef.current.T.status, results: lRef.current.T.results, resultOf: lRef.current.T.resultOf, error: lRef.current.T.error }),
    };
    window.__spindleLadder = hook;
    return () => { if (window.__spindleLadder === hook) delete window.__spindleLadder; };
  }, []);

  const current = L.resultOf === key ? L.results : [];
  useFirstDrawing(current.length > 0, 'chart');
  const ref = current.find((r) => r.id === ladder.reference);
  const turnedResult = turned.rung && T.resultOf === turnedKey ? T.results.find((r) => r.id === turned.rung!.id) : undefined;
  const chosen = turned.rung ? turnedResult : current.find((r) => r.id === rung.id);
  const busy = L.status === 'running';
  const choose = (sw: Switch, id: string) =>
    setSetup((s) => ({ ...s, switches: effectiveChoices(rung, { ...s.switches, [sw.key]: id }) }));
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
      <form className="ladder-controls" onSubmit={(e) => { e.preventDefault(); run(key, entry.json, presetJson, setup.seed, setup.n); }}>
        <label>Ladder <select data-testid="ladder-pick" value={entry.id} onChange={(e) => setSetup((s) => ({ ...s, ladder: e.target.value, rung: ladderById(e.target.value)?.ladder.rungs[0].id ?? 'a', switches: {} }))}>
          {LADDERS.map((l) => <option key={l.id} value={l.id}>{l.ladder.name}</option>)}
        </select></label>
        <NumberField label="Seed" value={setup.seed} min={0} max={Number.MAX_SAFE_INTEGER} testId="ladder-seed" onValue={(v) => setSetup((s) => ({ ...s, seed: v }))} />
        <NumberField label="Requests per rung" value={setup.n} min={100} max={200000} step={100} testId="ladder-n" onValue={(v) => setSetup((s) => ({ ...s, n: v }))} />
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
          <button key={r.id} type="button" aria-pressed={r.id === rung.id} data-testid={`rung-${r.id}`} onClick={() => setSetup((s) => ({ ...s, rung: r.id, switches: {} }))}>
            {r.figure}: {r.label}
          </button>
        ))}
      </div>
      <section className="ladder-features" aria-label="features of the chosen rung">
        <p><b>{rung.figure}</b>: {rung.features}</p>
        <p className="hint">Turn one feature at a time: the rung runs again with it changed, against the reference. Unticked is the preset&rsquo;s own (the full model).</p>
        <ul>{SWITCHES.map((sw) => {
          const now = optionOf(sw, rung, setup.switches);
          const can = (id: string) => sw.options.find((o) => o.id === id)!.params(ladder, rung) !== null;
          const changed = now !== sw.of(rung.disk);
          const text = (id: string) => { const o = sw.options.find((x) => x.id === id)!; const v = valueText(o, ladder, rung); return v ? ` (${v})` : ''; };
          if (sw.options.length === 2) {
            return (
              <li key={sw.key} className={changed ? 'turned' : ''}><label><input type="checkbox" data-testid={`switch-${sw.key}`} checked={now === 'on'}
                disabled={now === 'off' && !can('on')} onChange={(e) => choose(sw, e.target.checked ? 'on' : 'off')} /> {sw.label}{text('on')}</label></li>
            );
          }
          return (
            <li key={sw.key} className={changed ? 'turned' : ''}><label>{sw.label}{' '}
              <select data-testid={`switch-${sw.key}`} value={now} onChange={(e) => choose(sw, e.target.value)}>
                {sw.options.map((o) => <option key={o.id} value={o.id} disabled={!can(o.id)}>{o.label}{text(o.id)}</option>)}
              </select></label></li>
          );
        })}</ul>
        {turned.rung && (
          <p className="ladder-turned" data-testid="ladder-turned" aria-live="polite">
            {turned.rung.figure} with your switches:{' '}
            {T.status === 'running' && 'running…'}
            {T.error && <span role="alert" data-testid="ladder-turned-error">{T.error}</span>}
            {turnedResult && T.status !== 'running' && <>mean {ms(turnedResult.meanMs)}, demerit {ms(turnedResult.demeritMs)} ({pct(100 * turnedResult.relative)} of the reference mean)</>}
            {' '}<button type="button" data-testid="switches-reset" onClick={() => setSetup((s) => ({ ...s, switches: {} }))}>as the rung sets them</button>
          </p>
        )}
        {turned.error && <p className="banner error" role="alert">{turned.error}</p>}
      </section>
      <div className="ladder-figures">
        <figure>
          <figcaption><span style={{ color: REF_COLOUR }}>━ reference ({ladder.reference}, the final model)</span> <span style={{ color: RUNG_COLOUR }}>╌ {rung.figure}{turned.rung ? ' with your switches' : ''}</span>; thin lines: the horizontal distance at 10, 25, 50, 75, 90 %</figcaption>
          {ref && chosen ? <LadderCdf reference={ref.sorted} rung={chosen.sorted} width={w} /> : <p>Running…</p>}
        </figure>
        <figure>
          <figcaption>Demerit per rung, % of the reference mean: <span style={{ color: RUNG_COLOUR }}>Spindle</span>, <span style={{ color: PAPER_COLOUR }}>the paper</span></figcaption>
          <DemeritBars rungs={ladder.rungs} results={current} width={Math.min(w, 520)} />
        </figure>
      </div>
      <table className="ladder-table" data-testid="ladder-table" tabIndex={0}>
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
        })}
        {turned.rung && (
          <tr data-rung="turned" aria-selected>
            <th scope="row">{rung.figure} with your switches</th>
            <td data-testid="mean-turned" data-value={turnedResult?.meanMs}>{turnedResult ? ms(turnedResult.meanMs) : '…'}</td>
            <td data-testid="demerit-turned" data-value={turnedResult?.demeritMs}>{turnedResult ? ms(turnedResult.demeritMs) : '…'}</td>
            <td data-testid="relative-turned" data-value={turnedResult?.relative}>{turnedResult ? pct(100 * turnedResult.relative) : '…'}</td>
            <td colSpan={3}>{turned.rung.label}</td>
          </tr>
        )}</tbody>
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
