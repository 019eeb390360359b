/*
 * protocol.ts — the one bridge between the page and the engine's worker:
 * the methods the worker answers, their parameters and results. Plain data
 * only (structured-cloneable; typed arrays are transferred, not copied).
 * Imported by both sides, so it uses neither DOM nor worker globals.
 */
import type { Breakdown, Phys, Track } from '../../engine-wasm/binding';
import type { RunApi } from './runProtocol';

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

/** The worker's methods: name → (params) => result. */
/** The worker's methods: the slice's (below) and the explorer's run (runProtocol.ts). */
export interface EngineApi extends RunApi {
  /** Validates a disk preset (JSON), configures and commits it in a fresh sim. */
  loadPreset(params: { preset: unknown }): DiskSummary;
  /** Where an LBN lives and the engine's breakdown of the time to read it. */
  locate(params: LocateQuery): LocateResult;
  /** The slot and LBN under a point of the platter. */
  pick(params: PickQuery): PickResult;
}

export type Method = keyof EngineApi;
export type Params<M extends Method> = Parameters<EngineApi[M]>[0];
export type Result<M extends Method> = ReturnType<EngineApi[M]>;

export interface RequestMessage<M extends Method = Method> {
  id: number;
  method: M;
  params: Params<M>;
}

/** An error as it crosses the bridge. `code` is the engine's sp_status when there is one. */
export interface WireError {
  name: string;
  message: string;
  code?: number;
}

export type ResponseMessage =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: WireError };

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
