/*
 * answer.ts — a lesson step through the engine: its setup is run (a homework
 * question on the toy disk through the homework page's run, or an explorer
 * setup through configureSetup, to the end), each request's figures are read
 * from the engine's results, and the step's answer is taken from them. No
 * answer is stored anywhere else. Runs in the worker (service.ts) and under
 * Vitest.
 */
import type { Engine, Sim } from '../../../engine-wasm/binding';
import { configureSetup } from '../../state/applySetup';
import { validateDiskPreset, type DiskPreset } from '../../state/diskPreset';
import { decodeSetup } from '../../state/urlCodec';
import { decodeHash } from '../homework/setup';
import { runHomework, type HomeworkRun } from '../homework/run';
import { unitOf, type AnswerSource, type LessonStep, type RequestField, type StepSetup } from './lesson';

/** One request as the engine served it; times in the step's unit (toy-disk units or ms). */
export interface StepRequest {
  /** Position in the request list (homework) or the engine's request id (explorer: issue order). */
  index: number;
  /** What the student sees: "block 10", "LBN 123456". */
  label: string;
  lbn: number;
  seek: number;
  rotation: number;
  transfer: number;
  /** seek + rotation + transfer: the head's time on this request. */
  total: number;
  /** Completion minus arrival. */
  response: number;
  /** When the disk began positioning for it, and when it completed. */
  start: number;
  end: number;
  /** The engine's cache outcome: 0 miss, 1 partial hit, 2 full hit, 3 immediate report. */
  cache: number;
}

export interface StepRun {
  unit: string;
  /** In list order (index order). */
  requests: StepRequest[];
  /** Indexes in the order the requests completed. */
  completion: number[];
  /** The toy disk's run, for drawing it (homework steps only). */
  homework?: HomeworkRun;
}

export type Answer =
  | { kind: 'number'; value: number; unit: string }
  | { kind: 'pick'; index: number }
  | { kind: 'order'; indexes: number[] };

export interface StepAnswer { run: StepRun; answer: Answer }

export class LessonAnswerError extends Error {
  constructor(readonly field: string, message: string) { super(`${field}: ${message}`); this.name = 'LessonAnswerError'; }
}

function fromHomework(engine: Engine, query: string): StepRun {
  const r = decodeHash(`#homework?${query}`);
  if (!r.ok) throw new LessonAnswerError(`setup.homework.${r.field}`, r.message);
  const hw = runHomework(engine, r.link.setup);
  const requests: StepRequest[] = hw.rows.map((x) => ({
    index: x.index, label: `block ${x.block}`, lbn: x.block, seek: x.seek, rotation: x.rotate, transfer: x.transfer,
    total: x.total, response: x.end, start: x.start, end: x.end, cache: 0,
  })).sort((a, b) => a.index - b.index);
  return { unit: 'units', requests, completion: hw.rows.map((x) => x.index), homework: hw };
}

/** Runs the sim to the end, handing each result record to `each` in completion order. */
function runToEnd(sim: Sim, each: (x: ReturnType<ReturnType<Sim['results']>['at']>) => void): void {
  let st;
  do {
    st = sim.run(-1);
    const r = sim.results();
    for (let i = 0; i < r.count; i++) each(r.at(i));
  } while (st !== 0);
}

function fromExplorer(engine: Engine, query: string, presets: Readonly<Record<string, unknown>>): StepRun {
  const { setup, problems } = decodeSetup(query);
  if (problems.length) throw new LessonAnswerError(`setup.explorer.${problems[0].field}`, problems[0].message);
  const presetOf = (id: string): DiskPreset | undefined => {
    const checked = validateDiskPreset(presets[id]);
    return checked.ok ? checked.preset : undefined;
  };
  const sim = engine.createSim(setup.seed);
  try {
    configureSetup(sim, setup, presetOf);
    sim.outputConfigure(0, Math.max(16, setup.workload.count));
    const requests: StepRequest[] = [];
    const completion: number[] = [];
    runToEnd(sim, (x) => {
      completion.push(x.id);
      requests.push({
        index: x.id, label: `LBN ${x.lbn}`, lbn: x.lbn, seek: x.seekMs, rotation: x.rotationMs, transfer: x.transferMs,
        total: x.seekMs + x.rotationMs + x.transferMs, response: x.responseMs, start: x.dispatchMs, end: x.completeMs, cache: x.cache,
      });
    });
    requests.sort((a, b) => a.index - b.index);
    return { unit: 'ms', requests, completion };
  } finally {
    sim.dispose();
  }
}

/** The step's setup run to the end in a fresh sim. */
export function runStep(engine: Engine, setup: StepSetup, presets: Readonly<Record<string, unknown>> = {}): StepRun {
  return 'homework' in setup ? fromHomework(engine, setup.homework) : fromExplorer(engine, setup.explorer, presets);
}

/** The answer source's value in a run (a source the run cannot give is named). */
export function answerOf(run: StepRun, setup: StepSetup, a: AnswerSource): Answer {
  const n = run.requests.length;
  if (n === 0) throw new LessonAnswerError('setup', 'the setup ran no requests');
  const num = (value: number): Answer => ({ kind: 'number', value, unit: unitOf(setup, a) });
  const field = (f: RequestField) => run.requests.map((r) => r[f]);
  switch (a.from) {
    case 'request': {
      const r = run.requests.find((x) => x.index === a.request);
      if (!r) throw new LessonAnswerError('answer.request', `the setup has no request ${a.request} (it has ${n}: 0 to ${n - 1})`);
      return num(r[a.field]);
    }
    case 'sum': return num(field(a.field).reduce((s, x) => s + x, 0));
    case 'mean': return num(field(a.field).reduce((s, x) => s + x, 0) / n);
    case 'cache-hits': return num(run.requests.filter((r) => r.cache === 2).length);
    case 'first-completed': return { kind: 'pick', index: run.completion[0] };
    case 'last-completed': return { kind: 'pick', index: run.completion[run.completion.length - 1] };
    case 'completion-order': return { kind: 'order', indexes: [...run.completion] };
  }
}

export function stepAnswer(engine: Engine, step: LessonStep, presets: Readonly<Record<string, unknown>> = {}): StepAnswer {
  const run = runStep(engine, step.setup, presets);
  return { run, answer: answerOf(run, step.setup, step.answer) };
}
