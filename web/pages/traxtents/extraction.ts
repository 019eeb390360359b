/*
 * extraction.ts — the black-box track-boundary extraction (engine:
 * sp_extract_*, traxtents paper section 4.1) driven step by step, and its
 * result compared with the engine's true track map.
 */
import type { Sim, ExtractReport } from '../../../engine-wasm/binding';
import type { Region } from './disk';

export interface ExtractionOutcome {
  report: ExtractReport;
  found: number[];
  /** True track starts in (first, end). */
  truth: number[];
  missing: number[];
  extra: number[];
  exact: boolean;
}

/** True track starts strictly inside the region, from the engine's layout. */
export function trueStarts(sim: Sim, disk: number, region: Region): number[] {
  const out: number[] = [];
  const end = region.firstLbn + region.lbns;
  let lbn = region.firstLbn;
  while (lbn < end) {
    const tr = sim.trackInfo(disk, sim.trackOfLbn(disk, lbn));
    const next = tr.firstLbn + tr.lbnCount;
    if (next < end) out.push(next);
    lbn = next;
  }
  return out;
}

/**
 * Runs the extraction over `region`, `tracksPerStep` tracks per step; onStep
 * sees each step's report and probes (for animation). Stops early when the
 * signal is aborted (the outcome then covers what was found).
 */
export function* extractSteps(sim: Sim, disk: number, region: Region, tracksPerStep = 200,
                              signal?: AbortSignal): Generator<ExtractReport, ExtractionOutcome, void> {
  const ex = sim.extractNew(disk, region.firstLbn, region.lbns);
  try {
    for (;;) {
      if (signal?.aborted) break;
      const st = ex.step(tracksPerStep);
      const rep = ex.report();
      yield rep;
      if (st === 0) break;
    }
    const report = ex.report();
    const found = Array.from(ex.boundaries());
    return compare(sim, disk, { firstLbn: region.firstLbn, lbns: report.endLbn - region.firstLbn }, found, report);
  } finally {
    ex.dispose();
  }
}

export function runExtraction(sim: Sim, disk: number, region: Region): ExtractionOutcome {
  const it = extractSteps(sim, disk, region, 100000);
  for (;;) {
    const r = it.next();
    if (r.done) return r.value;
  }
}

function compare(sim: Sim, disk: number, region: Region, found: number[], report: ExtractReport): ExtractionOutcome {
  const truth = trueStarts(sim, disk, region);
  const upto = report.cursor;      // only what was covered
  const t = truth.filter((b) => b <= upto);
  const fs = new Set(found);
  const ts = new Set(t);
  const missing = t.filter((b) => !fs.has(b));
  const extra = found.filter((b) => !ts.has(b));
  return { report, found, truth: t, missing, extra, exact: missing.length === 0 && extra.length === 0 };
}
