/*
 * zones.ts — reading a disk's zone bands (the engine's, as the worker sends
 * them) for drawing: the runs of one density the platter colours and the
 * legends list, and the slots per track of a cylinder.
 */
import type { ZoneBand } from '../../engine/runProtocol';

/** Adjacent zone bands of one density, drawn as one ring. */
export interface DensityRing {
  density: number;
  firstCyl: number;
  lastCyl: number;
  slotsPerTrack: number;
  /** The zone numbers it covers. */
  zones: number[];
}

/** The rings of a disk's zone bands (in cylinder order), one per run of equal density. */
export function densityRings(bands: readonly ZoneBand[]): DensityRing[] {
  const rings: DensityRing[] = [];
  for (const b of bands) {
    const last = rings[rings.length - 1];
    if (last && last.density === b.density) {
      last.lastCyl = b.lastCyl;
      last.zones.push(b.zone);
    } else {
      rings.push({ density: b.density, firstCyl: b.firstCyl, lastCyl: b.lastCyl, slotsPerTrack: b.slotsPerTrack, zones: [b.zone] });
    }
  }
  return rings;
}

/** Slots per track of a cylinder, from the zone bands (sorted by cylinder). */
export function slotsAt(bands: readonly ZoneBand[], cyl: number): number {
  let lo = 0;
  let hi = bands.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const z = bands[mid];
    if (cyl < z.firstCyl) hi = mid - 1;
    else if (cyl > z.lastCyl) lo = mid + 1;
    else return z.slotsPerTrack;
  }
  return bands.length ? bands[Math.min(Math.max(lo, 0), bands.length - 1)].slotsPerTrack : 1;
}
