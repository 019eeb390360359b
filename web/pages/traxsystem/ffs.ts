/*
 * ffs.ts — traxtent-aware FFS (section 5.3 of the track-aligned extents
 * paper) as request streams to one disk: two large files read at once (diff)
 * and a large file copied (reads of one, writes of the other), the two
 * streams either taking turns with one request outstanding ('one'), or each
 * stream keeping one request at the disk ('per-stream', two outstanding:
 * FreeBSD "attempts to have at least one outstanding request for each
 * active data stream", section 4.2.3, so the disk positions for one stream
 * while the other's data crosses the bus).
 *
 * Default FFS: each file contiguous from its first block, read or written in
 * 256 KB clusters (the paper: "mostly 256 KB"). Traxtent FFS: blocks that
 * straddle a track boundary are excluded (allocation.ts, the same logic as
 * the excluded-blocks fidelity rows), a file fills successive traxtents and
 * each I/O is one traxtent. Requests go straight to the disk
 * (sp_request_submit); the run time is the engine's clock at the last
 * completion.
 */
import { DiskParam, Status, SubmitFlag, type Sim } from '../../../engine-wasm/binding';
import { traxtents } from '../traxtents/allocation';
import { trackMap } from '../traxtents/disk';

export type Req = [lbn: number, sectors: number];

/** The paper's FFS block: 8 KB (sixteen 512-byte LBNs). */
export const FFS_BLOCK_BYTES = 8192;

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

/** Requests at the disk at once: one in all (streams take turns), or one per stream. */
export type Outstanding = 'one' | 'per-stream';
export const OUTSTANDING: readonly Outstanding[] = ['one', 'per-stream'];

/** Where a run is: simulated time (ms) and sectors moved so far by both streams. */
export interface RunProgress {
  ms: number;
  sectors: number;
}

export type OnComplete = (stream: 'a' | 'b', index: number, arrivalMs: number, completeMs: number) => void;

/**
 * Runs two request streams (a: reads of the first file; b: reads or, for a
 * copy, writes of the second) and returns the run time in ms.
 *
 *  - 'one': one request at the disk in all; the streams take turns (a0, b0,
 *    a1, b1, ...), each issued when the previous completes.
 *  - 'per-stream': each stream issues its next request when its own previous
 *    one completes (read-ahead and write-behind, as FreeBSD's asynchronous
 *    I/O does), so the disk holds two; its queue is deepened to two for the
 *    run and put back, and its scheduler (the preset's) orders them.
 *
 * Either way, in a copy (writeB) a write of the second file's sectors
 * [o, o + n) waits until the reads of the first have completed past o + n:
 * data cannot be written before it is read (when it is b's turn and its data
 * is not read yet, a goes again). Yields the progress every `every`
 * completions (a worker's progress and cancel points).
 */
export function* runSteps(sim: Sim, disk: number, a: readonly Req[], b: readonly Req[], writeB: boolean, seed: number,
                          outstanding: Outstanding, every = 64, onComplete?: OnComplete): Generator<RunProgress, number, void> {
  const depth0 = sim.diskGet(disk, DiskParam.QueueDepth);
  try {
    if (outstanding === 'per-stream') sim.diskSet(disk, DiskParam.QueueDepth, Math.max(depth0, 2));
    sim.reset(seed);
    sim.outputConfigure(0, 1);   // one result per run call: each completion is a decision point
    const bEnd: number[] = [];
    b.reduce((sum, r, i) => (bEnd[i] = sum + r[1]), 0);
    let ia = 0, ib = 0, readSectors = 0, moved = 0, completions = 0;
    let aBusy = false, bBusy = false, bTurn = false;
    const bReady = () => !bBusy && ib < b.length && (!writeB || readSectors >= bEnd[ib]);
    const aReady = () => !aBusy && ia < a.length;
    const issueA = (t: number) => { sim.requestSubmit(disk, t, a[ia][0], a[ia][1], 0); aBusy = true; };
    const issueB = (t: number) => { sim.requestSubmit(disk, t, b[ib][0], b[ib][1], writeB ? SubmitFlag.Write : 0); bBusy = true; };
    const issue = (t: number) => {
      if (outstanding === 'per-stream') {
        if (aReady()) issueA(t);
        if (bReady()) issueB(t);
      } else if (!aBusy && !bBusy) {
        if (bTurn && bReady()) issueB(t); else if (aReady()) issueA(t); else if (bReady()) issueB(t);
        bTurn = !bBusy;
      }
    };
    issue(0);
    while (aBusy || bBusy) {
      const st = sim.run(-1);
      const r = sim.results();
      for (let i = 0; i < r.count; i++) {
        const lbn = r.get(i, 'lbn');
        const t = r.get(i, 'completeMs');
        if (aBusy && lbn === a[ia][0] && r.get(i, 'isWrite') === 0) {
          onComplete?.('a', ia, r.get(i, 'arrivalMs'), t);
          aBusy = false; readSectors += a[ia][1]; moved += a[ia][1]; ia++;
        } else if (bBusy && lbn === b[ib][0]) {
          onComplete?.('b', ib, r.get(i, 'arrivalMs'), t);
          bBusy = false; moved += b[ib][1]; ib++;
        }
        issue(Math.max(sim.now(), t));
        if (++completions % every === 0) yield { ms: t, sectors: moved };
      }
      if (st === Status.Ok && r.count === 0 && (aBusy || bBusy)) throw new Error('runSteps: the engine finished with requests still counted outstanding');
    }
    return sim.now();
  } finally {
    sim.diskSet(disk, DiskParam.QueueDepth, depth0);
  }
}

/** Runs a generator to its end and returns its value. */
export function drain<T>(g: Generator<unknown, T, void>): T {
  for (;;) {
    const r = g.next();
    if (r.done) return r.value;
  }
}

