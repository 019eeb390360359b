/*
 * stageService.ts — one run of the reorganization experiment for the stage
 * (bridge method reorgStageBegin), in the engine's worker. The sim is built
 * exactly as the page's stream builds it (fsSim: same disk, file system,
 * workload, seed and policy), run with its event output off to the start of
 * the chosen epoch, its statistics started afresh there, and handed to the
 * run service, which streams that epoch's events and results up to the
 * epoch's end like any run. So the stage plays the very epoch the page's
 * charts show, and its statistics are that epoch's. Every sp_run is bounded
 * by the engine; cancelling terminates the worker.
 */
import { FsPolicy, Status, codeOf, type Engine, type Sim } from '../../../engine-wasm/binding';
import type { RunInfo } from '../../engine/runProtocol';
import type { RunService } from '../../worker/runService';
import { oneOfArg, presetArg, wholeArg } from '../../worker/args';
import type { DiskPreset } from '../../state/diskPreset';
import { checkReorgParams, fsSim } from './service';
import type { ReorgStageParams } from './protocol';

const RUNS = ['baseline', 'reorg'] as const;

/** A sim of one run, run silently to the start of `epoch`, its statistics cleared there. */
export interface StageSim {
  sim: Sim;
  disk: DiskPreset;
  /** The engine's index of the disk holding the partition. */
  diskIndex: number;
  startMs: number;
  endMs: number;
  /** The disk requests the epoch before issued (the snapshot stride's guide; the clients' count for the first epoch). */
  expected: number;
}

export function stageSim(engine: Engine, params: ReorgStageParams): StageSim {
  const p = checkReorgParams(params);
  const run = oneOfArg('run', params.run, RUNS);
  const epoch = wholeArg('epoch', params.epoch, 0, p.epochs - 1);
  const disk = presetArg(p.preset);
  const sim = fsSim(engine, disk, p, run === 'baseline' ? FsPolicy.None : codeOf('FsPolicy', p.policy));
  try {
    const startMs = epoch * p.epochMs;
    // The first epoch plays from the start: nothing runs before it (its first reads leave at 0).
    if (startMs > 0) while (sim.run(startMs) !== Status.Ok) { /* each call bounded by the engine; no output is kept */ }
    const before = epoch > 0 ? sim.fsEpoch(epoch - 1) : null;
    sim.statsClear();
    return {
      sim, disk, diskIndex: sim.fsInfo().disk, startMs, endMs: startMs + p.epochMs,
      expected: before ? Math.max(1, before.diskReads + before.diskWrites) : p.clients,
    };
  } catch (e) {
    sim.dispose();
    throw e;
  }
}

/** The stage's run: the chosen epoch of one run, streamed by the run service. */
export function reorgStageBegin(engine: Engine, runs: RunService, params: ReorgStageParams): RunInfo {
  const s = stageSim(engine, params);
  return runs.adopt(s.sim, [{ index: s.diskIndex, preset: s.disk }], { total: s.expected, untilMs: s.endMs });
}
