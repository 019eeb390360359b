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

describe('experiment presets (presets/experiments/traxtents-*.json)', () => {
  it('each has a URL that decodes without a problem, for a disk preset that exists', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const root = new URL('../../../presets/', import.meta.url);
    const disks = readdirSync(new URL('disks/', root)).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));
    const files = readdirSync(new URL('experiments/', root)).filter((f) => f.startsWith('traxtents-') && f.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const f of files) {
      const p = JSON.parse(readFileSync(new URL(`experiments/${f}`, root), 'utf8'));
      expect(p.id).toBe(f.replace(/\.json$/, ''));
      const r = decodeTraxSetup(p.url, disks);
      expect(r.problems, f).toEqual([]);
      expect(encodeTraxSetup(r.setup)).toBe(p.url);
    }
  });
});
