/*
 * protocol.ts — the one bridge between every page and the engine's worker:
 * the methods the worker answers, their parameters and results. Plain data
 * only (structured-cloneable; typed arrays are transferred, not copied).
 * Imported by both sides, so it uses neither DOM nor worker globals.
 *
 * Messages. The page posts {id, method, params}; the worker answers with one
 * final {id, ok, result | error}. A streamed method (its service method is a
 * generator) first posts {id, progress} for each value it yields, then the
 * final answer with the generator's return value. {id, cancel: true} stops a
 * streamed call between two yields (its final answer is then an AbortError,
 * which the page has stopped waiting for). A call that traps in wasm gets an
 * error with `restarted: true`: the worker discarded that engine instance
 * and started a fresh one, so state held in the worker (the loaded disk, the
 * run) is gone, and the next call runs normally.
 */
import type { RunApi } from './runProtocol';
import type { TraceApi } from '../trace/protocol';

/**
 * The worker's methods, name → (params) => result: the explorer's run
 * (runProtocol.ts) and trace import (trace/protocol.ts) here; each page adds
 * its own from its protocol.ts (web/pages/<id>/protocol.ts), by declaring
 * `interface EngineApi extends ItsApi {}` in this module, so no file here
 * names a page. A method returning a Generator is streamed.
 */
export interface EngineApi extends RunApi, TraceApi {}

export type Method = keyof EngineApi;
export type Params<M extends Method> = Parameters<EngineApi[M]>[0];
type Returned<M extends Method> = ReturnType<EngineApi[M]>;
/** What a call resolves to: the method's return value, or a stream's final value. */
export type Result<M extends Method> = Returned<M> extends Generator<unknown, infer R, void> ? R : Returned<M>;
/** What a streamed call reports on the way (never for a plain method). */
export type Progress<M extends Method> = Returned<M> extends Generator<infer P, unknown, void> ? P : never;
export type StreamMethod = { [M in Method]: Returned<M> extends Generator<unknown, unknown, void> ? M : never }[Method];

/** The names of an API's streamed methods, each with `true`: a page's list of them, checked complete by the compiler. */
export type StreamsOf<A> = Record<{ [M in keyof A]: A[M] extends (...args: never[]) => Generator<unknown, unknown, void> ? M : never }[keyof A], true>;

/** The names of all an API's methods, each with `true`: a page's list of them (its METHODS), checked complete by
 *  the compiler. The worker reads these lists to know which page's code answers a method before loading it. */
export type MethodsOf<A> = Record<keyof A, true>;

const CORE_STREAMS: StreamsOf<RunApi & TraceApi> = { traceParse: true };

/** Each page's streamed methods, from its protocol.ts's STREAMS (a page with none exports none). */
const pageStreams = import.meta.glob<{ STREAMS?: Record<string, true> }>('../pages/*/protocol.ts', { eager: true });

const STREAMS: Record<string, true> = Object.assign({}, CORE_STREAMS, ...Object.values(pageStreams).map((m) => m.STREAMS ?? {}));

export function isStreamMethod(method: string): method is StreamMethod {
  return Object.prototype.hasOwnProperty.call(STREAMS, method);
}

export interface RequestMessage<M extends Method = Method> {
  id: number;
  method: M;
  params: Params<M>;
}

/** Stops the streamed call `id` between two of its steps. */
export interface CancelMessage {
  id: number;
  cancel: true;
}

export type ToWorker = RequestMessage | CancelMessage;

/** An error as it crosses the bridge. `code` is the engine's sp_status when there is one. */
export interface WireError {
  name: string;
  message: string;
  code?: number;
  /** The field the failure is about, when it names one: an EngineError's engine field (sp_error_field,
   *  "disk[2].rpm") or a SetupError's setup path ("host.stripeTracks"); `name` says which. */
  field?: string;
  /** The call trapped in wasm; the worker has started a fresh engine. */
  restarted?: boolean;
}

/** A call's one final answer. */
export type ResponseMessage =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: WireError };

/** A value a streamed call yielded on the way (any number of them, before the final answer). */
export interface ProgressMessage {
  id: number;
  progress: unknown;
}

export type FromWorker = ResponseMessage | ProgressMessage;

/** Every ArrayBuffer under `value` (typed arrays included), to transfer rather than copy. */
export function transferables(value: unknown, out: Transferable[] = [], depth = 0): Transferable[] {
  if (value === null || typeof value !== 'object' || depth > 4) return out;
  if (value instanceof ArrayBuffer) {
    if (!out.includes(value)) out.push(value);
  } else if (ArrayBuffer.isView(value)) {
    const buf = value.buffer;
    if (buf instanceof ArrayBuffer && !out.includes(buf)) out.push(buf);
  } else if (Array.isArray(value)) {
    for (const v of value) transferables(v, out, depth + 1);
  } else {
    for (const v of Object.values(value)) transferables(v, out, depth + 1);
  }
  return out;
}
