/*
 * Every disk preset in presets/disks, loaded into the real wasm engine through
 * configureDisk: it commits; the capacity is the source's (DiskSim "Block
 * count", or the paper's); the engine's zone table is the preset's (zone by
 * zone: cylinders, sectors per track, first LBN, LBN count); every slipped
 * defect is a defective slot; sample LBNs map to the (cylinder, surface, slot)
 * DiskSim itself computes (DiskSim presets); and the seek curve meets each of the preset's
 * stated checks, computed from the engine's own sp_seek_time, within the
 * tolerance the preset states (and explains).
 */
import { describe, it, expect, beforeAll, afterEach } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { testEngine } from './helpers/engine';
import { LBN_DEFECT, type Engine, type Sim } from '../engine-wasm/binding';
import {
  averageSeekMs, configureDisk, engineZones, reversedCylinder, validateDiskPreset,
  type Approximation, type DiskPreset,
} from '../web/state/diskPreset';
import { zoneLbns } from './helpers/layoutModel';

const DIR = fileURLToPath(new URL('../presets/disks/', import.meta.url));
const presets: DiskPreset[] = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort().map((f) => {
  const r = validateDiskPreset(JSON.parse(readFileSync(DIR + f, 'utf8')));
  if (!r.ok) throw new Error(`${f}: ${JSON.stringify(r.errors)}`);
  return r.preset;
});

/** (LBN, cylinder, physical surface, slot) in DiskSim 4.0's own mapping, from presets/tools/check_disksim_mapping.py. */
const DISKSIM_SAMPLES = JSON.parse(readFileSync(fileURLToPath(new URL('./fixtures/disksim-ltop-samples.json', import.meta.url)),
  'utf8')) as Record<string, Array<[number, number, number, number]>>;

let engine: Engine;
const sims: Sim[] = [];
beforeAll(async () => { engine = await testEngine(); });
afterEach(() => { while (sims.length) sims.pop()!.dispose(); });

function load(p: DiskPreset): { sim: Sim; disk: number; approx: Approximation[] } {
  const sim = engine.createSim(1);
  sims.push(sim);
  const approx: Approximation[] = [];
  const disk = configureDisk(sim, p, (a) => approx.push(a));
  return { sim, disk, approx };
}

/** The engine's zone table, one entry per engine zone, read from its tracks. */
function engineZoneTable(sim: Sim, disk: number) {
  const n = sim.diskTrackCount(disk);
  const zones: Array<{ firstCyl: number; lastCyl: number; spt: number; firstLbn: number; lbns: number }> = [];
  for (let t = 0; t < n; t++) {
    const tr = sim.trackInfo(disk, t);
    let z = zones[tr.zone];
    if (!z) z = zones[tr.zone] = { firstCyl: tr.cyl, lastCyl: tr.cyl, spt: tr.slots, firstLbn: -1, lbns: 0 };
    z.lastCyl = tr.cyl;
    expect(tr.slots).toBe(z.spt);
    if (tr.lbnCount > 0 && z.firstLbn < 0) z.firstLbn = tr.firstLbn;
    z.lbns += tr.lbnCount;
  }
  return zones;
}

