/*
 * disk.ts — what the traxtent experiment needs to know about a committed disk,
 * read from the engine (never recomputed here): the track map (first LBN and
 * LBN count of every track that holds LBNs), a zone's LBN range, the sector
 * size, and the maximum streaming efficiency (a long sequential read from a
 * track start, head switches and skews included: the paper's Figure 1 "max").
 */
import { DiskParam, type Sim } from '../../../engine-wasm/binding';

export interface TrackSpan {
  firstLbn: number;
  lbnCount: number;
  zone: number;
  /** Physical sectors on the track (spares included). */
  slots: number;
}

/** Every track that holds LBNs, in LBN order. */
export function trackMap(sim: Sim, disk: number): TrackSpan[] {
  const n = sim.diskTrackCount(disk);
  const out: TrackSpan[] = [];
  for (let t = 0; t < n; t++) {
    const tr = sim.trackInfo(disk, t);
    if (tr.lbnCount > 0) out.push({ firstLbn: tr.firstLbn, lbnCount: tr.lbnCount, zone: tr.zone, slots: tr.slots });
  }
  return out;
}

export interface Region {
  firstLbn: number;
  lbns: number;
}

/**
 * The LBN range of one zone (zone index as the engine numbers them; default:
 * the zone of LBN 0, the paper's "first zone" — an engine zone of reserved
 * tracks in front of it holds no LBNs).
 */
export function zoneRegion(sim: Sim, disk: number, zoneIndex?: number): Region & { spt: number; tracks: number } {
  const zone = zoneIndex ?? sim.trackInfo(disk, sim.trackOfLbn(disk, 0)).zone;
  const n = sim.diskTrackCount(disk);
  let first = -1;
  let end = -1;
  let spt = 0;
  let tracks = 0;
  for (let t = 0; t < n; t++) {
    const tr = sim.trackInfo(disk, t);
    if (tr.zone < zone) continue;
    if (tr.zone > zone) break;
    if (tr.lbnCount === 0) continue;
    if (first < 0) first = tr.firstLbn;
    end = tr.firstLbn + tr.lbnCount;
    spt = tr.slots;
    tracks++;
  }
  if (first < 0) throw new Error(`zone ${zone}: no LBNs on this disk`);
  return { firstLbn: first, lbns: end - first, spt, tracks };
}

/**
 * The tracks holding a region's LBNs, in LBN order: walked from each track's
 * end to the next, so a zone costs its own tracks, not the whole disk's map.
 */
export function regionTracks(sim: Sim, disk: number, region: Region): TrackSpan[] {
  const out: TrackSpan[] = [];
  let lbn = region.firstLbn;
  const end = region.firstLbn + region.lbns;
  while (lbn < end) {
    const tr = sim.trackInfo(disk, sim.trackOfLbn(disk, lbn));
    out.push({ firstLbn: tr.firstLbn, lbnCount: tr.lbnCount, zone: tr.zone, slots: tr.slots });
    lbn = tr.firstLbn + tr.lbnCount;
  }
  return out;
}

/** Typical LBNs per track of a region: the most common track size in it. */
export function typicalTrackLbns(sim: Sim, disk: number, region: Region): number {
  const counts = new Map<number, number>();
  for (const tr of regionTracks(sim, disk, region)) counts.set(tr.lbnCount, (counts.get(tr.lbnCount) ?? 0) + 1);
  let best = 0;
  let bestN = -1;
  for (const [k, v] of counts) if (v > bestN || (v === bestN && k > best)) { best = k; bestN = v; }
  return best;
}

export function sectorBytes(sim: Sim, disk: number): number {
  return sim.diskGet(disk, DiskParam.SectorBytes);
}

/**
 * Maximum streaming efficiency of a region: media transfer / time of one read
 * of `tracks` whole tracks from a track start, the head already there and the
 * first sector arriving (no seek, no rotational latency): what is left are the
 * head and cylinder switches and skews between tracks (engine: sp_access_time).
 */
export function maxStreamingEfficiency(sim: Sim, disk: number, region: Region, tracks = 30): number {
  const t0 = sim.trackInfo(disk, sim.trackOfLbn(disk, region.firstLbn));
  let lbns = 0;
  let lbn = t0.firstLbn;
  for (let i = 0; i < tracks && lbn < region.firstLbn + region.lbns; i++) {
    const tr = sim.trackInfo(disk, sim.trackOfLbn(disk, lbn));
    lbns += tr.lbnCount;
    lbn = tr.firstLbn + tr.lbnCount;
  }
  const phys = sim.lbnToPhys(disk, t0.firstLbn);
  const rev = sim.revolutionMs(disk);
  const b = sim.accessTime(disk, {
    fromCyl: phys.cyl, fromSurface: phys.surface, startMs: phys.angle * rev, lbn: t0.firstLbn, sectors: lbns,
  });
  return b.transferMs / b.totalMs;
}
