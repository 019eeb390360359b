/*
 * ffs.ts — traxtent-aware FFS (section 5.3 of the track-aligned extents
 * paper) as request streams to one disk: two large files read at once (diff)
 * and a large file copied (reads of one, writes of the other), the two
 * streams interleaved request by request, one request outstanding.
 *
 * Default FFS: each file contiguous from its first block, read or written in
 * 256 KB clusters (the paper: "mostly 256 KB"). Traxtent FFS: blocks that
 * straddle a track boundary are excluded (allocation.ts, the same logic as
 * the excluded-blocks fidelity rows), a file fills successive traxtents and
 * each I/O is one traxtent. Requests go straight to the disk
 * (sp_request_submit); the run time is the engine's clock at the last
 * completion.
 */
import { SubmitFlag, type Sim } from '../../../engine-wasm/binding';
import { traxtents } from '../traxtents/allocation';
import { trackMap } from '../traxtents/disk';

export type Req = [lbn: number, sectors: number];

/** FFS's default: a file of `sectors` from `first`, in clusters. */
export function clusterRequests(first: number, sectors: number, clusterSectors: number): Req[] {
  const out: Req[] = [];
  for (let off = 0; off < sectors; off += clusterSectors) out.push([first + off, Math.min(clusterSectors, sectors - off)]);
  return out;
}

/** Traxtent FFS: a file of `sectors` filling the traxtents from `first` on; one request per traxtent (or its used part). Returns the requests and the LBN after the file. */
export function traxtentRequests(trackStarts: readonly number[], first: number, sectors: number, capacity: number, blockSectors = 16): { reqs: Req[]; end: number } {
  const reqs: Req[] = [];
  let left = sectors;
  let end = first;
  for (const t of traxtents(trackStarts, first, capacity - first, blockSectors, Number.MAX_SAFE_INTEGER)) {
    if (left <= 0) break;
    const n = Math.min(left, t.sectors);
    reqs.push([t.firstLbn, n]);
    left -= n;
    end = t.firstLbn + n;
  }
  if (left > 0) throw new RangeError('traxtentRequests: the file does not fit on the disk');
  return { reqs, end };
}

/** Runs two request streams interleaved (a0, b0, a1, b1, ...), one outstanding; returns the run time in ms. */
export function runInterleaved(sim: Sim, disk: number, a: readonly Req[], b: readonly Req[], writeB: boolean, seed: number): number {
  sim.reset(seed);
  sim.outputConfigure(0, 0);
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    for (const [reqs, write] of [[a, false], [b, writeB]] as const) {
      if (i >= reqs.length) continue;
      sim.requestSubmit(disk, sim.now(), reqs[i][0], reqs[i][1], write ? SubmitFlag.Write : 0);
      while (sim.run(-1) !== 0) { /* SP_MORE */ }
    }
  }
  return sim.now();
}

export interface FfsRun {
  defaultMs: number;
  traxtentMs: number;
  defaultIos: number;
  traxtentIos: number;
  /** traxtent / default run time. */
  ratio: number;
}

/**
 * Two files of `fileSectors` each, the second allocated after the first from
 * LBN `first`: both read at once (copy = false) or the first read while the
 * second is written (copy = true), on default and on traxtent allocation.
 */
export function ffsCompare(sim: Sim, disk: number, fileSectors: number, copy: boolean, seed: number, first = 0, clusterSectors = 512): FfsRun {
  const starts = trackMap(sim, disk).map((t) => t.firstLbn);
  const cap = sim.diskCapacity(disk);
  const da = clusterRequests(first, fileSectors, clusterSectors);
  const db = clusterRequests(first + fileSectors, fileSectors, clusterSectors);
  const ta = traxtentRequests(starts, first, fileSectors, cap);
  const tb = traxtentRequests(starts, ta.end, fileSectors, cap);
  const defaultMs = runInterleaved(sim, disk, da, db, copy, seed);
  const traxtentMs = runInterleaved(sim, disk, ta.reqs, tb.reqs, copy, seed);
  return { defaultMs, traxtentMs, defaultIos: da.length + db.length, traxtentIos: ta.reqs.length + tb.reqs.length, ratio: traxtentMs / defaultMs };
}
