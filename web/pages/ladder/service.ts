/*
 * service.ts — the worker's side of the ladder page: checks what the page
 * sent (each refusal names its argument), runs the reference rung first and
 * then every other rung on the same workload and seed, each compared with
 * the reference by the engine's demerit; yields between chunks (progress,
 * cancel) and after each rung (its result streamed). No worker globals.
 */
import { EngineError, Status, type Engine } from '../../../engine-wasm/binding';
import { presetArg, wholeArg } from '../../worker/args';
import { compareRung, referenceRung, runRungSteps, type RungResult } from './ladder';
import { parseLadder, type LadderFile } from './ladderFile';
import type { LadderProgress, LadderRunParams } from './protocol';

/** The most requests one rung may run (the page's count field has the same cap). */
export const MAX_LADDER_REQUESTS = 200_000;

function ladderArg(json: unknown): LadderFile {
  try {
    return parseLadder(json);
  } catch (e) {
    const field = (e as { field?: string }).field ?? '';
    throw new EngineError(Status.Invalid, `ladder.${e instanceof Error ? e.message : String(e)}`, undefined, `ladder.${field}`);
  }
}

export function* ladderRunStream(engine: Engine, params: LadderRunParams): Generator<LadderProgress, RungResult[], void> {
  const ladder = ladderArg(params.ladder);
  const preset = presetArg(params.preset);
  const seed = wholeArg('seed', params.seed, 0, 2 ** 31 - 1);
  const count = wholeArg('count', params.count, 0, MAX_LADDER_REQUESTS);
  const workload = count > 0 ? { ...ladder.workload, count } : ladder.workload;
  const total = workload.count;
  const ref = referenceRung(ladder);
  const order = [ref, ...ladder.rungs.filter((r) => r !== ref)];
  const done: RungResult[] = [];
  // The bridge transfers the typed arrays it posts: each message gets copies of its own.
  const snapshot = () => done.map((r) => ({ ...r, sorted: r.sorted.slice() }));
  let refSample: Float64Array | undefined;
  for (const rung of order) {
    const steps = runRungSteps(engine, preset, rung, workload, seed);
    let step = steps.next();
    while (!step.done) {
      yield { done: snapshot(), running: rung.id, requests: step.value, total };
      step = steps.next();
    }
    refSample ??= step.value;
    done.push(compareRung(engine, rung.id, refSample, step.value));
    yield { done: snapshot(), running: null, requests: total, total };
  }
  // In the ladder's own order.
  return ladder.rungs.map((r) => done.find((d) => d.id === r.id)!);
}
