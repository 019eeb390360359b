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
  it('defaults when empty', () => {
    expect(decodeTraxSetup('#traxtents', DISKS).setup).toEqual(DEFAULT_SETUP);
  });
  it('names every bad field and what it used instead', () => {
    const r = decodeTraxSetup('#traxtents?disk=nope&q=3&n=-5&zl=maybe&view=x&colour=red', DISKS);
    expect(r.setup).toEqual(DEFAULT_SETUP);
    expect(r.problems.map((p) => p.field)).toEqual(['disk', 'q', 'n', 'zl', 'view', 'colour']);
    expect(r.problems[0].message).toContain('using quantum-atlas-10k-ii');
  });
});
