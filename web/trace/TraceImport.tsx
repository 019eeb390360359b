/*
 * TraceImport — "Load trace…": a file input and a drop zone; while the
 * worker parses, its progress and Cancel; then the preview the module
 * computed (format, counts, span, LBN range, size histogram, first rows,
 * notes), the replay mode and Run. While a trace replays, its name and a
 * button back to the synthetic workload.
 */
import { useRef, useState, type DragEvent } from 'react';
import { formatInt, formatMs } from '../lib/format';
import type { TraceImportState } from './useTraceImport';
import './trace.css';

export function TraceImport({ t }: { t: TraceImportState }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [open, setOpen] = useState(false);
  const p = t.parsed?.preview;

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const f = e.dataTransfer.files[0];
    if (f) { setOpen(true); t.load(f); }
  };

  return (
    <section className={`trace-import${over ? ' over' : ''}`} data-testid="trace-import"
      onDragOver={(e) => { e.preventDefault(); setOver(true); }} onDragLeave={() => setOver(false)} onDrop={onDrop}>
      <div className="trace-bar">
        <button type="button" onClick={() => input.current?.click()} data-testid="trace-load" title="Replay a trace file (or drop one here)">Load trace…</button>
        <input ref={input} type="file" hidden data-testid="trace-file" aria-label="Trace file"
          onChange={(e) => { const f = e.target.files?.[0]; if (f) { setOpen(true); t.load(f); } e.target.value = ''; }} />
        {t.active && (
          <span className="trace-active" data-testid="trace-active">
            Replaying <b>{t.active.name}</b> ({formatInt(t.active.columns.count)} requests, {t.active.mode})
            <button type="button" onClick={t.stop} data-testid="trace-stop">Back to the synthetic workload</button>
          </span>
        )}
        {!t.active && t.status === 'idle' && <span className="sub">or drop a trace file here (DiskSim, blkparse, MSR CSV, Spindle CSV)</span>}
        {(t.status === 'ready' || t.status === 'error') && (
          <button type="button" className="link" onClick={() => setOpen(!open)}>{open ? 'Hide' : 'Show'} {t.name}</button>
        )}
      </div>
      {(t.status === 'reading' || t.status === 'parsing') && (
        <p className="trace-progress" data-testid="trace-progress">
          Reading {t.name}
          {t.progress && `: ${Math.round((100 * t.progress.bytesDone) / Math.max(1, t.progress.bytesTotal))} %, ${formatInt(t.progress.requests)} requests`}
          {' '}<button type="button" onClick={t.cancel}>Cancel</button>
        </p>
      )}
      {t.status === 'error' && open && <p className="banner error" role="alert" data-testid="trace-error">{t.name}: {t.error}</p>}
      {t.status === 'ready' && p && open && (
        <div className="trace-preview" data-testid="trace-preview">
          <p>
            <b>{t.name}</b>: {p.formatName}. <span data-testid="trace-count" data-value={p.count}>{formatInt(p.count)}</span> requests
            ({formatInt(p.reads)} reads, {formatInt(p.writes)} writes) over {formatMs(p.spanMs)}; LBNs {formatInt(p.lbnMin)}–{formatInt(p.lbnMax)};
            {' '}sizes {formatInt(p.sectorsMin)}–{formatInt(p.sectorsMax)} sectors (mean {p.sectorsMean.toFixed(1)})
            {p.hasService && <>; measured mean response <span data-testid="trace-measured" data-value={p.serviceMeanMs}>{formatMs(p.serviceMeanMs)}</span></>}.
          </p>
          <table className="trace-sizes" aria-label="Request sizes">
            <tbody>
              {p.sizes.map((b) => (
                <tr key={b.lo}>
                  <th>{b.lo === b.hi ? b.lo : `${b.lo}–${b.hi}`}</th>
                  <td><span className="bar" style={{ width: `${(100 * b.count) / Math.max(1, p.count)}%` }} /></td>
                  <td className="num">{formatInt(b.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="trace-rows" aria-label="First requests">
            <thead><tr><th>line</th><th>arrival</th><th>R/W</th><th>LBN</th><th>sectors</th>{p.hasService && <th>measured</th>}<th>think</th></tr></thead>
            <tbody>
              {p.rows.map((r) => (
                <tr key={r.line}>
                  <td>{r.line}</td><td>{formatMs(r.arrivalMs)}</td><td>{r.write ? 'W' : 'R'}</td><td>{formatInt(r.lbn)}</td><td>{r.sectors}</td>
                  {p.hasService && <td>{Number.isFinite(r.serviceMs) ? formatMs(r.serviceMs) : '—'}</td>}<td>{formatMs(r.thinkMs)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {p.notes.length > 0 && <ul className="trace-notes">{p.notes.map((n) => <li key={n}>{n}</li>)}</ul>}
          <div className="trace-run">
            <label>
              Replay{' '}
              <select value={t.mode} onChange={(e) => t.setMode(e.target.value as 'open' | 'closed')} data-testid="trace-mode" aria-label="Replay mode">
                <option value="open">open: arrival times from the trace</option>
                <option value="closed">closed: one outstanding, think time from the trace</option>
              </select>
            </label>
            <button type="button" onClick={() => { t.run(); setOpen(false); }} data-testid="trace-run">Run</button>
          </div>
        </div>
      )}
    </section>
  );
}
