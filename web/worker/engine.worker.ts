/*
 * engine.worker.ts — the engine in a module Web Worker, so long runs never
 * freeze the page: the one worker behind the one bridge, for the explorer,
 * the locator and every experiment. The page that starts it hands it the
 * engine's wasm (the build its manifest asks for), compiled (web/engine/engineWasm.ts: downloaded from the
 * page's first moment, so the worker's own start does not delay it); the
 * host and the run (host.ts) come with the worker's script. The methods of
 * the page that started the worker (named in its name) are fetched at
 * once; another page's on their first call (lazyService.ts). Messages that
 * arrive before the engine is here wait for it, in order. Typed arrays in
 * an answer are transferred.
 */
/// <reference lib="webworker" />
import { loadEngine } from '../../engine-wasm/binding';
import { transferables, type ToWorker } from '../engine/protocol';
import { compileEngine, isEngineModuleMessage, type EngineModuleMessage } from '../engine/engineWasm';
import { markLoad } from '../engine/loadMarks';
import { EngineHost } from './host';
import { preloadPage } from './lazyService';

declare const self: DedicatedWorkerGlobalScope;

markLoad('worker-evaluated');

let handOver: (m: EngineModuleMessage) => void = () => {};
const handed = new Promise<EngineModuleMessage>((resolve) => { handOver = resolve; });
// The page's module, or (the page could not compile it) the worker's own fetch and compile of the build it named.
const compiled = handed.then((m) => m.engineModule ?? compileEngine(m.build));
compiled.then(() => markLoad('wasm-compiled'), () => {});    // a failure is reported to each call by the host

// The page that started this worker (its name: 'spindle-engine <page id>'): its methods are fetched at once too.
const page = self.name.split(' ')[1];
if (page) preloadPage(page);

const host = new EngineHost(
  () => compiled.then(async (module) => {
    const engine = await loadEngine(module);
    markLoad('wasm-instantiated');
    return engine;
  }),
  (m) => {
    self.postMessage(m, transferables('progress' in m ? m.progress : m.ok ? m.result : undefined));
    markLoad('first-answer-posted');
  },
);

self.onmessage = (event: MessageEvent<ToWorker | EngineModuleMessage>) => {
  const msg = event.data;
  if (isEngineModuleMessage(msg)) return handOver(msg);
  markLoad('first-call-received');
  void host.receive(msg);
};
