/*
 * inspect.ts — window.__spindle, the explorer's inspection hook: what the
 * animation shows right now (cursor, clock, platter angle, arm angle, head,
 * statistics) as plain numbers, and the controls. Browser tests read the
 * motion from here instead of from pixels; anyone can poke at it from the
 * console. A run over several devices adds each device's state (devices()),
 * the host queue (hostQueue()) and the engine's statistics per device and
 * for the volume (deviceStats(), volumeStats() and their final values); the
 * frame is the selected device's (selectDevice(i) chooses it).
 */
import type { EventRecord, ResultRecord } from '../../engine-wasm/binding/records';
import { armGeometry, headPose, type ArmGeometry } from '../panels/live/arm';
import { cylinderRadius, platterGeometry, type PlatterGeometry } from '../panels/platter/geometry';
import type { Problem, Setup } from '../state/setup';
import { encodeSetup } from '../state/urlCodec';
import { markLoad } from '../engine/loadMarks';
import { markFirstDrawing } from '../lib/firstDrawing';
import type { DeviceState, Playback } from './playback';

export interface InspectorSources {
  playback(): Playback | null;
  status(): string;
  problems(): Problem[];
  setup(): Setup;
  play(): void;
  pause(): void;
  stepEvent(): void;
  stepRequest(): void;
  seek(timeMs: number): void;
  /** The device shown large (a run over several devices). */
  selected?(): number;
  selectDevice?(device: number): void;
}

export interface Frame {
  /** The device this frame shows. */
  device: number;
  cursor: number;
  eventCount: number;
  timeMs: number;
  platterAngle: number;
  /** Direction pivot → head on the canvas (radians). */
  armAngle: number;
  headCyl: number;
  headSurface: number;
  completed: number;
  atEnd: boolean;
}

export interface Inspector {
  update(p: Playback, g: PlatterGeometry, arm: ArmGeometry, device?: number): void;
  uninstall(): void;
}

declare global {
  interface Window {
    __spindle?: unknown;
  }
}

export function frameOf(p: Playback, g: PlatterGeometry, arm: ArmGeometry, d: DeviceState = p.devices[0]): Frame {
  const headCyl = d.headCylNow();
  return {
    device: d.index,
    cursor: p.cursor,
    eventCount: p.data.eventCount,
    timeMs: p.timeMs,
    platterAngle: d.platterAngle(),
    armAngle: headPose(arm, cylinderRadius(g, Math.min(Math.max(headCyl, 0), g.cylinders - 1))).armAngle,
    headCyl,
    headSurface: d.headSurface,
    completed: p.completed,
    atEnd: p.atEnd,
  };
}

/** One device's state now, with its arm angle on a 400 px drawing of its own platter. */
export function deviceFrame(p: Playback, d: DeviceState) {
  const g = platterGeometry(400, d.spec.cylinders);
  const f = frameOf(p, g, armGeometry(g), d);
  return {
    device: d.index, name: d.spec.name, presetId: d.spec.presetId, cylinders: d.spec.cylinders, revolutionMs: d.spec.revolutionMs,
    platterAngle: f.platterAngle, armAngle: f.armAngle, headCyl: f.headCyl, headSurface: f.headSurface,
    service: d.service, fifo: d.host.length, queue: d.disk.length, completed: d.completed,
  };
}

export function installInspector(src: InspectorSources): Inspector {
  let frame: Frame | null = null;
  let geo: { g: PlatterGeometry; arm: ArmGeometry; device: number } | null = null;
  const hook = {
    version: 2,
    /** The frame last drawn. */
    frame: () => frame,
    /** The frame for the playback's state right now (after a step, before the next paint). */
    now: () => {
      const p = src.playback();
      if (!p) return null;
      if (geo) return frameOf(p, geo.g, geo.arm, p.device(geo.device));
      const g = platterGeometry(400, p.data.info.disk.cylinders);
      return { ...frameOf(p, g, armGeometry(g)), armAngle: Number.NaN };
    },
    status: () => src.status(),
    problems: () => src.problems().map((x) => ({ ...x })),
    query: () => encodeSetup(src.setup()),
    run: () => {
      const p = src.playback();
      if (!p) return null;
      const d = p.data;
      return {
        done: d.done, events: d.eventCount, results: d.resultCount, total: d.info.total,
        eventsStopped: d.eventsStopped, revolutionMs: d.info.disk.revolutionMs, cylinders: d.info.disk.cylinders,
        devices: d.info.devices.length, policy: d.info.host.policy, volumeCapacity: d.info.host.capacity,
        passThrough: d.info.host.passThrough,
      };
    },
    /** Each device's state right now: head, platter, arm (on a 400 px drawing), queues, request in service. */
    devices: () => {
      const p = src.playback();
      return p ? p.devices.map((d) => deviceFrame(p, d)) : [];
    },
    /** The host queue: logical requests waiting (id, vlbn, sectors) and issued (with their parts). */
    hostQueue: () => {
      const p = src.playback();
      if (!p) return null;
      const copy = (l: Playback['hostQueue'][number]) => ({ ...l, parts: l.parts.map((x) => ({ ...x })) });
      return { waiting: p.hostQueue.map(copy), issued: p.issued.map(copy), completed: p.logicalCompleted };
    },
    /** The engine's statistics per device, and for the volume (SP_HOST), for the completions played; and at the end. */
    deviceStats: () => {
      const p = src.playback();
      return p ? p.data.snapshotAt(p.completed)?.devices ?? null : null;
    },
    volumeStats: () => {
      const p = src.playback();
      return p ? p.data.snapshotAt(p.completed)?.volume ?? null : null;
    },
    finalDeviceStats: () => src.playback()?.data.finalSnapshot?.devices ?? null,
    finalVolumeStats: () => src.playback()?.data.finalSnapshot?.volume ?? null,
    selected: () => src.selected?.() ?? 0,
    selectDevice: (i: number) => src.selectDevice?.(i),
    event: (i: number): EventRecord | null => {
      const p = src.playback();
      return p && i >= 0 && i < p.data.eventCount ? p.data.events.at(i) : null;
    },
    results: (): ResultRecord[] => {
      const p = src.playback();
      if (!p) return [];
      const r = p.data.results;
      return Array.from({ length: p.data.resultCount }, (_, i) => r.at(i));
    },
    /** Statistics shown (the snapshot for the completions played) and the run's final ones. */
    stats: () => {
      const p = src.playback();
      return p ? p.data.snapshotAt(p.completed)?.stats ?? null : null;
    },
    finalStats: () => src.playback()?.data.finalSnapshot?.stats ?? null,
    play: () => src.play(),
    pause: () => src.pause(),
    stepEvent: () => src.stepEvent(),
    stepRequest: () => src.stepRequest(),
    seek: (t: number) => src.seek(t),
  };
  window.__spindle = hook;
  return {
    update(p, g, arm, device = 0) {
      geo = { g, arm, device };
      frame = frameOf(p, g, arm, p.device(device));
      markLoad('first-platter');
      markFirstDrawing('platter');
    },
    uninstall() {
      if (window.__spindle === hook) delete window.__spindle;
    },
  };
}
