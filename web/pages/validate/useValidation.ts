/*
 * useValidation.ts — the validation view's work, over one engine worker: a
 * trace (a bundled one fetched, or a file the user picks: its bytes go to the
 * worker and are parsed there, web/trace's traceParse) and then the closed
 * replay through the chosen preset (valRun), each with progress and cancel.
 * A newer request abandons an older one. The last good result stays when a
 * later step fails; the error says what failed (the preset's field, the
 * trace's line and field).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { EngineClient } from '../../engine/client';
import type { ParseProgress } from '../../trace/parse';
import type { TraceParsed } from '../../trace/protocol';
import { MAX_TRACE_BYTES, type TraceColumns } from '../../trace/types';
import type { ValProgress, ValRunResult } from './protocol';

export type ValStatus = 'idle' | 'loading' | 'parsing' | 'running' | 'done' | 'error' | 'cancelled';

export interface LoadedTrace {
  /** What the user knows it by: the file's name. */
  name: string;
  parsed: TraceParsed;
}

export interface ValidationState {
  status: ValStatus;
  trace: LoadedTrace | null;
  parseProgress: ParseProgress | null;
  runProgress: ValProgress | null;
  result: ValRunResult | null;
  /** The preset and trace the result is of. */
  resultOf: { preset: string; trace: string } | null;
  error: string | null;
  loadUrl(name: string, url: string): void;
  loadFile(file: File): void;
  /** A trace is being read or parsed (known at once, before the status re-renders). */
  isLoading(): boolean;
  run(presetName: string, preset: unknown): void;
  cancel(): void;
}

function copyColumns(c: TraceColumns): TraceColumns {
  return {
    count: c.count, arrivalMs: c.arrivalMs.slice(), thinkMs: c.thinkMs.slice(), lbn: c.lbn.slice(), sectors: c.sectors.slice(),
    isWrite: c.isWrite.slice(), serviceMs: c.serviceMs.slice(), line: c.line.slice(),
  };
}

export function useValidation(): ValidationState {
  const client = useRef<EngineClient | null>(null);
  const job = useRef<AbortController | null>(null);
  const runJob = useRef<AbortController | null>(null);
  const loading = useRef(false);
  const [status, setStatus] = useState<ValStatus>('idle');
  const [trace, setTrace] = useState<LoadedTrace | null>(null);
  const [parseProgress, setParseProgress] = useState<ParseProgress | null>(null);
  const [runProgress, setRunProgress] = useState<ValProgress | null>(null);
  const [result, setResult] = useState<ValRunResult | null>(null);
  const [resultOf, setResultOf] = useState<{ preset: string; trace: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    client.current = EngineClient.start();
    return () => { job.current?.abort(); runJob.current?.abort(); client.current?.close('the validation page was closed'); client.current = null; };
  }, []);

  // Loading a trace abandons any load and run under way; a run abandons only the previous run.
  const begin = (slot: typeof job, also?: typeof job): AbortController => {
    for (const j of [slot, also]) j?.current?.abort(new DOMException('superseded', 'AbortError'));
    const ac = new AbortController();
    slot.current = ac;
    setError(null);
    return ac;
  };
  const fail = (ac: AbortController, what: string, e: unknown) => {
    if (ac.signal.aborted) return;
    if (ac === job.current) loading.current = false;
    setStatus('error');
    setError(`${what}: ${e instanceof Error ? e.message : String(e)}`);
  };

  const parse = useCallback(async (ac: AbortController, name: string, bytes: Uint8Array) => {
    setStatus('parsing');
    setParseProgress(null);
    const parsed = await client.current!.call('traceParse', { bytes }, { signal: ac.signal, onProgress: setParseProgress });
    if (ac.signal.aborted) return;
    loading.current = false;
    if (!parsed.hasService) throw new Error('the trace records no measured response times; validation needs one per request (a DiskSim validate trace has them)');
    setTrace({ name, parsed });
    setStatus('idle');
  }, []);

  const loadUrl = useCallback((name: string, url: string) => {
    const ac = begin(job, runJob);
    loading.current = true;
    setStatus('loading');
    void (async () => {
      try {
        const res = await fetch(url, { signal: ac.signal });
        if (!res.ok) throw new Error(`could not fetch it (HTTP ${res.status})`);
        await parse(ac, name, new Uint8Array(await res.arrayBuffer()));
      } catch (e) {
        fail(ac, name, e);
      }
    })();
  }, [parse]);

  const loadFile = useCallback((file: File) => {
    const ac = begin(job, runJob);
    loading.current = true;
    if (file.size > MAX_TRACE_BYTES) {
      loading.current = false;
      setStatus('error');
      setError(`${file.name}: the file is ${(file.size / 2 ** 20).toFixed(1)} MiB; the importer reads at most ${MAX_TRACE_BYTES / 2 ** 20} MiB`);
      return;
    }
    setStatus('loading');
    void (async () => {
      try {
        await parse(ac, file.name, new Uint8Array(await file.arrayBuffer()));
      } catch (e) {
        fail(ac, file.name, e);
      }
    })();
  }, [parse]);

  const run = useCallback((presetName: string, preset: unknown) => {
    if (!trace || !client.current) return;
    const ac = begin(runJob);
    setStatus('running');
    setRunProgress({ done: 0, total: trace.parsed.columns.count });
    client.current.call('valRun', { preset, columns: copyColumns(trace.parsed.columns) }, { signal: ac.signal, onProgress: setRunProgress })
      .then((r) => {
        if (ac.signal.aborted) return;
        setResult(r);
        setResultOf({ preset: presetName, trace: trace.name });
        setStatus('done');
      }, (e: unknown) => fail(ac, `${trace.name} through ${presetName}`, e));
  }, [trace]);

  const cancel = useCallback(() => {
    for (const j of [job, runJob]) j.current?.abort(new DOMException('cancelled', 'AbortError'));
    loading.current = false;
    setStatus('cancelled');
  }, []);

  const isLoading = useCallback(() => loading.current, []);

  return { status, trace, parseProgress, runProgress, result, resultOf, error, loadUrl, loadFile, isLoading, run, cancel };
}
