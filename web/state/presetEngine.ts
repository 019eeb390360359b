/*
 * presetEngine.ts — the one place that turns a disk preset into engine calls
 * (configureDisk), and what the engine cannot express exactly
 * (engineApproximations, never silently dropped). After the commit, the
 * engine's own capacity (sp_disk_capacity) is checked against the preset's
 * stated capacity: the layout rules live in the engine only.
 */
import {
  DefectPolicy, DiskParam, Limits, SeekModel, SmrParam, SpareKind, ZoneParam, codeOf,
} from '../../engine-wasm/binding/constants';
import { PRESET_READ_AHEAD_STOPS, PRESET_SMR_PARAMS, type DiskPreset, type Overhead, type PresetReadAheadName, type PresetZone } from './presetSchema';
import { paramCode } from './engineParams';


// ---------------------------------------------------------------------------
// Seek arithmetic (the engine is authoritative; configureDisk needs presetSeekMs
// to turn a curve with measured points into a table)
// ---------------------------------------------------------------------------

/** seek(d) of the preset's model, as the engine computes it (for a quick look; the engine is authoritative). */
export function presetSeekMs(p: DiskPreset, d: number): number {
  if (d <= 0) return 0;
  const s = p.mechanics.seek;
  if (s.model === 'curve') {
    const o = s.points?.find(([dd]) => dd === d);
    if (o) return o[1];
    return d < s.boundary ? s.a + s.b * Math.sqrt(d) : s.c + s.e * d;
  }
  const pts = s.points;
  if (d <= pts[0][0]) return pts[0][1];
  for (let i = 1; i < pts.length; i++) {
    if (d <= pts[i][0]) {
      const [d0, t0] = pts[i - 1], [d1, t1] = pts[i];
      return t0 + ((t1 - t0) * (d - d0)) / (d1 - d0);
    }
  }
  return pts[pts.length - 1][1];
}

/**
 * Mean of seek(d) over independent, uniformly random start and end cylinders
 * in [firstCyl, lastCyl] (distance 0 counts as 0 ms): the "average seek in
 * the first zone" of the traxtent and Atropos papers.
 */
export function averageSeekMs(seek: (d: number) => number, firstCyl: number, lastCyl: number): number {
  const z = lastCyl - firstCyl + 1;
  let sum = 0;
  for (let d = 1; d < z; d++) sum += 2 * (z - d) * seek(d);
  return sum / (z * z);
}

// ---------------------------------------------------------------------------
// Configuring the engine
// ---------------------------------------------------------------------------

/** The binding calls configureDisk needs (engine-wasm/binding's Sim has them all). */
export interface DiskSink {
  diskAdd(): number;
  diskSet(disk: number, param: DiskParam, value: number): void;
  diskAddZone(disk: number, z: {
    firstCyl: number; lastCyl: number; sectorsPerTrack: number; trackSkew: number; cylSkew: number;
    spareKind: SpareKind; spareCount: number;
  }): void;
  diskSetZone(disk: number, zone: number, param: ZoneParam, value: number): void;
  diskAddDefect(disk: number, d: { cyl: number; surface: number; slot: number; policy: DefectPolicy }): void;
  diskAddSeekPoint(disk: number, distance: number, ms: number): void;
  diskCommit(disk: number): void;
  /** sp_disk_capacity; when the sink has it, configureDisk checks the preset's stated capacity. */
  diskCapacity?(disk: number): number;
  /** sp_smr_add / sp_smr_set: needed for a shingled preset only. */
  smrAdd?(): number;
  smrSet?(disk: number, param: SmrParam, value: number): void;
}

/** A preset the engine accepted but whose stated facts it contradicts (field = the preset's JSON path). */
export class PresetError extends Error {
  constructor(readonly field: string, message: string) {
    super(`${field}: ${message}`);
    this.name = 'PresetError';
  }
}

export interface EngineZone {
  firstCyl: number; lastCyl: number; sectorsPerTrack: number; trackSkew: number; cylSkew: number;
  spareKind: SpareKind; spareCount: number;
  /** sp_disk_set_zone's parameters, when the preset states them. */
  frontSpaceSectors?: number; firstBlockOffset?: number; spareRangeCylinders?: number;
}

/** Something in the preset the engine cannot express exactly, and what is used instead. */
export interface Approximation {
  field: string;
  message: string;
}

/** The engine's read-ahead for a preset's: "cylinder-end" runs as "continue" (engineApproximations says so). */
function readAheadCode(ra: PresetReadAheadName): number {
  return codeOf('ReadAhead', ra === 'cylinder-end' ? 'continue' : ra);
}

