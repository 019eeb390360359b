import { describe, it, expect } from 'vitest';
import { decodeSetup } from '../../state/urlCodec';
import { changedFields } from './whatIf';
import { percentChange } from '../../lib/format';

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
});
