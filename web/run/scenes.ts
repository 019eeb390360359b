/*
 * scenes.ts — from the playback's state to what the canvases draw: the live
 * platter's scene (which track, which sectors in which style, where the arm
 * is) and the side view's. Pure, so the choices are tested without a canvas.
 */
import { EventKind } from '../../engine-wasm/binding/constants';
import { armGeometry, slotsPassed, type ArmGeometry } from '../panels/live/arm';
import type { PlatterScene } from '../panels/platter/drawPlatter';
import type { SectorRun } from '../panels/platter/sectors';
import { slotsAt } from '../panels/platter/zones';
import type { SurfacesScene } from '../panels/surfaces/drawSurfaces';
import { platterGeometry, type PlatterGeometry } from '../panels/platter/geometry';
import type { DeviceState, MediaWork } from './playback';

/** What a scene reads of one device at the playback's instant: a device's state (or the Playback, for device 0). */
export type DeviceView = Pick<DeviceState, 'spec' | 'timeMs' | 'platterAngle' | 'headCylNow' | 'activeMotion' | 'activeMedia'
  | 'headCyl' | 'headSurface' | 'done' | 'media' | 'service'>;

/** A platter at work: it always has its arm, where the head is, and the request's sectors (perhaps none). */
export type LivePlatterScene = PlatterScene & Required<Pick<PlatterScene, 'arm' | 'headCyl' | 'moving' | 'sectors'>>;

export function platterScene(p: DeviceView, geometry: PlatterGeometry, arm: ArmGeometry): LivePlatterScene {
  const disk = p.spec;
  const t = p.timeMs;
  const theta = p.platterAngle();
  const headCyl = p.headCylNow();
  const motion = p.activeMotion();
  const moving = !!motion && motion.kind !== EventKind.HeadSwitch && motion.fromCyl !== motion.toCyl;
  const surface = p.headSurface;
  const sectors: SectorRun[] = [];
  const onTrack = (m: MediaWork) => m.surface === surface && m.cyl === p.headCyl;
  const spt = (cyl: number) => slotsAt(disk.zones, cyl);

  // Transfers of the request in service already done on this track stay lit.
  const finished = [...p.done];
  const m = p.media;
  const active = p.activeMedia();
  if (m && !active && m.kind === EventKind.Transfer && m.req === p.service) finished.push(m);
  for (const d of finished) {
    if (onTrack(d)) sectors.push({ cyl: d.cyl, firstAngle: d.firstAngle, count: d.slots, slotsPerTrack: spt(d.cyl), style: 'transferred' });
  }
  if (active && onTrack(active)) {
    const n = spt(active.cyl);
    if (active.kind === EventKind.Rotate) {
      sectors.push({ cyl: active.cyl, firstAngle: active.firstAngle, count: 1, slotsPerTrack: n, style: 'awaited' });
      if (active.slots > 1) sectors.push({ cyl: active.cyl, firstAngle: active.firstAngle + 1 / n, count: active.slots - 1, slotsPerTrack: n, style: 'to-come' });
    } else {
      const passed = slotsPassed(active.t0, active.dur, active.slots, t);
      const style = active.kind === EventKind.ReadAhead ? 'read-ahead' : 'transferred';
      if (passed > 0) sectors.push({ cyl: active.cyl, firstAngle: active.firstAngle, count: passed, slotsPerTrack: n, style });
      if (passed < active.slots && style === 'transferred') {
        sectors.push({ cyl: active.cyl, firstAngle: active.firstAngle + passed / n, count: active.slots - passed, slotsPerTrack: n, style: 'to-come' });
      }
    }
  }

  let track: PlatterScene['track'];
  if (!moving) {
    const cyl = p.headCyl;
    const n = spt(cyl);
    const ref = active ?? m;
    const slot0Angle = ref && ref.cyl === cyl && ref.surface === surface ? ref.firstAngle - ref.firstSlot / n : undefined;
    track = { cyl, slotsPerTrack: n, slot0Angle };
  }
  return { geometry, arm, zones: disk.zones, theta, headCyl, track, sectors, moving };
}

export function surfacesScene(p: DeviceView): SurfacesScene {
  const disk = p.spec;
  const motion = p.activeMotion();
  const switching = motion && motion.fromSurface !== motion.toSurface ? motion.fromSurface : undefined;
  return {
    surfaces: disk.surfaces,
    cylinders: disk.cylinders,
    headCyl: p.headCylNow(),
    active: p.headSurface,
    switchingFrom: switching,
    busy: !!p.activeMedia() || !!motion,
  };
}

/**
 * The live platter's drawing geometry for a canvas of `px` pixels, made once per disk: asked with
 * the cylinders of the playback being drawn, so a frame never pairs one disk's data with another's
 * geometry.
 */
export function platterGeometryCache(px: number): (cylinders: number) => { g: PlatterGeometry; arm: ArmGeometry } {
  let cache: { cylinders: number; g: PlatterGeometry; arm: ArmGeometry } | null = null;
  return (cylinders) => {
    if (cache?.cylinders !== cylinders) {
      const g = platterGeometry(px, cylinders);
      cache = { cylinders, g, arm: armGeometry(g) };
    }
    return cache;
  };
}
