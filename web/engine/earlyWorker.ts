/*
 * earlyWorker.ts — the engine worker index.html's script starts while the
 * page is parsed (vite.pagePreload.ts), left on window under this name for
 * the entry to take (spawn.ts), with whether it has failed to load since.
 * No imports: the build's config reads the name too.
 */
export const EARLY_WORKER = '__spindleEarlyWorker';

export interface EarlyWorker {
  worker: Worker;
  failed: boolean;
}

/** The worker index.html started, once (undefined when there was none, or it was taken). */
export function takeEarlyWorker(): EarlyWorker | undefined {
  const w = window as unknown as Record<string, EarlyWorker | undefined>;
  const early = w[EARLY_WORKER];
  delete w[EARLY_WORKER];
  return early;
}
