/*
 * engine.worker.ts — the engine in a module Web Worker, so long runs never
 * freeze the page. One bridge: each request message {id, method, params}
 * gets one response {id, ok, result | error}; typed arrays in a result are
 * transferred. The methods themselves live in engineService.ts.
 */
/// <reference lib="webworker" />
import wasmUrl from '../../engine-wasm/build/spindle.wasm?url';
import { loadEngine } from '../../engine-wasm/binding';
import { transferables, type RequestMessage, type ResponseMessage, type WireError } from '../engine/protocol';
import { EngineService } from './engineService';

declare const self: DedicatedWorkerGlobalScope;

const service: Promise<EngineService> = loadEngine(fetch(wasmUrl)).then((engine) => new EngineService(engine));
// Reported per call; keep the unhandled-rejection noise out of the console.
service.catch(() => {});

function toWire(e: unknown): WireError {
  if (e instanceof Error) {
    const code = (e as { code?: unknown }).code;
    return { name: e.name, message: e.message, ...(typeof code === 'number' ? { code } : {}) };
  }
  return { name: 'Error', message: String(e) };
}

self.onmessage = async (event: MessageEvent<RequestMessage>) => {
  const { id, method, params } = event.data;
  let response: ResponseMessage;
  try {
    const svc = await service;
    const result = svc.call(method, params);
    response = { id, ok: true, result };
  } catch (e) {
    response = { id, ok: false, error: toWire(e) };
  }
  self.postMessage(response, transferables(response.ok ? response.result : undefined));
};
