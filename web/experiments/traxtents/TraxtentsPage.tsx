/*
 * TraxtentsPage — the aligned vs unaligned experiment (#traxtents?...): the
 * Figure 1 sweep drawn as the engine worker computes it (streamed over the
 * one bridge, point by point; cancelled and restarted when the setup
 * changes), head-time breakdown and response-time deviation at the track
 * size, P(head switch) against (N-1)/SPT, and the black-box track-boundary
 * extraction with the excluded-block fraction. The URL holds the whole
 * setup; every number comes from the engine.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { PRESETS, PRESET_IDS, presetById } from '../../presets';
import { EngineClient } from '../../engine/client';
import { decodeTraxSetup, encodeTraxSetup, type SetupProblem, type TraxSetup } from './setup';
import type { ExtractResult, SweepInfo } from './protocol';
import type { SweepPoint } from './sweep';
import type { ExtractReport } from '../../../engine-wasm/binding';
import { headSwitchProbability } from './sweep';
import { SweepChart } from './SweepChart';
import './layout.css';
import { PAPER_ADAPTER_MBS, adapterLine, type Adapter } from '../adapter';

/** Adapter rates offered besides the paper's and the drive's own (a link may hold any other). */
const ADAPTER_RATES = [10, 20, 40, 80, 160, 320];

/** Engine workers for the sweep: one per core (the first also runs the extraction), at most 8. */
const ENGINES = Math.max(1, Math.min(8, (typeof navigator !== 'undefined' && navigator.hardwareConcurrency) || 1));

/** The page's engine clients: started on mount, closed (their workers ended) on unmount. */
function useEngines(): React.RefObject<EngineClient[]> {
  const ref = useRef<EngineClient[]>([]);
  useEffect(() => {
    const cs = Array.from({ length: ENGINES }, () => EngineClient.start());
    ref.current = cs;
    return () => { for (const c of cs) c.close('the traxtents page was closed'); ref.current = []; };
  }, []);
  return ref;
}

const fmt = (x: number, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : '–');

