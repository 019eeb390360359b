/*
 * zoneBands.ts — a committed disk's zone bands, read track by track from the
 * engine's track table (surface 0): every page that shows zones (the run's
 * disk, the locator's) takes them from here. A band ends where the zone or
 * the slots per track change; its density index changes only with the slots
 * per track, since colouring each zone would show density changes that are
 * not there (the HP 97560's zones all have 72 sectors per track).
 */
import { DiskParam, type Sim } from '../../engine-wasm/binding';
import type { ZoneBand } from '../engine/runProtocol';

export function zoneBands(sim: Sim, disk: number): ZoneBand[] {
  const cylinders = sim.diskCylinders(disk);
  const surfaces = sim.diskGet(disk, DiskParam.Surfaces);
  const bands: ZoneBand[] = [];
  for (let cyl = 0; cyl < cylinders; cyl++) {
    const t = sim.trackInfo(disk, cyl * surfaces);
    const last = bands[bands.length - 1];
    if (last && last.zone === t.zone && last.slotsPerTrack === t.slots) {
      last.lastCyl = cyl;
      continue;
    }
    const density = !last ? 0 : last.slotsPerTrack === t.slots ? last.density : last.density + 1;
    bands.push({ zone: t.zone, firstCyl: cyl, lastCyl: cyl, slotsPerTrack: t.slots, lbnsPerTrack: t.lbnCount, density });
  }
  return bands;
}
