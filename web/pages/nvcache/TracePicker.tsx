/*
 * TracePicker — replays a trace file instead of the workload: the file is
 * parsed in the engine's worker (any format the importer knows, the paper's
 * "time sector length R/W" entries among them), and a time window of it is
 * replayed (the paper's traces span days). A line that does not parse, a bad
 * window or one too long is named, and the last good run stays. A trace is
 * not part of the link: the link keeps the workload settings.
 */
import { useState } from 'react';
import type { EngineClient } from '../../engine/client';
import { traceWindow } from '../../trace/window';
import type { Trace } from '../../trace/types';
import type { TraceRequests } from './protocol';
import { MAX_RUN_REQUESTS } from './limits';
import { traceRequests } from './trace';

export function TracePicker({ client, active, onTrace }: { client: EngineClient | null; active: string; onTrace: (t: TraceRequests | null) => void }) {
  const [full, setFull] = useState<{ name: string; trace: Trace } | null>(null);
  const [from, setFrom] = useState('0');
  const [to, setTo] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const apply = (f: { name: string; trace: Trace }, fromS: string, toS: string) => {
    const a = Number(fromS) * 1000, b = toS.trim() === '' ? Infinity : Number(toS) * 1000;
    const w = traceWindow(f.trace, a, b);
    if (!w.ok) { setMessage(`${f.name}, ${w.error.field}: ${w.error.message}`); return; }
    if (w.trace.count > MAX_RUN_REQUESTS) {
      setMessage(`${f.name}, field window: ${w.trace.count.toLocaleString('en-US')} requests arrive in it; the page replays at most ${MAX_RUN_REQUESTS.toLocaleString('en-US')} (choose a shorter window)`);
      return;
    }
    setMessage('');
    onTrace(traceRequests(f.name, w.trace));
  };

  const load = async (file: File) => {
    if (!client) return;
    setBusy(true); setMessage(`reading ${file.name}…`);
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const p = await client.call('traceParse', { bytes });
      const trace: Trace = { ...p.columns, format: p.format, hasService: p.hasService, notes: [] };
      const f = { name: file.name, trace };
      setFull(f);
      // The whole trace when the page can replay it, else its first MAX_RUN_REQUESTS requests' span.
      const last = trace.count > MAX_RUN_REQUESTS ? trace.arrivalMs[MAX_RUN_REQUESTS - 1] : Infinity;
      const toS = Number.isFinite(last) ? String(Math.floor(last) / 1000) : '';
      setFrom('0'); setTo(toS);
      apply(f, '0', toS);
    } catch (e) {
      setMessage(`${file.name}: ${e instanceof Error ? e.message : String(e)} (the last good run stays)`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className="nv-trace" data-testid="trace-picker"><legend>Trace replay</legend>
      <label>Load trace… <input type="file" data-testid="trace-file" disabled={busy || !client} onChange={(e) => { const f = e.target.files?.[0]; if (f) void load(f); e.target.value = ''; }} /></label>
      {full && (
        <form className="nv-window" onSubmit={(e) => { e.preventDefault(); apply(full, from, to); }}>
          <label>from (s) <input id="nv-trace-from" type="text" inputMode="decimal" size={8} value={from} onChange={(e) => setFrom(e.target.value)} /></label>
          <label>to (s) <input id="nv-trace-to" type="text" inputMode="decimal" size={8} value={to} placeholder="the end" onChange={(e) => setTo(e.target.value)} /></label>
          <button type="submit" data-testid="trace-window">Replay this window</button>
          <button type="button" onClick={() => { setFull(null); setMessage(''); onTrace(null); }}>Use the workload</button>
        </form>
      )}
      <span className="hint" data-testid="trace-active">{active ? `Replaying ${active} (not in the link).` : 'The workload above is replayed.'}</span>
      {message && <p className="nv-problems" role="alert" data-testid="trace-message">{message}</p>}
    </fieldset>
  );
}
