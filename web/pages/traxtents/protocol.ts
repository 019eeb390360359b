/*
 * protocol.ts — the traxtent experiment's methods on the one engine bridge
 * (added to the bridge's EngineApi at the end). Both are streamed: the
 * worker posts each yielded value as a progress message as soon as it is
 * computed, and the generator's return value is the call's result; a
 * cancelled call stops between two yields. Plain data only.
 */
import type { MethodsOf, StreamsOf } from '../../engine/protocol';
import type { ExtractReport } from '../../../engine-wasm/binding';
import type { Adapter } from '../../experiments/adapter';
import type { SweepPoint } from './sweep';

export interface SweepParams {
  /** The disk preset's JSON (validated in the worker). */
  preset: unknown;
  /** Requests outstanding: 1 = onereq, 2 = tworeq. */
  q: 1 | 2;
  /** Zero-latency access: as the preset says, or forced on or off. */
  zl: 'preset' | 'on' | 'off';
  /** The host adapter (web/experiments/adapter.ts); absent: the preset's own bus. */
  adapter?: Adapter;
  /** Requests per point. */
  n: number;
  seed: number;
  /** Geometric request sizes from 1 sector to 4 tracks (the track size is added). */
  points: number;
  /** Compute only this share of the points (several engine workers split one sweep); absent: all. */
  shard?: { index: number; count: number };
}

export interface SweepInfo {
  trackLbns: number;
  spt: number;
  maxEfficiency: number;
  sizes: number[];
  sectorBytes: number;
  zeroLatency: boolean;
  /** Bus time per sector the sweep ran with (after the adapter), and the preset's own. */
  busMsPerSector: number;
  driveBusMsPerSector: number;
}

/** First the sweep's sizes and disk figures, then one point per (size, series) as it is computed. */
export type SweepProgress = { kind: 'info'; info: SweepInfo } | { kind: 'point'; point: SweepPoint };

export interface SweepResult {
  info: SweepInfo;
  points: SweepPoint[];
}

export interface ExtractParams {
  preset: unknown;
  /** The host adapter, as for the sweep; absent: the preset's own bus. */
  adapter?: Adapter;
  /** LBNs to cover from LBN 0; 0 = the whole disk. */
  lbns: number;
}

export interface ExtractProgress {
  report: ExtractReport;
}

export interface ExtractResult {
  report: ExtractReport;
  /** Boundaries found, true boundaries in the covered range. */
  found: number;
  truth: number;
  /** The first 20 missing and wrongly found boundaries. */
  missing: number[];
  extra: number[];
  /** Traxtent allocation of 8 KB blocks over what was found. */
  excluded: { blocks: number; excluded: number };
}

/** The experiment's bridge methods (streams: generators of progress, returning the result). */
export interface TraxtentsApi {
  /** Figure 1: efficiency vs request size, aligned and unaligned, point by point. */
  traxSweep(params: SweepParams): Generator<SweepProgress, SweepResult, void>;
  /** The black-box track-boundary extraction, compared with the engine's true track map. */
  traxExtract(params: ExtractParams): Generator<ExtractProgress, ExtractResult, void>;
}

/** The streamed methods (the compiler checks that the list is complete). */
export const STREAMS: StreamsOf<TraxtentsApi> = { traxSweep: true, traxExtract: true };

/** Every method (the worker loads this page's code on the first call of one). */
export const METHODS: MethodsOf<TraxtentsApi> = { traxSweep: true, traxExtract: true };

declare module '../../engine/protocol' {
  interface EngineApi extends TraxtentsApi {}
}
