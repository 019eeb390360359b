/*
 * traxtents.worker.ts — the traxtent experiment's engine, in its own module
 * Web Worker: runs a sweep or an extraction and posts each point as it comes;
 * a 'cancel' message stops it between two points.
 */
/// <reference lib="webworker" />
import wasmUrl from '../../../engine-wasm/build/spindle.wasm?url';
import { loadEngine } from '../../../engine-wasm/binding';
import type { FromWorker, ToWorker } from './protocol';
import { serve } from './service';

declare const self: DedicatedWorkerGlobalScope;

const engine = loadEngine(fetch(wasmUrl));
engine.catch(() => {});
const cancelled = new Set<number>();

self.onmessage = async (event: MessageEvent<ToWorker>) => {
  const msg = event.data;
  if (msg.type === 'cancel') { cancelled.add(msg.id); return; }
  try {
    const e = await engine;
    for await (const out of serve(e, msg, () => cancelled.has(msg.id))) self.postMessage(out);
  } catch (err) {
    const out: FromWorker = { type: 'error', id: msg.id, message: err instanceof Error ? err.message : String(err) };
    self.postMessage(out);
  }
};
