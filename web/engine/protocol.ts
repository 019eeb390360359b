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
import type { Breakdown, Phys, Track } from '../../engine-wasm/binding';
import type { TraxtentsApi } from '../pages/traxtents/protocol';
import type { TraxsystemApi } from '../pages/traxsystem/protocol';
import type { RunApi } from './runProtocol';
import type { DeviceOverrides } from '../state/setup';
import type { TraceApi } from '../trace/protocol';
import type { AtroposApi } from '../pages/atropos/protocol';
import type { ValidateApi } from '../pages/validate/protocol';
import type { LadderApi } from '../pages/ladder/protocol';
import type { NvcacheApi } from '../pages/nvcache/protocol';
import type { HomeworkApi } from '../pages/homework/protocol';
import type { LessonApi } from '../pages/learn/protocol';
import type { ReorgApi } from '../pages/reorg/protocol';

/** A band of consecutive cylinders in one zone, as the engine's layout reports it. */
export interface ZoneBand {
  zone: number;
  firstCyl: number;
  lastCyl: number;
  /** Physical slots per track (spares included). */
  slotsPerTrack: number;
  /** LBNs on the band's first track of surface 0. */
  lbnsPerTrack: number;
}

/** What the page needs to know about the configured disk; every number from the engine. */
export interface DiskSummary {
  name: string;
  capacity: number;
  cylinders: number;
  surfaces: number;
  trackCount: number;
  revolutionMs: number;
  rpm: number;
  sectorBytes: number;
  zones: ZoneBand[];
}

export interface LocateQuery {
  lbn: number;
  sectors: number;
  fromCyl: number;
  fromSurface: number;
  startMs: number;
}

export interface LocateResult {
  query: LocateQuery;
  phys: Phys;
  /** Where the last sector read lives: the head is there when the read ends. */
  endPhys: Phys;
  track: Track;
  /** Platter angle under the head at startMs. */
  angleAtStart: number;
  breakdown: Breakdown;
}

export interface PickQuery {
  cyl: number;
  surface: number;
  angle: number;
}

export interface PickResult {
  query: PickQuery;
  slot: number;
  /** The LBN in that slot, or -1 (spare) / -2 (defective slot). */
  lbn: number;
}

/**
 * The worker's methods, name → (params) => result: the locator's (below),
 * the explorer's run (runProtocol.ts), trace import (trace/protocol.ts) and
 * each experiment's (its protocol.ts).
 * A method returning a Generator is streamed.
 */
export interface EngineApi extends RunApi, TraxtentsApi, TraceApi, AtroposApi, ValidateApi, NvcacheApi, HomeworkApi, LessonApi, TraxsystemApi, LadderApi, ReorgApi {
  /** Validates a disk preset (JSON), configures and commits it in a fresh sim. */
  /** The disk of a preset, with a device's overrides (the explorer's, for the locator) when given. */
  loadPreset(params: { preset: unknown; overrides?: DeviceOverrides }): DiskSummary;
  /** Where an LBN lives and the engine's breakdown of the time to read it. */
  locate(params: LocateQuery): LocateResult;
  /** The slot and LBN under a point of the platter. */
  pick(params: PickQuery): PickResult;
}

export type Method = keyof EngineApi;
export type Params<M extends Method> = Parameters<EngineApi[M]>[0];
type Returned<M extends Method> = ReturnType<EngineApi[M]>;
/** What a call resolves to: the method's return value, or a stream's final value. */
export type Result<M extends Method> = Returned<M> extends Generator<unknown, infer R, void> ? R : Returned<M>;
/** What a streamed call reports on the way (never for a plain method). */
export type Progress<M extends Method> = Returned<M> extends Generator<infer P, unknown, void> ? P : never;
export type StreamMethod = { [M in Method]: Returned<M> extends Generator<unknown, unknown, void> ? M : never }[Method];

/** The streamed methods (the compiler checks that the list is complete). */
const STREAMS: Record<StreamMethod, true> = { traxSweep: true, traxExtract: true, traceParse: true, atSweep: true, valRun: true, atFigure: true, nvSweep: true, tsVideo: true, tsLfs: true, tsFfs: true, ladderRun: true, reorgRun: true };

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
