import { describe, expect, it } from 'vitest';
import { suspenseCache } from './suspenseCache';

describe('suspenseCache', () => {
  it('loads each key once, however many ask, and reads it synchronously once loaded', async () => {
    let calls = 0;
    const c = suspenseCache(async (k) => { calls++; return k.toUpperCase(); }, (k) => k);
    const [a, b] = await Promise.all([c.load('x'), c.load('x')]);
    expect([a, b, c.read('x'), calls]).toEqual(['X', 'X', 'X', 1]);
  });
  it('says a failed load once, naming what failed, then tries again', async () => {
    let fail = true;
    const c = suspenseCache(async (k) => { if (fail) throw new Error('offline'); return k; }, (k) => `the thing "${k}"`);
    await expect(c.load('y')).rejects.toThrow('offline');
    expect(() => c.read('y')).toThrow('the thing "y" could not be loaded (offline)');
    fail = false;
    let thrown: unknown;
    try { c.read('y'); } catch (e) { thrown = e; }
    expect(thrown).toBeInstanceOf(Promise);
    await thrown;
    expect(c.read('y')).toBe('y');
  });
});
