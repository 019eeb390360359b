/*
 * useTraceImport.ts — the explorer's trace import: a file (picked or
 * dropped) is read and sent to an engine worker (its bytes transferred),
 * parsed there with progress and cancel; the preview comes back with the
 * columns. Run makes the trace the explorer's workload (`active`), Stop
 * goes back to the synthetic workload.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { EngineClient } from '../engine/client';
import type { ParseProgress } from './parse';
import type { TraceParsed, TraceRun } from './protocol';
import { MAX_TRACE_BYTES, type ReplayMode } from './types';

export type TraceImportStatus = 'idle' | 'reading' | 'parsing' | 'ready' | 'error';

export interface TraceImportState {
  status: TraceImportStatus;
  name: string;
  progress: ParseProgress | null;
  parsed: TraceParsed | null;
  error: string | null;
  mode: ReplayMode;
  /** The trace the explorer replays now (null: the setup's synthetic workload). */
  active: TraceRun | null;
  load(file: File): void;
  cancel(): void;
  setMode(mode: ReplayMode): void;
  run(): void;
  stop(): void;
}

export function useTraceImport(): TraceImportState {
  const client = useRef<EngineClient | null>(null);
  const abort = useRef<AbortController | null>(null);
  const [status, setStatus] = useState<TraceImportStatus>('idle');
  const [name, setName] = useState('');
  const [progress, setProgress] = useState<ParseProgress | null>(null);
  const [parsed, setParsed] = useState<TraceParsed | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [mode, setMode] = useState<ReplayMode>('open');
  const [active, setActive] = useState<TraceRun | null>(null);

  useEffect(() => () => { abort.current?.abort(); client.current?.close(); }, []);

  const load = useCallback((file: File) => {
    abort.current?.abort();
    const ac = new AbortController();
    abort.current = ac;
    setName(file.name);
    setParsed(null);
    setError(null);
    setProgress(null);
    if (file.size > MAX_TRACE_BYTES) {
      setStatus('error');
      setError(`the file is ${(file.size / 2 ** 20).toFixed(1)} MiB; the importer reads at most ${(MAX_TRACE_BYTES / 2 ** 20).toFixed(1)} MiB (cut it into parts)`);
      return;
    }
    setStatus('reading');
    void (async () => {
      try {
        const bytes = new Uint8Array(await file.arrayBuffer());
        if (ac.signal.aborted) return;
        setStatus('parsing');
        client.current ??= EngineClient.start();
        const result = await client.current.call('traceParse', { bytes }, { signal: ac.signal, onProgress: setProgress });
        if (ac.signal.aborted) return;
        setParsed(result);
        setMode(result.format === 'disksim-validate' ? 'closed' : 'open');
        setStatus('ready');
      } catch (e) {
        if (ac.signal.aborted) return;
        setStatus('error');
        setError(e instanceof Error ? e.message : String(e));
      }
    })();
  }, []);

  const cancel = useCallback(() => {
    abort.current?.abort();
    setStatus('idle');
    setProgress(null);
  }, []);

  const run = useCallback(() => {
    if (parsed) setActive({ name, mode, columns: parsed.columns });
  }, [parsed, name, mode]);

  const stop = useCallback(() => setActive(null), []);

  return { status, name, progress, parsed, error, mode, active, load, cancel, setMode, run, stop };
}
