/*
 * protocol.ts — the locator's methods on the one engine bridge (added to the
 * bridge's EngineApi below): load a disk preset (with a device's overrides),
 * then ask where an LBN lives and what reading it costs, or which slot and
 * LBN lie under a point of the platter. Plain data only.
 */
import type { MethodsOf } from '../../engine/protocol';
import type { Breakdown, Phys, Track } from '../../../engine-wasm/binding';
import type { ZoneBand } from '../../engine/runProtocol';
import type { DeviceOverrides } from '../../state/setup';

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

export interface LocatorApi {
  /** The disk of a preset (validated, configured and committed in a fresh sim), with a device's overrides (the explorer's) when given. */
  loadPreset(params: { preset: unknown; overrides?: DeviceOverrides }): DiskSummary;
  /** Where an LBN lives and the engine's breakdown of the time to read it. */
  locate(params: LocateQuery): LocateResult;
  /** The slot and LBN under a point of the platter. */
  pick(params: PickQuery): PickResult;
}

/** Every method (the worker loads this page's code on the first call of one). */
export const METHODS: MethodsOf<LocatorApi> = { loadPreset: true, locate: true, pick: true };

declare module '../../engine/protocol' {
  interface EngineApi extends LocatorApi {}
}
