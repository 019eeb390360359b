/*
 * calibrate.ts — the ladder workload's one calibrated input: the span of the
 * disk its requests fall in (region_lbns, a hot region from LBN 0), found by
 * bisection so that the reference rung's mean response equals the paper's
 * measured mean. Run by tools/ladder-calibrate.ts, whose answer is stored in
 * the ladder file; the fidelity rows check the stored value still hits.
 */
import type { Engine } from '../../../engine-wasm/binding';
import type { DiskPreset } from '../../state/diskPreset';
import { mean, referenceRung, runRung, type Ladder, type LadderWorkload } from './ladder';

export interface Calibration { regionLbns: number; meanMs: number; targetMs: number; reached: boolean }

/** Longer seeks with a wider region: the mean grows with the span (bisection on its logarithm). */
export function calibrateRegion(engine: Engine, ladder: Ladder, preset: DiskPreset, workload: LadderWorkload,
                                capacity: number, seed: number, targetMs: number): Calibration {
  const ref = referenceRung(ladder);
  const at = (span: number) => mean(runRung(engine, preset, ref, { ...workload, region_lbns: Math.round(span) }, seed));
  let lo = Math.max(workload.size_sectors * 4, 64), hi = capacity;
  const mLo = at(lo), mHi = at(hi);
  if (targetMs <= mLo) return { regionLbns: Math.round(lo), meanMs: mLo, targetMs, reached: false };
  if (targetMs >= mHi) return { regionLbns: Math.round(hi), meanMs: mHi, targetMs, reached: false };
  let best = { span: hi, m: mHi };
  for (let i = 0; i < 30; i++) {
    const mid = Math.sqrt(lo * hi), m = at(mid);
    if (Math.abs(m - targetMs) < Math.abs(best.m - targetMs)) best = { span: mid, m };
    if (m < targetMs) lo = mid; else hi = mid;
    if (hi - lo < 1) break;
  }
  return { regionLbns: Math.round(best.span), meanMs: at(Math.round(best.span)), targetMs, reached: true };
}
