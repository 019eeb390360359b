/*
 * zoneBands.ts — a committed disk's zone bands, read from the engine's track
 * table (surface 0): every page that shows zones (the run's disk, the
 * locator's) takes them from here. A band is a zone: its cylinders share the
 * zone's slots per track. Its density index changes only with the slots
 * per track, since colouring each zone would show density changes that are
 * not there (the HP 97560's zones all have 72 sectors per track).
 *
 * Zones hold consecutive cylinders, in cylinder order (the engine refuses
 * gaps and overlaps), so each zone's last cylinder is found by a binary
 * search over the track table: a few hundred track reads for a disk of
 * 80,000 cylinders, where reading every cylinder took tens of milliseconds
 * of each run's start.
 */
import { DiskParam, type Sim } from '../../engine-wasm/binding';
import type { ZoneBand } from '../engine/runProtocol';

export function zoneBands(sim: Sim, disk: number): ZoneBand[] {
  const cylinders = sim.diskCylinders(disk);
  const surfaces = sim.diskGet(disk, DiskParam.Surfaces);
  const zoneOf = (cyl: number) => sim.trackInfo(disk, cyl * surfaces).zone;
  const bands: ZoneBand[] = [];
  for (let firstCyl = 0; firstCyl < cylinders;) {
    const t = sim.trackInfo(disk, firstCyl * surfaces);
    // The last cylinder of t's zone: every cylinder up to it is in the zone, none after it.
    let lastCyl = firstCyl;
    for (let hi = cylinders - 1; lastCyl < hi;) {
      const mid = (lastCyl + hi + 1) >> 1;
      if (zoneOf(mid) === t.zone) lastCyl = mid;
      else hi = mid - 1;
    }
    const last = bands[bands.length - 1];
    const density = !last ? 0 : last.slotsPerTrack === t.slots ? last.density : last.density + 1;
    bands.push({ zone: t.zone, firstCyl, lastCyl, slotsPerTrack: t.slots, lbnsPerTrack: t.lbnCount, density });
    firstCyl = lastCyl + 1;
  }
  return bands;
}