/** The zones as the engine gets them: one per preset zone, each exact (front space and first-block offset included). */
export function engineZones(p: DiskPreset): EngineZone[] {
  return p.geometry.zones.map((z) => ({
    firstCyl: z.firstCyl, lastCyl: z.lastCyl, sectorsPerTrack: z.sectorsPerTrack, trackSkew: z.trackSkew,
    cylSkew: z.cylSkew, spareKind: codeOf('SpareKind', z.spare.kind), spareCount: z.spare.count,
    ...(z.frontSpaceSectors ? { frontSpaceSectors: z.frontSpaceSectors } : {}),
    ...(z.firstBlockOffset !== undefined ? { firstBlockOffset: z.firstBlockOffset } : {}),
    ...(z.spare.rangeCylinders !== undefined ? { spareRangeCylinders: z.spare.rangeCylinders } : {}),
  }));
}

/** Everything configureDisk cannot give the engine exactly (empty for a preset it expresses exactly). */
export function engineApproximations(p: DiskPreset): Approximation[] {
  const out: Approximation[] = [];
  const S = p.geometry.surfaces;
  if (p.geometry.surfaceOrder !== 'normal') {
    out.push({ field: 'geometry.surfaceOrder', message: `"${p.geometry.surfaceOrder}" (odd cylinders visit the surfaces in reverse) is not in the engine: LBNs use surfaces 0..${S - 1} on every cylinder, and defects on reversed cylinders are mirrored onto the track holding the same LBNs, so LBN-to-track boundaries stay exact and only the surface numbers of odd cylinders differ` });
  }
  const seek = p.mechanics.seek;
  if (seek.model === 'curve' && seek.points?.length && p.geometry.cylinders - 1 > Limits.seekPoints) {
    out.push({ field: 'mechanics.seek.points', message: `the curve's measured points need a table of ${p.geometry.cylinders - 1} points (the engine holds ${Limits.seekPoints}); the plain curve is used` });
  }
  if (p.cache.readAhead === 'cylinder-end') {
    out.push({ field: 'cache.readAhead', message: '"cylinder-end" runs as "continue" (bounded by the segment)' });
  }
  return out;
}

/** Does this cylinder visit its surfaces in reverse (LBN order S-1..0) under the preset's surface order? */
export function reversedCylinder(p: DiskPreset, z: PresetZone, cyl: number): boolean {
  switch (p.geometry.surfaceOrder) {
    case 'alternate-per-zone': return (cyl - z.firstCyl) % 2 === 1;
    case 'alternate': return cyl % 2 === 1;
    default: return false;
  }
}

/** The controller's reconnection overheads (DiskSim's reselect / disconnect / "Extradisc" overheads). */
type ReconnectKey = 'reselectMs' | 'writeDisconnectMs' | 'extraDisconnectCommandMs' | 'extraDisconnectSeekDeltaMs' |
  'extraDisconnectMs' | 'extraDisconnectGapMs' | 'extraDisconnectSecondMs' | 'reselectOtherMs';
const RECONNECT_PARAMS: ReadonlyArray<[ReconnectKey, DiskParam]> = [
  ['reselectMs', DiskParam.ReselectMs], ['writeDisconnectMs', DiskParam.WriteDisconnectMs],
  ['extraDisconnectCommandMs', DiskParam.ExtradiscCommandMs], ['extraDisconnectSeekDeltaMs', DiskParam.ExtradiscSeekDeltaMs],
  ['extraDisconnectMs', DiskParam.ExtradiscDisconnectMs], ['extraDisconnectGapMs', DiskParam.ExtradiscGapMs],
  ['extraDisconnectSecondMs', DiskParam.ExtradiscSecondDisconnectMs], ['reselectOtherMs', DiskParam.ReselectOtherMs],
];

/** The engine's pair for an overhead: the single (after-read) value, and the after-write one when it differs. */
function overheadPair(v: Overhead | undefined): { afterRead?: number; afterWrite?: number } {
  if (v === undefined) return {};
  if (typeof v === 'number') return { afterRead: v };
  return v.afterWrite === v.afterRead ? { afterRead: v.afterRead } : v;
}