/** runSteps to the end: the run time in ms. */
export function runStreams(sim: Sim, disk: number, a: readonly Req[], b: readonly Req[], writeB: boolean, seed: number,
                           outstanding: Outstanding, onComplete?: OnComplete): number {
  return drain(runSteps(sim, disk, a, b, writeB, seed, outstanding, Number.MAX_SAFE_INTEGER, onComplete));
}

export type Allocation = 'default' | 'traxtent';
export const ALLOCATIONS: readonly Allocation[] = ['default', 'traxtent'];

/** Two files' requests: a (the first file, read) and b (the second, read or written). */
export interface FilePair {
  a: Req[];
  b: Req[];
}

/**
 * Two files in alternating sections of `sectionSectors` from `first`: the
 * first file in sections 0, 2, 4, ..., the second in 1, 3, 5, ... (as FFS
 * moves a file to another block group after half a group, 16 MB of its
 * 32 MB groups in the paper, when two files share the groups). Each
 * allocation fills its file's sections in order until the file is placed:
 * default in clusters, traxtent one request per traxtent (a section's edge
 * cuts a traxtent short).
 */
export function sectionRequests(trackStarts: readonly number[], first: number, which: 0 | 1, fileSectors: number, sectionSectors: number,
                                capacity: number, allocation: Allocation, clusterSectors: number, blockSectors = 16): Req[] {
  const reqs: Req[] = [];
  let left = fileSectors;
  for (let k = which; left > 0; k += 2) {
    const start = first + k * sectionSectors;
    if (start + Math.min(left, sectionSectors) > capacity) throw new RangeError('sectionRequests: the file does not fit on the disk');
    if (allocation === 'default') {
      const n = Math.min(left, sectionSectors);
      reqs.push(...clusterRequests(start, n, clusterSectors));
      left -= n;
      continue;
    }
    for (const t of traxtents(trackStarts, start, Math.min(sectionSectors, capacity - start), blockSectors, Number.MAX_SAFE_INTEGER)) {
      if (left <= 0) break;
      const n = Math.min(left, t.sectors);
      reqs.push([t.firstLbn, n]);
      left -= n;
    }
  }
  return reqs;
}

/**
 * Two files of `fileSectors` each from LBN `first`, under each allocation:
 * default FFS in clusters of `clusterSectors`, traxtent FFS one request per
 * traxtent between excluded 8 KB blocks. Placed one after the other (sectionSectors = 0: the second
 * starts where the first ends), or in alternating sections.
 */
export function ffsLayout(sim: Sim, disk: number, fileSectors: number, first = 0, clusterSectors = 512, sectionSectors = 0): Record<Allocation, FilePair> {
  const starts = trackMap(sim, disk).map((t) => t.firstLbn);
  const cap = sim.diskCapacity(disk);
  const block = Math.max(1, Math.round(FFS_BLOCK_BYTES / sim.diskGet(disk, DiskParam.SectorBytes)));
  if (sectionSectors > 0) {
    const file = (which: 0 | 1, x: Allocation) => sectionRequests(starts, first, which, fileSectors, sectionSectors, cap, x, clusterSectors, block);
    return { default: { a: file(0, 'default'), b: file(1, 'default') }, traxtent: { a: file(0, 'traxtent'), b: file(1, 'traxtent') } };
  }
  if (first + 2 * fileSectors > cap) throw new RangeError('ffsLayout: the files do not fit on the disk');
  const ta = traxtentRequests(starts, first, fileSectors, cap, block);
  const tb = traxtentRequests(starts, ta.end, fileSectors, cap, block);
  return {
    default: { a: clusterRequests(first, fileSectors, clusterSectors), b: clusterRequests(first + fileSectors, fileSectors, clusterSectors) },
    traxtent: { a: ta.reqs, b: tb.reqs },
  };
}

export interface FfsRun {
  defaultMs: number;
  traxtentMs: number;
  defaultIos: number;
  traxtentIos: number;
  /** Mean request size (sectors), default and traxtent. */
  defaultMeanSectors: number;
  traxtentMeanSectors: number;
  /** traxtent / default run time, and 1 - that (the run-time reduction the paper states). */
  ratio: number;
  reduction: number;
}

/** A comparison's figures from the two run times and the requests each allocation made. */
export function ffsSummary(layout: Record<Allocation, FilePair>, ms: Record<Allocation, number>): FfsRun {
  const ios = (x: Allocation) => layout[x].a.length + layout[x].b.length;
  const sectors = (x: Allocation) => [...layout[x].a, ...layout[x].b].reduce((s, r) => s + r[1], 0);
  const ratio = ms.traxtent / ms.default;
  return {
    defaultMs: ms.default, traxtentMs: ms.traxtent, defaultIos: ios('default'), traxtentIos: ios('traxtent'),
    defaultMeanSectors: sectors('default') / ios('default'), traxtentMeanSectors: sectors('traxtent') / ios('traxtent'),
    ratio, reduction: 1 - ratio,
  };
}

/**
 * Both files read at once (copy = false) or the first read while the second
 * is written (copy = true), on default and on traxtent allocation.
 */
export function ffsCompare(sim: Sim, disk: number, fileSectors: number, copy: boolean, seed: number, first = 0, clusterSectors = 512,
                           outstanding: Outstanding = 'one', sectionSectors = 0): FfsRun {
  const layout = ffsLayout(sim, disk, fileSectors, first, clusterSectors, sectionSectors);
  const run = (x: Allocation) => runStreams(sim, disk, layout[x].a, layout[x].b, copy, seed, outstanding);
  return ffsSummary(layout, { default: run('default'), traxtent: run('traxtent') });
}
