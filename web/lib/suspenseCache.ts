/*
 * suspenseCache — values loaded once per key (a chunk fetched on first
 * use), readable synchronously by a React render: reading one still on its
 * way suspends the component (React shows the nearest loading line and
 * renders again once it is here). A failed load that a render waited for is
 * said once to that render, as an error naming what could not be loaded, and
 * tried again at the next read. A failed load no render waited for (a head
 * start in the background) is not kept: the first read loads again, so a
 * download that fails once does not fail a later visit that could succeed.
 */
export interface SuspenseCache<T> {
  /** The value, loaded (one load per key, however many ask). */
  load(key: string): Promise<T>;
  /** The value if loaded; else suspends the render (throws the load), or throws the error of the load it waited for. */
  read(key: string): T;
}

export function suspenseCache<T>(fetch: (key: string) => Promise<T>, what: (key: string) => string): SuspenseCache<T> {
  const loaded = new Map<string, T>();
  const pending = new Map<string, Promise<T>>();
  /** Keys whose pending load a render suspended on: their failure is said to it. */
  const awaited = new Set<string>();
  const failed = new Map<string, Error>();
  const load = (key: string): Promise<T> => {
    if (loaded.has(key)) return Promise.resolve(loaded.get(key) as T);
    let p = pending.get(key);
    if (!p) {
      p = fetch(key).then((v) => { loaded.set(key, v); return v; });
      pending.set(key, p);
      p.then(() => awaited.delete(key), (e: unknown) => {
        pending.delete(key);
        if (awaited.delete(key)) failed.set(key, new Error(`${what(key)} could not be loaded (${e instanceof Error ? e.message : String(e)})`));
      });
    }
    return p;
  };
  const read = (key: string): T => {
    if (loaded.has(key)) return loaded.get(key) as T;
    const error = failed.get(key);
    if (error) {
      failed.delete(key);
      throw error;
    }
    const p = load(key);
    awaited.add(key);
    throw p;
  };
  return { load, read };
}
