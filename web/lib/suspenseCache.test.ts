import { describe, expect, it } from 'vitest';
import { suspenseCache } from './suspenseCache';

/** What `read` threw: the load it suspends on (a Promise) or an error. */
function thrownBy(read: () => unknown): unknown {
  try { read(); } catch (e) { return e; }
  throw new Error('read returned instead of throwing');
}

describe('suspenseCache', () => {
  it('loads each key once, however many ask, and reads it synchronously once loaded', async () => {
    let calls = 0;
    const c = suspenseCache(async (k) => { calls++; return k.toUpperCase(); }, (k) => k);
    const [a, b] = await Promise.all([c.load('x'), c.load('x')]);
    expect([a, b, c.read('x'), calls]).toEqual(['X', 'X', 'X', 1]);
  });

  it('says a failed load to the render that waited for it, once, naming what failed, then tries again', async () => {
    let fail = true;
    const c = suspenseCache(async (k) => { if (fail) throw new Error('offline'); return k; }, (k) => `the thing "${k}"`);
    const waiting = thrownBy(() => c.read('y'));
    expect(waiting).toBeInstanceOf(Promise);
    await expect(waiting).rejects.toThrow('offline');
    expect(() => c.read('y')).toThrow('the thing "y" could not be loaded (offline)');
    fail = false;
    const again = thrownBy(() => c.read('y'));
    expect(again).toBeInstanceOf(Promise);
    await again;
    expect(c.read('y')).toBe('y');
  });

  it('forgets a failed load no render waited for (a background head start): the first read loads again', async () => {
    let calls = 0;
    const c = suspenseCache(async (k) => { calls++; if (calls === 1) throw new Error('cut by a reload'); return k; }, (k) => k);
    await expect(c.load('z')).rejects.toThrow('cut by a reload');
    const retry = thrownBy(() => c.read('z'));
    expect(retry, 'a read suspends on a new load, not the old error').toBeInstanceOf(Promise);
    await retry;
    expect([c.read('z'), calls]).toEqual(['z', 2]);
  });
});
