/*
 * resultFixture.ts — a ValidationResult built by hand from its per-request
 * columns, for the unit tests of what reads one (the means follow from the
 * columns; the demerit and the time breakdown are not read by those and stay 0).
 */
import type { ValidationResult } from './validate';

export interface FixtureColumns {
  measuredMs: number[];
  simulatedMs: number[];
  isWrite: number[];
  sectors: number[];
  cache: number[];
  seekMs: number[];
}

export function validationResult(c: FixtureColumns): ValidationResult {
  const n = c.measuredMs.length;
  const mean = (a: number[]) => a.reduce((s, x) => s + x, 0) / n;
  const measuredMeanMs = mean(c.measuredMs), modelMeanMs = mean(c.simulatedMs);
  return {
    count: n, measuredMs: Float64Array.from(c.measuredMs), simulatedMs: Float64Array.from(c.simulatedMs),
    isWrite: Uint8Array.from(c.isWrite), sectors: Int32Array.from(c.sectors), cache: Uint8Array.from(c.cache),
    seekMs: Float64Array.from(c.seekMs), measuredMeanMs, modelMeanMs, meanError: (modelMeanMs - measuredMeanMs) / measuredMeanMs,
    demeritMs: 0, demeritRelative: 0,
    breakdown: { overheadMs: 0, seekMs: 0, rotationMs: 0, transferMs: 0, switchMs: 0, busMs: 0, cacheHits: c.cache.filter((x) => x >= 2).length },
  };
}