export function TraxtentsPage() {
  const initial = useMemo(() => decodeTraxSetup(window.location.hash, PRESET_IDS), []);
  const [setup, setSetup] = useState<TraxSetup>(initial.setup);
  const [problems] = useState<SetupProblem[]>(initial.problems);
  const [info, setInfo] = useState<SweepInfo | null>(null);
  const [points, setPoints] = useState<SweepPoint[]>([]);
  const [status, setStatus] = useState('starting');
  const [error, setError] = useState('');
  const [extract, setExtract] = useState<{ report: ExtractReport; done?: ExtractResult } | null>(null);
  const engines = useEngines();

  // The URL follows the setup.
  useEffect(() => {
    const h = encodeTraxSetup(setup);
    if (window.location.hash !== h) window.history.replaceState(null, '', h);
  }, [setup]);

  // (Re)start the work when the setup changes; the cleanup cancels the previous one in the worker.
  useEffect(() => {
    const cs = engines.current;
    const c = cs[0];
    if (!c) return;
    const preset = presetById(setup.disk)?.json;
    if (!preset) return;
    const abort = new AbortController();
    const { signal } = abort;
    const live = () => !signal.aborted;
    const fail = (e: unknown) => {
      if (!live()) return;
      setError(e instanceof Error ? e.message : String(e));
      setStatus('error');
    };
    setError('');
    setStatus('running');
    if (setup.view === 'sweep') {
      setPoints([]); setInfo(null);
      // The points are split over the engine workers (interleaved shares); each streams its own.
      const params = { preset, q: setup.q, zl: setup.zl, adapter: setup.adapter, n: setup.n, seed: setup.seed, points: setup.points };
      Promise.all(cs.map((ci, index) => ci.call('traxSweep', cs.length > 1 ? { ...params, shard: { index, count: cs.length } } : params, {
        signal,
        onProgress: (m) => {
          if (!live()) return;
          if (m.kind === 'info') { if (index === 0) setInfo(m.info); }
          else setPoints((ps) => [...ps, m.point]);
        },
      }))).then(() => { if (live()) setStatus('done'); }, fail);
    } else {
      setExtract(null);
      c.call('traxExtract', { preset, adapter: setup.adapter, lbns: 0 }, { signal, onProgress: (m) => { if (live()) setExtract({ report: m.report }); } })
        .then((done) => { if (live()) { setExtract({ report: done.report, done }); setStatus('done'); } }, fail);
    }
    return () => abort.abort(new DOMException('the setup changed', 'AbortError'));
  }, [setup, engines]);

  const total = info ? info.sizes.length * 2 : 0;
  const at = (a: 'aligned' | 'unaligned') => (info ? points.find((p) => p.alignment === a && info.sizes[p.index] === info.trackLbns) : undefined);
  const ta = at('aligned');
  const tu = at('unaligned');
  const set = <K extends keyof TraxSetup>(k: K, v: TraxSetup[K]) => setSetup((s) => ({ ...s, [k]: v }));
  const disk = presetById(setup.disk)?.json;
  const rates = typeof setup.adapter === 'number' && !ADAPTER_RATES.includes(setup.adapter) ? [...ADAPTER_RATES, setup.adapter].sort((a, b) => a - b) : ADAPTER_RATES;

  return (
    <div className="traxtents" style={{ padding: 16, fontFamily: 'system-ui, sans-serif' }}>
      <h1 style={{ fontSize: 20 }}>Track-aligned vs unaligned access <small style={{ fontWeight: 'normal' }}>(Schindler et al., FAST 2002)</small></h1>
      {problems.length > 0 && (
        <ul data-testid="setup-problems" role="alert">{problems.map((p) => <li key={p.field}>{p.message}</li>)}</ul>
      )}
      <form onSubmit={(e) => e.preventDefault()} style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'end' }}>
        <label>Disk <select id="trax-disk" value={setup.disk} onChange={(e) => set('disk', e.target.value)}>
          {PRESETS.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
        </select></label>
        <label>Queueing <select id="trax-q" value={setup.q} onChange={(e) => set('q', Number(e.target.value) as 1 | 2)}>
          <option value={1}>onereq (1 outstanding)</option><option value={2}>tworeq (2 outstanding)</option>
        </select></label>
        <label>Zero-latency access <select id="trax-zl" value={setup.zl} onChange={(e) => set('zl', e.target.value as TraxSetup['zl'])}>
          <option value="preset">as the disk</option><option value="on">on</option><option value="off">off</option>
        </select></label>
        <label>Host adapter <select id="trax-adapter" value={String(setup.adapter)}
          onChange={(e) => set('adapter', (e.target.value === 'paper' || e.target.value === 'drive' ? e.target.value : Number(e.target.value)) as Adapter)}>
          <option value="paper">the paper's ({PAPER_ADAPTER_MBS} MB/s)</option><option value="drive">the drive's own bus</option>
          {rates.map((r) => <option key={r} value={String(r)}>{r} MB/s</option>)}
        </select></label>
        <label>Requests per point <select id="trax-n" value={setup.n} onChange={(e) => set('n', Number(e.target.value))}>
          {[500, 1000, 2000, 5000].map((n) => <option key={n} value={n}>{n}</option>)}
        </select></label>
        <label>View <select id="trax-view" value={setup.view} onChange={(e) => set('view', e.target.value as TraxSetup['view'])}>
          <option value="sweep">efficiency vs size</option><option value="extract">finding the tracks</option>
        </select></label>
        <button type="button" onClick={() => navigator.clipboard?.writeText(window.location.href)}>Copy link</button>
        <a href="#">Explorer</a>
      </form>
      {disk && <p data-testid="trax-adapter-line" style={{ fontSize: 13, margin: '6px 0' }}>{adapterLine(setup.adapter, disk.controller.busMsPerSector, disk.geometry.sectorBytes)}</p>}
      <p data-testid="trax-status" data-status={status}>
        {error ? `Error: ${error}` : setup.view === 'sweep' ? `${points.length} of ${total || '…'} points (${status})` : `extraction ${status}`}
      </p>
      {setup.view === 'sweep' && info && (
        <div>
          <p>First zone: {info.trackLbns} sectors per track ({fmt(info.trackLbns * info.sectorBytes / 1024, 0)} KB), zero-latency access {info.zeroLatency ? 'on' : 'off'}; random reads, {setup.n} per point, {setup.q === 1 ? 'onereq' : 'tworeq'}.</p>
          <SweepChart info={info} points={points} metric="efficiency" />
          {ta && tu && (
            <table data-testid="track-breakdown" style={{ borderCollapse: 'collapse', margin: '12px 0' }}>
              <caption style={{ textAlign: 'left' }}>Track-sized requests: head time per request (ms), by component</caption>
              <thead><tr><th></th><th>seek</th><th>rotational latency</th><th>media transfer</th><th>head switch</th><th>bus (after media)</th><th>head time</th><th>efficiency</th><th>response s.d.</th><th>P(head switch)</th></tr></thead>
              <tbody>
                {[ta, tu].map((p) => (
                  <tr key={p.alignment} data-testid={`row-${p.alignment}`}>
                    <th>{p.alignment}</th><td>{fmt(p.seekMs)}</td><td>{fmt(p.rotationMs)}</td><td>{fmt(p.transferMs)}</td><td>{fmt(p.switchMs)}</td>
                    <td>{fmt(p.busMs)}</td><td data-testid={`head-${p.alignment}`} data-value={p.headMs}>{fmt(p.headMs)}</td><td>{fmt(p.efficiency, 3)}</td><td>{fmt(p.responseSdMs)}</td><td>{fmt(p.headSwitchFraction, 3)}</td>
                  </tr>
                ))}
                <tr><th>difference</th><td colSpan={5}></td><td data-testid="head-reduction">{fmt(100 * (1 - ta.headMs / tu.headMs), 1)} % less head time aligned</td><td>{fmt(100 * (ta.efficiency / tu.efficiency - 1), 0)} % more efficient</td><td>{fmt(tu.responseSdMs - ta.responseSdMs)} ms lower</td><td></td></tr>
              </tbody>
            </table>
          )}
          <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
            <SweepChart info={info} points={points} metric="responseSdMs" width={420} height={240} />
            <div>
              <SweepChart info={info} points={points} metric="headSwitchFraction" width={420} height={240} />
              <p style={{ fontSize: 12, maxWidth: 420 }}>Unaligned: the paper's P(head switch) = (N−1)/SPT, e.g. {fmt(headSwitchProbability(Math.round(info.trackLbns / 2), info.spt), 3)} at half a track; measured: {fmt(points.find((p) => p.alignment === 'unaligned' && Math.abs(info.sizes[p.index] - info.trackLbns / 2) < info.trackLbns / 8)?.headSwitchFraction ?? NaN, 3)} (nearest size).</p>
            </div>
          </div>
        </div>
      )}
      {setup.view === 'extract' && (
        <div data-testid="extraction">
          <p>The extractor treats the disk as a black box: it times 1- and 2-sector reads issued at chosen rotational phases (section 4.1 of the paper) and never reads the layout. The result is compared with the engine's true track map.</p>
          {extract && (
            <dl>
              <dt>progress</dt><dd><progress max={extract.report.endLbn} value={extract.report.cursor} /> LBN {extract.report.cursor.toLocaleString()} of {extract.report.endLbn.toLocaleString()}</dd>
              <dt>boundaries found</dt><dd data-testid="extract-found">{extract.report.boundaries.toLocaleString()}</dd>
              <dt>requests issued</dt><dd>{extract.report.requests.toLocaleString()} ({extract.report.shortcuts.toLocaleString()} tracks by the same-size shortcut, {extract.report.searches} by binary search)</dd>
              <dt>simulated time</dt><dd>{fmt(extract.report.simMs / 60000, 1)} minutes (the paper: about four hours for a 9 GB Atlas 10K)</dd>
              {extract.done && (
                <>
                  <dt>vs the true track map</dt>
                  <dd data-testid="extract-verdict" data-exact={String(extract.done.missing.length === 0 && extract.done.extra.length === 0)}>
                    {extract.done.found.toLocaleString()} found, {extract.done.truth.toLocaleString()} true: {extract.done.missing.length === 0 && extract.done.extra.length === 0 ? 'every boundary exact' : `${extract.done.missing.length} missing, ${extract.done.extra.length} wrong`}
                  </dd>
                  <dt>traxtent allocation (8 KB blocks)</dt>
                  <dd data-testid="excluded">{extract.done.excluded.excluded.toLocaleString()} of {extract.done.excluded.blocks.toLocaleString()} blocks excluded: one in {fmt(extract.done.excluded.blocks / extract.done.excluded.excluded, 1)}</dd>
                </>
              )}
            </dl>
          )}
        </div>
      )}
    </div>
  );
}
