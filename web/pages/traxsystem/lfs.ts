/*
 * lfs.ts — LFS segment size (section 5.5 of the track-aligned extents paper):
 * overall write cost (Matthews et al.) = write cost x transfer inefficiency.
 *
 * Write cost: the Sprite LFS cleaning model (Rosenblum and Ousterhout): to
 * free segments whose live fraction is u, the cleaner reads whole segments
 * (1), writes back the live data (u), and the freed space takes new data
 * (1 - u): (1 + u + (1 - u)) / (1 - u) = 2 / (1 - u); u = 0 costs 1 (nothing
 * to read). It does not depend on the segment size in this model (Matthews
 * et al. measured that dependence on traces; we have no such data, see the
 * fidelity rows).
 *
 * Transfer inefficiency: 1 / disk efficiency of writing one segment with one
 * request, measured by the engine (random segment positions in one zone,
 * one request outstanding), aligned segments start on a track boundary.
 *
 * Variable-sized segments (the paper's end of section 5.5): tracks hold
 * fewer LBNs toward the spindle, so a track-matched LFS records each
 * segment's start and length in its segment usage table. Measured here per
 * zone (segments of one track of that zone) and over the whole disk, where
 * zone-matched segments are set against segments of one fixed size (the
 * first zone's track), started on a track boundary or anywhere.
 */
import type { Sim } from '../../../engine-wasm/binding';
import { trackMap, typicalTrackLbns, zoneRegion } from '../traxtents/disk';
import { runPoint, type Alignment, type RunSpec } from '../traxtents/sweep';

/** Sprite LFS write cost at cleaned-segment utilisation u in [0, 1). */
export function writeCost(u: number): number {
  if (!(u >= 0 && u < 1)) throw new RangeError(`writeCost: utilisation ${u} is not in [0, 1)`);
  return u === 0 ? 1 : 2 / (1 - u);
}

/** Overall write cost: write cost x transfer inefficiency (1 / efficiency). */
export function overallWriteCost(u: number, efficiency: number): number {
  if (!(efficiency > 0 && efficiency <= 1)) throw new RangeError(`overallWriteCost: efficiency ${efficiency} is not in (0, 1]`);
  return writeCost(u) / efficiency;
}

export interface SegmentPoint {
  alignment: Alignment;
  /** Segment size in sectors. */
  sectors: number;
  efficiency: number;
  owc: number;
  index: number;
}

/** One segment size, written `run.requests` times at random positions, one outstanding. */
export function segmentPoint(sim: Sim, disk: number, run: RunSpec, alignment: Alignment, sectors: number, u: number, index: number): SegmentPoint {
  const r = runPoint(sim, disk, run, { size: sectors, alignment, outstanding: 1, isWrite: true });
  return { alignment, sectors, efficiency: r.efficiency, owc: overallWriteCost(u, r.efficiency), index };
}

/** The point of lowest overall write cost of one alignment (undefined: none yet). */
export function lowestCost(points: readonly SegmentPoint[], alignment: Alignment): SegmentPoint | undefined {
  let best: SegmentPoint | undefined;
  for (const p of points) if (p.alignment === alignment && (!best || p.owc < best.owc)) best = p;
  return best;
}

/** Relative reduction of the overall write cost, aligned vs unaligned at one size: 1 - aligned / unaligned. */
export function owcReduction(aligned: SegmentPoint, unaligned: SegmentPoint): number {
  return 1 - aligned.owc / unaligned.owc;
}

/** The zones that hold LBNs, in LBN order (engine zone numbers). */
export function lbnZones(sim: Sim, disk: number): number[] {
  return [...new Set(trackMap(sim, disk).map((t) => t.zone))];
}

export interface ZoneSegmentPoint {
  zone: number;
  /** The zone's track size (its most common LBNs per track): the segment size there. */
  sectors: number;
  efficiency: number;
  owc: number;
}

/** Segments of one track of `zone`, each started on a track boundary, written at random in that zone. */
export function zoneSegmentPoint(sim: Sim, disk: number, zone: number, u: number, requests: number, seed: number): ZoneSegmentPoint {
  const region = zoneRegion(sim, disk, zone);
  const r = runPoint(sim, disk, { region, requests, seed }, { size: 'track', alignment: 'aligned', outstanding: 1, isWrite: true });
  return { zone, sectors: typicalTrackLbns(sim, disk, region), efficiency: r.efficiency, owc: overallWriteCost(u, r.efficiency) };
}

export interface WholeDiskSegments {
  /** Zone-matched: each segment one track of wherever it lies (mean size measured). */
  matched: { meanSectors: number; efficiency: number; owc: number };
  /** One fixed size (the first zone's track), started on a track boundary, and anywhere. */
  fixedSectors: number;
  fixedAligned: { efficiency: number; owc: number };
  fixedUnaligned: { efficiency: number; owc: number };
}

/** Segment writes at random over the whole disk: zone-matched vs one fixed size. */
export function wholeDiskSegments(sim: Sim, disk: number, u: number, requests: number, seed: number, fixedSectors: number): WholeDiskSegments {
  const run = { region: { firstLbn: 0, lbns: sim.diskCapacity(disk) }, requests, seed };
  const m = runPoint(sim, disk, run, { size: 'track', alignment: 'aligned', outstanding: 1, isWrite: true });
  const fixed = (alignment: Alignment) => {
    const r = runPoint(sim, disk, run, { size: fixedSectors, alignment, outstanding: 1, isWrite: true });
    return { efficiency: r.efficiency, owc: overallWriteCost(u, r.efficiency) };
  };
  return {
    matched: { meanSectors: m.meanSectors, efficiency: m.efficiency, owc: overallWriteCost(u, m.efficiency) },
    fixedSectors, fixedAligned: fixed('aligned'), fixedUnaligned: fixed('unaligned'),
  };
}
