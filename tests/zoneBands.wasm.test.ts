/*
 * A disk's zone bands as every page receives them, read from the engine's
 * track table: they tile the cylinders, each holds what sp_track_info says
 * of every one of its cylinders, and the density index changes exactly
 * where the sectors per track do (the HP 97560's three zones of 72 sectors
 * are one density; the Quantum Atlas 10K's 24 zones are fewer densities).
 * Every preset's bands are those a scan of every cylinder finds (the bands
 * are found by a search over the track table, not a scan).
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it, expect, beforeAll } from 'vitest';
import { testEngine } from './helpers/engine';
import { loadPresetJson } from './helpers/presets';
import { DiskParam, type Engine } from '../engine-wasm/binding';
import { configureDisk, validateDiskPreset } from '../web/state/diskPreset';
import { zoneBands } from '../web/worker/zoneBands';
import type { ZoneBand } from '../web/engine/runProtocol';

let engine: Engine;
beforeAll(async () => { engine = await testEngine(); });

function bandsOf(id: string) {
  const v = validateDiskPreset(loadPresetJson(id));
  if (!v.ok) throw new Error(id);
  const sim = engine.createSim(0);
  const disk = configureDisk(sim, v.preset);
  return { sim, disk, preset: v.preset, bands: zoneBands(sim, disk) };
}

describe('zoneBands', () => {
  for (const id of ['hp-97560', 'quantum-atlas-10k', 'hp-c2247a', 'hp-c2200a']) {
    it(`${id}: the bands tile the cylinders with the engine's track layout, a new density only where the slots change`, () => {
      const { sim, disk, preset, bands } = bandsOf(id);
      const surfaces = sim.diskGet(disk, DiskParam.Surfaces);
      expect(bands[0].firstCyl).toBe(0);
      expect(bands.at(-1)!.lastCyl).toBe(sim.diskCylinders(disk) - 1);
      for (const [i, b] of bands.entries()) {
        if (i > 0) expect(b.firstCyl).toBe(bands[i - 1].lastCyl + 1);
        for (const cyl of [b.firstCyl, b.lastCyl]) {
          const t = sim.trackInfo(disk, cyl * surfaces);
          expect({ zone: t.zone, slots: t.slots }).toEqual({ zone: b.zone, slots: b.slotsPerTrack });
        }
        expect(b.lbnsPerTrack).toBe(sim.trackInfo(disk, b.firstCyl * surfaces).lbnCount);
        const prev = bands[i - 1];
        expect(b.density).toBe(!prev ? 0 : prev.slotsPerTrack === b.slotsPerTrack ? prev.density : prev.density + 1);
      }
      // As many densities as the preset has runs of distinct sectors per track.
      const runs = preset.geometry.zones.filter((z, k, all) => k === 0 || z.sectorsPerTrack !== all[k - 1].sectorsPerTrack).length;
      expect(bands.at(-1)!.density + 1).toBe(runs);
      sim.dispose();
    });
  }

  /** The bands a cylinder-by-cylinder reading of the track table gives: a band ends where the zone or its slots change. */
  function scanned(sim: ReturnType<Engine['createSim']>, disk: number): ZoneBand[] {
    const surfaces = sim.diskGet(disk, DiskParam.Surfaces);
    const out: ZoneBand[] = [];
    for (let cyl = 0; cyl < sim.diskCylinders(disk); cyl++) {
      const t = sim.trackInfo(disk, cyl * surfaces);
      const last = out[out.length - 1];
      if (last && last.zone === t.zone && last.slotsPerTrack === t.slots) { last.lastCyl = cyl; continue; }
      const density = !last ? 0 : last.slotsPerTrack === t.slots ? last.density : last.density + 1;
      out.push({ zone: t.zone, firstCyl: cyl, lastCyl: cyl, slotsPerTrack: t.slots, lbnsPerTrack: t.lbnCount, density });
    }
    return out;
  }

  const PRESETS = readdirSync(fileURLToPath(new URL('../presets/disks', import.meta.url))).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
  it(`every preset (${PRESETS.length}): the same bands as a scan of every cylinder`, () => {
    for (const id of PRESETS) {
      const { sim, disk, bands } = bandsOf(id);
      expect(bands, id).toEqual(scanned(sim, disk));
      sim.dispose();
    }
  });

  it('the HP 97560: three zones of 72 sectors per track, one density', () => {
    const { bands, sim } = bandsOf('hp-97560');
    expect(new Set(bands.map((b) => b.zone)).size).toBe(3);
    expect(bands.every((b) => b.density === 0 && b.slotsPerTrack === 72)).toBe(true);
    sim.dispose();
  });
});