/** The four controller overheads (DiskSim's after-read / after-write pairs): [preset key, param, after-write param]. */
const OVERHEADS = [
  ['readMissOverheadMs', DiskParam.ReadOverheadMs, DiskParam.ReadOverheadAfterWriteMs],
  ['writeMissOverheadMs', DiskParam.WriteOverheadMs, DiskParam.WriteOverheadAfterWriteMs],
  ['readHitOverheadMs', DiskParam.ReadHitOverheadMs, DiskParam.ReadHitOverheadAfterWriteMs],
  ['writeHitOverheadMs', DiskParam.WriteHitOverheadMs, DiskParam.WriteHitOverheadAfterWriteMs],
] as const;

/** A shingled preset's drive (sp_smr_add) with its mode and bands set, not committed. */
function addShingled(sim: DiskSink, p: DiskPreset): number {
  const sh = p.shingled!;
  if (!sim.smrAdd || !sim.smrSet) throw new PresetError('shingled', 'this engine sink cannot add a shingled drive');
  const d = sim.smrAdd();
  sim.smrSet(d, SmrParam.Mode, codeOf('SmrMode', sh.mode));
  for (const [key, name] of Object.entries(PRESET_SMR_PARAMS)) {
    sim.smrSet(d, paramCode('smr', name) as SmrParam, sh[key as keyof typeof PRESET_SMR_PARAMS]);
  }
  return d;
}

/**
 * Adds the preset's disk to a sim through the binding and commits it.
 * Returns the new disk's index. Binding errors (EngineError) propagate with
 * the engine's message; a committed layout whose capacity (the engine's
 * sp_disk_capacity) is not the preset's stated.capacityLbns is a PresetError. What the engine cannot express exactly is applied as
 * engineApproximations() says and reported through onApproximation.
 */
