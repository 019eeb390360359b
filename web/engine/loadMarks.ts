/*
 * loadMarks.ts — the moments of a page's load, as User Timing marks named
 * `spindle:<phase>` (each phase marked once per page or worker): the entry
 * evaluated, the worker started, the wasm compiled, the run's setup and
 * first events, the first drawn platter. The benchmark reads them from the
 * page and from the engine's worker and prints the load's waterfall
 * (scripts/bench/waterfall.ts); anyone can read them in the browser's
 * performance panel. No DOM or worker globals: both sides import it.
 */
const marked = new Set<string>();

/** Marks `phase` now, unless it was marked already in this page (or worker). */
export function markLoad(phase: string): void {
  if (marked.has(phase)) return;
  marked.add(phase);
  globalThis.performance?.mark?.(`spindle:${phase}`);
}
