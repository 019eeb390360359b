/*
 * earlyWorker.ts — the engine workers index.html's script starts while the
 * page is parsed (vite.pagePreload.ts: one per run of the page's first
 * stage), left on window under this name for the entry to take (spawn.ts),
 * each with whether it has failed to load since. No imports: the build's
 * config reads the name too.
 */
export const EARLY_WORKER = '__spindleEarlyWorker';

export interface EarlyWorker {
  worker: Worker;
  failed: boolean;
}

/** The workers index.html started, once (none when it started none, or they were taken). */
export function takeEarlyWorkers(): EarlyWorker[] {
  const w = window as unknown as Record<string, EarlyWorker[] | undefined>;
  const early = w[EARLY_WORKER];
  delete w[EARLY_WORKER];
  return Array.isArray(early) ? early : [];
}
