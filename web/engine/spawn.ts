/*
 * spawn.ts — the engine's workers. The entry starts one as soon as it runs
 * on a page that uses the engine (prestartEngine), so the worker's script
 * and the wasm download and compile while React and the page's own code are
 * still coming; the page's first EngineClient then takes that worker.
 */
let spare: Worker | undefined;
let spareFailed = false;

const make = () => new Worker(new URL('../worker/engine.worker.ts', import.meta.url), { type: 'module', name: 'spindle-engine' });

/** Starts the worker the page's first engine client will take. */
export function prestartEngine(): void {
  if (spare) return;
  const w = make();
  spare = w;
  spareFailed = false;
  // An error before a client listens (its script did not load) is remembered, and that worker not handed out.
  w.addEventListener('error', () => { if (spare === w) spareFailed = true; }, { once: true });
}

/** A module worker running the engine: the one started early if it is still unused and sound, or a new one. */
export function engineWorker(): Worker {
  const w = spare;
  spare = undefined;
  if (w && !spareFailed) return w;
  w?.terminate();
  return make();
}
