/*
 * AtroposPage — #atropos?...: quadrangle layouts over a disk array (Schindler
 * et al., FAST 2004). First the stage: one access (a table record or a
 * column scan) played under Atropos and a naive layout on one clock, a
 * platter per disk with the access's tracks and cells lighting up as they
 * are read; the settings fold away above it. Below: the 2-D table (pick a
 * record or a column to play that access), the access's response and
 * efficiency under every layout, the quadrangle figure (the head path over
 * the tracks, by angle), the one-revolution budget bar, and Figures 7, 8 and
 * 9, the queries and Table 2 from engine sweeps drawn as their points
 * arrive. The URL holds the whole setup; every number comes from the engine
 * (worker methods atAccess, atStageBegin, atSweep, atFigure).
 * window.__spindleAtropos exposes the numbers, the drawn head path and the
 * stage's marks.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Explain, Units } from '../../shell/Explain';
import { formatInt } from '../../lib/format';
import { PRESETS, PRESET_IDS, loadAllPresets, presetById } from '../../presets';
import { useEngineClients } from '../../experiments/pageHooks';
import { pageHash, writePageHash } from '../../stage/stageLink';
import { useWidth } from '../../lib/useWidth';
import { useLatestAnswer } from '../../lib/latestAnswer';
import { useNearView } from '../../lib/useNearView';
import { accessParams, decodeAtSetup, encodeAtSetup, fig7Params, fig8Params, mixParams, stageLayouts, type AtSetup, type SetupProblem } from './setup';
import { disksReadNote } from './disksRead';
import type { AccessResult, Fig7Point, Fig8Bar, FigureParams, Layout, MixRow, SweepCurve, SweepPointAt, Table2Row } from './protocol';
import { LAYOUTS } from './protocol';
import { headPath, type Segment } from './geometry';
import { QuadView } from './QuadView';
import { columnColour } from './columnColour';
import { AtroposStage, type StageMarks } from './AtroposStage';
import { Settings } from './Settings';
import { TableGrid } from './TableGrid';
import { BudgetBar } from './BudgetBar';
import { Fig9Chart } from './Fig9Chart';
import { Fig7Chart } from './Fig7Chart';
import { Fig8Chart } from './Fig8Chart';
import { useFigure, type FigureState } from './useFigure';
import { Table2 } from './Table2';
import { MixTable } from './MixTable';
import './atropos.css';

declare global {
  interface Window { __spindleAtropos?: unknown }
}

/** One worker for the access, one for the sweeps and figures: a long sweep never delays the access. */
const CLIENTS = ['access', 'sweep'] as const;
const LAYOUT_NAME: Record<Layout, string> = { atropos: 'Atropos (quadrangles)', 'naive-column': 'naive column-major', 'naive-row': 'naive row-major' };
const fmt = (x: number, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : '–');

/** The rotation after a switch that is still the skew (the skew a little longer than the switch), in ms: from the engine's H_eff and switch time. */
export function skewToleranceMs(r: AccessResult): number {
  return ((r.info.HEff - r.info.switchSectors + 0.5) * r.revolutionMs) / r.info.N;
}

export function pathsOf(r: AccessResult, layout: Layout): Segment[][] {
  const run = r.runs.find((x) => x.layout === layout);
  if (!run) return [];
  return run.disks.map((dv) => headPath(dv.events, dv.tracks, r.revolutionMs, skewToleranceMs(r)));
}

/** A figure's points so far (null before it starts) and whether it is done. */
function figureOf(f: FigureState | null, kind: 'fig7-point'): { points: Fig7Point[]; done: boolean } | null;
function figureOf(f: FigureState | null, kind: 'fig8-bar'): { points: Fig8Bar[]; done: boolean } | null;
function figureOf(f: FigureState | null, kind: 'fig7-point' | 'fig8-bar') {
  if (!f) return null;
  const points: (Fig7Point | Fig8Bar)[] = [];
  for (const m of f.messages) {
    if (m.kind === 'fig7-point' && kind === m.kind) points.push(m.point);
    else if (m.kind === 'fig8-bar' && kind === m.kind) points.push(m.bar);
  }
  return { points, done: f.done };
}

