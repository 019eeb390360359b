/*
 * service.ts — the locator's work in the engine's worker (bridge methods
 * loadPreset, locate and pick; see protocol.ts), without worker globals so
 * it runs under Vitest too. It keeps one sim of the current disk between
 * calls: the page loads a disk once, then asks many questions of it.
 */
import { DiskParam, EngineError, Status, type Engine, type Sim } from '../../../engine-wasm/binding';
import { validateDiskPreset, type DiskPreset } from '../../state/diskPreset';
import { checkOverrides, configureDevice } from '../../state/applySetup';
import type { DeviceOverrides } from '../../state/setup';
import { angleToSlot } from '../../lib/angle';
import { zoneBands } from '../../worker/zoneBands';
import type { DiskSummary, LocateQuery, LocateResult, LocatorApi, PickQuery, PickResult } from './protocol';

/** A preset the page sent, checked: its errors name their fields. */
export function parsePreset(json: unknown): DiskPreset {
  const v = validateDiskPreset(json);
  if (v.ok) return v.preset;
  const list = v.errors.slice(0, 5).map((e) => `${e.field}: ${e.message}`).join('; ');
  const more = v.errors.length > 5 ? ` (and ${v.errors.length - 5} more)` : '';
  throw new Error(`invalid disk preset: ${list}${more}`);
}

export class LocatorService implements LocatorApi {
  private sim: Sim | undefined;
  private disk = 0;

  constructor(private readonly engine: Engine) {}

  private current(): Sim {
    if (!this.sim) throw new EngineError(Status.State, 'no disk loaded yet (loadPreset first)');
    return this.sim;
  }

  loadPreset({ preset, overrides }: { preset: unknown; overrides?: DeviceOverrides }): DiskSummary {
    const parsed = parsePreset(preset);
    const device = { kind: 'disk' as const, preset: parsed.id, overrides: checkOverrides(overrides) };
    const sim = this.engine.createSim(0);
    let disk: number;
    try {
      disk = configureDevice(sim, device, parsed);
    } catch (e) {
      sim.dispose();
      throw e;
    }
    this.sim?.dispose();
    this.sim = sim;
    this.disk = disk;
    return {
      name: parsed.name,
      capacity: sim.diskCapacity(disk),
      cylinders: sim.diskCylinders(disk),
      surfaces: sim.diskGet(disk, DiskParam.Surfaces),
      trackCount: sim.diskTrackCount(disk),
      revolutionMs: sim.revolutionMs(disk),
      rpm: sim.diskGet(disk, DiskParam.Rpm),
      sectorBytes: sim.diskGet(disk, DiskParam.SectorBytes),
      zones: zoneBands(sim, disk),
    };
  }

  locate(query: LocateQuery): LocateResult {
    const sim = this.current();
    const d = this.disk;
    const phys = sim.lbnToPhys(d, query.lbn);
    const endPhys = sim.lbnToPhys(d, query.lbn + query.sectors - 1);
    const track = sim.trackInfo(d, sim.trackOfLbn(d, query.lbn));
    const breakdown = sim.accessTime(d, {
      fromCyl: query.fromCyl, fromSurface: query.fromSurface, startMs: query.startMs,
      lbn: query.lbn, sectors: query.sectors,
    });
    return { query, phys, endPhys, track, angleAtStart: sim.angleAt(d, query.startMs), breakdown };
  }

  pick(query: PickQuery): PickResult {
    const sim = this.current();
    const d = this.disk;
    const surfaces = sim.diskGet(d, DiskParam.Surfaces);
    if (!Number.isInteger(query.surface) || query.surface < 0 || query.surface >= surfaces) {
      throw new EngineError(Status.Range, `surface: ${query.surface} is outside 0..${surfaces - 1}`);
    }
    const track = sim.trackInfo(d, query.cyl * surfaces + query.surface);
    const slot = angleToSlot(query.angle, track.slot0Angle, track.slots);
    return { query, slot, lbn: sim.physToLbn(d, query.cyl, query.surface, slot) };
  }
}
