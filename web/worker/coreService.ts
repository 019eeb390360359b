/*
 * coreService.ts — the worker's table of bridge methods over one Engine:
 * the explorer's run (runService.ts) from the start, and the methods of
 * each page (web/pages/<id>/worker.ts) or of trace import as they are
 * added. No worker globals, so the same code runs under Vitest in Node.
 * EngineService (every page at once) and LazyService (a page's code loaded
 * on its first call, as the worker does) build on it.
 */
import type { Engine } from '../../engine-wasm/binding';
import type { EngineApi, Method, Params } from '../engine/protocol';
import type { RunApi } from '../engine/runProtocol';
import type { PageService } from './pageService';
import { RunService } from './runService';

type Handler = (params: never) => unknown;

export class CoreService {
  /** Every method the bridge may call, by name: nothing else is callable. */
  private readonly methods = new Map<string, Handler>();
  private readonly runs: RunService;

  constructor(readonly engine: Engine) {
    this.runs = new RunService(engine);
    const runs = this.runs;
    const core: RunApi = {
      runBegin: (params) => runs.runBegin(params),
      runNext: (params) => runs.runNext(params),
      runEnd: () => runs.runEnd(),
    };
    this.register('the run', core);
  }

  /** Adds a page's methods, made over this service's engine and run service. */
  protected add(from: string, make: PageService<object>): void {
    this.register(from, make(this.engine, { runs: this.runs }));
  }

  /** Adds a set of methods; a name two pages both claim is an error at start, not a silent override. */
  private register(from: string, methods: object): void {
    for (const [name, fn] of Object.entries(methods)) {
      if (this.methods.has(name)) throw new Error(`engine method ${name} is defined twice (again in ${from})`);
      this.methods.set(name, fn as Handler);
    }
  }

  protected has(method: string): boolean {
    return this.methods.has(method);
  }

  /** Makes `method` callable if its code is elsewhere (nothing to do here: see LazyService). */
  prepare(_method: string): Promise<void> {
    return Promise.resolve();
  }

  /**
   * Dispatches one bridge call by name; an unknown name is an error, not a
   * crash. A streamed method returns its generator, not yet started.
   */
  call<M extends Method>(method: M, params: Params<M>): ReturnType<EngineApi[M]> {
    const fn = typeof method === 'string' ? this.methods.get(method) : undefined;
    if (!fn) throw new Error(`unknown engine method: ${String(method)}`);
    return fn(params as never) as ReturnType<EngineApi[M]>;
  }
}