/** Table 2 covers every disk: its parameters once every preset is loaded, which starts when the table nears the view (or why the presets could not be loaded). */
function useTable2Params(near: boolean): { params: FigureParams | null; loadError: string } {
  const [params, setParams] = useState<FigureParams | null>(null);
  const [loadError, setLoadError] = useState('');
  useEffect(() => {
    if (!near) return;
    let live = true;
    loadAllPresets().then(
      (all) => { if (live) setParams({ figure: 'table2', presets: all.map((p) => ({ id: p.id, json: p.json })) }); },
      (e: unknown) => { if (live) setLoadError(`the disk presets could not be loaded (${e instanceof Error ? e.message : String(e)}); reload the page to try again`); },
    );
    return () => { live = false; };
  }, [near]);
  return { params, loadError };
}

function mixesOf(f: FigureState | null): { rows: MixRow[]; done: boolean } | null {
  if (!f) return null;
  return { rows: f.messages.flatMap((m) => (m.kind === 'mix-row' ? [m.row] : [])), done: f.done };
}

function table2Of(f: FigureState | null): { rows: Table2Row[]; done: boolean } | null {
  if (!f) return null;
  return { rows: f.messages.flatMap((m) => (m.kind === 'table2-row' ? [m.row] : [])), done: f.done };
}

