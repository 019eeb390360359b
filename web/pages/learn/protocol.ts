/*
 * protocol.ts — the lessons page's method on the one engine bridge
 * (added to the bridge's EngineApi at the end): a lesson step (as the
 * lesson file has it, checked again in the worker) run through the engine,
 * with the presets its explorer setup names. Plain data only.
 */
import type { MethodsOf } from '../../engine/protocol';
import type { StepAnswer } from './answer';

export interface LessonApi {
  /** Runs a step's setup and takes its answer from the engine's results; a bad step is refused naming its field. */
  lessonStep(params: { step: unknown; presets?: Record<string, unknown> }): StepAnswer;
}

/** Every method (the worker loads this page's code on the first call of one). */
export const METHODS: MethodsOf<LessonApi> = { lessonStep: true };

declare module '../../engine/protocol' {
  interface EngineApi extends LessonApi {}
}
