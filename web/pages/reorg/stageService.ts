/*
 * stageService.ts — one run of the reorganization experiment for the stage
 * (bridge method reorgStageBegin), in the engine's worker. The sim is built
 * exactly as the page's stream builds it (fsSim: same disk, file system,
 * workload, seed and policy), run with its event output off to the start of
 * the chosen epoch, its statistics started afresh there, and handed to the
 * run service, which streams that epoch's events and results up to the
 * epoch's end like any run. So the stage plays the very epoch the page's
 * charts show, and its statistics are that epoch's. The method is streamed:
 * while it builds, it posts the file system's build and the simulated time
 * reached in the epochs before the chosen one (the stage shows them where
 * the run's platter will be). Every sp_run is bounded by the engine;
 * cancelling terminates the worker.
 */
import { FsPolicy, codeOf, type Engine, type Sim } from '../../../engine-wasm/binding';
import type { RunInfo } from '../../engine/runProtocol';
import type { RunService } from '../../worker/runService';
import { oneOfArg, presetArg, wholeArg } from '../../worker/args';
import type { DiskPreset } from '../../state/diskPreset';
import { buildAll, checkReorgParams, fsSimSetup, runTo } from './service';
import type { ReorgStageParams, ReorgStageProgress } from './protocol';

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

/**
 * Builds the sim of one run for the stage, reporting as it goes: the file
 * system's build (the engine's share done), then each epoch run silently
 * before the chosen one (the simulated time reached, between the engine's
 * bounded chunks, so a cancel lands within one).
 */
export function* buildStageSim(engine: Engine, params: ReorgStageParams): Generator<ReorgStageProgress, StageSim, void> {
  const p = checkReorgParams(params);
  const run = oneOfArg('run', params.run, RUNS);
  const epoch = wholeArg('epoch', params.epoch, 0, p.epochs - 1);
  const disk = presetArg(p.preset);
  const sim = fsSimSetup(engine, disk, p, run === 'baseline' ? FsPolicy.None : codeOf('FsPolicy', p.policy));
  let built = false;
  try {
    for (const fraction of buildAll([sim])) yield { kind: 'building', fraction };
    const startMs = epoch * p.epochMs;
    // The first epoch plays from the start: nothing runs before it (its first reads leave at 0).
    for (let k = 0; k < epoch; k++) {
      yield { kind: 'epochs', simMs: k * p.epochMs, startMs };
      for (const simMs of runTo([sim], (k + 1) * p.epochMs)) yield { kind: 'epochs', simMs, startMs };
    }
    const before = epoch > 0 ? sim.fsEpoch(epoch - 1) : null;
    sim.statsClear();
    const s = {
      sim, disk, diskIndex: sim.fsInfo().disk, startMs, endMs: startMs + p.epochMs,
      expected: before ? Math.max(1, before.diskReads + before.diskWrites) : p.clients,
    };
    built = true;
    return s;
  } finally {
    // A failed build, or one cancelled between two steps (the generator closed), frees its sim.
    if (!built) sim.dispose();
  }
}

/** buildStageSim's sim, built with no one to tell. */
export function stageSim(engine: Engine, params: ReorgStageParams): StageSim {
  const steps = buildStageSim(engine, params);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The stage's run: the chosen epoch of one run, streamed by the run service once built (the build's progress posted on the way). */
export function* reorgStageBegin(engine: Engine, runs: RunService, params: ReorgStageParams): Generator<ReorgStageProgress, RunInfo, void> {
  const s = yield* buildStageSim(engine, params);
  return runs.adopt(s.sim, [{ index: s.diskIndex, preset: s.disk }], { total: s.expected, untilMs: s.endMs });
}
