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
  return typeof z === 'string' ? z : z.reduce((a, b) => a + b, 0) - mediaCacheLbns(p);
}

/**
 * A shingled preset's LBNs per zone, the disk's own: every track holds
 * sectorsPerTrack LBNs but the guard tracks after each band (bands restart at
 * each zone, after the conventional tracks). Shingled presets have no spares
 * or defects.
 */
function shingledZoneLbns(p: DiskPreset): number[] {
  const sh = p.shingled!, S = p.geometry.surfaces, period = sh.bandTracks + sh.guardTracks;
  return p.geometry.zones.map((z) => {
    const t0 = z.firstCyl * S, t1 = (z.lastCyl + 1) * S, s0 = Math.max(t0, sh.conventionalTracks);
    let tracks = 0;
    for (let t = t0; t < t1; t++) if (t < sh.conventionalTracks || (t - s0) % period < sh.bandTracks) tracks++;
    return tracks * z.sectorsPerTrack;
  });
}

/** A drive-managed preset's media cache (its conventional tracks), which the host does not see. */
function mediaCacheLbns(p: DiskPreset): number {
  const sh = p.shingled;
  if (sh?.mode !== 'drive-managed') return 0;
  const S = p.geometry.surfaces;
  let n = 0;
  for (let t = 0; t < sh.conventionalTracks; t++) n += p.geometry.zones.find((z) => t < (z.lastCyl + 1) * S)!.sectorsPerTrack;
  return n;
}

/** LBNs of each zone of the preset (see layoutCapacity; a drive-managed cache included), or an error message. */
export function zoneLbns(p: DiskPreset): number[] | string {
  if (p.shingled) return shingledZoneLbns(p);
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
      case 'sectors-per-zone':
        reserve = z.spare.count;
        if (z.spare.rangeCylinders) unit = z.spare.rangeCylinders * S;
        break;
      case 'tracks-per-zone': reserve = z.spare.count * z.sectorsPerTrack; break;
      default: break;
    }
    let front = z.frontSpaceSectors ?? 0;
    for (let u = t0; u < t1; u += unit) {
      const end = Math.min(u + unit, t1);
      const slots = (end - u) * z.sectorsPerTrack;
      // DiskSim's sparing per range: a partial last range keeps no spares.
      const kept = z.spare.rangeCylinders && end - u < unit ? 0 : reserve;
      let slips = 0, remaps = 0;
      for (let t = u; t < end; t++) {
        const e = defectsByTrack.get(t);
        if (e) { slips += e.slips; remaps += e.remaps; }
      }
      const data = Math.max(0, Math.min(slots - kept, slots - slips));   // data slots, front space included
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