export function configureDisk(sim: DiskSink, preset: DiskPreset,
                              onApproximation?: (a: Approximation) => void): number {
  const p = preset;
  const d = p.shingled ? addShingled(sim, p) : sim.diskAdd();
  const set = (param: DiskParam, v: number) => sim.diskSet(d, param, v);
  set(DiskParam.Surfaces, p.geometry.surfaces);
  set(DiskParam.SectorBytes, p.geometry.sectorBytes);
  set(DiskParam.Rpm, p.geometry.rpm);

  const m = p.mechanics;
  const maxD = p.geometry.cylinders - 1;
  if (m.seek.model === 'curve' && m.seek.points?.length && maxD <= Limits.seekPoints) {
    // A curve with measured overrides: exactly the same times as a table with a point at every distance.
    set(DiskParam.SeekModel, SeekModel.Table);
    for (let dist = 1; dist <= maxD; dist++) sim.diskAddSeekPoint(d, dist, presetSeekMs(p, dist));
  } else if (m.seek.model === 'curve') {
    set(DiskParam.SeekModel, SeekModel.Curve);
    set(DiskParam.SeekA, m.seek.a);
    set(DiskParam.SeekB, m.seek.b);
    set(DiskParam.SeekC, m.seek.c);
    set(DiskParam.SeekE, m.seek.e);
    set(DiskParam.SeekBoundary, m.seek.boundary);
  } else {
    set(DiskParam.SeekModel, SeekModel.Table);
    for (const [dist, ms] of m.seek.points) sim.diskAddSeekPoint(d, dist, ms);
  }
  set(DiskParam.WriteSettleMs, m.writeSettleMs);
  set(DiskParam.HeadSwitchMs, m.headSwitchMs);
  if (m.cylSwitchMs !== null) set(DiskParam.CylSwitchMs, m.cylSwitchMs);
  set(DiskParam.ZeroLatency, m.zeroLatency ? 1 : 0);
  if (m.zeroLatencyWrites !== undefined) set(DiskParam.ZeroLatencyWrites, m.zeroLatencyWrites ? 1 : 0);
  if (m.minWriteSeekMs !== undefined) set(DiskParam.MinWriteSeekMs, m.minWriteSeekMs);
  if (m.initialRotation !== undefined) set(DiskParam.InitialRotation, m.initialRotation);

  const S = p.geometry.surfaces;
  const c = p.controller;
  for (const [key, param, afterWriteParam] of OVERHEADS) {
    const { afterRead, afterWrite } = overheadPair(c[key]);
    if (afterRead !== undefined) set(param, afterRead);
    if (afterWrite !== undefined) set(afterWriteParam, afterWrite);
  }
  if (c.preseek === false) set(DiskParam.Preseek, 0);
  if (c.driverQueue) set(DiskParam.DriverQueue, 1);
  if (c.readCompletionMs !== undefined) set(DiskParam.ReadCompletionMs, c.readCompletionMs);
  if (c.writeCompletionMs !== undefined) set(DiskParam.WriteCompletionMs, c.writeCompletionMs);
  if (c.dataPrepMs !== undefined) set(DiskParam.DataPrepMs, c.dataPrepMs);
  if (c.writeWatermark !== undefined) set(DiskParam.WriteWatermark, c.writeWatermark);
  if (c.extraWriteDisconnect) set(DiskParam.ExtraWriteDisconnect, 1);
  if (c.partialHitImmediate) set(DiskParam.PartialHitImmediate, 1);
  for (const [key, param] of RECONNECT_PARAMS) {
    const v = c[key];
    if (v !== undefined) set(param, v);
  }
  set(DiskParam.BusMsPerSector, c.busMsPerSector);
  set(DiskParam.ReadFenceSectors, c.readFenceSectors);
  set(DiskParam.ReadFenceFraction, c.readFenceFraction ?? 0);
  if (c.busWriteMsPerSector !== undefined) set(DiskParam.WriteBusMsPerSector, c.busWriteMsPerSector);
  set(DiskParam.QueueDepth, c.queueDepth);
  set(DiskParam.Scheduler, codeOf('Scheduler', c.scheduler));

  const k = p.cache;
  set(DiskParam.CacheSegments, k.segments);
  set(DiskParam.CacheSegmentSectors, k.segmentSectors);
  set(DiskParam.ReadAhead, readAheadCode(k.readAhead));
  set(DiskParam.WriteCache, codeOf('WriteCache', k.writeCache));
  set(DiskParam.ImmediateRule, codeOf('ImmediateRule', k.immediateReportRule ?? 'all'));
  if (k.maxReadAheadSectors !== undefined) set(DiskParam.ReadAheadMaxSectors, k.maxReadAheadSectors);
  if (k.readAheadOnHit) set(DiskParam.ReadAheadOnHit, 1);
  if (k.readAheadStop !== undefined) set(DiskParam.ReadAheadStop, PRESET_READ_AHEAD_STOPS.indexOf(k.readAheadStop));
  if (k.writeSegments !== undefined) set(DiskParam.WriteSegments, k.writeSegments);
  if (k.readHitsOnWrites) set(DiskParam.ReadHitsOnWrites, 1);
  if (k.readAnyFree) set(DiskParam.ReadAnyFree, 1);

  engineZones(p).forEach((z, i) => {
    const { frontSpaceSectors, firstBlockOffset, spareRangeCylinders, ...zone } = z;
    sim.diskAddZone(d, zone);
    if (frontSpaceSectors !== undefined) sim.diskSetZone(d, i, ZoneParam.FrontSpaceSectors, frontSpaceSectors);
    if (firstBlockOffset !== undefined) sim.diskSetZone(d, i, ZoneParam.FirstBlockOffset, firstBlockOffset);
    if (spareRangeCylinders !== undefined) sim.diskSetZone(d, i, ZoneParam.SpareRangeCylinders, spareRangeCylinders);
  });
  const zoneOf = (cyl: number) => p.geometry.zones.find((z) => cyl >= z.firstCyl && cyl <= z.lastCyl)!;
  for (const def of p.geometry.defects) {
    const policy: DefectPolicy = codeOf('DefectPolicy', def.policy);
    const z = zoneOf(def.cyl);
    // The engine visits surfaces 0..S-1 on every cylinder. With an alternating
    // order, the defect goes to the track that holds the same LBNs, so track
    // boundaries (and which LBNs a slip moves) stay exactly as in the source.
    const surface = reversedCylinder(p, z, def.cyl) ? S - 1 - def.surface : def.surface;
    if (def.slot !== undefined) {
      sim.diskAddDefect(d, { cyl: def.cyl, surface, slot: def.slot, policy });
    } else {
      // A whole defective track: every slot, so a slip moves the following LBNs on by one track.
      for (let s = 0; s < z.sectorsPerTrack; s++) sim.diskAddDefect(d, { cyl: def.cyl, surface, slot: s, policy });
    }
  }
  if (onApproximation) for (const a of engineApproximations(p)) onApproximation(a);
  sim.diskCommit(d);
  if (sim.diskCapacity) {
    const cap = sim.diskCapacity(d);
    if (cap !== p.stated.capacityLbns) {
      throw new PresetError('stated.capacityLbns', `${p.stated.capacityLbns} does not match the ${cap} LBNs the engine lays out from the zones, spares and defects`);
    }
  }
  return d;
}
