/*
 * pageService.ts — what a page's worker.ts (web/pages/<id>/worker.ts)
 * exports as `service`: given the worker's engine instance, the page's
 * methods on the bridge. It is called again for each fresh engine after a
 * wasm trap, so state a page keeps between calls lives in what it returns.
 *
 * `runs` is the worker's run service: a page that plays its own experiment
 * on the stage builds the sim and hands it to runs.adopt(); the stage then
 * pulls the run's chunks with runNext, as for any run.
 */
import type { Engine } from '../../engine-wasm/binding';
import type { RunService } from './runService';

export interface PageContext {
  runs: RunService;
}

export type PageService<Api> = (engine: Engine, context: PageContext) => Api;
