/*
 * run.ts — a homework question through the engine: the toy disk (the preset
 * presets/disks/ostep-toy.json, with the question's speeds, skew and zones),
 * disk.py's scheduler rules for the policy, every request submitted at t = 0
 * in list order (late ones one after each decision), and each request's
 * seek, rotation and transfer as the
 * engine computed them. One time unit is one engine millisecond. Used by the
 * worker (the page), the command line (tools/sim.ts homework) and the tests.
 */
import { DiskParam, Scheduler, type Engine, type Sim } from '../../../engine-wasm/binding';
import toyJson from '../../../presets/disks/ostep-toy.json';
import { configureDisk } from '../../state/presetEngine';
import type { DiskPreset } from '../../state/presetSchema';
import { diskPyClock } from './diskpyClock';
import { requestLists, trackBlocks, type HomeworkSetup } from './setup';

/** Whose arithmetic the times follow: disk.py's stepped clock (what answer keys print) or the engine's exact times. */
export type Arithmetic = 'disk.py' | 'exact';

/** Positioning times closer than this (time units) are ties, which go to the request listed first. */
export const TIE_UNITS = 1e-6;
/**
 * disk.py adds late request k to the queue just after its k-th decision (the
 * first at t = 0, then one at each completion), so that decision does not see
 * it: here it arrives this long after the completion, when the next decision
 * (which waits for everything due at its instant) has been taken.
 */
export const LATE_AFTER_UNITS = 1e-9;

const TOY = toyJson as unknown as DiskPreset;

export interface HomeworkRow {
  /** Position of the request in the list (0-based). */
  index: number;
  block: number;
  track: number;
  seek: number;
  rotate: number;
  transfer: number;
  /** seek + rotate + transfer: the request's time on the disk. */
  total: number;
  /** When the disk began on it (its seek), and when its transfer ended. */
  start: number;
  end: number;
}

export interface HomeworkRun {
  requests: number[];
  /** Late requests (-l / -L), in the order they arrive. */
  late: number[];
  /** In the order the disk served them. */
  rows: HomeworkRow[];
  totals: { seek: number; rotate: number; transfer: number; total: number };
  arithmetic: Arithmetic;
  /** Rows (service order) whose disk.py times differ from the engine's exact ones: where disk.py's clock drifts. */
  drifted: number[];
  /** For drawing: a revolution, the angle under the head at t = 0 (fraction of a turn), each track's blocks. */
  revolution: number;
  phase0: number;
  tracks: Array<{ firstBlock: number; blocks: number; slot0Angle: number }>;
}

/**
 * The toy preset with the question's speeds, skew and zones: one zone per
 * track, each starting where disk.py puts its block 0. disk.py centres block
 * 0 of every track half a turn from the head's start, then turns track k by
 * k * skew of its own blocks; the head starts half a turn from block 0's
 * centre (halfway through block 6 on the default disk). With the outer
 * track's slot 0 at angle 0, track k's slot 0 is then at
 * k * skew / n_k + 1 / (2 n_0) - 1 / (2 n_k) of a turn (n: blocks per track).
 */
export function toyPreset(s: HomeworkSetup): DiskPreset {
  const { spt } = trackBlocks(s);
  const p: DiskPreset = structuredClone(TOY);
  const base = TOY.geometry.zones[0];
  const seek = TOY.mechanics.seek;
  if (seek.model !== 'curve' || p.mechanics.seek.model !== 'curve') throw new Error('ostep-toy: the seek must be a curve (linear: c + e * d)');
  p.mechanics.seek.e = seek.e / s.seekSpeed;
  p.geometry.rpm = TOY.geometry.rpm * s.rotSpeed;
  const frac = (x: number) => x - Math.floor(x);
  p.geometry.zones = spt.map((n, k) => {
    const offset = n * frac((k * s.skew) / n + 0.5 / spt[0] - 0.5 / n);
    return { ...base, firstCyl: k, lastCyl: k, sectorsPerTrack: n, trackSkew: 0, cylSkew: 0, firstBlockOffset: offset < n ? offset : 0 };
  });
  p.mechanics.initialRotation = 0.5 + 0.5 / spt[0];
  p.stated = { ...p.stated!, capacityLbns: spt[0] + spt[1] + spt[2], seekChecks: [] };
  return p;
}

