import { describe, it, expect } from 'vitest';
import { EngineClient, EngineCallError, type WorkerLike } from './client';
import type { CancelMessage, FromWorker, RequestMessage } from './protocol';

/** A stand-in worker: answers through `reply`, records what was posted and transferred. */
class FakeWorker implements WorkerLike {
  posted: { message: RequestMessage | CancelMessage; transfer: Transferable[] }[] = [];
  terminated = false;
  private onMessage: ((e: MessageEvent<FromWorker>) => void)[] = [];
  private onError: ((e: ErrorEvent) => void)[] = [];
  postMessage(message: unknown, transfer: Transferable[]): void {
    this.posted.push({ message: message as RequestMessage | CancelMessage, transfer });
  }
  terminate(): void {
    this.terminated = true;
  }
  addEventListener(type: 'message' | 'error', listener: (e: never) => void): void {
    if (type === 'message') this.onMessage.push(listener as (e: MessageEvent<FromWorker>) => void);
    else this.onError.push(listener as (e: ErrorEvent) => void);
  }
  reply(msg: FromWorker): void {
    for (const l of this.onMessage) l({ data: msg } as MessageEvent<FromWorker>);
  }
  fail(message: string): void {
    for (const l of this.onError) l({ message, preventDefault() {} } as ErrorEvent);
  }
}

const Q = { lbn: 1, sectors: 1, fromCyl: 0, fromSurface: 0, startMs: 0 };

describe('EngineClient', () => {
  it('matches responses to calls by id, in any order', async () => {
    const w = new FakeWorker();
    const c = new EngineClient(w);
    const a = c.call('pick', { cyl: 1, surface: 0, angle: 0.5 });
    const b = c.call('pick', { cyl: 2, surface: 0, angle: 0.5 });
    const [ida, idb] = w.posted.map((p) => p.message.id);
    expect(ida).not.toBe(idb);
    w.reply({ id: idb, ok: true, result: 'second' });
    w.reply({ id: ida, ok: true, result: 'first' });
    expect(await a).toBe('first');
    expect(await b).toBe('second');
  });

  it('turns an engine error into a rejection carrying its code and message', async () => {
    const w = new FakeWorker();
    const c = new EngineClient(w);
    const p = c.call('locate', Q);
    w.reply({ id: w.posted[0].message.id, ok: false, error: { name: 'EngineError', message: 'lbn: 9 is outside the disk', code: -2 } });
    const err = await p.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineCallError);
    expect((err as EngineCallError).message).toBe('lbn: 9 is outside the disk');
    expect((err as EngineCallError).code).toBe(-2);
    expect((err as EngineCallError).method).toBe('locate');
  });

  it('transfers typed arrays in the parameters instead of copying them', () => {
    const w = new FakeWorker();
    const c = new EngineClient(w);
    const data = new Float64Array(4);
    void c.call('loadPreset', { preset: { data } }).catch(() => {});
    expect(w.posted[0].transfer).toEqual([data.buffer]);
  });

  it('rejects every waiting call when the worker fails, and later calls too', async () => {
    const w = new FakeWorker();
    const c = new EngineClient(w);
    const p = c.call('locate', Q);
    w.fail('SyntaxError in worker');
    await expect(p).rejects.toThrow(/the engine worker failed: SyntaxError in worker/);
    await expect(c.call('locate', Q)).rejects.toThrow(/worker failed/);
    expect(w.terminated).toBe(true);
  });

  it('an aborted call terminates the worker', async () => {
    const w = new FakeWorker();
    const c = new EngineClient(w);
    const ctl = new AbortController();
    const p = c.call('locate', Q, { signal: ctl.signal });
    ctl.abort(new Error('user cancelled'));
    await expect(p).rejects.toThrow('user cancelled');
    expect(w.terminated).toBe(true);
    await expect(c.call('locate', Q)).rejects.toThrow(/cancelled/);
  });

  it('hands a stream\'s progress to onProgress in order, then resolves with its result', async () => {
    const w = new FakeWorker();
    const c = new EngineClient(w);
    const seen: unknown[] = [];
    const p = c.call('traxExtract', { preset: {}, lbns: 0 }, { onProgress: (m) => seen.push(m) });
    const id = w.posted[0].message.id;
    w.reply({ id, progress: { report: 1 } });
    w.reply({ id: id + 100, progress: 'not mine' });
    w.reply({ id, progress: { report: 2 } });
    w.reply({ id, ok: true, result: 'done' });
    w.reply({ id, progress: 'late' });
    expect(await p).toBe('done');
    expect(seen).toEqual([{ report: 1 }, { report: 2 }]);
  });

  it('an aborted stream is cancelled in the worker, which keeps serving', async () => {
    const w = new FakeWorker();
    const c = new EngineClient(w);
    const ctl = new AbortController();
    const seen: unknown[] = [];
    const p = c.call('traxSweep', { preset: {}, q: 1, zl: 'preset', n: 10, seed: 1, points: 4 }, { signal: ctl.signal, onProgress: (m) => seen.push(m) });
    const id = w.posted[0].message.id;
    ctl.abort(new Error('setup changed'));
    await expect(p).rejects.toThrow('setup changed');
    expect(w.posted[1].message).toEqual({ id, cancel: true });
    expect(w.terminated).toBe(false);
    w.reply({ id, progress: 'after the cancel' });
    expect(seen).toEqual([]);
    const q = c.call('pick', { cyl: 0, surface: 0, angle: 0 });
    w.reply({ id: w.posted[2].message.id, ok: true, result: 'still here' });
    expect(await q).toBe('still here');
  });

  it('says when the worker restarted the engine after a trap', async () => {
    const w = new FakeWorker();
    const c = new EngineClient(w);
    const p = c.call('runNext', {});
    w.reply({ id: w.posted[0].message.id, ok: false, error: { name: 'EngineRestarted', message: 'the engine crashed during runNext', restarted: true } });
    const err = await p.catch((e: unknown) => e);
    expect((err as EngineCallError).restarted).toBe(true);
    expect((err as EngineCallError).message).toMatch(/crashed/);
  });
});
