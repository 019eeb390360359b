/*
 * toyScene.ts — the homework's toy disk at time t as a scene for the one
 * platter drawer (panels/platter/drawPlatter.ts): its three tracks as zone
 * bands (one density per run of equal blocks per track), the platter's angle
 * under the head and the arm's track, all from the engine's numbers in the
 * HomeworkRun (geometry.ts reads them). The arm is drawn moving (in the
 * seek's colour) only during a seek whose row is shown: at the instant a
 * hidden row's request is chosen, a moving arm would tell that it lies on
 * another track.
 */
import type { ZoneBand } from '../../engine/runProtocol';
import { armGeometry } from '../../panels/live/arm';
import type { PlatterScene } from '../../panels/platter/drawPlatter';
import { platterGeometry } from '../../panels/platter/geometry';
import { armTrack, headAngle, phaseAt } from './geometry';
import type { HomeworkRun } from './run';

/** The toy disk's tracks as the engine's zone bands: one per track, a new density where blocks per track change. */
export function toyZones(run: HomeworkRun): ZoneBand[] {
  let density = 0;
  return run.tracks.map((tr, k) => {
    if (k > 0 && tr.blocks !== run.tracks[k - 1].blocks) density++;
    return { zone: k, firstCyl: k, lastCyl: k, slotsPerTrack: tr.blocks, lbnsPerTrack: tr.blocks, density };
  });
}

/** The drawing of the toy disk filling a square of `size` px at time t. */
export function toyScene(run: HomeworkRun, t: number, ringShown: (row: number) => boolean, size: number): PlatterScene & { headCyl: number } {
  const geometry = platterGeometry(size, run.tracks.length);
  const { row, phase } = phaseAt(run, t);
  const moving = phase === 'seek' && ringShown(row);
  const headCyl = armTrack(run, t);
  const cyl = Math.round(headCyl);
  const track = moving ? undefined : { cyl, slotsPerTrack: run.tracks[cyl].blocks, slot0Angle: run.tracks[cyl].slot0Angle };
  return { geometry, zones: toyZones(run), theta: headAngle(run, t), arm: armGeometry(geometry), headCyl, moving, track };
}