describe.each(presets.map((p) => [p.id, p] as const))('%s in the wasm engine', (_id, p) => {
  it('commits, with the stated capacity and geometry', () => {
    const { sim, disk } = load(p);
    expect(sim.diskCapacity(disk)).toBe(p.stated.capacityLbns);
    expect(sim.diskCylinders(disk)).toBe(p.geometry.cylinders);
    expect(sim.diskTrackCount(disk)).toBe(p.geometry.cylinders * p.geometry.surfaces);
    expect(sim.revolutionMs(disk)).toBeCloseTo(60000 / p.geometry.rpm, 12);
  });

  it('the zone table round-trips', () => {
    const { sim, disk } = load(p);
    const want = engineZones(p);
    const asPreset = { ...p, geometry: { ...p.geometry, zones: want.map((z) => ({
      firstCyl: z.firstCyl, lastCyl: z.lastCyl, sectorsPerTrack: z.sectorsPerTrack, trackSkew: z.trackSkew,
      cylSkew: z.cylSkew, spare: { kind: (['none', 'sectors-per-track', 'sectors-per-cylinder', 'sectors-per-zone',
        'tracks-per-zone'] as const)[z.spareKind], count: z.spareCount,
        ...(z.spareRangeCylinders !== undefined ? { rangeCylinders: z.spareRangeCylinders } : {}) },
      frontSpaceSectors: z.frontSpaceSectors })) } } as DiskPreset;
    const lbns = zoneLbns(p.shingled ? p : asPreset);
    if (typeof lbns === 'string') throw new Error(lbns);
    const got = engineZoneTable(sim, disk);
    expect(got.length).toBe(want.length);
    let next = 0;
    want.forEach((z, i) => {
      expect({ zone: i, firstCyl: got[i].firstCyl, lastCyl: got[i].lastCyl, spt: got[i].spt, lbns: got[i].lbns })
        .toEqual({ zone: i, firstCyl: z.firstCyl, lastCyl: z.lastCyl, spt: z.sectorsPerTrack, lbns: lbns[i] });
      if (lbns[i] > 0) expect(got[i].firstLbn, `zone ${i} first LBN`).toBe(next);
      next += lbns[i];
    });
    // And the preset's own zones: same cylinders and sectors per track, LBN counts summed over any split.
    const presetLbns = zoneLbns(p) as number[];
    p.geometry.zones.forEach((z, i) => {
      const parts = got.filter((g) => g.firstCyl >= z.firstCyl && g.lastCyl <= z.lastCyl);
      expect(parts[0].firstCyl).toBe(z.firstCyl);
      expect(parts[parts.length - 1].lastCyl).toBe(z.lastCyl);
      for (const g of parts) expect(g.spt).toBe(z.sectorsPerTrack);
      expect(parts.reduce((a, g) => a + g.lbns, 0), `preset zone ${i}`).toBe(presetLbns[i]);
    });
  });

  it('every defect is a defective slot', () => {
    const { sim, disk } = load(p);
    for (const d of p.geometry.defects) {
      const z = p.geometry.zones.find((zz) => d.cyl >= zz.firstCyl && d.cyl <= zz.lastCyl)!;
      const surface = reversedCylinder(p, z, d.cyl) ? p.geometry.surfaces - 1 - d.surface : d.surface;
      const slots = d.slot === undefined ? [...Array(z.sectorsPerTrack).keys()] : [d.slot];
      for (const s of slots) expect(sim.physToLbn(disk, d.cyl, surface, s), JSON.stringify(d)).toBe(LBN_DEFECT);
    }
  });

  it('maps LBNs exactly as DiskSim does (DiskSim-derived presets)', () => {
    const samples = DISKSIM_SAMPLES[p.id];
    if (!samples) return;
    const { sim, disk, approx } = load(p);
    const mirrored = approx.some((a) => a.field === 'geometry.surfaceOrder');
    for (const [lbn, cyl, surface, slot] of samples) {
      const z = p.geometry.zones.find((zz) => cyl >= zz.firstCyl && cyl <= zz.lastCyl)!;
      // Without the alternating surface order in the engine, odd cylinders carry the LBNs on the mirrored surface.
      const want = mirrored && reversedCylinder(p, z, cyl) ? p.geometry.surfaces - 1 - surface : surface;
      const ph = sim.lbnToPhys(disk, lbn);
      expect([lbn, ph.cyl, ph.surface, ph.slot]).toEqual([lbn, cyl, want, slot]);
    }
  });

  it('the seek curve meets the stated checks', () => {
    const { sim, disk } = load(p);
    for (const c of p.stated.seekChecks) {
      const v = c.kind === 'point'
        ? sim.seekTime(disk, c.distance)
        : averageSeekMs((d) => sim.seekTime(disk, d), c.firstCyl, c.lastCyl);
      expect(Math.abs(v - c.ms), `${c.source}: engine gives ${v}`).toBeLessThanOrEqual(c.toleranceMs);
    }
  });

  it('reports exactly the approximations engineApproximations lists', () => {
    const { approx } = load(p);
    const fields = approx.map((a) => a.field);
    expect(new Set(fields).size).toBe(fields.length);
    if (p.geometry.surfaceOrder !== 'normal') expect(fields).toContain('geometry.surfaceOrder');
  });
});

describe('the layout is the engine\'s', () => {
  const base = () => JSON.parse(JSON.stringify(presets.find((p) => p.id === 'hp-c2200a'))) as DiskPreset;
  it('more remapped defects than spares: the engine refuses the commit, naming the defects', () => {
    const p = base();
    p.geometry.defects = [{ cyl: 3, surface: 2, slot: 10, policy: 'remap' }, { cyl: 3, surface: 2, slot: 11, policy: 'remap' }];
    expect(validateDiskPreset(p).ok).toBe(true);
    expect(() => load(p)).toThrow(/defects: .*more remapped defects than free spare sectors/);
    p.geometry.defects.pop();
    expect(() => load(p)).not.toThrow();
  });
  it('a stated capacity the layout does not hold is refused after commit, with the engine\'s count', () => {
    const p = base();
    p.stated.capacityLbns += 1;
    expect(() => load(p)).toThrow(`stated.capacityLbns: ${p.stated.capacityLbns} does not match the ${p.stated.capacityLbns - 1} LBNs`);
  });
});
