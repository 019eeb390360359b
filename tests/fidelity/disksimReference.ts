/*
 * disksimReference.ts — reading DiskSim 4.0's synthetic reference files
 * (`../shared/reference/disksim/synthetic/`, copied under tests/fixtures/):
 * its ASCII traces, its per-request answers, and the comparison of a model's
 * responses with them.
 */
import { readFileSync } from 'node:fs';

/** The non-empty lines of a fixture file. */
export function fixtureLines(dir: string, file: string): string[] {
  return readFileSync(`${dir}${file}`, 'utf8').split('\n').filter((l) => l.trim() !== '');
}

export interface TraceRequest {
  arrivalMs: number;
  lbn: number;
  sectors: number;
  isWrite: boolean;
}

/** A DiskSim ASCII trace: `time_ms device lbn sectors flags`, flag bit 0x1 = read. */
export function traceRequests(lines: readonly string[]): TraceRequest[] {
  return lines.map((l) => {
    const [t, , lbn, n, flags] = l.trim().split(/\s+/);
    return { arrivalMs: Number(t), lbn: Number(lbn), sectors: Number(n), isWrite: (parseInt(flags, 16) & 1) === 0 };
  });
}

/** DiskSim's response per request, by trace line: the `id` and `response_ms` columns of a CSV with a header
 * (`id,arrival_ms,device,lbn,sectors,read,response_ms`, or a copy cut to `id,response_ms`). */
export function disksimResponses(lines: readonly string[]): Map<number, number> {
  const head = (lines[0] ?? '').split(',');
  const id = head.indexOf('id'), ms = head.indexOf('response_ms');
  if (id < 0 || ms < 0) throw new Error(`DiskSim answers: the header "${lines[0]}" has no id or response_ms column`);
  const out = new Map<number, number>();
  for (const l of lines.slice(1)) {
    const f = l.split(',');
    out.set(Number(f[id]), Number(f[ms]));
  }
  return out;
}

export interface MeanComparison {
  disksimMeanMs: number;
  modelMeanMs: number;
  /** Share of the requests within 0.1 ms of DiskSim's response. */
  within01: number;
}

/** The means over the requests DiskSim completed; each must have a model response. */
export function compareResponses(disksim: ReadonlyMap<number, number>, model: ReadonlyMap<number, number>,
  what: string): MeanComparison {
  let sum = 0, ref = 0, close = 0;
  for (const [id, ms] of disksim) {
    const m = model.get(id);
    if (m === undefined) throw new Error(`${what}: request ${id} did not complete`);
    sum += m; ref += ms;
    if (Math.abs(m - ms) <= 0.1) close++;
  }
  return { disksimMeanMs: ref / disksim.size, modelMeanMs: sum / disksim.size, within01: close / disksim.size };
}

/** A signed percentage difference, e.g. "+0.2 %". */
export const pct = (model: number, ref: number) => `${model >= ref ? '+' : ''}${(100 * (model / ref - 1)).toFixed(1)} %`;
