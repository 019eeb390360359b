/*
 * drives.ts — the two drives of the page, built in the worker: the
 * drive-managed shingled preset with the page's media cache size and idle
 * cleaning delay, and its conventional twin (the same preset without its
 * shingled section: the same tracks, rotation, seek curve, controller and
 * buffer, every track written in place). The presets folder holds no
 * conventional drive of the shingled drive's era (2014, 5 TB); the twin
 * isolates what shingling changes. Both take the page's write cache choice
 * and the same workload: 4 KB writes, closed, one at a time.
 */
import {
  Arrivals, DiskParam, EngineError, Pattern, Status, WorkloadParam, WriteCache, type Engine, type Sim,
} from '../../../engine-wasm/binding';
import { configureDisk, type DiskPreset, type DiskSink } from '../../state/diskPreset';
import { engineParam } from '../../state/engineParams';
import { numberArg, oneOfArg, presetArg, wholeArg } from '../../worker/args';
import { WRITE_SECTORS } from './units';
import { DRIVES, WRITE_CACHE_CHOICES, WRITE_PATTERNS, type Drive, type DriveParams } from './protocol';

/** The page's runs stay within this many writes (a stage run, a sweep point). */
export const MAX_WRITES = 20000;

/**
 * The sim as configureDisk's sink, without sp_disk_capacity, so the preset's
 * stated capacity is not checked: a media cache of another size, or no
 * shingling, holds another number of LBNs, and that is the point of the
 * what-if. Every other call goes to the sim itself.
 */
function whatIfSink(sim: Sim): DiskSink {
  return new Proxy(sim, { get: (target, key) => (key === 'diskCapacity' ? undefined : Reflect.get(target, key, target)) });
}

/** The parameters as received, each checked against its range (the engine's for the shingling ones). */
export function checkDriveParams(raw: unknown): DriveParams & { disk: DiskPreset } {
  const p = (raw ?? {}) as Partial<DriveParams>;
  const disk = presetArg(p.preset);
  if (disk.shingled?.mode !== 'drive-managed') {
    throw new EngineError(Status.Invalid, `preset: ${disk.id} is not a drive-managed shingled drive`, undefined, 'preset');
  }
  const tracks = engineParam('smr', 'conventional_tracks');
  const idle = engineParam('smr', 'clean_idle_ms');
  return {
    disk,
    preset: p.preset,
    pattern: oneOfArg('pattern', p.pattern, WRITE_PATTERNS),
    writes: wholeArg('writes', p.writes, 1, MAX_WRITES),
    cacheTracks: wholeArg('cacheTracks', p.cacheTracks, Math.max(1, tracks.lo), Math.min(tracks.hi, disk.geometry.cylinders - 1)),
    cleanIdleMs: numberArg('cleanIdleMs', p.cleanIdleMs, idle.lo, idle.hi),
    writeCache: oneOfArg('writeCache', p.writeCache, WRITE_CACHE_CHOICES),
    regionSectors: wholeArg('regionSectors', p.regionSectors, 0, Number.MAX_SAFE_INTEGER),
    seed: wholeArg('seed', p.seed, 0, Number.MAX_SAFE_INTEGER),
  };
}

export function checkDrive(x: unknown): Drive {
  return oneOfArg('drive', x, DRIVES);
}

/** The preset a drive is laid out from: the shingled one with the page's cache and delay, or its twin. */
export function drivePreset(p: DriveParams & { disk: DiskPreset }, drive: Drive): DiskPreset {
  if (drive === 'cmr') return { ...p.disk, id: `${p.disk.id}-cmr-twin`, name: `${p.disk.name.replace(/ \(.*\)$/, '')}, unshingled twin`, shingled: undefined };
  return { ...p.disk, shingled: { ...p.disk.shingled!, conventionalTracks: p.cacheTracks, cleanIdleMs: p.cleanIdleMs } };
}

/** A sim holding one drive (index returned), its write cache as asked; no workload yet. */
export function driveSim(engine: Engine, p: DriveParams & { disk: DiskPreset }, drive: Drive): { sim: Sim; disk: number; preset: DiskPreset } {
  const sim = engine.createSim(p.seed);
  try {
    const preset = drivePreset(p, drive);
    const disk = configureDisk(whatIfSink(sim), preset);
    if (p.writeCache === 'off') sim.diskSet(disk, DiskParam.WriteCache, WriteCache.Off);
    return { sim, disk, preset };
  } catch (e) {
    sim.dispose();
    throw e;
  }
}

/** The writes of the stage and the figures: closed, one at a time, 4 KB, over the region. */
export function setWrites(sim: Sim, p: DriveParams): void {
  sim.workloadSet(WorkloadParam.Arrivals, Arrivals.Closed);
  sim.workloadSet(WorkloadParam.Outstanding, 1);
  sim.workloadSet(WorkloadParam.Pattern, p.pattern === 'random' ? Pattern.Random : Pattern.Sequential);
  sim.workloadSet(WorkloadParam.ReadFraction, 0);
  sim.workloadSet(WorkloadParam.SizeSectors, WRITE_SECTORS);
  sim.workloadSet(WorkloadParam.RegionLbns, p.regionSectors);
  sim.workloadSet(WorkloadParam.Count, p.writes);
}
