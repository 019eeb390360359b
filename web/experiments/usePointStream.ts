/*
 * usePointStream.ts — an experiment page's streamed computation (a sweep):
 * started when its key changes and again on restart(), its points gathered
 * as the worker sends them, cancelled in the worker when the key changes,
 * the page goes or cancel() is called. A stream replaced by a newer one
 * says nothing; the one on screen says why it stopped.
 */
import { useEffect, useRef, useState } from 'react';

export interface PointStream<P> {
  points: P[];
  total: number;
  done: boolean;
  error: string;
}

/** Starts the stream: calls the worker with the signal, handing each point and the total to onPoint. */
export type StartStream<P> = (signal: AbortSignal, onPoint: (point: P, total: number) => void) => Promise<unknown>;

export function usePointStream<P>(start: StartStream<P> | null, key: readonly unknown[]): { stream: PointStream<P> | null; cancel(): void; restart(): void } {
  const [stream, setStream] = useState<PointStream<P> | null>(null);
  const [run, setRun] = useState(0);
  const current = useRef<AbortController | null>(null);
  const latest = useRef(start);
  latest.current = start;
  useEffect(() => {
    const go = latest.current;
    if (!go) return;
    const abort = new AbortController();
    current.current = abort;
    setStream({ points: [], total: 0, done: false, error: '' });
    go(abort.signal, (point, total) => {
      if (!abort.signal.aborted) setStream((x) => (x ? { ...x, total, points: [...x.points, point] } : x));
    }).then(() => { if (!abort.signal.aborted) setStream((x) => (x ? { ...x, done: true } : x)); },
      (e: unknown) => {
        if (current.current !== abort) return;
        setStream((x) => (x ? { ...x, error: abort.signal.aborted ? 'cancelled' : e instanceof Error ? e.message : String(e) } : x));
      });
    return () => abort.abort(new DOMException('the setup changed', 'AbortError'));
  }, [...key, run]); // eslint-disable-line react-hooks/exhaustive-deps
  return {
    stream,
    cancel: () => current.current?.abort(new DOMException('cancelled', 'AbortError')),
    restart: () => setRun((x) => x + 1),
  };
}
