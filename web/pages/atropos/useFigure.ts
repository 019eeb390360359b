/*
 * useFigure — runs one of the experiment's streamed figures (bridge method
 * atFigure) and keeps every message it posted, so a chart draws its points
 * as they arrive. Restarted when the parameters change (compared by value);
 * the cleanup cancels the stream in the worker. The last good result stays
 * on screen while a new one starts only if the parameters are the same.
 */
import { useEffect, useState } from 'react';
import type { EngineClient } from '../../engine/client';
import type { FigureParams, FigureProgress } from './protocol';

export interface FigureState { messages: FigureProgress[]; done: boolean; error: string }

export function useFigure(client: EngineClient | null, params: FigureParams | null, key: string): FigureState | null {
  const [state, setState] = useState<FigureState | null>(null);
  useEffect(() => {
    if (!client || !params) return;
    const abort = new AbortController();
    setState({ messages: [], done: false, error: '' });
    client.call('atFigure', params, {
      signal: abort.signal,
      onProgress: (m) => { if (!abort.signal.aborted) setState((s) => (s ? { ...s, messages: [...s.messages, m] } : s)); },
    }).then(
      () => { if (!abort.signal.aborted) setState((s) => (s ? { ...s, done: true } : s)); },
      (e: unknown) => { if (!abort.signal.aborted) setState((s) => (s ? { ...s, error: e instanceof Error ? e.message : String(e) } : s)); },
    );
    return () => abort.abort(new DOMException('the setup changed', 'AbortError'));
    // `key` stands for the parameters' value (the preset is fixed by the disk id in it)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, key]);
  return state;
}
