/*
 * protocol.ts — the homework page's method on the one engine bridge
 * (added to the bridge's EngineApi at the end): a question (disk.py's flag
 * values by letter, as in the link) run on the toy disk. Plain data only.
 */
import type { MethodsOf } from '../../engine/protocol';
import type { HomeworkRun } from './run';

export interface HomeworkApi {
  /** Runs a homework question; a bad value is refused with the message naming its field. */
  hwRun(params: { values: Record<string, string> }): HomeworkRun;
}

/** Every method (the worker loads this page's code on the first call of one). */
export const METHODS: MethodsOf<HomeworkApi> = { hwRun: true };

declare module '../../engine/protocol' {
  interface EngineApi extends HomeworkApi {}
}
