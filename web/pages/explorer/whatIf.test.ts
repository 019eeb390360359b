import { describe, it, expect } from 'vitest';
import { decodeSetup } from '../../state/urlCodec';
import { allChanges, changeTitle, changedFields, comparedRows } from './whatIf';
import { formatMs, percentChange } from '../../lib/format';
import type { Stats } from '../../../engine-wasm/binding';

const setup = (q: string) => decodeSetup(q).setup;

describe('a what-if change', () => {
  it('names the fields the engine sees that changed, before and after', () => {
    const changes = changedFields(setup('?v=2&d0=hp-97560&n=100&out=1'), setup('?v=2&d0=hp-97560&n=100&out=8&slow=10'));
    expect(changes).toEqual([{ label: expect.stringMatching(/outstanding/i), before: '1', after: '8' }]);
  });

  it('a device override set or cleared reads as the preset\'s value on the other side', () => {
    const changes = changedFields(setup('?v=2&d0=hp-97560'), setup('?v=2&d0=hp-97560&d0.rpm=7200'));
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ before: "the preset's value", after: '7200' });
  });

  it('the same setup changes nothing; the view\'s fields are not changes', () => {
    expect(changedFields(setup('?v=2&n=50'), setup('?v=2&n=50&tab=disk&present=1'))).toEqual([]);
  });

  it('percent change, and none from a zero', () => {
    expect(percentChange(10, 7.5)).toBe(-25);
    expect(percentChange(0, 3)).toBeNaN();
  });

  it('titles each run with its side\'s values of the changed fields', () => {
    const changes = changedFields(setup('?v=2&seed=5&out=1'), setup('?v=2&seed=6&out=4'));
    expect(changeTitle(changes, 'before')).toMatch(/^before: .*Seed 5.*; .*1$/i);
    expect(changeTitle(changes, 'after')).toMatch(/^after: .*Seed 6.*; .*4$/i);
    expect(changeTitle([], 'before')).toBe('before: the same setup');
    expect(changeTitle(changes, 'before', 'kept')).toMatch(/^kept: .*Seed 5/i);
  });

  it('the setup\'s run is titled with its values of every field that differs from any earlier run, once each', () => {
    const now = setup('?v=2&seed=8&out=4');
    const fromSeed = changedFields(setup('?v=2&seed=5&out=4'), now);
    const fromBoth = changedFields(setup('?v=2&seed=6&out=1'), now);
    expect(changeTitle(allChanges([fromSeed, fromBoth]), 'after')).toMatch(/^after: Seed 8; .*4$/i);
  });

  it('each statistic of an earlier run carries its difference from the setup\'s run; alone, only its value', () => {
    const stats = (responseMeanMs: number) => ({ completed: 10, responseMeanMs, responseSdMs: 1, headMeanMs: 2, efficiency: 0.5, mbPerS: 3 }) as Stats;
    const earlier = comparedRows(stats(7.5), stats(10));
    expect(earlier.find(([k]) => k === 'response mean')).toEqual(['response mean', `${formatMs(7.5, 2)} (-25.0 % vs after)`]);
    expect(earlier.find(([k]) => k === 'completed')?.[1]).toMatch(/\(0\.0 % vs after\)$/);
    expect(comparedRows(stats(7.5), null).find(([k]) => k === 'response mean')).toEqual(['response mean', formatMs(7.5, 2)]);
  });
});
