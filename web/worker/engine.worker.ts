/*
 * engine.worker.ts — the engine in a module Web Worker, so long runs never
 * freeze the page: the one worker behind the one bridge, for the explorer,
 * the locator and every experiment. It compiles the wasm once and hands
 * messages to the host (host.ts: plain and streamed calls, cancel, a fresh
 * engine instance after a wasm trap); typed arrays in an answer are
 * transferred. The methods themselves live in engineService.ts and each
 * page's worker.ts.
 */
/// <reference lib="webworker" />
import wasmUrl from '../../engine-wasm/build/spindle.wasm?url';
import { loadEngine } from '../../engine-wasm/binding';
import { transferables, type FromWorker, type ToWorker } from '../engine/protocol';
import { EngineHost } from './host';

declare const self: DedicatedWorkerGlobalScope;

const compiled: Promise<WebAssembly.Module> = fetch(wasmUrl)
  .then((r) => {
    if (!r.ok) throw new Error(`could not load the engine: HTTP ${r.status} for ${r.url}`);
    return r.arrayBuffer();
  })
  .then((bytes) => WebAssembly.compile(bytes));

const post = (m: FromWorker) => self.postMessage(m, transferables('progress' in m ? m.progress : m.ok ? m.result : undefined));
const host = new EngineHost(() => compiled.then((module) => loadEngine(module)), post);

self.onmessage = (event: MessageEvent<ToWorker>) => {
  void host.receive(event.data);
};
