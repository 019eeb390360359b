/*
 * spawn.ts — the engine's workers. The entry starts one as soon as it runs
 * on a page that uses the engine (prestartEngine), so the worker's script
 * and the wasm download and compile while React and the page's own code are
 * still coming; the page's first EngineClient then takes that worker.
 * Each worker is named after the page that starts it, so that it fetches
 * that page's engine methods at once, beside the wasm, rather than on the
 * page's first call.
 */
import { routeOf } from '../pages';
import { markLoad } from './loadMarks';

markLoad('entry-evaluated');

let spare: Worker | undefined;
let spareFailed = false;

function make(): Worker {
  const route = routeOf(window.location.hash, window.location.search);
  const name = `spindle-engine${'page' in route ? ` ${route.page.id}` : ''}`;
  const w = new Worker(new URL('../worker/engine.worker.ts', import.meta.url), { type: 'module', name });
  markLoad('worker-created');
  return w;
}

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
