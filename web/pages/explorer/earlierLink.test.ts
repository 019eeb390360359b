import { describe, it, expect } from 'vitest';
import { decodeSetup, encodeSetup } from '../../state/urlCodec';
import { withField } from '../../state/setup';
import { explorerQuery, readEarlier, splitEarlier } from './earlierLink';
import type { Earlier } from './earlierRuns';

const setup = (q: string) => decodeSetup(q).setup;
/** A link's query read back as the page reads it: the setup's own query and the earlier runs. */
const reopen = (q: string) => {
  const split = splitEarlier(q);
  return { query: split.query, ...readEarlier(split.earlier, {}) };
};
const asQueries = (earlier: readonly Earlier[]) => earlier.map((e) => ({ kept: e.kept, query: encodeSetup(e.setup) }));

describe('the explorer\'s link with earlier runs on the stage', () => {
  it('carries the run before after the setup\'s own keys, and reads both back', () => {
    const after = setup('?v=2&d0=hp-97560&seed=6&n=60&slow=10');
    const before = withField(setup('?v=2&d0=hp-97560&seed=5&n=60&tab=disk'), 'view.slow', 500);
    const q = explorerQuery(after, [{ setup: before, kept: false }]);
    expect(q.startsWith(`${encodeSetup(after)}&before=`)).toBe(true);
    const read = reopen(q);
    expect(read.query).toBe(encodeSetup(after));
    expect(read.problems).toEqual([]);
    // The engine's input is the before run's; its view fields are not carried (the page has one view).
    expect(asQueries(read.earlier)).toEqual([{ kept: false, query: 'v=2&d0=hp-97560&seed=5&n=60' }]);
  });

  it('three earlier runs, kept and not, come back in their order with the setup\'s own: four runs', () => {
    const now = setup('?v=2&d0=hp-97560&n=60&sched=sptf&out=8');
    const earlier: Earlier[] = [
      { setup: setup('?v=2&d0=hp-97560&n=60&sched=fcfs&out=8'), kept: true },
      { setup: setup('?v=2&d0=hp-97560&n=60&sched=sstf&out=8'), kept: true },
      { setup: setup('?v=2&d0=hp-97560&n=60&sched=clook&out=8'), kept: false },
    ];
    const q = explorerQuery(now, earlier);
    expect(q.split('&').filter((p) => /^(keep|before)=/.test(p)).map((p) => p.split('=')[0])).toEqual(['keep', 'keep', 'before']);
    const read = reopen(q);
    expect(read.problems).toEqual([]);
    expect(read.query).toBe(encodeSetup(now));
    expect(asQueries(read.earlier)).toEqual(asQueries(earlier));
    // Written again, the same link: a shared link reopens exactly what was shared.
    expect(explorerQuery(setup(`?${read.query}`), read.earlier)).toBe(q);
  });

  it('no earlier run: no key, and a query without one reads as none', () => {
    const after = setup('?v=2&seed=3');
    expect(explorerQuery(after, [])).toBe(encodeSetup(after));
    expect(splitEarlier('v=2&seed=3')).toEqual({ query: 'v=2&seed=3', earlier: [] });
    expect(readEarlier([], {})).toEqual({ earlier: [], problems: [] });
  });

  it('a bad earlier run is named under its key: an empty one, and one with a bad field', () => {
    const empty = reopen('v=2&before=');
    expect(empty.earlier).toEqual([]);
    expect(empty.problems).toEqual([expect.objectContaining({ field: 'before', message: expect.stringMatching(/empty/) })]);
    const bad = reopen(`v=2&before=${encodeURIComponent('v=2&seed=5&n=-4')}`);
    expect(bad.earlier).toHaveLength(1);
    expect(bad.problems).toEqual([expect.objectContaining({ field: 'before: workload.count' })]);
  });

  it('a key given more than once is numbered in what it names, and its good runs still play', () => {
    const q = `v=2&seed=8&keep=${encodeURIComponent('v=2&seed=5')}&keep=${encodeURIComponent('v=2&seed=6&n=-4')}&keep`;
    const read = reopen(q);
    expect(read.problems).toEqual([
      expect.objectContaining({ field: 'keep 2: workload.count' }),
      expect.objectContaining({ field: 'keep 3', message: expect.stringMatching(/empty/) }),
    ]);
    expect(read.earlier.map((e) => e.setup.seed)).toEqual([5, 6]);
  });

  it('more runs than the stage plays: the first three, and the link says how many it named', () => {
    const runs = [1, 2, 3, 4, 5].map((seed) => `keep=${encodeURIComponent(`v=2&seed=${seed}`)}`);
    const read = reopen(`v=2&seed=9&${runs.join('&')}`);
    expect(read.earlier.map((e) => e.setup.seed)).toEqual([1, 2, 3]);
    expect(read.problems).toEqual([{ field: 'earlier runs', message: 'the link names 5 earlier runs; the stage plays at most 3 beside the setup\'s own', used: 'the first 3' }]);
  });

  it('a value that is not a setup\'s query is named under its key, not passed to the setup', () => {
    const read = reopen(`v=2&seed=9&before=${encodeURIComponent('%E0%A4%A')}`);
    expect(read.query).toBe('v=2&seed=9');
    expect(read.problems.length).toBeGreaterThan(0);
    expect(read.problems.every((p) => p.field.startsWith('before: '))).toBe(true);
  });
});
