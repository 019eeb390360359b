/*
 * engine.worker.ts — the engine in a module Web Worker, so long runs never
 * freeze the page: the one worker behind the one bridge, for the explorer,
 * the locator and every experiment. Its first act is to fetch and compile
 * the wasm (streamed: compiled while it downloads); the host and the run
 * (host.ts) come as a chunk fetched meanwhile, with the methods of the page
 * that started the worker (named in its name); another page's methods are
 * fetched on their first call (lazyService.ts). Messages that arrive before the host is
 * here wait for it, in order. Typed arrays in an answer are transferred.
 */
/// <reference lib="webworker" />
import wasmUrl from '../../engine-wasm/build/spindle.wasm?url';
import type { ToWorker } from '../engine/protocol';
import { markLoad } from '../engine/loadMarks';

declare const self: DedicatedWorkerGlobalScope;

async function compile(url: string): Promise<WebAssembly.Module> {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`could not load the engine: HTTP ${r.status} for ${r.url}`);
  // A host that serves the wasm without its type (application/wasm) refuses streaming: compile the bytes then.
  return WebAssembly.compileStreaming(r.clone()).catch(async () => WebAssembly.compile(await r.arrayBuffer()));
}

markLoad('worker-evaluated');
const compiled = compile(wasmUrl);
compiled.then(() => markLoad('wasm-compiled'), () => {});    // a failure is reported to each call by the host

// The page that started this worker (its name: 'spindle-engine <page id>'): its methods are fetched at once too.
const page = self.name.split(' ')[1];
if (page) void import('./lazyService').then((m) => m.preloadPage(page));

// Nothing else is imported statically: the wasm's fetch starts before any more script is fetched.
const host = Promise.all([import('./host'), import('../../engine-wasm/binding'), import('../engine/protocol')])
  .then(([{ EngineHost }, { loadEngine }, { transferables }]) => {
    markLoad('host-code-loaded');
    const instantiate = async (module: WebAssembly.Module) => {
      const engine = await loadEngine(module);
      markLoad('wasm-instantiated');
      return engine;
    };
    return new EngineHost(
      () => compiled.then(instantiate),
      (m) => {
        self.postMessage(m, transferables('progress' in m ? m.progress : m.ok ? m.result : undefined));
        markLoad('first-answer-posted');
      },
    );
  });

self.onmessage = (event: MessageEvent<ToWorker>) => {
  markLoad('first-call-received');
  void host.then((h) => h.receive(event.data));
};
