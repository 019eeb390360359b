/*
 * useReorgRun — runs the experiment's streamed method (bridge method
 * reorgRun) and keeps what it posted: the partition's description, both
 * runs' epochs as they close, and the simulated time reached inside the
 * current epoch (before them, how much of the file systems is built). Restarted when the parameters change (compared by `key`);
 * cancel() stops the run in the worker between two engine chunks, and the
 * epochs already drawn stay. A failure keeps them too and says why.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { EngineClient } from '../../engine/client';
import type { ReorgInfo, ReorgParams, RunEpoch } from './protocol';

export type RunStatus = 'running' | 'done' | 'cancelled' | 'error';

export interface ReorgRunState {
  status: RunStatus;
  info: ReorgInfo | null;
  baseline: RunEpoch[];
  reorg: RunEpoch[];
  /** The file systems' build: the engine's share done, 0..1. */
  building: number;
  /** Epochs asked for, and the simulated time reached (ms). */
  total: number;
  simMs: number;
  error: string;
}

export function useReorgRun(client: EngineClient | null, params: ReorgParams | null, key: string): [ReorgRunState | null, () => void] {
  const [state, setState] = useState<ReorgRunState | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => {
    if (!client || !params) return;
    const a = new AbortController();
    abort.current = a;
    setState({ status: 'running', info: null, baseline: [], reorg: [], building: 0, total: params.epochs, simMs: 0, error: '' });
    const update = (f: (s: ReorgRunState) => ReorgRunState) => { if (abort.current === a) setState((s) => (s ? f(s) : s)); };
    client.call('reorgRun', params, {
      signal: a.signal,
      onProgress: (m) => {
        if (a.signal.aborted) return;
        if (m.kind === 'building') update((s) => ({ ...s, building: m.fraction }));
        else if (m.kind === 'info') update((s) => ({ ...s, info: m.info, building: 1 }));
        else if (m.kind === 'epoch') update((s) => ({ ...s, baseline: [...s.baseline, m.baseline], reorg: [...s.reorg, m.reorg], total: m.total, simMs: m.reorg.stats.endMs }));
        else update((s) => ({ ...s, simMs: m.simMs }));
      },
    }).then(
      () => update((s) => ({ ...s, status: 'done' })),
      (e: unknown) => update((s) => ({ ...s, status: a.signal.aborted ? 'cancelled' : 'error', error: a.signal.aborted ? '' : e instanceof Error ? e.message : String(e) })),
    );
    return () => {
      abort.current = null;
      a.abort(new DOMException('the setup changed', 'AbortError'));
    };
    // `key` stands for the parameters' value
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, key]);
  const cancel = useCallback(() => {
    const a = abort.current;
    if (!a) return;
    a.abort(new DOMException('cancelled', 'AbortError'));
    setState((s) => (s && s.status === 'running' ? { ...s, status: 'cancelled' } : s));
  }, []);
  return [state, cancel];
}
