/*
 * mixes.ts — TPC-H-like queries over the page's 2-D table (spec 2.3, 2.6):
 * each query is one sp_table2d_submit_mix call (the engine draws the
 * records), run on the page's quadrangle volume for each table layout; the
 * query's time is its last completion less its arrival, averaged over a few
 * repetitions with different seeds. The queries, for a table of C columns
 * and P = p·w records per stripe:
 *  - scan: a quarter of the columns over 4 stripes (a Q6-like scan: 4 of 16);
 *  - full scan: every column over the same records;
 *  - records: 50 random records (OLTP-like);
 *  - range: every column over one stripe of consecutive records;
 *  - mix: the scan plus the 50 random records (a Q14-like query).
 */
import { EngineError, HOST, HostParam, Status, codeOf, type Engine, type Sim } from '../../../engine-wasm/binding';
import { oneOfArg, presetArg, wholeArg } from '../../worker/args';
import { arraySim, quadVolume, tableRows } from './service';
import { LAYOUTS, type FigureProgress, type Layout, type MixParams, type MixQuery, type MixRow } from './protocol';

export const MIX_QUERIES: readonly MixQuery[] = ['scan', 'full', 'records', 'range', 'mix'];
const FETCHES = 50;

/** The sp_table2d_submit_mix arguments of a query. */
export function mixArgs(q: MixQuery, C: number, P: number): { scanColumns: number; scanRows: number; fetches: number; range: number } {
  const quarter = Math.max(1, Math.round(C / 4)), S = 4 * P;
  switch (q) {
    case 'scan': return { scanColumns: quarter, scanRows: S, fetches: 0, range: 1 };
    case 'full': return { scanColumns: C, scanRows: S, fetches: 0, range: 1 };
    case 'records': return { scanColumns: 0, scanRows: 0, fetches: FETCHES, range: 1 };
    case 'range': return { scanColumns: 0, scanRows: 0, fetches: 1, range: P };
    case 'mix': return { scanColumns: quarter, scanRows: S, fetches: FETCHES, range: 1 };
  }
}

/** One query on one layout: the mean time over `reps` runs (seeds seed, seed+1, ...), and its logical and device requests. */
export function mixPoint(sim: Sim, layout: Layout, query: MixQuery, q: { p: number; d: number; b: number; columns: number; reps: number; seed: number }): MixRow {
  let ms = 0, requests = 0, device = 0;
  for (let k = 0; k < q.reps; k++) {
    sim.reset(q.seed + k);
    const info = quadVolume(sim, q.p, q.d, q.b, 'linked');
    sim.hostSet(HostParam.QueueDepth, 0);
    const rows = tableRows(info, q.columns);
    if (rows < 4 * info.p * info.w) throw new EngineError(Status.Range, `columns: ${q.columns} columns leave too few records for the queries`, undefined, 'columns');
    sim.table2dSet(codeOf('Table2dLayout', layout), q.columns, rows);
    const a = mixArgs(query, q.columns, info.p * info.w);
    requests += sim.table2dSubmitMix(0, a.scanColumns, a.scanRows, a.fetches, a.range, 0);
    sim.outputConfigure(0, 0);
    while (sim.run() !== Status.Ok) { /* chunks */ }
    const host = sim.statsGet(HOST), dev = sim.statsGet(-1);
    ms += host.lastCompleteMs - host.firstArrivalMs;
    device += dev.completed;
  }
  return { layout, query, ms: ms / q.reps, requests: requests / q.reps, deviceRequests: device / q.reps };
}

export function* mixStream(engine: Engine, p: MixParams): Generator<FigureProgress, MixRow[], void> {
  const q = {
    preset: presetArg(p.preset), p: wholeArg('p', p.p, 1, 16), d: wholeArg('d', p.d, 1, 64), b: wholeArg('b', p.b, 1, 4096),
    columns: wholeArg('columns', p.columns, 1, 256), reps: wholeArg('reps', p.reps, 1, 100), seed: wholeArg('seed', p.seed, 0, Number.MAX_SAFE_INTEGER),
  };
  const queries = (Array.isArray(p.queries) ? p.queries : []).map((x, i) => oneOfArg(`queries[${i}]`, x, MIX_QUERIES));
  const sim = arraySim(engine, q.preset, q.p, q.seed);
  try {
    const out: MixRow[] = [];
    for (const query of queries) {
      for (const layout of LAYOUTS) {
        const row = mixPoint(sim, layout, query, q);
        out.push(row);
        yield { kind: 'mix-row', row };
      }
    }
    return out;
  } finally {
    sim.dispose();
  }
}
