/*
 * runController.ts — starts, streams and cancels the explorer's runs over
 * the worker bridge. A run is runBegin, then runNext until done; each chunk
 * is appended to the run's RunData as it arrives, so the page shows progress
 * and keeps animating while the worker computes. Starting a new run, or
 * cancel(), aborts the one in flight: the bridge terminates the worker (the
 * only way to stop a slice mid-way) and the next run starts a fresh one. A
 * page's begin method that is streamed (it builds a long run) reports its
 * progress to onProgress before the run begins.
 */
import type { RunApi, RunBeginParams, RunInfo } from '../engine/runProtocol';
import { markLoad } from '../engine/loadMarks';
import { RunData } from './runData';

type RunMethod = keyof RunApi;

/** The part of the bridge client a run needs (EngineClient, or a fake in tests). */
export interface RunCaller {
  call<M extends RunMethod>(method: M, params: Parameters<RunApi[M]>[0], options?: { signal?: AbortSignal }): Promise<ReturnType<RunApi[M]>>;
  close(reason?: string): void;
}

/**
 * How a run begins: a setup (runBegin), or a page's own method that builds
 * its experiment's sim in the worker and hands it to the run service
 * (PageContext.runs.adopt), answering with the run's info.
 */
export type RunBegin = RunBeginParams | { method: string; params: unknown };

/** How a run ended. */
export type RunOutcome = 'done' | 'cancelled' | 'error';
/** Where a page's run is: waiting for the engine, streaming, or ended. */
export type RunStatus = 'starting' | 'running' | RunOutcome;

export interface RunHandlers {
  /** What a page's streamed begin method reports while it builds the run (before onBegin). */
  onProgress?(progress: unknown): void;
  /** The engine accepted the setup: the run's data, empty so far. */
  onBegin(data: RunData): void;
  /** A chunk was appended to `data`. */
  onChunk(data: RunData): void;
  /** The run ended: done, cancelled, or refused (error). */
  onEnd(data: RunData | undefined, outcome: RunOutcome, error?: Error): void;
}

export class RunController {
  private client: RunCaller | undefined;
  private abort: AbortController | undefined;
  private serial = 0;

  constructor(private readonly makeClient: () => RunCaller) {}

  private caller(): RunCaller {
    this.client ??= this.makeClient();
    return this.client;
  }

  /** True while a run is being computed. */
  get busy(): boolean {
    return this.abort !== undefined;
  }

  /** Starts a run; aborts any run in flight first. Resolves when this run ends. */
  async start(begin: RunBegin, h: RunHandlers): Promise<void> {
    this.cancel();
    const mine = ++this.serial;
    const abort = new AbortController();
    this.abort = abort;
    const { signal } = abort;
    let data: RunData | undefined;
    try {
      const caller = this.caller();
      markLoad('run-asked');
      const onProgress = (progress: unknown) => { if (mine === this.serial) h.onProgress?.(progress); };
      const info: RunInfo = 'method' in begin
        ? await (caller.call as (m: string, p: unknown, o: { signal: AbortSignal; onProgress(v: unknown): void }) => Promise<RunInfo>)(begin.method, begin.params, { signal, onProgress })
        : await caller.call('runBegin', begin, { signal });
      if (mine !== this.serial) return;
      data = new RunData(info);
      markLoad('run-setup');
      h.onBegin(data);
      while (!data.done) {
        const chunk = await this.caller().call('runNext', { budgetMs: 25 }, { signal });
        if (mine !== this.serial) return;
        data.append(chunk);
        markLoad('run-first-events');
        h.onChunk(data);
      }
      if (this.abort === abort) this.abort = undefined;
      markLoad('run-done');
      h.onEnd(data, 'done');
    } catch (e) {
      if (this.abort === abort) this.abort = undefined;
      if (signal.aborted) {
        if (mine !== this.serial) return; // superseded by a newer run: nothing to report
        if (data) data.cancelled = true;
        h.onEnd(data, 'cancelled');
        return;
      }
      if (mine !== this.serial) return;
      h.onEnd(data, 'error', e instanceof Error ? e : new Error(String(e)));
    }
  }

  /** Stops the run in flight (its worker is terminated; the next run starts another). */
  cancel(): void {
    const a = this.abort;
    if (!a) return;
    this.abort = undefined;
    this.client = undefined; // the aborted call closes it
    a.abort(new DOMException('the run was cancelled', 'AbortError'));
  }

  dispose(): void {
    this.cancel();
    this.client?.close('the explorer was closed');
    this.client = undefined;
  }
}
