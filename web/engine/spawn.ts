/*
 * spawn.ts — the engine's workers. The entry starts them as soon as it runs
 * on a page that uses the engine (prestartEngine): one per run of the page's
 * first stage (its manifest's stageRuns, else one), so their scripts
 * download while React and the page's own code are still coming; the page's
 * first EngineClients (the stage's runs: they ask first) then take them. The
 * engine's wasm is compiled here, once per page, as it downloads (index.html
 * preloads it from the page's first moment), and handed to every worker
 * started (engineWasm.ts): no worker waits for its own start to fetch it,
 * and a worker started again after a cancelled run compiles nothing.
 * On a built page, index.html's script has started those workers already
 * (earlyWorker.ts), so their scripts download from the page's first moment.
 * Each worker is named after the page that starts it, so that it fetches
 * that page's engine methods at once, beside its own script, rather than
 * on the page's first call. It gets the build of the engine the page's
 * manifest asks for (the core unless it says engine: 'full').
 */
import { routeOf } from '../pages';
import { compileEngine, type EngineBuild, type EngineModuleMessage } from './engineWasm';
import { markLoad } from './loadMarks';
import { takeEarlyWorkers } from './earlyWorker';

markLoad('entry-evaluated');

/** A worker started before any client asked for one; `failed`: its script did not load (it is not handed out). */
interface Spare { worker: Worker; build: EngineBuild; failed: boolean }
/** The workers started ahead, in the order they are handed out (undefined until prestartEngine). */
let spares: Spare[] | undefined;
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

/** The page at the address now, the engine build it asks for and the runs its first stage plays. */
function pageNow(): { id?: string; build: EngineBuild; stageRuns: number } {
  const route = routeOf(window.location.hash, window.location.search);
  return 'page' in route ? { id: route.page.id, build: route.page.engine ?? 'core', stageRuns: route.page.stageRuns ?? 1 } : { build: 'core', stageRuns: 1 };
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

function spare({ worker, build }: { worker: Worker; build: EngineBuild }, failed: boolean): Spare {
  const s: Spare = { worker, build, failed };
  // An error before a client listens (its script did not load) is remembered, and that worker not handed out.
  worker.addEventListener('error', () => { s.failed = true; }, { once: true });
  return s;
}

/** Starts the workers the page's first engine clients will take (those index.html started, if it did). */
export function prestartEngine(): void {
  if (spares) return;
  const early = takeEarlyWorkers();
  spares = early.length > 0
    ? early.map((e) => spare(adopt(e.worker), e.failed))
    : Array.from({ length: pageNow().stageRuns }, () => spare(make(), false));
}

/**
 * A module worker running the engine: the first of those started ahead that is
 * sound and of the build the page at the address now asks for, or a new one.
 */
export function engineWorker(): Worker {
  const build = pageNow().build;
  for (let s = spares?.shift(); s; s = spares?.shift()) {
    if (!s.failed && s.build === build) return s.worker;
    s.worker.terminate();
  }
  return make().worker;
}
