/*
 * client.ts — the page's side of the bridge to the engine worker. call()
 * posts {id, method, params} and returns a promise settled by the response
 * with the same id: an engine error becomes a rejected EngineCallError that
 * keeps the engine's code and message. Calls run in order in the worker.
 * An aborted call terminates the worker (the only way to stop a long
 * computation mid-way); the client is then closed and rejects further calls.
 */
import { transferables, type Method, type Params, type RequestMessage, type ResponseMessage, type Result, type WireError } from './protocol';

export class EngineCallError extends Error {
  constructor(readonly method: string, readonly wire: WireError) {
    super(wire.message);
    this.name = wire.name === 'EngineError' ? 'EngineError' : 'EngineCallError';
  }
  /** The engine's sp_status, when the error came from the engine. */
  get code(): number | undefined {
    return this.wire.code;
  }
}

interface Pending {
  method: string;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
  cleanup: () => void;
}

/** The parts of a Worker the client uses (a real Worker, or a fake in tests). */
export interface WorkerLike {
  postMessage(message: unknown, transfer: Transferable[]): void;
  terminate(): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<ResponseMessage>) => void): void;
  addEventListener(type: 'error', listener: (e: ErrorEvent) => void): void;
}

export class EngineClient {
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private closedReason: string | undefined;

  constructor(private readonly worker: WorkerLike) {
    worker.addEventListener('message', (e: MessageEvent<ResponseMessage>) => this.onResponse(e.data));
    worker.addEventListener('error', (e: ErrorEvent) => {
      e.preventDefault?.();
      this.close(`the engine worker failed: ${e.message || 'could not start'}`);
    });
  }

  /** Starts the engine worker (a module worker bundled by Vite). */
  static start(): EngineClient {
    const worker = new Worker(new URL('../worker/engine.worker.ts', import.meta.url), { type: 'module', name: 'spindle-engine' });
    return new EngineClient(worker);
  }

  call<M extends Method>(method: M, params: Params<M>, options: { signal?: AbortSignal } = {}): Promise<Result<M>> {
    if (this.closedReason) return Promise.reject(new Error(this.closedReason));
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(signal.reason ?? new DOMException('aborted', 'AbortError'));
    const id = this.nextId++;
    return new Promise<Result<M>>((resolve, reject) => {
      const onAbort = () => {
        reject(signal?.reason ?? new DOMException('aborted', 'AbortError'));
        this.pending.delete(id);
        this.close('the engine worker was stopped (a call was cancelled)');
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, {
        method,
        resolve: resolve as (v: unknown) => void,
        reject,
        cleanup: () => signal?.removeEventListener('abort', onAbort),
      });
      const message: RequestMessage<M> = { id, method, params };
      this.worker.postMessage(message, transferables(params));
    });
  }

  private onResponse(msg: ResponseMessage): void {
    const p = this.pending.get(msg.id);
    if (!p) return;
    this.pending.delete(msg.id);
    p.cleanup();
    if (msg.ok) p.resolve(msg.result);
    else p.reject(new EngineCallError(p.method, msg.error));
  }

  /** Terminates the worker and rejects every call still waiting. */
  close(reason = 'the engine client was closed'): void {
    if (this.closedReason) return;
    this.closedReason = reason;
    this.worker.terminate();
    for (const p of this.pending.values()) {
      p.cleanup();
      p.reject(new Error(reason));
    }
    this.pending.clear();
  }
}
