/*
 * stageRun.ts — the access of the Atropos page played on the stage, in the
 * engine's worker: the same volume, table layout and submission as the
 * page's table of layouts (atAccess), handed to the worker's run service,
 * which streams its events and statistics like any run. One run per layout;
 * the stage plays two or three (Atropos and one or both naive layouts) on
 * one clock.
 */
import { Status, type Engine } from '../../../engine-wasm/binding';
import type { RunInfo } from '../../engine/runProtocol';
import type { RunService } from '../../worker/runService';
import { oneOfArg, presetArg } from '../../worker/args';
import { arraySim, checkAccessParams, quadVolume, resolveAccess, submitAccess } from './service';
import { LAYOUTS, type StageParams } from './protocol';

export function atStageBegin(engine: Engine, runs: RunService, params: StageParams): RunInfo {
  const q = checkAccessParams(params);
  const layout = oneOfArg('layout', params.layout, LAYOUTS);
  const preset = presetArg(q.preset);
  const sim = arraySim(engine, preset, q.p);
  try {
    const info = quadVolume(sim, q.p, q.d, q.b, q.presched);
    const a = resolveAccess(q, info);
    const serial = q.naive === 'serial';
    // Played once unrecorded to learn how many device requests the access becomes (the stream's total).
    submitAccess(sim, layout, a, serial);
    sim.outputConfigure(0, 0);
    while (sim.run() === Status.More) { /* to the end */ }
    const total = sim.statsGet(-1).completed;
    submitAccess(sim, layout, a, serial);
    const devices = Array.from({ length: q.p }, (_, index) => ({ index, preset }));
    return runs.adopt(sim, devices, { total });
  } catch (e) {
    sim.dispose();
    throw e;
  }
}
