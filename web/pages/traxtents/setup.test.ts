import { describe, it, expect } from 'vitest';
import { DEFAULT_SETUP, decodeTraxSetup, encodeTraxSetup, type TraxSetup } from './setup';

const DISKS = ['quantum-atlas-10k-ii', 'quantum-atlas-10k'];

describe('traxtent setup URL', () => {
  it('round-trips every field', () => {
    const s: TraxSetup = { disk: 'quantum-atlas-10k', q: 1, zl: 'off', adapter: 'drive', n: 1234, seed: 77, points: 10, view: 'extract' };
    const back = decodeTraxSetup(encodeTraxSetup(s), DISKS);
    expect(back.problems).toEqual([]);
    expect(back.setup).toEqual(s);
  });
  it('the host adapter: the paper\'s by default, the drive\'s own, or a rate in MB/s', () => {
    expect(DEFAULT_SETUP.adapter).toBe('paper');
    expect(encodeTraxSetup(DEFAULT_SETUP)).toContain('&adapter=paper&');
    // A link from before the field existed opens with the paper's adapter.
    expect(decodeTraxSetup('#traxtents?disk=quantum-atlas-10k&q=2', DISKS).setup.adapter).toBe('paper');
    for (const a of ['paper', 'drive', 160, 12.5] as const) {
      const back = decodeTraxSetup(encodeTraxSetup({ ...DEFAULT_SETUP, adapter: a }), DISKS);
      expect(back.problems).toEqual([]);
      expect(back.setup.adapter).toBe(a);
    }
    const bad = decodeTraxSetup('#traxtents?adapter=0.5', DISKS);
    expect(bad.setup.adapter).toBe('paper');
    expect(bad.problems).toEqual([{ field: 'adapter', message: 'Host adapter: 0.5 is too small; enter one of paper, drive, or a number from 1 to 1000', used: 'paper' }]);
    expect(decodeTraxSetup('#traxtents?adapter=scsi', DISKS).problems[0].message).toBe('Host adapter: "scsi" is not a known value; enter one of paper, drive, or a number from 1 to 1000');
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
  it('a link naming a shingled drive, which the page does not offer, says why and uses the default', () => {
    const r = decodeTraxSetup('#traxtents?disk=hgst-ultrastar-hs14-smr&view=extract', DISKS);
    expect(r.setup).toEqual({ ...DEFAULT_SETUP, view: 'extract' });
    expect(r.problems).toEqual([{ field: 'disk', used: 'quantum-atlas-10k-ii',
      message: 'Disk preset: "hgst-ultrastar-hs14-smr" is a shingled (SMR) drive, which the extractor cannot time (its bands and media cache are not a plain disk\'s tracks); choose a conventional disk' }]);
  });
  it('a default disk that is not among the presets falls back to the first one', () => {
    expect(decodeTraxSetup('#traxtents', ['quantum-atlas-10k']).setup.disk).toBe('quantum-atlas-10k');
  });
});
