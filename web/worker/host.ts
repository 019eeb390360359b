/*
 * host.ts — the worker's side of the one bridge, without worker globals (so
 * it runs under Vitest in Node): takes each message from the page, calls the
 * service (a page's code is loaded on the first call of one of its methods:
 * lazyService.ts), and posts the answers.
 *
 *  - A plain method answers once. A streamed method (a generator) posts each
 *    value it yields as a progress message, then its return value; between
 *    two steps it yields to the event loop, so a cancel message gets in, and
 *    a cancelled stream is closed (return(): it frees its sim).
 *  - A wasm trap (WebAssembly.RuntimeError, e.g. "memory access out of
 *    bounds"; proc_exit; a wasm stack overflow) leaves the engine's memory in
 *    an unknown state: that instance is discarded and a fresh one started
 *    (makeEngine again), and the call that trapped is rejected with an error
 *    that says so (`restarted: true`). Streams still running on the old
 *    instance stop with the same error. Later calls get the fresh engine.
 */
import { WasmExit, type Engine } from '../../engine-wasm/binding';
import { isStreamMethod, type FromWorker, type ToWorker, type WireError } from '../engine/protocol';
import { LazyService } from './lazyService';

/** True for the errors after which an engine instance cannot be trusted. */
export function isTrap(e: unknown): boolean {
  return e instanceof WebAssembly.RuntimeError || e instanceof WasmExit ||
    (e instanceof RangeError && /call stack/i.test(e.message));
}

export class EngineRestarted extends Error {
  constructor(readonly method: string, readonly trap: unknown) {
    const what = trap instanceof Error ? trap.message : String(trap);
    super(`the engine crashed during ${method} (WebAssembly trap: ${what}); it was restarted, ` +
      'so what it held (this run, the loaded disk) is gone: run again, or change the setup');
    this.name = 'EngineRestarted';
  }
}

class Cancelled extends Error {
  constructor() {
    super('the call was cancelled');
    this.name = 'AbortError';
  }
}

/** Lets queued messages (a cancel) run: a message-channel round trip, not a clamped timer. */
function yieldToEvents(): Promise<void> {
  if (typeof MessageChannel === 'undefined') return new Promise((r) => setTimeout(r, 0));
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => { ch.port1.close(); resolve(); };
    ch.port2.postMessage(0);
  });
}

function toWire(e: unknown): WireError {
  if (e instanceof Error) {
    const code = (e as { code?: unknown }).code;
    const field = (e as { field?: unknown }).field;
    return {
      name: e.name, message: e.message,
      ...(typeof code === 'number' ? { code } : {}),
      ...(typeof field === 'string' && field !== '' ? { field } : {}),
      ...(e instanceof EngineRestarted ? { restarted: true } : {}),
    };
  }
  return { name: 'Error', message: String(e) };
}

export class EngineHost {
  private service: Promise<LazyService>;
  /** The service calls run on now (undefined while an engine is loading). */
  private current: LazyService | undefined;
  private readonly streams = new Set<number>();
  private readonly cancelled = new Set<number>();
  /** The last call's start (its engine, its page's code loaded): calls start in the order they came. */
  private starting: Promise<unknown> = Promise.resolve();
  /** Engines discarded after a trap. */
  restarts = 0;

  constructor(private readonly makeEngine: () => Promise<Engine>, private readonly post: (message: FromWorker) => void) {
    this.service = this.start();
  }

  private start(): Promise<LazyService> {
    this.current = undefined;
    const s = this.makeEngine().then((engine) => {
      const svc = new LazyService(engine);
      if (this.service === s) this.current = svc;
      return svc;
    });
    // Reported per call; keep the unhandled-rejection noise out of the console.
    s.catch(() => {});
    return s;
  }

  /** Discards `svc` (if it is still the current one) and starts a fresh engine. */
  private restart(svc: LazyService): void {
    if (this.current !== svc) return;
    this.restarts++;
    this.service = this.start();
  }

  /** Handles one message from the page; resolves once its final answer is posted. */
  async receive(msg: ToWorker): Promise<void> {
    if ('cancel' in msg) {
      if (this.streams.has(msg.id)) this.cancelled.add(msg.id);
      return;
    }
    const { id, method, params } = msg;
    let svc: LazyService | undefined;
    // A call whose page code is still loading holds back the calls after it, so none overtakes it.
    const ready = this.starting.then(async () => {
      const s = await this.service;
      await s.prepare(method);
      return s;
    });
    this.starting = ready.catch(() => {});
    try {
      svc = await ready;
      const out: unknown = svc.call(method, params);
      const result = isStreamMethod(method) ? await this.drain(id, svc, method, out as Generator<unknown, unknown, void>) : out;
      this.post({ id, ok: true, result });
    } catch (e) {
      let err = e;
      if (svc && isTrap(e)) {
        this.restart(svc);
        err = new EngineRestarted(method, e);
      }
      this.post({ id, ok: false, error: toWire(err) });
    }
  }

  private async drain(id: number, svc: LazyService, method: string, gen: Generator<unknown, unknown, void>): Promise<unknown> {
    this.streams.add(id);
    try {
      for (;;) {
        const step = gen.next();
        if (step.done) return step.value;
        this.post({ id, progress: step.value });
        await yieldToEvents();
        if (this.cancelled.has(id)) {
          gen.return(undefined);
          throw new Cancelled();
        }
        if (this.current !== svc) {
          // Another call trapped meanwhile: this stream's engine is gone.
          throw new EngineRestarted(method, new Error('another call trapped in the same engine'));
        }
      }
    } finally {
      this.streams.delete(id);
      this.cancelled.delete(id);
    }
  }
}
