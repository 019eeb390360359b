/*
 * useLoaded — a value loaded once per key (a view's code, with the presets
 * its first drawing shows), for a render that shows its own loading line
 * until the value is here rather than suspending. Why not React.lazy under
 * a Suspense boundary: once a boundary's fallback has been shown, React
 * holds back the content that replaces it until 300 ms after the fallback
 * appeared (its fallback throttle), and on a page's first load those 300 ms
 * lay between the page's code arriving and its first drawing. A failed load
 * is kept until the view that met it goes, so coming back tries again.
 */
import { useEffect, useReducer } from 'react';

interface Loading<T> {
  promise: Promise<void>;
  value?: { it: T };
  error?: Error;
}

const loads = new Map<string, Loading<unknown>>();

function start<T>(key: string, load: () => Promise<T>): Loading<T> {
  const entry: Loading<T> = { promise: Promise.resolve() };
  entry.promise = load().then(
    (it) => { entry.value = { it }; },
    (e: unknown) => { entry.error = e instanceof Error ? e : new Error(String(e)); },
  );
  loads.set(key, entry);
  return entry;
}

/** The value loaded for `key` (`load` is called once per key), or the load's error; neither while it is on its way. */
export function useLoaded<T>(key: string, load: () => Promise<T>): { value?: T; error?: Error } {
  const entry = (loads.get(key) as Loading<T> | undefined) ?? start(key, load);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const settled = entry.value !== undefined || entry.error !== undefined;
  useEffect(() => {
    let live = true;
    if (!settled) void entry.promise.then(() => { if (live) rerender(); });
    return () => {
      live = false;
      if (entry.error && loads.get(key) === entry) loads.delete(key);
    };
  }, [key, entry, settled]);
  return { value: entry.value?.it, error: entry.error };
}
