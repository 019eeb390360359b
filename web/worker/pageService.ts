/*
 * pageService.ts — what a page's worker.ts (web/pages/<id>/worker.ts)
 * exports as `service`: given the worker's engine instance, the page's
 * methods on the bridge. It is called again for each fresh engine after a
 * wasm trap, so state a page keeps between calls lives in what it returns.
 */
import type { Engine } from '../../engine-wasm/binding';

export type PageService<Api> = (engine: Engine) => Api;
