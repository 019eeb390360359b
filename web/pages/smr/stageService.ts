/*
 * stageService.ts — one drive of the comparison played on the stage: the
 * sim the figures run builds for that drive, handed to the worker's run
 * service, which streams its events, results and statistics like any run.
 * The stage draws the drive's platter; the bands, the media cache and its
 * cleaning are the page's overlay, from the same events.
 */
import type { Engine } from '../../../engine-wasm/binding';
import type { RunInfo } from '../../engine/runProtocol';
import type { RunService } from '../../worker/runService';
import { checkDrive, checkDriveParams, driveSim, setWrites } from './drives';
import type { StageParams } from './protocol';

export function smrStageBegin(engine: Engine, runs: RunService, params: StageParams): RunInfo {
  const p = checkDriveParams(params?.run);
  const drive = checkDrive(params.drive);
  const { sim, disk, preset } = driveSim(engine, p, drive);
  setWrites(sim, p);
  return runs.adopt(sim, [{ index: disk, preset }], { total: p.writes });
}
