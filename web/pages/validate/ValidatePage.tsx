/*
 * ValidatePage — #validate?disk=…&trace=…: a disk preset checked against a
 * trace measured on the real drive, as DiskSim's validate mode does it. Pick
 * a preset and a trace (DiskSim's bundled validation traces, or a file:
 * parsed in the worker by web/trace), and the worker replays it closed
 * (one outstanding, the trace's think times) with progress and Cancel; then
 * the comparison (Results). The URL holds the preset and the bundled trace;
 * every number comes from the engine. window.__spindleValidate exposes the
 * status and the result for tests.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { PRESETS, PRESET_IDS, presetById } from '../../presets';
import { formatInt, formatMs } from '../../lib/format';
import { useWidth } from '../../lib/useWidth';
import { useFirstDrawing } from '../../lib/firstDrawing';
import type { Problem } from '../../state/fields';
import { BUNDLED_TRACES, bundledTrace } from './bundled';
import { validationDriveOf } from './drives';
import { FILE_TRACE, decodeValSetup, encodeValSetup, type ValSetup } from './setup';
import { useValidation } from './useValidation';
import { Results } from './Results';
import './validate.css';

declare global {
  interface Window { __spindleValidate?: unknown }
}

export function ValidatePage() {
  const initial = useMemo(() => decodeValSetup(window.location.hash, PRESET_IDS), []);
  const [setup, setSetup] = useState<ValSetup>(initial.setup);
  const [problems] = useState<Problem[]>(initial.problems);
  const v = useValidation();
  useFirstDrawing(!!(v.result && v.resultOf), 'chart');
  const [wrapRef, width] = useWidth();
  const fileInput = useRef<HTMLInputElement>(null);
  const preset = presetById(setup.disk);

  // The URL follows the setup.
  useEffect(() => {
    const h = encodeValSetup(setup);
    if (window.location.hash !== h) window.history.replaceState(null, '', h);
  }, [setup]);

  // A bundled trace is fetched and parsed when chosen.
  const { loadUrl } = v;
  useEffect(() => {
    const b = bundledTrace(setup.trace);
    if (b) loadUrl(b.file, b.url);
  }, [setup.trace, loadUrl]);

  // A new trace or preset runs at once (the previous run is abandoned), unless a trace is still
  // loading: its arrival runs it with the preset chosen by then.
  const { run, trace, isLoading } = v;
  useEffect(() => {
    if (trace && preset && !isLoading()) run(preset.name, preset.json);
  }, [trace, preset, run, isLoading]);

  const vRef = useRef(v);
  vRef.current = v;
  useEffect(() => {
    const hook = {
      version: 1,
      status: () => vRef.current.status,
      error: () => vRef.current.error,
      result: () => vRef.current.result,
      resultOf: () => vRef.current.resultOf,
    };
    window.__spindleValidate = hook;
    return () => { if (window.__spindleValidate === hook) delete window.__spindleValidate; };
  }, []);

  const chooseTrace = (name: string) => {
    if (name === FILE_TRACE) { fileInput.current?.click(); return; }
    const b = bundledTrace(name);
    // A bundled trace brings its drive's preset along.
    setSetup((s) => ({ trace: name, disk: b?.drive.preset && PRESET_IDS.includes(b.drive.preset) ? b.drive.preset : s.disk }));
  };
  const busy = v.status === 'loading' || v.status === 'parsing' || v.status === 'running';
  const p = v.trace?.parsed.preview;
  const drive = v.resultOf ? validationDriveOf(v.resultOf.trace) : undefined;

  return (
    <main className="validate" data-status={v.status}>
      <div ref={wrapRef} aria-hidden="true" />
      <header>
        <h1>Validation against a measured drive</h1>
        <span className="sub">a preset replayed through a trace measured on the real drive, as DiskSim&rsquo;s validate mode does it</span>
        <nav className="val-nav"><a href="#">← the live explorer</a></nav>
      </header>
      {problems.length > 0 && (
        <ul className="val-problems" data-testid="setup-problems" role="alert">{problems.map((q, i) => <li key={i}><code>{q.field}</code>: {q.message}. Used: {q.used}.</li>)}</ul>
      )}
      <form className="val-controls" onSubmit={(e) => { e.preventDefault(); if (preset) v.run(preset.name, preset.json); }}>
        <label>Disk preset <select id="val-disk" data-testid="val-disk" value={setup.disk} onChange={(e) => setSetup((s) => ({ ...s, disk: e.target.value }))}>
          {PRESETS.map((x) => <option key={x.id} value={x.id}>{x.name}</option>)}
        </select></label>
        <label>Measured trace <select id="val-trace" data-testid="val-trace" value={setup.trace} onChange={(e) => chooseTrace(e.target.value)}>
          {BUNDLED_TRACES.map((t) => <option key={t.name} value={t.name}>{t.file}: {t.drive.drive}</option>)}
          <option value={FILE_TRACE}>{setup.trace === FILE_TRACE && v.trace ? `file: ${v.trace.name}` : 'a file of yours…'}</option>
        </select></label>
        <button type="button" onClick={() => fileInput.current?.click()} data-testid="val-load">Load trace file…</button>
        <input ref={fileInput} type="file" hidden data-testid="val-file" aria-label="Trace file"
          onChange={(e) => { const f = e.target.files?.[0]; if (f) { setSetup((s) => ({ ...s, trace: FILE_TRACE })); v.loadFile(f); } e.target.value = ''; }} />
        {/* Two elements, never one that changes type: a click on Cancel must not become a submit once the run stops. */}
        <button key="run" type="submit" disabled={busy || !v.trace || !preset} data-testid="val-run">Run again</button>
        {busy && <button key="cancel" type="button" onClick={v.cancel} data-testid="val-cancel">Cancel</button>}
        <button type="button" onClick={() => navigator.clipboard?.writeText(window.location.href)}>Copy link</button>
      </form>
      <p className="val-status" data-testid="val-status" data-status={v.status} aria-live="polite">
        {v.status === 'loading' && 'Reading the trace…'}
        {v.status === 'parsing' && `Parsing the trace in the worker${v.parseProgress ? `: ${Math.round((100 * v.parseProgress.bytesDone) / Math.max(1, v.parseProgress.bytesTotal))} %` : '…'}`}
        {v.status === 'running' && v.runProgress && `Replaying: ${formatInt(v.runProgress.done)} of ${formatInt(v.runProgress.total)} requests`}
        {v.status === 'cancelled' && 'Cancelled.'}
        {v.status === 'idle' && !v.trace && setup.trace === FILE_TRACE && 'Load a trace file with measured response times (DiskSim validate format: R|W outcome lbn sectors service_us next_us).'}
      </p>
      {v.status === 'running' && v.runProgress && (
        <progress max={v.runProgress.total} value={v.runProgress.done} data-testid="val-progress" />
      )}
      {v.error && <p className="banner error" role="alert" data-testid="val-error">{v.error}</p>}
      {v.trace && p && (
        <p className="val-trace" data-testid="val-trace-summary">
          <b>{v.trace.name}</b>: {p.formatName}; {formatInt(p.count)} requests ({formatInt(p.reads)} reads, {formatInt(p.writes)} writes),
          {' '}sizes {formatInt(p.sectorsMin)}–{formatInt(p.sectorsMax)} sectors; measured mean response {formatMs(p.serviceMeanMs)}.
          {p.notes.length > 0 && ` ${p.notes.join(' ')}`}
        </p>
      )}
      {v.result && v.resultOf && <Results r={v.result} of={v.resultOf} drive={drive} presetId={setup.disk} width={width} />}
      {!v.result && !busy && !v.error && v.trace && <p>Running…</p>}
    </main>
  );
}
