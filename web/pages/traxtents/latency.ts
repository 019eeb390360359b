/*
 * latency.ts — Figure 3 of the track-aligned extents paper: the expected
 * rotational latency of an N-sector read that starts on a track boundary, with
 * and without zero-latency access. Measured by the engine's what-if query
 * (sp_access_time: the head already on the track, the request arriving at
 * `samples` evenly spread angles); the closed forms are the paper's:
 *   ordinary disk:  (SPT-1) / (2 SPT) revolution, whatever N (section 2.3);
 *   zero latency:   the head lands outside the N sectors with probability
 *                   (SPT-N)/SPT and waits (SPT-N)/2 sectors on average, inside
 *                   with probability N/SPT and then needs SPT-N sectors more
 *                   than the transfer: (SPT^2 - N^2) / (2 SPT^2) revolution.
 */
import { DiskParam, type Sim } from '../../../engine-wasm/binding';

export interface LatencyPoint {
  sectors: number;
  /** Mean rotational latency, in revolutions (engine). */
  zeroLatency: number;
  ordinary: number;
  /** The closed forms above, in revolutions. */
  zeroLatencyFormula: number;
  ordinaryFormula: number;
}

export function latencyFormulaZl(n: number, spt: number): number {
  return (spt * spt - n * n) / (2 * spt * spt);
}
export function latencyFormulaOrdinary(spt: number): number {
  return (spt - 1) / (2 * spt);
}

/** Mean rotational latency (revolutions) of reading `sectors` from the track start at `trackStartLbn`. */
export function meanLatency(sim: Sim, disk: number, trackStartLbn: number, sectors: number, zl: boolean, samples: number): number {
  const zl0 = sim.diskGet(disk, DiskParam.ZeroLatency);
  sim.diskSet(disk, DiskParam.ZeroLatency, zl ? 1 : 0);
  try {
    const phys = sim.lbnToPhys(disk, trackStartLbn);
    const rev = sim.revolutionMs(disk);
    let sum = 0;
    for (let i = 0; i < samples; i++) {
      // arrival angles (i + 0.5) / samples of a revolution, one revolution in
      const b = sim.accessTime(disk, {
        fromCyl: phys.cyl, fromSurface: phys.surface, startMs: rev * (1 + (i + 0.5) / samples), lbn: trackStartLbn, sectors,
      });
      sum += b.rotationMs;
    }
    return sum / samples / rev;
  } finally {
    sim.diskSet(disk, DiskParam.ZeroLatency, zl0);
  }
}

/** Figure 3 for one track: the curve at the given sizes (sectors, each <= the track's LBNs). */
export function latencyCurve(sim: Sim, disk: number, trackStartLbn: number, sizes: readonly number[], samples = 1000): LatencyPoint[] {
  const tr = sim.trackInfo(disk, sim.trackOfLbn(disk, trackStartLbn));
  const spt = tr.slots;
  return sizes.map((n) => ({
    sectors: n,
    zeroLatency: meanLatency(sim, disk, trackStartLbn, n, true, samples),
    ordinary: meanLatency(sim, disk, trackStartLbn, n, false, samples),
    zeroLatencyFormula: latencyFormulaZl(n, spt),
    ordinaryFormula: latencyFormulaOrdinary(spt),
  }));
}
