/*
 * AtroposPage — #atropos?...: quadrangle layouts over a disk array (Schindler
 * et al., FAST 2004). The quadrangle view of one access (a table record or a
 * column scan) with the head path drawn from the engine's events, the
 * one-revolution budget bar with sliders for d and b, the 2-D table grid
 * (click a record or a column to run that access), the access's response and
 * efficiency for the Atropos and the two naive layouts, and Figure 9 from an
 * engine sweep drawn as its points arrive. The URL holds the whole setup;
 * every number comes from the engine (worker methods atAccess and atSweep).
 * window.__spindleAtropos exposes the numbers and the drawn head path.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Explain, Units } from '../../shell/Explain';
import { formatInt } from '../../lib/format';
import { PRESETS, PRESET_IDS, loadAllPresets, presetById } from '../../presets';
import { useEngineClients, useHashFollows } from '../../experiments/pageHooks';
import { useWidth } from '../../lib/useWidth';
import { useLatestAnswer } from '../../lib/latestAnswer';
import { accessParams, decodeAtSetup, encodeAtSetup, fig7Params, fig8Params, mixParams, type AtSetup, type SetupProblem } from './setup';
import type { AccessResult, Fig7Point, Fig8Bar, FigureParams, Layout, MixRow, SweepCurve, SweepPointAt, Table2Row } from './protocol';
import { LAYOUTS } from './protocol';
import { headPath, type Segment } from './geometry';
import { QuadView, columnColour } from './QuadView';
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

/** Table 2 covers every disk: its parameters once every preset is loaded (after the page's first drawing). */
function useTable2Params(): FigureParams | null {
  const [params, setParams] = useState<FigureParams | null>(null);
  useEffect(() => {
    let live = true;
    void loadAllPresets().then((all) => { if (live) setParams({ figure: 'table2', presets: all.map((p) => ({ id: p.id, json: p.json })) }); });
    return () => { live = false; };
  }, []);
  return params;
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
  const initial = useMemo(() => decodeAtSetup(window.location.hash, PRESET_IDS), []);
  const [setup, setSetup] = useState<AtSetup>(initial.setup);
  const [problems] = useState<SetupProblem[]>(initial.problems);
  const [result, setResult] = useState<AccessResult | null>(null);
  const [status, setStatus] = useState('starting');
  const [error, setError] = useState('');
  const [sweep, setSweep] = useState<{ N: number; sectorBytes: number; curves: SweepCurve[]; points: SweepPointAt[]; done: boolean } | null>(null);
  const [clients, ready] = useEngineClients(CLIENTS, 'Atropos');
  const [wrapRef, width] = useWidth();

  useHashFollows(useMemo(() => encodeAtSetup(setup), [setup]));

  // The access, for every layout (debounced: sliders move fast; a stale answer is dropped).
  const accessClient = clients.current?.access;
  const accessPreset = presetById(setup.disk)?.json;
  useLatestAnswer(accessClient && accessPreset ? () => accessClient.call('atAccess', accessParams(setup, accessPreset)) : null, [setup, ready], {
    onAsk: () => setStatus('running'),
    onAnswer: (r) => { setResult(r); setError(''); setStatus('done'); },
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
  const table2Params = useTable2Params();
  const t2 = useFigure(figClient, table2Params, table2Params ? 'table2' : '');
  const mx = useFigure(figClient, diskJson ? mixParams(setup, diskJson) : null, `${disk}|${setup.p}|${setup.d}|${setup.b}|${setup.cols}|${seed}`);

  const paths = useMemo(() => (result ? pathsOf(result, setup.show) : []), [result, setup.show]);
  const cmpPaths = useMemo(() => (result && setup.cmp !== 'none' ? pathsOf(result, setup.cmp) : []), [result, setup.cmp]);

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
    };
    window.__spindleAtropos = hook;
    return () => { if (window.__spindleAtropos === hook) delete window.__spindleAtropos; };
  }, []);

  const set = <K extends keyof AtSetup>(k: K, v: AtSetup[K]) => setSetup((s) => ({ ...s, [k]: v }));
  const info = result?.info;
  const run = result?.runs.find((r) => r.layout === setup.show);
  const wide = width >= 1100;
  const viewW = wide ? Math.floor(width * 0.6) : width;
  const sideW = wide ? width - viewW - 24 : width;
  // Charts two to a row on a wide screen.
  const chartW = width >= 1400 ? Math.min(900, Math.floor((width - 24) / 2)) : Math.min(width, 900);
  const topB = info ? Math.max(1, Math.min(1024, Math.floor(info.N / Math.max(1, setup.d)) + 8)) : 1024;

  return (
    <main className="atropos" data-status={status}>
      <div ref={wrapRef} className="at-measure" aria-hidden="true" />
      <header>
        <h1>Atropos: quadrangles over a disk array</h1>
        <span className="sub">semi-sequential access and 2-D tables (Schindler et al., FAST 2004)</span>
      </header>
      {problems.length > 0 && (
        <ul className="at-problems" data-testid="setup-problems" role="alert">{problems.map((p, i) => <li key={i}><code>{p.field}</code>: {p.message}. Used: {p.used}.</li>)}</ul>
      )}
      <form className="at-controls" onSubmit={(e) => e.preventDefault()}>
        <label>Disk <select id="at-disk" value={setup.disk} onChange={(e) => set('disk', e.target.value)}>
          {PRESETS.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
        </select></label>
        <label>Disks p <select id="at-p" value={setup.p} onChange={(e) => set('p', Number(e.target.value))}>
          {[1, 2, 3, 4, 6, 8].map((x) => <option key={x} value={x}>{x}</option>)}
        </select></label>
        <label className="slider"><span>depth d = <output data-testid="d-value">{setup.d}</output> tracks</span>
          <input id="at-d" type="range" min={1} max={16} value={setup.d} onChange={(e) => set('d', Number(e.target.value))} /></label>
        <label className="slider"><span>block b = <output data-testid="b-value">{setup.b}</output> sectors</span>
          <input id="at-b" type="range" min={1} max={topB} value={Math.min(setup.b, topB)} onChange={(e) => set('b', Number(e.target.value))} /></label>
        <label>Columns <input id="at-cols" type="number" min={1} max={64} value={setup.cols} onChange={(e) => { const v = Number(e.target.value); if (Number.isInteger(v) && v >= 1 && v <= 64) set('cols', v); }} /></label>
        <label>Batch issue <select id="at-pre" value={setup.pre} onChange={(e) => set('pre', e.target.value as AtSetup['pre'])}>
          <option value="linked">linked (SCSI Link bit)</option><option value="on">pre-scheduled by the host</option><option value="off">neither</option>
        </select></label>
        <label>Naive issue <select id="at-naive" value={setup.naive} onChange={(e) => set('naive', e.target.value as AtSetup['naive'])}>
          <option value="serial">one at a time</option><option value="batched">one linked batch</option>
        </select></label>
        <button type="button" onClick={() => navigator.clipboard?.writeText(window.location.href)}>Copy link</button>
      </form>
      <p className="at-status" data-testid="at-status" data-status={status}>{error ? `Error: ${error}` : status === 'done' ? '' : 'computing…'}</p>

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

      {result && run && (
        <div className={wide ? 'at-split' : ''}>
          <section style={{ width: viewW }}>
            <h2>{result.params.access === 'row' ? `Record ${result.row}` : `Column ${result.column}, records ${result.row}…${result.row + result.scan - 1}`}: the head over the tracks, by angle</h2>
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
            <QuadView disks={run.disks} cells={run.cells} paths={paths} revolutionMs={result.revolutionMs} width={viewW} />
            <Units id="atQuad" />
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
            <h2>The table</h2>
            <p className="hint">Click a record to fetch it (semi-sequential batches under Atropos), a column to scan it (whole track rows). Cells show the disk that holds them under Atropos.</p>
            <table className="at-grid" data-testid="grid">
              <thead><tr><th></th>{Array.from({ length: setup.cols }, (_, c) => (
                <th key={c}><button type="button" data-testid={`grid-col-${c}`} style={{ borderColor: columnColour(c) }} aria-pressed={setup.acc === 'column' && result.column === c}
                  onClick={() => setSetup((s) => ({ ...s, acc: 'column', col: c }))}>A{c}</button></th>
              ))}</tr></thead>
              <tbody>
                {result.grid.map((cells, i) => {
                  const r = result.gridFirst + i;
                  const rowSel = result.params.access === 'row' && r === result.row;
                  return (
                    <tr key={r}>
                      <th><button type="button" data-testid={`grid-row-${r}`} aria-pressed={rowSel} onClick={() => setSetup((s) => ({ ...s, acc: 'row', row: r }))}>{r}</button></th>
                      {cells.map((c, j) => {
                        const sel = rowSel || (result.params.access === 'column' && j === result.column && r >= result.row && r < result.row + result.scan);
                        return <td key={j} className={sel ? 'sel' : ''} style={{ background: sel ? columnColour(j) : `color-mix(in srgb, ${columnColour(j)} 45%, #fff)` }} title={`record ${r}, column ${j}: volume block ${c.vlbn}, disk ${c.disk}`}>d{c.disk}</td>;
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>
        </div>
      )}

      {result && info && (
        <section className="at-sbs" data-testid="side-by-side">
          <h2>Side by side: the same access under two layouts</h2>
          <form className="at-controls" onSubmit={(e) => e.preventDefault()}>
            <label>Beside Atropos <select id="at-cmp" value={setup.cmp} onChange={(e) => set('cmp', e.target.value as AtSetup['cmp'])}>
              <option value="none">nothing</option><option value="naive-column">naive column-major</option><option value="naive-row">naive row-major</option>
            </select></label>
          </form>
          <p className="hint">Both runs come from the same engine call, the same volume and seed: only the table's layout differs. The head path is drawn from each run's own events.</p>
          {setup.cmp !== 'none' && (() => {
            const pair = [['atropos', pathsOf(result, 'atropos')], [setup.cmp, cmpPaths]] as const;
            const w = wide ? Math.floor((width - 24) / 2) : width;
            return (
              <div className={wide ? 'at-split' : ''}>
                {pair.map(([l, ps]) => {
                  const r = result.runs.find((x) => x.layout === l);
                  if (!r) return null;
                  return (
                    <div key={l} style={{ width: w }} data-testid={`sbs-${l}`}>
                      <h3>{LAYOUT_NAME[l]}: <span data-testid={`sbs-resp-${l}`} data-value={r.responseMs}>{fmt(r.responseMs)} ms</span>, efficiency {fmt(r.efficiency, 3)}, {r.deviceRequests} device request{r.deviceRequests === 1 ? '' : 's'}</h3>
                      <QuadView disks={r.disks} cells={r.cells} paths={ps} revolutionMs={result.revolutionMs} width={w} />
                    </div>
                  );
                })}
              </div>
            );
          })()}
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

      <section className="at-table2">
        <h2>Table 2, again: quadrangle parameters of every preset (outer zone)</h2>
        <p className="hint">N: data sectors per track; H: track skew; H<sub>eff</sub>: the largest skew a quadrangle crosses (the cylinder skew when it can cross a cylinder); switch: the head switch time in sectors; extracted: the skew and head switch the black-box extractor measures from read timings alone, as Atropos's did. D: the deepest quadrangle for b = 1 (cyclic form, linear in brackets). Per d: b<sub>max</sub> of the cyclic form (linear) and the largest b the engine's exact check passes, with S = d·b. The paper's own Table 2 is lost in the text; these come from the engine. Click a preset to open it on this page.</p>
        {(() => {
          const got = table2Of(t2);
          if (t2?.error) return <p className="at-status" role="alert">Error: {t2.error}</p>;
          if (!got || got.rows.length === 0) return <p>computing the table…</p>;
          return <Table2 rows={got.rows} names={Object.fromEntries(PRESETS.map((p) => [p.id, p.name]))} current={setup.disk} onPick={(id) => set('disk', id)} done={got.done} />;
        })()}
      </section>
    </main>
  );
}
