import { describe, it, expect } from 'vitest';
import { decodeSetup } from '../../state/urlCodec';
import { afterChange, dropEarlier, toggleKept, type Earlier } from './earlierRuns';

const run = (seed: number, kept = false): Earlier => ({ setup: decodeSetup(`?v=2&seed=${seed}`).setup, kept });
const seeds = (earlier: readonly Earlier[]) => earlier.map((e) => `${e.setup.seed}${e.kept ? ' kept' : ''}`);

describe('the earlier runs beside the explorer\'s own', () => {
  it('a change puts the run it replaced beside the kept ones, in place of the one not kept', () => {
    const r = afterChange([run(5, true), run(6)], run(7).setup);
    expect(seeds(r.earlier)).toEqual(['5 kept', '7']);
    expect(r.full).toBe(false);
  });

  it('three kept: the run replaced has no room, and the change says so', () => {
    const r = afterChange([run(5, true), run(6, true), run(7, true)], run(8).setup);
    expect(seeds(r.earlier)).toEqual(['5 kept', '6 kept', '7 kept']);
    expect(r.full).toBe(true);
  });

  it('a run replaced that is already kept is not shown twice', () => {
    expect(seeds(afterChange([run(5, true), run(6)], run(5).setup).earlier)).toEqual(['5 kept']);
  });

  it('keep, let go and drop act on one run only', () => {
    const list = [run(5, true), run(6), run(7)];
    expect(seeds(toggleKept(list, 1))).toEqual(['5 kept', '6 kept', '7']);
    expect(seeds(toggleKept(list, 0))).toEqual(['5', '6', '7']);
    expect(seeds(dropEarlier(list, 1))).toEqual(['5 kept', '7']);
  });
});
