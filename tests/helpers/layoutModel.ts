/*
 * layoutModel.ts — an independent model of the engine's LBN layout
 * (engine-wasm/src/layout.c), for tests only: the preset tests compare the
 * engine's zone table and capacity against it. The product asks the engine.
 */
import type { DiskPreset } from '../../web/state/presetSchema';

/**
 * LBNs the preset's layout holds, computed the way the engine lays it out:
 * each sparing unit (track, cylinder or zone) holds its slots minus its
 * spares, the zone's front space takes its first data slots (across units),
 * slipped slots push LBNs on into
 * the spares, remapped ones take a spare. Returns an error message instead
 * if a unit has more defects than spares to absorb them.
 */
export function layoutCapacity(p: DiskPreset): number | string {
  const z = zoneLbns(p);
  return typeof z === 'string' ? z : z.reduce((a, b) => a + b, 0);
}

/** LBNs of each zone of the preset (see layoutCapacity), or an error message. */
export function zoneLbns(p: DiskPreset): number[] | string {
  const S = p.geometry.surfaces;
  const defectsByTrack = new Map<number, { slips: number; remaps: number }>();
  for (const d of p.geometry.defects) {
    const t = d.cyl * S + d.surface;
    const z = p.geometry.zones.find((zz) => d.cyl >= zz.firstCyl && d.cyl <= zz.lastCyl)!;
    const n = d.slot === undefined ? z.sectorsPerTrack : 1;
    const e = defectsByTrack.get(t) ?? { slips: 0, remaps: 0 };
    if (d.policy === 'slip') e.slips += n; else e.remaps += n;
    defectsByTrack.set(t, e);
  }
  const out: number[] = [];
  for (const [zi, z] of p.geometry.zones.entries()) {
    let total = 0;
    const t0 = z.firstCyl * S, t1 = (z.lastCyl + 1) * S;
    let unit = t1 - t0, reserve = 0;
    switch (z.spare.kind) {
      case 'sectors-per-track': unit = 1; reserve = z.spare.count; break;
      case 'sectors-per-cylinder': unit = S; reserve = z.spare.count; break;
      case 'sectors-per-zone': reserve = z.spare.count; break;
      case 'tracks-per-zone': reserve = z.spare.count * z.sectorsPerTrack; break;
      default: break;
    }
    let front = z.frontSpaceSectors ?? 0;
    for (let u = t0; u < t1; u += unit) {
      const end = Math.min(u + unit, t1);
      const slots = (end - u) * z.sectorsPerTrack;
      let slips = 0, remaps = 0;
      for (let t = u; t < end; t++) {
        const e = defectsByTrack.get(t);
        if (e) { slips += e.slips; remaps += e.remaps; }
      }
      const data = Math.max(0, Math.min(slots - reserve, slots - slips));   // data slots, front space included
      const lead = Math.min(front, data);
      front -= lead;
      const lbns = data - lead;
      if (remaps > slots - lead - slips - lbns) {
        return `zone ${zi} (cylinders ${z.firstCyl}..${z.lastCyl}): more remapped defects than free spare sectors`;
      }
      total += lbns;
    }
    out.push(total);
  }
  return out;
}
