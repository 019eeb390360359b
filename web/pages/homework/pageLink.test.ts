/*
 * The homework page's link: a refused value costs only itself (every other
 * value is kept, the refused one named with what was used instead), and the
 * reveals and predictions read back as written.
 */
import { describe, expect, it } from 'vitest';
import { decodePage, encodePage } from './pageLink';
import { decodeHash, DEFAULT_SETUP, refusedText } from './setup';

describe('a link with a refused value', () => {
  it('keeps every valid value and names the refused one with the default used', () => {
    const { page, refused } = decodePage('#homework?a=7,30,8&p=SATF&w=0&o=2');
    expect(page.setup).toMatchObject({ addr: [7, 30, 8], policy: 'SATF', skew: 2, window: DEFAULT_SETUP.window });
    expect(refused).toEqual([{ field: 'w', message: expect.stringContaining('Window (-w)'), used: '-1' }]);
    expect(refusedText(refused[0])).toMatch(/Window \(-w\): .*disk\.py's default -w -1 is used instead$/);
  });

  it('a list with a block off the disk falls back to its default; the zones that made it so are kept', () => {
    // -z 60,60,60 lays out 6 blocks a track (0 to 17): block 20 is off the disk.
    const { page, refused } = decodePage('#homework?a=3,20&z=60,60,60&p=SSTF');
    expect(page.setup).toMatchObject({ addr: null, zones: [60, 60, 60], policy: 'SSTF' });
    expect(refused).toEqual([{ field: 'a', message: expect.stringContaining('block 20 is not on this disk'), used: '-1' }]);
  });

  it('an unknown key and a bad show are ignored, named', () => {
    const { page, refused } = decodePage('#homework?a=10&q=1&show=2');
    expect(page.setup.addr).toEqual([10]);
    expect(page.show).toBe(false);
    expect(refused.map((r) => [r.field, refusedText(r)])).toEqual([
      ['q', expect.stringMatching(/^q: not a homework setting.*\(ignored\)$/)],
      ['show', expect.stringMatching(/^show: "2" must be 0 or 1 \(ignored\)$/)],
    ]);
  });

  it('the strict reader (lessons) still refuses the whole link', () => {
    expect(decodeHash('#homework?a=7,30,8&w=0')).toMatchObject({ ok: false, field: 'w' });
  });
});

describe('reveals and predictions in the link', () => {
  it('read back as written, rows numbered from 1 as the table shows them', () => {
    const start = decodePage('#homework?a=7,30,8&p=SATF').page;
    const state = { ...start, revealed: new Set([0, 2]), guesses: new Map([[0, { block: '30', seek: '40' }], [1, { total: '125.5' }]]) };
    const hash = encodePage(state);
    expect(hash).toBe('#homework?a=7,30,8&p=SATF&rev=1,3&g1=30,40,,,&g2=,,,,125.5');
    const back = decodePage(hash);
    expect(back.refused).toEqual([]);
    expect([...back.page.revealed]).toEqual([0, 2]);
    expect(Object.fromEntries(back.page.guesses)).toEqual({ 0: { block: '30', seek: '40' }, 1: { total: '125.5' } });
  });

  it('a bad row number or prediction is named and dropped; the question is kept', () => {
    const { page, refused } = decodePage('#homework?a=10&rev=0,2&g1=1,x,,,&g2=5');
    expect(page.setup.addr).toEqual([10]);
    expect([...page.revealed]).toEqual([1]);
    expect(page.guesses.size).toBe(0);
    expect(refused.map((r) => r.field)).toEqual(['rev', 'g1', 'g2']);
  });

  it('with every answer shown the reveals are not written; empty predictions are not written', () => {
    const s = decodePage('#homework?a=10').page;
    expect(encodePage({ ...s, show: true, revealed: new Set([0]), guesses: new Map([[0, {}]]) })).toBe('#homework?a=10&show=1');
  });
});