/** disk.py's policy as the engine's scheduler and its rules. */
function setPolicy(sim: Sim, d: number, s: HomeworkSetup): void {
  const satf = s.policy !== 'FIFO';
  sim.diskSet(d, DiskParam.Scheduler, s.policy === 'FIFO' ? Scheduler.Fcfs : s.policy === 'SSTF' ? Scheduler.Sstf : Scheduler.Sptf);
  sim.diskSet(d, DiskParam.SchedGather, 1);
  sim.diskSet(d, DiskParam.SchedWindow, s.window > 0 ? s.window : 0);
  sim.diskSet(d, DiskParam.SchedBatch, s.policy === 'BSATF' ? 1 : 0);
  sim.diskSet(d, DiskParam.SchedTieMs, satf ? TIE_UNITS : 0);
  sim.diskSet(d, DiskParam.SstfSptf, s.policy === 'SSTF' ? 1 : 0);
  sim.diskSet(d, DiskParam.SptfAccess, satf ? 1 : 0);
}

/** The engine's rows with disk.py's times for the same service order, and the rows where they differ. */
function onDiskPyClock(s: HomeworkSetup, exact: HomeworkRow[]): { rows: HomeworkRow[]; drifted: number[] } {
  const clock = diskPyClock(s, exact.map((r) => r.block));
  const rows = exact.map((r, i) => ({ ...r, ...clock[i] }));
  const same = (a: number, b: number) => Math.abs(a - b) < TIE_UNITS;
  const drifted = rows.flatMap((r, i) => (same(r.seek, exact[i].seek) && same(r.rotate, exact[i].rotate) && same(r.transfer, exact[i].transfer) ? [] : [i]));
  return { rows, drifted };
}

export function runHomework(engine: Engine, s: HomeworkSetup, arithmetic: Arithmetic = 'disk.py'): HomeworkRun {
  const { requests, late } = requestLists(s);
  const preset = toyPreset(s);
  const sim = engine.createSim(0);
  try {
    const d = configureDisk(sim, preset);
    setPolicy(sim, d, s);
    sim.outputConfigure(0, 1);                 /* one result per run call: a completion is a decision */
    requests.forEach((b) => sim.requestSubmit(d, 0, b, 1, 0));
    let nextLate = 0;
    const arriveLate = (t: number) => {
      if (nextLate >= late.length) return false;
      sim.requestSubmit(d, t + LATE_AFTER_UNITS, late[nextLate++], 1, 0);
      return true;
    };
    if (requests.length) arriveLate(0);
    const exact: HomeworkRow[] = [];
    for (;;) {
      const st = sim.run(-1);
      const r = sim.results();
      let added = false;
      for (let i = 0; i < r.count; i++) {
        const x = r.at(i);
        exact.push({
          index: x.id, block: x.lbn, track: sim.lbnToPhys(d, x.lbn).cyl, seek: x.seekMs, rotate: x.rotationMs,
          transfer: x.transferMs, total: x.seekMs + x.rotationMs + x.transferMs, start: x.dispatchMs, end: x.completeMs,
        });
        added = arriveLate(x.completeMs) || added;
      }
      if (st === 0 && !added) break;
    }
    const clocked = onDiskPyClock(s, exact);
    const { rows, drifted } = arithmetic === 'disk.py' ? clocked : { rows: exact, drifted: clocked.drifted };
    const sum = (k: 'seek' | 'rotate' | 'transfer') => rows.reduce((a, r) => a + r[k], 0);
    const tracks = [0, 1, 2].map((t) => {
      const info = sim.trackInfo(d, t);
      return { firstBlock: info.firstLbn, blocks: info.lbnCount, slot0Angle: info.slot0Angle };
    });
    return {
      requests, late, rows, arithmetic, drifted,
      totals: { seek: sum('seek'), rotate: sum('rotate'), transfer: sum('transfer'), total: rows.length ? rows[rows.length - 1].end : 0 },
      revolution: sim.revolutionMs(d),
      phase0: sim.angleAt(d, 0),
      tracks,
    };
  } finally {
    sim.dispose();
  }
}
