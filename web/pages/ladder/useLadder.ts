/*
 * useLadder.ts — the ladder page's work, over one engine worker: every rung
 * of a ladder run on the same workload (ladderRun), the rungs' results
 * arriving as each finishes, with progress and cancel. A newer run abandons
 * an older one; the last good result stays when a later run fails.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { EngineClient } from '../../engine/client';
import type { RungResult } from './ladder';
import type { LadderProgress } from './protocol';

export type LadderStatus = 'idle' | 'running' | 'done' | 'error' | 'cancelled';

export interface LadderState {
  status: LadderStatus;
  progress: LadderProgress | null;
  /** Results so far (streamed) or of the last finished run. */
  results: RungResult[];
  /** What the results are of: "ladder seed n". */
  resultOf: string | null;
  error: string | null;
  run(key: string, ladder: unknown, preset: unknown, seed: number, count: number): void;
  cancel(): void;
}

export function useLadder(): LadderState {
  const client = useRef<EngineClient | null>(null);
  const job = useRef<AbortController | null>(null);
  const [status, setStatus] = useState<LadderStatus>('idle');
  const [progress, setProgress] = useState<LadderProgress | null>(null);
  const [results, setResults] = useState<RungResult[]>([]);
  const [resultOf, setResultOf] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    client.current = EngineClient.start();
    return () => { job.current?.abort(); client.current?.close('the ladder page was closed'); client.current = null; };
  }, []);

  const run = useCallback((key: string, ladder: unknown, preset: unknown, seed: number, count: number) => {
    if (!client.current) return;
    job.current?.abort(new DOMException('superseded', 'AbortError'));
    const ac = new AbortController();
    job.current = ac;
    setError(null);
    setStatus('running');
    setProgress(null);
    let first = true;
    client.current.call('ladderRun', { ladder, preset, seed, count }, {
      signal: ac.signal,
      onProgress: (p) => {
        setProgress(p);
        // Stream the rungs in as they finish (the previous run's stay until the first arrives).
        if (p.done.length > 0) { setResults(p.done); if (first) { setResultOf(key); first = false; } }
      },
    }).then((r) => {
      if (ac.signal.aborted) return;
      setResults(r);
      setResultOf(key);
      setStatus('done');
    }, (e: unknown) => {
      if (ac.signal.aborted) return;
      setStatus('error');
      setError(e instanceof Error ? e.message : String(e));
    });
  }, []);

  const cancel = useCallback(() => {
    job.current?.abort(new DOMException('cancelled', 'AbortError'));
    setStatus('cancelled');
  }, []);

  return { status, progress, results, resultOf, error, run, cancel };
}
