/*
 * arrayRowKinds.ts — the two kinds of fidelity row an array replay
 * (arrayReplay.ts) gives: its mean against DiskSim's, within 5 %, with the
 * share of requests within 0.1 ms of DiskSim's; and its device requests per
 * disk (and, with DiskSim's disk-request file, each request's) against
 * DiskSim's, exactly.
 */
import { pct } from './disksimReference';
import type { ArrayRun } from './arrayReplay';
import type { FidelityRow } from './traxtents';

export interface ArrayRowText {
  id: string;
  source: string;
  /** What the row is, before the measured difference. */
  what: string;
  why: string;
  /** What is known of a miss (shown only when there is one). */
  open: string;
}

export function arrayMeanRow(r: ArrayRun, t: ArrayRowText): FidelityRow {
  const tol = 0.05 * r.disksimMeanMs;
  const pass = Math.abs(r.modelMeanMs - r.disksimMeanMs) <= tol;
  const diff = pct(r.modelMeanMs, r.disksimMeanMs);
  return {
    id: t.id, source: t.source, unit: 'ms',
    what: `${t.what} (${diff}; ${(100 * r.within01).toFixed(0)} % of requests within 0.1 ms of DiskSim's)`,
    paper: r.disksimMeanMs, model: r.modelMeanMs, tolerance: tol, why: t.why, pass,
    ...(pass ? {} : { openMiss: `model ${diff} off DiskSim's mean; ${t.open}` }),
  };
}

export function arrayRequestsRow(r: ArrayRun, t: Omit<ArrayRowText, 'open'>): FidelityRow {
  const same = r.perDisk.every((n, i) => n === r.disksimPerDisk[i]);
  const sets = r.sameRequests ? `; ${r.sameRequests.same} of ${r.sameRequests.of} requests became exactly DiskSim's ` +
    'device requests (disk, block, size, direction)' : '';
  const pass = same && (!r.sameRequests || r.sameRequests.same === r.sameRequests.of);
  return {
    id: t.id, source: t.source, unit: '',
    what: `${t.what}: device requests per disk of those requests, DiskSim ${r.disksimPerDisk.join('/')} vs model ` +
      `${r.perDisk.join('/')}${sets}`,
    paper: r.disksimPerDisk.reduce((a, b) => a + b, 0), model: r.perDisk.reduce((a, b) => a + b, 0), tolerance: 0,
    why: t.why, pass,
    ...(pass ? {} : { openMiss: 'the device requests differ from DiskSim\'s' }),
  };
}
