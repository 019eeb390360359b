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
import { presetById } from '../../presets';
import { TRAX_PRESETS, TRAX_PRESET_IDS } from './disks';
import { EngineClient } from '../../engine/client';
import { decodeTraxSetup, encodeTraxSetup, type SetupProblem, type TraxSetup } from './setup';
import type { ExtractResult, SweepInfo } from './protocol';
import type { SweepPoint } from './sweep';
import type { ExtractReport } from '../../../engine-wasm/binding';
import { headSwitchAtHalfTrack } from './sweep';
import { formatInt, formatNum, formatPct } from '../../lib/format';
import { Explain, Units } from '../../shell/Explain';
import { TERMS } from '../../lib/explain';
import { PresetPicker } from '../../experiments/PresetPicker';
import { SetupProblems } from '../../experiments/SetupProblems';
import { useFirstDrawing } from '../../lib/firstDrawing';
import './traxtents.css';
import { SweepChart } from './SweepChart';
import './layout.css';
import { PAPER_ADAPTER_MBS, adapterLine, type Adapter } from '../../experiments/adapter';

const decodeSetup = (url: string) => decodeTraxSetup(url, TRAX_PRESET_IDS).setup;

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

export function TraxtentsPage() {
  const initial = useMemo(() => decodeTraxSetup(window.location.hash, TRAX_PRESET_IDS), []);
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

  const half = info ? headSwitchAtHalfTrack(info.sizes, info.trackLbns, info.spt, points) : undefined;

  useFirstDrawing(info !== null && points.length > 0, 'chart');
  return (
    <main className="traxtents">
      <div className="page-head">
        <h1>Track-aligned vs unaligned access</h1>
        <span className="sub">Schindler et al., Track-aligned extents, FAST 2002</span>
        <PresetPicker pageId="traxtents" setup={setup} encode={encodeTraxSetup} decode={decodeSetup} onChoose={setSetup} testId="trax-experiment" />
      </div>
      <SetupProblems problems={problems} />
      <form className="trax-controls" onSubmit={(e) => e.preventDefault()}>
        <label>Disk <select id="trax-disk" value={setup.disk} onChange={(e) => set('disk', e.target.value)}>
          {TRAX_PRESETS.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
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
          {[500, 1000, 2000, 5000].map((n) => <option key={n} value={n}>{formatInt(n)}</option>)}
        </select></label>
        <label>View <select id="trax-view" value={setup.view} onChange={(e) => set('view', e.target.value as TraxSetup['view'])}>
          <option value="sweep">efficiency vs size</option><option value="extract">finding the tracks</option>
        </select></label>
        <button type="button" onClick={() => navigator.clipboard?.writeText(window.location.href)}>Copy link</button>
      </form>
      {disk && <p className="trax-line" data-testid="trax-adapter-line">{adapterLine(setup.adapter, disk.controller.busMsPerSector, disk.geometry.sectorBytes)}</p>}
      <p className="trax-line" data-testid="trax-status" data-status={status}>
        {error ? `Error: ${error}` : setup.view === 'sweep' ? `${points.length} of ${total || '…'} points (${status})` : `extraction ${status}`}
      </p>
      {setup.view === 'sweep' && info && (
        <div>
          <p className="trax-line" data-testid="trax-zone-line">
            <strong>First zone only:</strong> {info.trackLbns} sectors per track ({formatNum(info.trackLbns * info.sectorBytes / 1024, 0)} KB),
            zero-latency access {info.zeroLatency ? 'on' : 'off'}; random reads, {formatInt(setup.n)} per point, {setup.q === 1 ? 'onereq' : 'tworeq'}.
            The side-by-side page spreads its requests over the whole disk, so its efficiency differs.
          </p>
          <h2>Disk efficiency against request size</h2>
          <Explain id="traxSweep" />
          <SweepChart info={info} points={points} metric="efficiency" />
          <Units id="traxSweep" />
          <dl className="trax-terms" data-testid="trax-terms">
            {Object.values(TERMS).map(([term, text]) => <div key={term}><dt>{term}</dt><dd>{text}</dd></div>)}
          </dl>
          {ta && tu && (
            <section>
              <h2>Track-sized requests: head time per request, by component</h2>
              <Explain id="traxBreakdown" />
              <div className="trax-scroll" tabIndex={0} role="region" aria-label="Head time by component (scrolls sideways)">
                <table className="trax-table" data-testid="track-breakdown">
                  <thead><tr><th scope="col"></th><th scope="col">seek</th><th scope="col">rotational latency</th><th scope="col">media transfer</th><th scope="col">head switch</th><th scope="col">bus (after media)</th><th scope="col">head time</th><th scope="col">efficiency</th><th scope="col">response s.d.</th><th scope="col">P(head switch)</th></tr></thead>
                  <tbody>
                    {[ta, tu].map((p) => (
                      <tr key={p.alignment} data-testid={`row-${p.alignment}`}>
                        <th scope="row">{p.alignment}</th><td>{formatNum(p.seekMs)}</td><td>{formatNum(p.rotationMs)}</td><td>{formatNum(p.transferMs)}</td><td>{formatNum(p.switchMs)}</td>
                        <td>{formatNum(p.busMs)}</td><td data-testid={`head-${p.alignment}`} data-value={p.headMs}>{formatNum(p.headMs)}</td><td>{formatNum(p.efficiency, 3)}</td><td>{formatNum(p.responseSdMs)}</td><td>{formatNum(p.headSwitchFraction, 3)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Units id="traxBreakdown" />
              <p className="trax-line" data-testid="head-reduction">
                Aligned: {formatPct(1 - ta.headMs / tu.headMs)} less head time, {formatPct(ta.efficiency / tu.efficiency - 1, 0)} more efficient, response s.d. {formatNum(tu.responseSdMs - ta.responseSdMs)} ms lower.
              </p>
            </section>
          )}
          <div className="trax-pair">
            <section>
              <h2>Response-time spread</h2>
              <Explain id="traxSd" />
              <SweepChart info={info} points={points} metric="responseSdMs" width={420} height={240} />
              <Units id="traxSd" />
            </section>
            <section>
              <h2>Head switches</h2>
              <Explain id="traxSwitch" />
              <SweepChart info={info} points={points} metric="headSwitchFraction" width={420} height={240} />
              <Units id="traxSwitch" />
              {half && (
                <p className="trax-note" data-testid="switch-note">
                  Unaligned {formatInt(half.sectors)}-sector requests (the size nearest half a track): the paper&apos;s (N−1)/SPT = ({formatInt(half.sectors)}−1)/{formatInt(info.spt)} = {formatNum(half.formula, 3)}; measured {formatNum(half.measured, 3)}.
                </p>
              )}
            </section>
          </div>
        </div>
      )}
      {setup.view === 'extract' && (
        <section data-testid="extraction">
          <h2>Finding the track boundaries</h2>
          <Explain id="traxExtract" />
          {extract && (
            <dl className="trax-extract">
              <dt>progress</dt><dd><progress max={extract.report.endLbn} value={extract.report.cursor} /> LBN {formatInt(extract.report.cursor)} of {formatInt(extract.report.endLbn)}</dd>
              <dt>boundaries found</dt><dd data-testid="extract-found">{formatInt(extract.report.boundaries)}</dd>
              <dt>requests issued</dt><dd>{formatInt(extract.report.requests)} ({formatInt(extract.report.shortcuts)} tracks by the same-size shortcut, {formatInt(extract.report.searches)} by binary search)</dd>
              <dt>simulated time</dt><dd>{formatNum(extract.report.simMs / 60000, 1)} minutes (the paper: about four hours for a 9 GB Atlas 10K)</dd>
              {extract.done && (
                <>
                  <dt>vs the true track map</dt>
                  <dd data-testid="extract-verdict" data-exact={String(extract.done.missing.length === 0 && extract.done.extra.length === 0)}>
                    {formatInt(extract.done.found)} found, {formatInt(extract.done.truth)} true: {extract.done.missing.length === 0 && extract.done.extra.length === 0 ? 'every boundary exact' : `${formatInt(extract.done.missing.length)} missing, ${formatInt(extract.done.extra.length)} wrong`}
                  </dd>
                  <dt>traxtent allocation (8 KB blocks)</dt>
                  <dd data-testid="excluded">{formatInt(extract.done.excluded.excluded)} of {formatInt(extract.done.excluded.blocks)} blocks excluded: one in {formatNum(extract.done.excluded.blocks / extract.done.excluded.excluded, 1)}</dd>
                </>
              )}
            </dl>
          )}
        </section>
      )}
    </main>
  );
}
