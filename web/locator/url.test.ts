import { describe, expect, it } from 'vitest';
import { decodeLocate, encodeLocate } from './url';

const IDS = ['hp-c2200a', 'hp-97560', 'quantum-atlas-10k-ii'];

describe('the locator\'s URL', () => {
  it('round-trips every field', () => {
    const s = { disk: 'hp-97560', lbn: 1234, sectors: 8, fromCyl: 77, fromSurface: 3, startMs: 2.5 };
    const h = encodeLocate(s);
    expect(h).toBe('#locate?d0=hp-97560&lbn=1234&n=8&head=77&surf=3&t=2.5');
    expect(decodeLocate(h, '', IDS)).toEqual({ setup: s, problems: [] });
  });
  it('takes the explorer\'s disk from the address\'s query when the hash names none', () => {
    expect(decodeLocate('#locate', '?v=2&d0=hp-97560&n=50', IDS).setup.disk).toBe('hp-97560');
    expect(decodeLocate('#locate?lbn=5', '?v=1&disk=quantum-atlas-10k-ii', IDS).setup.disk).toBe('quantum-atlas-10k-ii');
    // The hash's own disk wins; no query: the explorer's default disk.
    expect(decodeLocate('#locate?d0=hp-c2200a', '?v=2&d0=hp-97560', IDS).setup.disk).toBe('hp-c2200a');
    expect(decodeLocate('#locate', '', IDS).setup.disk).toBe('hp-c2200a');
  });
  it('names each bad value and unknown key, and uses the default instead', () => {
    const r = decodeLocate('#locate?d0=nope&lbn=-4&head=x&x=1', '', IDS);
    expect(r.setup).toEqual({ disk: 'hp-c2200a', lbn: 100000, sectors: 1, fromCyl: 0, fromSurface: 0, startMs: 0 });
    expect(r.problems.map((p) => p.field)).toEqual(['disk', 'lbn', 'fromCyl', 'x']);
    expect(r.problems[1].message).toMatch(/^LBN:/);
    expect(r.problems[2].message).toMatch(/^Head cylinder:/);
  });
});
