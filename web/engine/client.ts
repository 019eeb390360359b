/*
 * client.ts — the page's side of the one bridge to the engine worker. call()
 * posts {id, method, params} and returns a promise settled by the answer
 * with the same id: an engine error becomes a rejected EngineCallError that
 * keeps the engine's code and message. Calls start in order in the worker.
 * A streamed method's progress messages go to options.onProgress as they
 * come. Aborting a streamed call asks the worker to stop it between two
 * steps (the worker and the client stay up); aborting a plain call
 * terminates the worker (the only way to stop a long slice mid-way), and the
 * client is then closed and rejects further calls.
 */
import {
  isStreamMethod, transferables,
  type CancelMessage, type FromWorker, type Method, type Params, type Progress, type RequestMessage, type Result, type WireError,
} from './protocol';
import { engineWorker } from './spawn';
import { markLoad } from './loadMarks';

export class EngineCallError extends Error {
  constructor(readonly method: string, readonly wire: WireError) {
    super(wire.message);
    this.name = wire.name === 'EngineError' ? 'EngineError' : 'EngineCallError';
  }
  /** The engine's sp_status, when the error came from the engine. */
  get code(): number | undefined {
    return this.wire.code;
  }
  /** The call trapped in wasm and the worker started a fresh engine (its state is gone). */
  get restarted(): boolean {
    return this.wire.restarted === true;
  }
}

export interface CallOptions<M extends Method> {
  signal?: AbortSignal;
  /** Each value a streamed call yields, in order, before the promise settles. */
  onProgress?: (progress: Progress<M>) => void;
}

interface Pending {
  method: string;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
  progress?: (value: unknown) => void;
  cleanup: () => void;
}

/** The parts of a Worker the client uses (a real Worker, or a fake in tests). */
export interface WorkerLike {
  postMessage(message: unknown, transfer: Transferable[]): void;
  terminate(): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<FromWorker>) => void): void;
  addEventListener(type: 'error', listener: (e: ErrorEvent) => void): void;
}

export class EngineClient {
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private closedReason: string | undefined;

  constructor(private readonly worker: WorkerLike) {
    worker.addEventListener('message', (e: MessageEvent<FromWorker>) => this.onResponse(e.data));
    worker.addEventListener('error', (e: ErrorEvent) => {
      e.preventDefault?.();
      this.close(`the engine worker failed: ${e.message || 'could not start'}`);
    });
  }

  /** Starts an engine worker (a module worker bundled by Vite; the one the entry started early, if unused). */
  static start(): EngineClient {
    return new EngineClient(engineWorker());
  }

  call<M extends Method>(method: M, params: Params<M>, options: CallOptions<M> = {}): Promise<Result<M>> {
    if (this.closedReason) return Promise.reject(new Error(this.closedReason));
    const { signal, onProgress } = options;
    if (signal?.aborted) return Promise.reject(signal.reason ?? new DOMException('aborted', 'AbortError'));
    const id = this.nextId++;
    // When the page first asked for each method (the load's waterfall, and the order tests read).
    markLoad(`asked ${method}`);
    return new Promise<Result<M>>((resolve, reject) => {
      const onAbort = () => {
        reject(signal?.reason ?? new DOMException('aborted', 'AbortError'));
        this.pending.delete(id);
        if (isStreamMethod(method)) {
          const cancel: CancelMessage = { id, cancel: true };
          this.worker.postMessage(cancel, []);
        } else {
          this.close('the engine worker was stopped (a call was cancelled)');
        }
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, {
        method,
        resolve: resolve as (v: unknown) => void,
        reject,
        progress: onProgress as ((v: unknown) => void) | undefined,
        cleanup: () => signal?.removeEventListener('abort', onAbort),
      });
      const message: RequestMessage<M> = { id, method, params };
      this.worker.postMessage(message, transferables(params));
    });
  }

  private onResponse(msg: FromWorker): void {
    const p = this.pending.get(msg.id);
    if (!p) return;
    if ('progress' in msg) {
      p.progress?.(msg.progress);
      return;
    }
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
