/* The shingled-drive page's link: every field and the zone commands survive a round trip; bad values are named and replaced. */
import { describe, it, expect } from 'vitest';
import { DEFAULT_OPS, DEFAULT_SMR_SETUP, decodeSmrSetup, encodeSmrSetup, formatOps, parseOps } from './setup';
import type { ZoneOp } from './protocol';

describe('the #smr link', () => {
  it('round-trips a setup and its commands', () => {
    const setup = { ...DEFAULT_SMR_SETUP, pat: 'sequential' as const, n: 77, mc: 5, clean: -1, wc: 'preset' as const, reg: 512.5, seed: 9, sw: 300, sb: 4 };
    const ops: ZoneOp[] = [{ kind: 'write', zone: 3, offset: 4096, sectors: 8 }, { kind: 'finish', zone: 3 }, { kind: 'reset', zone: 3 }, { kind: 'open', zone: 7 }, { kind: 'close', zone: 7 }];
    const back = decodeSmrSetup(encodeSmrSetup(setup, ops));
    expect(back).toEqual({ setup, ops, problems: [] });
  });

  it('an empty hash is the defaults, with the demonstration commands', () => {
    expect(decodeSmrSetup('#smr')).toEqual({ setup: DEFAULT_SMR_SETUP, ops: DEFAULT_OPS, problems: [] });
    expect(formatOps(DEFAULT_OPS)).toBe('w2@0:2048,w2@4096:8');
    expect(decodeSmrSetup('#smr?ops=').ops).toEqual([]);
  });

  it('names a bad value and keeps the default; a bad command keeps the ones before it', () => {
    const r = decodeSmrSetup('#smr?mc=0&wc=maybe&ops=w2@0:8,r2,w2@0+8,f2');
    expect(r.setup.mc).toBe(DEFAULT_SMR_SETUP.mc);
    expect(r.setup.wc).toBe('off');
    expect(r.problems.map((p) => p.field)).toEqual(['mc', 'wc', 'ops']);
    expect(r.problems[0].message).toBe('Media cache: 0 is too small; enter a whole number from 1 to 2000');
    expect(r.problems[2].message).toMatch(/^Zone commands: item 3, "w2@0 8", is not a command/);   /* a link's + reads as a space */
    expect(r.problems[2].used).toBe('the 2 commands before it');
    expect(r.ops).toEqual([{ kind: 'write', zone: 2, offset: 0, sectors: 8 }, { kind: 'reset', zone: 2 }]);
    expect(parseOps('x').problems[0].used).toBe('no commands');
  });
});
