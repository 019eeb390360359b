/*
 * spawn.ts — the engine's workers. The entry starts one as soon as it runs
 * on a page that uses the engine (prestartEngine), so the worker's script
 * downloads while React and the page's own code are still coming; the
 * page's first EngineClient then takes that worker. The engine's wasm is
 * compiled here, once per page, as it downloads (index.html preloads it
 * from the page's first moment), and handed to every worker started
 * (engineWasm.ts): no worker waits for its own start to fetch it, and a
 * worker started again after a cancelled run compiles nothing.
 * On a built page, index.html's script has started the first worker already
 * (earlyWorker.ts), so its script downloads from the page's first moment.
 * Each worker is named after the page that starts it, so that it fetches
 * that page's engine methods at once, beside its own script, rather than
 * on the page's first call.
 */
import { routeOf } from '../pages';
import { compileEngine, type EngineModuleMessage } from './engineWasm';
import { markLoad } from './loadMarks';
import { takeEarlyWorker } from './earlyWorker';

markLoad('entry-evaluated');

let spare: Worker | undefined;
let spareFailed = false;
let engine: Promise<WebAssembly.Module | null> | undefined;

/** The engine compiled by the page (null if it could not be: each worker then fetches its own, and says what fails). */
function compiledEngine(): Promise<WebAssembly.Module | null> {
  engine ??= compileEngine().then((m) => { markLoad('page-wasm-compiled'); return m; }, () => null);
  return engine;
}

function handEngine(w: Worker): void {
  void compiledEngine().then((engineModule) => {
    const message: EngineModuleMessage = { engineModule };
    try {
      w.postMessage(message);
    } catch {
      w.postMessage({ engineModule: null } satisfies EngineModuleMessage);   // a browser that cannot pass a module to a worker
    }
  });
}

function adopt(w: Worker): Worker {
  markLoad('worker-created');
  handEngine(w);
  return w;
}

function make(): Worker {
  const route = routeOf(window.location.hash, window.location.search);
  const name = `spindle-engine${'page' in route ? ` ${route.page.id}` : ''}`;
  return adopt(new Worker(new URL('../worker/engine.worker.ts', import.meta.url), { type: 'module', name }));
}

/** Starts the worker the page's first engine client will take (the one index.html started, if it did). */
export function prestartEngine(): void {
  if (spare) return;
  const early = takeEarlyWorker();
  const w = early ? adopt(early.worker) : make();
  spare = w;
  spareFailed = early?.failed ?? false;
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
