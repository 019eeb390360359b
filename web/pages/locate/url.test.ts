import { describe, expect, it } from 'vitest';
import { decodeLocate, encodeLocate, explorerLinkOf } from './url';
import { decodeSetup } from '../../state/urlCodec';

const IDS = ['hp-c2200a', 'hp-97560', 'quantum-atlas-10k-ii'];

describe('the locator\'s URL', () => {
  it('round-trips every field', () => {
    const s = { disk: 'hp-97560', overrides: {}, lbn: 1234, sectors: 8, fromCyl: 77, fromSurface: 3, startMs: 2.5 };
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
    expect(r.setup).toEqual({ disk: 'hp-c2200a', overrides: {}, lbn: 100000, sectors: 1, fromCyl: 0, fromSurface: 0, startMs: 0 });
    expect(r.problems.map((p) => p.field)).toEqual(['disk', 'lbn', 'fromCyl', 'x']);
    expect(r.problems[1].message).toMatch(/^LBN:/);
    expect(r.problems[2].message).toMatch(/^Head cylinder:/);
  });
  it('carries the disk\'s overrides under the explorer\'s keys, and round-trips them', () => {
    const s = { disk: 'hp-97560', overrides: { rpm: 7200, zeroLatency: true, readAhead: 'continue' as const }, lbn: 5, sectors: 1, fromCyl: 0, fromSurface: 0, startMs: 0 };
    const h = encodeLocate(s);
    expect(h).toBe('#locate?d0=hp-97560&d0.rpm=7200&d0.zl=1&d0.ra=continue&lbn=5&n=1&head=0&surf=0&t=0');
    expect(decodeLocate(h, '', IDS)).toEqual({ setup: s, problems: [] });
    // The explorer writes the same keys for the same device.
    expect(explorerLinkOf(s.disk, s.overrides)).toMatch(/^\?v=2&d0=hp-97560&d0\.rpm=7200&d0\.zl=1&d0\.ra=continue(&|$)/);
    expect(decodeSetup(explorerLinkOf(s.disk, s.overrides)).setup.devices[0]).toMatchObject({ preset: 'hp-97560', overrides: s.overrides });
  });
  it('takes the explorer\'s overrides with its disk; a d0.<key> in the hash changes one; a hash with its own disk keeps its own', () => {
    const explorer = '?v=2&d0=hp-97560&d0.rpm=7200&d0.hsw=1.5&n=50';
    expect(decodeLocate('#locate', explorer, IDS).setup.overrides).toEqual({ rpm: 7200, headSwitchMs: 1.5 });
    expect(decodeLocate('#locate?d0.rpm=5400&lbn=9', explorer, IDS).setup).toMatchObject({ disk: 'hp-97560', overrides: { rpm: 5400, headSwitchMs: 1.5 }, lbn: 9 });
    expect(decodeLocate('#locate?d0=hp-c2200a', explorer, IDS).setup.overrides).toEqual({});
  });
  it('a bad override is named by its field, and the preset\'s value is used', () => {
    const r = decodeLocate('#locate?d0=hp-97560&d0.rpm=fast&d0.zl=2&d0.warp=9', '', IDS);
    expect(r.setup.overrides).toEqual({});
    expect(r.problems.map((p) => p.field)).toEqual(['overrides.rpm', 'overrides.zeroLatency', 'd0.warp']);
    expect(r.problems[0].message).toMatch(/^Rotation speed \(RPM\):/);
    expect(r.problems[0].used).toBe("the preset's value");
  });
});
