/*
 * stageService.ts — one side of the experiment played on the stage: the
 * hybrid sim nvRun builds for that side (the baseline is the same sim with an
 * FQueue of size 0), handed to the worker's run service, which streams its
 * events, results and statistics like any run. The stage draws device 0 (the
 * disk) as its platter; the flash device and the FQueues are the page's to
 * draw.
 */
import type { Engine } from '../../../engine-wasm/binding';
import type { RunInfo } from '../../engine/runProtocol';
import type { RunService } from '../../worker/runService';
import { oneOfArg, presetArg } from '../../worker/args';
import { checkRunParams, hybridSim } from './service';
import { SIDES, type StageParams } from './protocol';

/** The engine's index of the hybrid sim's disk (configured first). */
const DISK = 0;

export function nvStageBegin(engine: Engine, runs: RunService, params: StageParams): RunInfo {
  const p = checkRunParams(params?.run);
  const side = oneOfArg('side', params.side, SIDES);
  const disk = presetArg(p.preset);
  const sim = hybridSim(engine, disk, p, side === 'with' ? p.fqSectors : 0);
  const total = p.trace ? p.trace.arrivalMs.length : p.workload.count;
  return runs.adopt(sim, [{ index: DISK, preset: disk }], { total });
}
