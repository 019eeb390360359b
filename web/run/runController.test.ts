import { describe, it, expect } from 'vitest';
import { RunController, type RunCaller } from './runController';
import type { RunChunk, RunInfo } from '../engine/runProtocol';
import { defaultSetup } from '../state/setup';

const info = { disk: { cylinders: 10 }, total: 2, stride: 1, eventLimit: 100 } as unknown as RunInfo;
const chunk = (done: boolean): RunChunk => ({
  events: new ArrayBuffer(0), eventCount: 0, results: new ArrayBuffer(0), resultCount: 0, snapshots: [], completed: 0,
  simTimeMs: 0, done, eventsStopped: false,
});

/** A fake bridge: each call waits for the test to answer it; an abort rejects it and closes the fake. */
class Fake implements RunCaller {
  calls: { method: string; resolve(v: unknown): void; reject(e: unknown): void; progress?(v: unknown): void }[] = [];
  closed = false;
  call(method: string, _p: unknown, o: { signal?: AbortSignal; onProgress?(v: unknown): void } = {}): Promise<never> {
    return new Promise((resolve, reject) => {
      this.calls.push({ method, resolve: resolve as (v: unknown) => void, reject, progress: o.onProgress });
      o.signal?.addEventListener('abort', () => { this.closed = true; reject(o.signal!.reason); });
    }) as Promise<never>;
  }
  close(): void { this.closed = true; }
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('RunController', () => {
  it('runs begin, then next until done, reporting each chunk', async () => {
    const fakes: Fake[] = [];
    const rc = new RunController(() => { const f = new Fake(); fakes.push(f); return f; });
    const log: string[] = [];
    const p = rc.start({ setup: defaultSetup(), preset: {} }, {
      onBegin: () => log.push('begin'), onChunk: (d) => log.push(`chunk ${d.done}`), onEnd: (_d, o) => log.push(`end ${o}`),
    });
    await tick();
    fakes[0].calls[0].resolve(info);
    await tick();
    expect(fakes[0].calls[1].method).toBe('runNext');
    fakes[0].calls[1].resolve(chunk(false));
    await tick();
    fakes[0].calls[2].resolve(chunk(true));
    await p;
    expect(log).toEqual(['begin', 'chunk false', 'chunk true', 'end done']);
    expect(rc.busy).toBe(false);
  });

  it('a page\'s streamed begin method reports its progress before the run begins; a superseded run\'s is dropped', async () => {
    const fakes: Fake[] = [];
    const rc = new RunController(() => { const f = new Fake(); fakes.push(f); return f; });
    const log: string[] = [];
    void rc.start({ method: 'pageBegin', params: {} }, {
      onProgress: (v) => log.push(`progress ${JSON.stringify(v)}`), onBegin: () => log.push('begin'), onChunk() {}, onEnd() {},
    });
    await tick();
    const begin = fakes[0].calls[0];
    expect(begin.method).toBe('pageBegin');
    begin.progress?.({ done: 1, of: 3 });
    begin.progress?.({ done: 2, of: 3 });
    begin.resolve(info);
    await tick();
    expect(log).toEqual(['progress {"done":1,"of":3}', 'progress {"done":2,"of":3}', 'begin']);
    // A newer run supersedes this one: what the old call still reports reaches no one.
    void rc.start({ method: 'pageBegin', params: {} }, { onProgress: () => log.push('new'), onBegin() {}, onChunk() {}, onEnd() {} });
    begin.progress?.({ done: 3, of: 3 });
    expect(log.slice(3)).toEqual([]);
  });

  it('cancel stops the run, closes its worker, and the next run gets a new one', async () => {
    const fakes: Fake[] = [];
    const rc = new RunController(() => { const f = new Fake(); fakes.push(f); return f; });
    const ends: string[] = [];
    const p = rc.start({ setup: defaultSetup(), preset: {} }, { onBegin() {}, onChunk() {}, onEnd: (_d, o) => ends.push(o) });
    await tick();
    fakes[0].calls[0].resolve(info);
    await tick();
    rc.cancel();
    await p;
    expect(ends).toEqual(['cancelled']);
    expect(fakes[0].closed).toBe(true);
    void rc.start({ setup: defaultSetup(), preset: {} }, { onBegin() {}, onChunk() {}, onEnd() {} });
    await tick();
    expect(fakes).toHaveLength(2);
  });

  it('a newer run supersedes the one in flight silently; an engine error is reported', async () => {
    const fakes: Fake[] = [];
    const rc = new RunController(() => { const f = new Fake(); fakes.push(f); return f; });
    const ends: string[] = [];
    const first = rc.start({ setup: defaultSetup(), preset: {} }, { onBegin() {}, onChunk() {}, onEnd: (_d, o) => ends.push(`first ${o}`) });
    await tick();
    const second = rc.start({ setup: defaultSetup(), preset: {} }, { onBegin() {}, onChunk() {}, onEnd: (_d, o, e) => ends.push(`second ${o} ${e?.message}`) });
    await tick();
    fakes[1].calls[0].reject(new Error('disk 0.rpm: 0 is outside [1, 1e+06]'));
    await Promise.all([first, second]);
    expect(ends).toEqual(['second error disk 0.rpm: 0 is outside [1, 1e+06]']);
  });
});
