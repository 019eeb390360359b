/* protocol.ts — messages between the traxtent page and its worker. */
import type { DiskPreset } from '../../state/diskPreset';
import type { SweepPoint } from './sweep';
import type { ExtractReport } from '../../../engine-wasm/binding';

export type ToWorker =
  | { type: 'sweep'; id: number; preset: DiskPreset; q: 1 | 2; zl: 'preset' | 'on' | 'off'; n: number; seed: number; points: number }
  | { type: 'extract'; id: number; preset: DiskPreset; lbns: number }
  | { type: 'cancel'; id: number };

export interface SweepInfo {
  trackLbns: number;
  spt: number;
  maxEfficiency: number;
  sizes: number[];
  sectorBytes: number;
  zeroLatency: boolean;
}

export interface ProbeSample { lbn: number; sectors: number; kind: number; responseMs: number }

export type FromWorker =
  | { type: 'sweep-info'; id: number; info: SweepInfo }
  | { type: 'point'; id: number; point: SweepPoint }
  | { type: 'extract-progress'; id: number; report: ExtractReport; probes: ProbeSample[] }
  | { type: 'extract-done'; id: number; report: ExtractReport; found: number; truth: number; missing: number[]; extra: number[]; excluded: { blocks: number; excluded: number } }
  | { type: 'done'; id: number }
  | { type: 'error'; id: number; message: string };
