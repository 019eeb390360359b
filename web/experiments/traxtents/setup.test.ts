import { describe, it, expect } from 'vitest';
import { DEFAULT_SETUP, decodeTraxSetup, encodeTraxSetup, type TraxSetup } from './setup';

const DISKS = ['quantum-atlas-10k-ii', 'quantum-atlas-10k'];

describe('traxtent setup URL', () => {
  it('round-trips every field', () => {
    const s: TraxSetup = { disk: 'quantum-atlas-10k', q: 1, zl: 'off', n: 1234, seed: 77, points: 10, view: 'extract' };
    const back = decodeTraxSetup(encodeTraxSetup(s), DISKS);
    expect(back.problems).toEqual([]);
    expect(back.setup).toEqual(s);
  });
  it('a seed is any whole number up to 2^53 - 1, as in every setup', () => {
    for (const seed of [2 ** 31, 2 ** 32 + 5, Number.MAX_SAFE_INTEGER]) {
      const back = decodeTraxSetup(encodeTraxSetup({ ...DEFAULT_SETUP, seed }), DISKS);
      expect(back.problems).toEqual([]);
      expect(back.setup.seed).toBe(seed);
    }
    expect(decodeTraxSetup('#traxtents?seed=9007199254740992', DISKS).problems.map((p) => p.field)).toEqual(['seed']);
  });
  it('defaults when empty', () => {
    expect(decodeTraxSetup('#traxtents', DISKS).setup).toEqual(DEFAULT_SETUP);
  });
  it('names every bad field and what it used instead', () => {
    const r = decodeTraxSetup('#traxtents?disk=nope&q=3&n=-5&zl=maybe&view=x&colour=red', DISKS);
    expect(r.setup).toEqual(DEFAULT_SETUP);
    expect(r.problems.map((p) => p.field)).toEqual(['disk', 'q', 'n', 'zl', 'view', 'colour']);
    expect(r.problems[0]).toEqual({ field: 'disk', message: 'Disk preset: "nope" does not exist; choose one of quantum-atlas-10k-ii, quantum-atlas-10k', used: 'quantum-atlas-10k-ii' });
    expect(r.problems[1].message).toBe('Requests outstanding: 3 is too large; enter a whole number from 1 to 2');
  });
  it('a default disk that is not among the presets falls back to the first one', () => {
    expect(decodeTraxSetup('#traxtents', ['quantum-atlas-10k']).setup.disk).toBe('quantum-atlas-10k');
  });
});
