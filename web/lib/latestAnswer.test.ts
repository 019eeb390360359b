import { describe, it, expect } from 'vitest';
import { LatestAnswer } from './latestAnswer';

/** A promise and the functions that settle it, for answers that arrive in a chosen order. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

describe('LatestAnswer', () => {
  it('drops an old answer that arrives after a newer question was asked', async () => {
    const latest = new LatestAnswer();
    const got: string[] = [];
    const on = { onAnswer: (r: string) => got.push(r), onError: (e: Error) => got.push(`error ${e.message}`) };
    const first = deferred<string>();
    const second = deferred<string>();
    const a = latest.settle(latest.ask(), first.promise, on);
    const b = latest.settle(latest.ask(), second.promise, on);
    second.resolve('new');
    first.resolve('old');
    await Promise.all([a, b]);
    expect(got).toEqual(['new']);
  });

  it('drops an answer once a newer question is numbered, even before that one is sent', async () => {
    const latest = new LatestAnswer();
    const got: string[] = [];
    const on = { onAnswer: (r: string) => got.push(r), onError: () => got.push('error') };
    const p = latest.settle(latest.ask(), Promise.resolve('old'), on);
    latest.ask();
    await p;
    expect(got).toEqual([]);
  });

  it('hands over the newest failure as an Error, and drops an old one', async () => {
    const latest = new LatestAnswer();
    const got: string[] = [];
    const on = { onAnswer: (r: string) => got.push(r), onError: (e: Error) => got.push(`error ${e.message}`) };
    const old = latest.settle(latest.ask(), Promise.reject(new Error('stale')), on);
    const now = latest.settle(latest.ask(), Promise.reject('refused: disk'), on);
    await Promise.all([old, now]);
    expect(got).toEqual(['error refused: disk']);
  });
});
