/*
 * inspect.ts — window.__spindle, the explorer's inspection hook: what the
 * animation shows right now (cursor, clock, platter angle, arm angle, head,
 * statistics) as plain numbers, and the controls. Browser tests read the
 * motion from here instead of from pixels; anyone can poke at it from the
 * console.
 */
import type { EventRecord, ResultRecord } from '../../engine-wasm/binding/records';
import { armGeometry, headPose, type ArmGeometry } from '../panels/live/arm';
import { cylinderRadius, platterGeometry, type PlatterGeometry } from '../panels/platter/geometry';
import type { Problem, Setup } from '../state/setup';
import { encodeSetup } from '../state/urlCodec';
import type { Playback } from './playback';

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
}

export interface Frame {
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
  update(p: Playback, g: PlatterGeometry, arm: ArmGeometry): void;
  uninstall(): void;
}

declare global {
  interface Window {
    __spindle?: unknown;
  }
}

export function frameOf(p: Playback, g: PlatterGeometry, arm: ArmGeometry): Frame {
  const headCyl = p.headCylNow();
  return {
    cursor: p.cursor,
    eventCount: p.data.eventCount,
    timeMs: p.timeMs,
    platterAngle: p.platterAngle(),
    armAngle: headPose(arm, cylinderRadius(g, Math.min(Math.max(headCyl, 0), g.cylinders - 1))).armAngle,
    headCyl,
    headSurface: p.headSurface,
    completed: p.completed,
    atEnd: p.atEnd,
  };
}

export function installInspector(src: InspectorSources): Inspector {
  let frame: Frame | null = null;
  let geo: { g: PlatterGeometry; arm: ArmGeometry } | null = null;
  const hook = {
    version: 1,
    /** The frame last drawn. */
    frame: () => frame,
    /** The frame for the playback's state right now (after a step, before the next paint). */
    now: () => {
      const p = src.playback();
      if (!p) return null;
      return geo ? frameOf(p, geo.g, geo.arm) : { ...frameOf(p, platterGeometry(400, p.data.info.disk.cylinders), armGeometry(platterGeometry(400, p.data.info.disk.cylinders))), armAngle: Number.NaN };
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
      };
    },
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
    update(p, g, arm) {
      geo = { g, arm };
      frame = frameOf(p, g, arm);
    },
    uninstall() {
      if (window.__spindle === hook) delete window.__spindle;
    },
  };
}