export function AtroposPage() {
  const initial = useMemo(() => decodeAtSetup(pageHash(), PRESET_IDS), []);
  const [setup, setSetup] = useState<AtSetup>(initial.setup);
  const [problems] = useState<SetupProblem[]>(initial.problems);
  const [result, setResult] = useState<AccessResult | null>(null);
  const [status, setStatus] = useState('starting');
  const [error, setError] = useState('');
  const [sweep, setSweep] = useState<{ N: number; sectorBytes: number; curves: SweepCurve[]; points: SweepPointAt[]; done: boolean } | null>(null);
  const [clients, ready] = useEngineClients(CLIENTS, 'Atropos');
  const [wrapRef, width] = useWidth();

  // The link follows the setup, keeping the stage's own keys (presentation, moment).
  useEffect(() => writePageHash(encodeAtSetup(setup)), [setup]);

  // The access the setup asks for: a new object only when one of its fields changes (the stage plays it at once).
  const accessKey = JSON.stringify(accessParams(setup, setup.disk));
  const access = useMemo(() => {
    const preset = presetById(setup.disk)?.json;
    return preset ? accessParams(setup, preset) : null;
  }, [accessKey]); // eslint-disable-line react-hooks/exhaustive-deps
  // The access, for every layout (debounced: sliders move fast; a stale answer is dropped), and which access it answers.
  const accessClient = clients.current?.access;
  const asked = useRef('');
  const [resultKey, setResultKey] = useState('');
  useLatestAnswer(accessClient && access ? () => accessClient.call('atAccess', access) : null, [setup, ready], {
    onAsk: () => { asked.current = accessKey; setStatus('running'); },
    onAnswer: (r) => { setResult(r); setResultKey(asked.current); setError(''); setStatus('done'); },
    onError: (e) => { setError(e.message); setStatus('error'); },
  }, 80);

  // Figure 9: restarted when what it depends on changes; the cleanup cancels it in the worker.
  const { disk, pre, n, pts, seed } = setup;
  useEffect(() => {
    const c = clients.current;
    const preset = presetById(disk)?.json;
    if (!c || !preset) return;
    const abort = new AbortController();
    setSweep(null);
    c.sweep.call('atSweep', { preset, ds: [2, 3, 4], points: pts, n, seed, presched: pre }, {
      signal: abort.signal,
      onProgress: (m) => {
        if (abort.signal.aborted) return;
        if (m.kind === 'info') setSweep({ N: m.N, sectorBytes: m.sectorBytes, curves: m.curves, points: [], done: false });
        else setSweep((s) => (s ? { ...s, points: [...s.points, m.point] } : s));
      },
    }).then(() => { if (!abort.signal.aborted) setSweep((s) => (s ? { ...s, done: true } : s)); }, () => { /* cancelled or failed: the chart stays as it is */ });
    return () => abort.abort(new DOMException('the setup changed', 'AbortError'));
  }, [disk, pre, n, pts, seed, ready]);

  // Figures 7 and 8: streamed on the sweep's worker, after it (calls queue).
  const figClient = ready ? clients.current?.sweep ?? null : null;
  const diskJson = presetById(disk)?.json;
  const f7 = useFigure(figClient, diskJson ? fig7Params(setup, diskJson) : null, `${disk}|${setup.p}|${setup.f7d}|${setup.su}|${setup.fn}|${seed}`);
  const f8 = useFigure(figClient, diskJson ? fig8Params(setup, diskJson) : null, `${disk}|${setup.fn}|${seed}`);
  const table2Ref = useRef<HTMLElement>(null);
  const { params: table2Params, loadError: table2LoadError } = useTable2Params(useNearView(table2Ref));
  const t2 = useFigure(figClient, table2Params, table2Params ? 'table2' : '');
  const mx = useFigure(figClient, diskJson ? mixParams(setup, diskJson) : null, `${disk}|${setup.p}|${setup.d}|${setup.b}|${setup.cols}|${seed}`);

  const paths = useMemo(() => (result ? pathsOf(result, setup.show) : []), [result, setup.show]);
  const stageMarks = useRef<(() => StageMarks[]) | null>(null);
  const stageBox = useRef<HTMLDivElement>(null);

  // What the test hook reads: the latest of each, without re-installing it.
  const live = useRef({ result, sweep, status, setup, paths, f7, f8, t2, mx });
  live.current = { result, sweep, status, setup, paths, f7, f8, t2, mx };
  useEffect(() => {
    const at = () => live.current;
    const hook = {
      version: 1,
      status: () => { const w = at().sweep; return { access: at().status, sweep: w ? (w.done ? 'done' : 'running') : 'starting' }; },
      query: () => encodeAtSetup(at().setup).slice('#atropos?'.length),
      result: () => at().result,
      paths: () => at().paths,
      skewToleranceMs: () => { const r = at().result; return r ? skewToleranceMs(r) : NaN; },
      sweep: () => at().sweep,
      fig7: () => figureOf(at().f7, 'fig7-point'),
      fig8: () => figureOf(at().f8, 'fig8-bar'),
      table2: () => table2Of(at().t2),
      mixes: () => mixesOf(at().mx),
      stage: () => stageMarks.current?.() ?? [],
    };
    window.__spindleAtropos = hook;
    return () => { if (window.__spindleAtropos === hook) delete window.__spindleAtropos; };
  }, []);

  const set = <K extends keyof AtSetup>(k: K, v: AtSetup[K]) => setSetup((s) => ({ ...s, [k]: v }));
  /** A pick in the table becomes the access; the stage plays it, brought into view if it was scrolled away. */
  const pick = (change: Partial<AtSetup>) => {
    setSetup((s) => ({ ...s, ...change }));
    const box = stageBox.current;
    if (box && box.getBoundingClientRect().top < 0) box.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };
  const info = result?.info;
  const run = result?.runs.find((r) => r.layout === setup.show);
  const disksNote = result ? disksReadNote(result, stageLayouts(setup.cmp), LAYOUT_NAME) : '';
  const wide = width >= 1100;
  const viewW = wide ? Math.floor(width * 0.45) : width;
  const sideW = wide ? width - viewW - 24 : width;
  // Charts two to a row on a wide screen.
  const chartW = width >= 1400 ? Math.min(900, Math.floor((width - 24) / 2)) : Math.min(width, 900);
  const topB = info ? Math.max(1, Math.min(1024, Math.floor(info.N / Math.max(1, setup.d)) + 8)) : 1024;

  return (
    <main className="atropos" data-status={status}>
      <div ref={wrapRef} className="at-measure" aria-hidden="true" />
      <header>
        <h1>Atropos: quadrangles over a disk array</h1>
        <span className="sub">Schindler et al., FAST 2004</span>
      </header>
      {problems.length > 0 && (
        <ul className="at-problems" data-testid="setup-problems" role="alert">{problems.map((p, i) => <li key={i}><code>{p.field}</code>: {p.message}. Used: {p.used}.</li>)}</ul>
      )}
      <Settings setup={setup} set={set} topB={topB}
        note={<span className="at-status" data-testid="at-status" data-status={status} role={error ? 'alert' : undefined}>{error ? `Error: ${error}` : status === 'done' ? '' : ' computing…'}</span>} />

      <div ref={stageBox} className="at-stage stage-holder">
        <AtroposStage access={access} result={resultKey === accessKey ? result : null} beside={setup.cmp} onBeside={(b) => set('cmp', b)} names={LAYOUT_NAME} marks={stageMarks} />
      </div>
      <ul className="legend at-legend" data-testid="stage-legend">
        <li>On each platter, one lane per track the access reads (a quadrangle's d tracks lie on one or two cylinders: the lanes are drawn apart near their radius), the lane under the head outlined</li>
        <li><span className="swatch" style={{ background: columnColour(0) }} />a cell of the access, filled as the head reads it (white, outlined: still to read); faint: other records' cells; colour: the table's column</li>
        <li><span className="swatch line" style={{ background: '#000', width: 3, height: 12 }} />slot 0 of each track: the skew moves it track to track</li>
        {disksNote && <li data-testid="stage-disks-read">{disksNote}</li>}
      </ul>

      {result && (
        <div className={wide ? 'at-split' : ''}>
          <section style={{ width: viewW }}>
            <h2>The table: pick a record or a column to play it</h2>
            <p className="hint">A record button fetches that record (semi-sequential batches under Atropos), a column button scans the column (whole track rows). Cells show the disk that holds them under Atropos.</p>
            <div className="at-scroll"><TableGrid result={result} columns={setup.cols} onRow={(row) => pick({ acc: 'row', row })} onColumn={(col) => pick({ acc: 'column', col })} /></div>
          </section>
          <section style={{ width: sideW }}>
            <h2>The access, per layout</h2>
            <div className="at-scroll"><table className="at-compare" data-testid="compare">
              <thead><tr><th>layout</th><th>response (ms)</th><th>efficiency</th><th>requests</th><th>sectors read</th></tr></thead>
              <tbody>
                {result.runs.map((r) => (
                  <tr key={r.layout} data-testid={`cmp-${r.layout}`} className={r.layout === setup.show ? 'shown' : ''}>
                    <th>{LAYOUT_NAME[r.layout]}</th>
                    <td data-testid={`resp-${r.layout}`} data-value={r.responseMs}>{fmt(r.responseMs)}</td>
                    <td data-testid={`eff-${r.layout}`} data-value={r.efficiency}>{fmt(r.efficiency, 3)}</td>
                    <td>{r.logical} → {r.deviceRequests}</td>
                    <td>{r.sectors}</td>
                  </tr>
                ))}
              </tbody>
            </table></div>
            <p className="hint">Response: the last completion after the access arrives (engine's volume statistics); efficiency: media transfer / head time of its device requests. Records have {setup.cols} cells of {info?.b} sectors; {formatInt(result.rows)} records fit.</p>
          </section>
        </div>
      )}

      {result && run && (
        <section className="at-quad">
          <h2>{result.params.access === 'row' ? `Record ${result.row}` : `Column ${result.column}, records ${result.row}…${result.row + result.scan - 1}`}: the head over the tracks, by angle (the whole access)</h2>
          <Explain id="atQuad" />
          <div className="at-layouts" role="group" aria-label="Layout shown">
            {LAYOUTS.map((l) => (
              <button key={l} type="button" aria-pressed={setup.show === l} data-testid={`show-${l}`} onClick={() => set('show', l)}>{LAYOUT_NAME[l]}</button>
            ))}
          </div>
          <ul className="legend at-legend">
            <li><span className="swatch line" style={{ background: '#111', height: 4 }} />transfer</li>
            <li><span className="swatch dashed" style={{ borderColor: '#c0392b' }} />rotational wait</li>
            <li><span className="swatch line" style={{ background: '#555', height: 1 }} />seek, switch (slanted: the platter turns meanwhile)</li>
            <li><span className="swatch" style={{ background: 'repeating-linear-gradient(45deg,#f4f4f4 0 3px,#bbb 3px 5px)' }} />residual sectors</li>
            <li>▼ slot 0 (the skew staircase)</li>
          </ul>
          <QuadView disks={run.disks} cells={run.cells} paths={paths} width={Math.min(width, 1400)} />
          <Units id="atQuad" />
        </section>
      )}

      {info && result && (
        <section className="at-budget">
          <h2>One revolution: can a quadrangle column be read in it?</h2>
          <Explain id="atBudget" />
          <BudgetBar info={info} width={Math.min(width, 900)} />
          <p className={info.cyclicOk ? 'ok' : 'bad'} data-testid="budget-verdict">
            {info.cyclicOk
              ? `Fits: every column of every quadrangle passes the engine's exact check with ${fmt(info.slackSectors, 1)} sectors to spare, so a batch started at any of its blocks needs no rotational wait after it.`
              : `Does not fit: ${info.failing} quadrangle column${info.failing === 1 ? '' : 's'} fail the exact check (over by ${fmt(-info.slackSectors, 1)} sectors); a batch that starts below row 0 waits almost a revolution for it.`}
          </p>
          <table className="at-figures" data-testid="mode-page">
            <tbody>
              <tr><th>mode page</th><td>p = {info.p}, w = {info.w} VLBNs per track row, d = {info.d}, b = {info.b} sectors, N = {info.N}, H = {info.H} (H<sub>eff</sub> = {info.HEff}), residual R = {info.residual}; head switch = {fmt(info.switchSectors, 1)} sectors</td></tr>
              <tr><th>depth for this b</th><td>D = {info.D} (cyclic: d(b+H) ≤ N), D = {info.DLinear} (linear: d·b + (d−1)H ≤ N)</td></tr>
              <tr><th>block for this d</th><td>b<sub>max</sub> = {info.bMax} (cyclic), {info.bMaxLinear} (linear)</td></tr>
              <tr><th>get_boundaries</th><td data-testid="boundaries">volume blocks {result.boundaries.first}…{result.boundaries.first + result.boundaries.count - 1} (the track row holding record {result.row}'s first cell)</td></tr>
              <tr><th>get_rectangle</th><td data-testid="rectangle">{result.rectangle.join(', ')} (its semi-sequential set: exact slack {fmt(result.slack.cyclic, 1)} cyclic, {fmt(result.slack.linear, 1)} linear)</td></tr>
            </tbody>
          </table>
        </section>
      )}

      <div className={width >= 1400 ? 'at-charts two' : 'at-charts'}>
      <section className="at-fig9">
        <h2>Figure 9: response vs quadrangle size (one disk, random records, {setup.n} per point)</h2>
        <Explain id="atFig9" />
        <p className="hint">Each point: records of d cells of b sectors fetched as one semi-sequential batch, the disk idle. The step comes where the exact one-revolution check fails; b<sub>max</sub> of the cyclic form marks it, the linear form's comes too late.</p>
        {sweep
          ? <Fig9Chart curves={sweep.curves} points={sweep.points} N={sweep.N} sectorBytes={sweep.sectorBytes} width={chartW} current={{ d: setup.d, b: setup.b }} />
          : <p>starting the sweep…</p>}
        <Units id="atFig9" />
        <p className="hint">Vertical lines: S = d·b<sub>max</sub> (solid: cyclic form, dotted: linear form); hollow points: the exact check fails.</p>
        <p data-testid="fig9-status">{sweep ? `${sweep.points.length} of ${sweep.curves.reduce((s, c) => s + c.bs.length, 0)} points${sweep.done ? '' : ' (running)'}` : ''}</p>
      </section>

      <section className="at-fig7">
        <h2>Figure 7: efficiency vs I/O size (random requests in the outer zone, {setup.p} disk{setup.p === 1 ? '' : 's'}, {setup.fn} per point)</h2>
        <form className="at-controls" onSubmit={(e) => e.preventDefault()}>
          <label>Semi-sequential depth d <select id="at-f7d" value={setup.f7d} onChange={(e) => set('f7d', Number(e.target.value))}>
            {[1, 2, 3, 4, 5, 6, 8].map((x) => <option key={x} value={x}>{x}</option>)}
          </select></label>
          <label>Conventional stripe unit <select id="at-su" value={setup.su} onChange={(e) => set('su', Number(e.target.value))}>
            {[16, 32, 64, 128, 256].map((x) => <option key={x} value={x}>{x} KB</option>)}
          </select></label>
          <label>Requests per point <select id="at-fn" value={setup.fn} onChange={(e) => set('fn', Number(e.target.value))}>
            {[30, 100, 300, 1000].map((x) => <option key={x} value={x}>{x}</option>)}
          </select></label>
        </form>
        <p className="hint">Efficiency = media transfer / head time of the device requests (engine statistics). Track-based: a RAID-0 volume whose stripe unit is exactly one track, requests starting at a unit; semi-sequential: d blocks of S/d sectors of one quadrangle column, one batch; conventional: the same volume with a fixed stripe unit. Each request runs alone on idle disks.</p>
        {(() => {
          const info = f7?.messages.find((m) => m.kind === 'fig7-info');
          const got = figureOf(f7, 'fig7-point');
          if (f7?.error) return <p className="at-status" role="alert">Error: {f7.error}</p>;
          if (!info || info.kind !== 'fig7-info' || !got) return <p>starting Figure 7…</p>;
          return (
            <>
              <Fig7Chart points={got.points} N={info.N} sectorBytes={info.sectorBytes} d={setup.f7d} stripeKb={setup.su} width={chartW} />
              <p data-testid="fig7-status">{`${got.points.length} points${got.done ? '' : ' (running)'}`}</p>
            </>
          );
        })()}
      </section>

      <section className="at-fig8">
        <h2>Figure 8: a random 8 KB chunk, by layout (one disk, {3 * setup.fn} chunks per bar)</h2>
        <p className="hint">Contiguous: 8 KB at consecutive LBNs. Naive: a record's d cells on d adjacent tracks at random places, read one at a time or as one linked batch the disk's SPTF orders. Atropos: the record as one semi-sequential batch (row), or d cells of one column (the primary order). Mean response from the engine's runs.</p>
        {(() => {
          const got = figureOf(f8, 'fig8-bar');
          if (f8?.error) return <p className="at-status" role="alert">Error: {f8.error}</p>;
          if (!got || got.points.length === 0) return <p>starting Figure 8…</p>;
          return (
            <>
              <Fig8Chart bars={got.points} width={chartW} />
              <p data-testid="fig8-status">{`${got.points.length} bars${got.done ? '' : ' (running)'}`}</p>
            </>
          );
        })()}
      </section>
      </div>

      <section className="at-mixes">
        <h2>TPC-H-like queries over the table ({setup.cols} columns of {setup.b} sectors, p = {setup.p}, d = {setup.d})</h2>
        <p className="hint">Each query is one engine call (sp_table2d_submit_mix: column scans over a random run of records, then random record fetches or a range of records, all at once; the disks' SPTF orders them), run for each layout on the same volume; time = last completion less arrival, mean of 3 seeds. Atropos scans a column at track speed on every disk and fetches a record with semi-sequential batches; row-major reads everything to scan one column; column-major pays a seek per cell to fetch a record.</p>
        {(() => {
          const got = mixesOf(mx);
          if (mx?.error) return <p className="at-status" role="alert">Error: {mx.error}</p>;
          if (!got || got.rows.length === 0) return <p>running the queries…</p>;
          return <MixTable rows={got.rows} layouts={LAYOUTS} names={LAYOUT_NAME} />;
        })()}
      </section>

      <section className="at-table2" ref={table2Ref}>
        <h2>Table 2, again: quadrangle parameters of every preset (outer zone)</h2>
        <p className="hint">N: data sectors per track; H: track skew; H<sub>eff</sub>: the largest skew a quadrangle crosses (the cylinder skew when it can cross a cylinder); switch: the head switch time in sectors; extracted: the skew and head switch the black-box extractor measures from read timings alone, as Atropos's did. D: the deepest quadrangle for b = 1 (cyclic form, linear in brackets). Per d: b<sub>max</sub> of the cyclic form (linear) and the largest b the engine's exact check passes, with S = d·b. The paper's own Table 2 is lost in the text; these come from the engine. Click a preset to open it on this page.</p>
        {(() => {
          const got = table2Of(t2);
          if (t2?.error || table2LoadError) return <p className="at-status" role="alert">Error: {t2?.error || table2LoadError}</p>;
          if (!got || got.rows.length === 0) return <p>computing the table…</p>;
          return <Table2 rows={got.rows} names={Object.fromEntries(PRESETS.map((p) => [p.id, p.name]))} current={setup.disk} onPick={(id) => set('disk', id)} done={got.done} />;
        })()}
      </section>
    </main>
  );
}
