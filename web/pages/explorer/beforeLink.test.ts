import { describe, it, expect } from 'vitest';
import { decodeSetup, encodeSetup } from '../../state/urlCodec';
import { withField } from '../../state/setup';
import { explorerQuery, readBefore, splitBefore } from './beforeLink';

const setup = (q: string) => decodeSetup(q).setup;

describe('the explorer\'s link with the run before a what-if change', () => {
  it('carries the before setup after the setup\'s own keys, and reads both back', () => {
    const after = setup('?v=2&d0=hp-97560&seed=6&n=60&slow=10');
    const before = withField(setup('?v=2&d0=hp-97560&seed=5&n=60&tab=disk'), 'view.slow', 500);
    const q = explorerQuery(after, before);
    expect(q.startsWith(`${encodeSetup(after)}&before=`)).toBe(true);
    const split = splitBefore(q);
    expect(split.query).toBe(encodeSetup(after));
    const read = readBefore(split.before, {});
    expect(read.problems).toEqual([]);
    // The engine's input is the before run's; its view fields are not carried (the page has one view).
    expect(encodeSetup(read.before!)).toBe('v=2&d0=hp-97560&seed=5&n=60');
  });

  it('no comparison: no key, and a query without one reads as none', () => {
    const after = setup('?v=2&seed=3');
    expect(explorerQuery(after, null)).toBe(encodeSetup(after));
    expect(splitBefore('v=2&seed=3')).toEqual({ query: 'v=2&seed=3', before: null });
    expect(readBefore(null, {})).toEqual({ before: null, problems: [] });
  });

  it('a bad before setup is named under "before": an empty one, and one with a bad field', () => {
    const empty = readBefore(splitBefore('v=2&before=').before, {});
    expect(empty.before).toBeNull();
    expect(empty.problems).toEqual([expect.objectContaining({ field: 'before', message: expect.stringMatching(/empty/) })]);
    const bad = readBefore(splitBefore(`v=2&before=${encodeURIComponent('v=2&seed=5&n=-4')}`).before, {});
    expect(bad.before).not.toBeNull();
    expect(bad.problems).toEqual([expect.objectContaining({ field: 'before: workload.count' })]);
  });
});
