/*
 * engineService.ts — what the worker does for each method of the protocol,
 * over one Engine: the explorer's run (runService.ts) and trace import here,
 * and each page's methods from its worker.ts (web/pages/<id>/worker.ts),
 * found at build time, so a new page's methods change no file here.
 * No worker globals, so the same code runs under Vitest in Node
 * (tests/engineService.test.ts). host.ts turns messages into calls.
 */
import type { Engine } from '../../engine-wasm/binding';
import type { EngineApi, Method, Params } from '../engine/protocol';
import type { RunApi } from '../engine/runProtocol';
import type { TraceApi } from '../trace/protocol';
import { traceParseStream } from '../trace/service';
import type { PageService } from './pageService';
import { RunService } from './runService';

const pageServices = import.meta.glob<PageService<object>>('../pages/*/worker.ts', { eager: true, import: 'service' });

type Handler = (params: never) => unknown;

export class EngineService {
  /** Every method the bridge may call, by name: nothing else is callable. */
  private readonly methods = new Map<string, Handler>();

  constructor(readonly engine: Engine) {
    const runs = new RunService(engine);
    const core: RunApi & TraceApi = {
      runBegin: (params) => runs.runBegin(params),
      runNext: (params) => runs.runNext(params),
      runEnd: () => runs.runEnd(),
      traceParse: (params) => traceParseStream(params),
    };
    this.register('the run and trace import', core);
    for (const [file, make] of Object.entries(pageServices)) this.register(file, make(engine, { runs }));
  }

  /** Adds a set of methods; a name two pages both claim is an error at start, not a silent override. */
  private register(from: string, methods: object): void {
    for (const [name, fn] of Object.entries(methods)) {
      if (this.methods.has(name)) throw new Error(`engine method ${name} is defined twice (again in ${from})`);
      this.methods.set(name, fn as Handler);
    }
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
