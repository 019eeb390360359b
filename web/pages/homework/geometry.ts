/*
 * geometry.ts — where things are drawn on the homework platter at playback
 * time t, from the engine's numbers in a HomeworkRun: the angle under the
 * head (its phase at t = 0 and its revolution, from the engine), each block's
 * centre (its track's slot-0 angle, from the engine), and the arm's track
 * (the run's seek intervals; the toy disk's seek is linear, so the arm moves
 * at a constant speed between tracks). Angles are fractions of a turn.
 */
import type { HomeworkRow, HomeworkRun } from './run';

const frac = (x: number) => x - Math.floor(x);

/** The platter angle under the head at time t. */
export function headAngle(run: HomeworkRun, t: number): number {
  return frac(t / run.revolution + run.phase0);
}

/** The angle of a block's centre on the platter (fixed to the platter). */
export function blockCentre(run: HomeworkRun, track: number, slot: number): number {
  const tr = run.tracks[track];
  return frac(tr.slot0Angle + (slot + 0.5) / tr.blocks);
}

/**
 * How far (fraction of a turn) a block's centre is past the head at time t,
 * in [0, 1): 0 means under the head; the platter turns so that it shrinks.
 */
export function aheadOfHead(run: HomeworkRun, track: number, slot: number, t: number): number {
  return frac(blockCentre(run, track, slot) - headAngle(run, t));
}

export type Phase = 'idle' | 'seek' | 'rotate' | 'transfer' | 'done';

/** The request being served at t (its row in service order, -1 before and after) and what the disk is doing. */
export function phaseAt(run: HomeworkRun, t: number): { row: number; phase: Phase } {
  for (let i = 0; i < run.rows.length; i++) {
    const r = run.rows[i];
    if (t < r.start) return { row: -1, phase: 'idle' };
    if (t < r.end) {
      const into = t - r.start;
      return { row: i, phase: into < r.seek ? 'seek' : into < r.seek + r.rotate ? 'rotate' : 'transfer' };
    }
  }
  return { row: -1, phase: run.rows.length ? 'done' : 'idle' };
}

/** The arm's position at t as a (fractional) track index: it starts over track 0. */
export function armTrack(run: HomeworkRun, t: number): number {
  let at = 0;
  for (const r of run.rows as HomeworkRow[]) {
    if (t < r.start) return at;
    if (r.seek > 0 && t < r.start + r.seek) return at + ((r.track - at) * (t - r.start)) / r.seek;
    at = r.track;
  }
  return at;
}

/**
 * How far playback may go while answers are hidden: to the moment the first
 * hidden row's request is chosen (from then on the arm and the platter would
 * show the choice and its times); the whole run once every row is shown.
 */
export function playableUntil(run: HomeworkRun, shown: (row: number) => boolean): number {
  const hidden = run.rows.findIndex((_, i) => !shown(i));
  return hidden < 0 ? run.totals.total : run.rows[hidden].start;
}
