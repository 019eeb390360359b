/*
 * quadrangle.ts — the benchmark row of the Atropos page's quadrangle sweep
 * (Figure 9 as the page runs it: web/pages/atropos/service.ts,
 * sweepStream, d = 2, 3, 4, 14 points per curve, 200 semi-sequential
 * batches per point, the Atlas 10K III preset) in wasm: wall time of the
 * whole stream (the exact-check search included), points per second.
 */
import type { Engine } from '../../engine-wasm/binding';
import { sweepStream } from '../../web/pages/atropos/service';

export interface QuadrangleFigures { preset: string; points: number; batchesPerPoint: number; wallMs: number[]; medianMs: number; pointsPerS: number }

export function quadrangleSweep(engine: Engine, preset: { name?: string }, runs: number, log: (m: string) => void): QuadrangleFigures {
  const n = 200;
  const once = () => {
    const t0 = performance.now();
    let points = 0;
    const g = sweepStream(engine, { preset, ds: [2, 3, 4], points: 14, n, seed: 1, presched: 'linked' });
    for (let r = g.next(); !r.done; r = g.next()) if (r.value.kind === 'point') points++;
    return { ms: performance.now() - t0, points };
  };
  log(`quadrangle: the Atropos Figure 9 sweep on ${preset.name}, ${runs} runs`);
  once();
  const all = Array.from({ length: runs }, once);
  const wallMs = all.map((r) => r.ms);
  const medianMs = [...wallMs].sort((a, b) => a - b)[wallMs.length >> 1];
  return { preset: String(preset.name), points: all[0].points, batchesPerPoint: n, wallMs, medianMs, pointsPerS: all[0].points / (medianMs / 1000) };
}
