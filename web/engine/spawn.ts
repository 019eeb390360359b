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
 * on the page's first call. It gets the build of the engine the page's
 * manifest asks for (the core unless it says engine: 'full').
 */
import { routeOf } from '../pages';
import { compileEngine, type EngineBuild, type EngineModuleMessage } from './engineWasm';
import { markLoad } from './loadMarks';
import { takeEarlyWorker } from './earlyWorker';

markLoad('entry-evaluated');

let spare: { worker: Worker; build: EngineBuild } | undefined;
let spareFailed = false;
const engines: Partial<Record<EngineBuild, Promise<WebAssembly.Module | null>>> = {};

/** A build of the engine compiled by the page (null if it could not be: each worker then fetches its own, and says what fails). */
function compiledEngine(build: EngineBuild): Promise<WebAssembly.Module | null> {
  engines[build] ??= compileEngine(build).then((m) => { markLoad('page-wasm-compiled'); return m; }, () => null);
  return engines[build];
}

function handEngine(w: Worker, build: EngineBuild): void {
  void compiledEngine(build).then((engineModule) => {
    const message: EngineModuleMessage = { engineModule, build };
    try {
      w.postMessage(message);
    } catch {
      w.postMessage({ engineModule: null, build } satisfies EngineModuleMessage);   // a browser that cannot pass a module to a worker
    }
  });
}

/** The page at the address now, and the engine build it asks for. */
function pageNow(): { id?: string; build: EngineBuild } {
  const route = routeOf(window.location.hash, window.location.search);
  return 'page' in route ? { id: route.page.id, build: route.page.engine ?? 'core' } : { build: 'core' };
}

/** A worker taken on for the page at the address now: handed the build that page asks for. */
function adopt(worker: Worker): { worker: Worker; build: EngineBuild } {
  const { build } = pageNow();
  markLoad('worker-created');
  handEngine(worker, build);
  return { worker, build };
}

function make(): { worker: Worker; build: EngineBuild } {
  const { id } = pageNow();
  const name = `spindle-engine${id ? ` ${id}` : ''}`;
  return adopt(new Worker(new URL('../worker/engine.worker.ts', import.meta.url), { type: 'module', name }));
}

/** Starts the worker the page's first engine client will take (the one index.html started, if it did). */
export function prestartEngine(): void {
  if (spare) return;
  const early = takeEarlyWorker();
  const s = early ? adopt(early.worker) : make();
  spare = s;
  spareFailed = early?.failed ?? false;
  // An error before a client listens (its script did not load) is remembered, and that worker not handed out.
  s.worker.addEventListener('error', () => { if (spare === s) spareFailed = true; }, { once: true });
}

/**
 * A module worker running the engine: the one started early if it is still
 * unused, sound and of the build the page at the address now asks for, or a new one.
 */
export function engineWorker(): Worker {
  const s = spare;
  spare = undefined;
  if (s && !spareFailed && s.build === pageNow().build) return s.worker;
  s?.worker.terminate();
  return make().worker;
}
