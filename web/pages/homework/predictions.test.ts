/*
 * Predictions checked against a row: a time within half a unit, the block
 * exactly; the score counts only revealed rows and filled cells.
 */
import { describe, expect, it } from 'vitest';
import { decodeRowGuess, encodeRowGuess, isRight, score } from './predictions';
import type { HomeworkRow } from './run';

const row = (block: number, seek: number, rotate: number, transfer: number): HomeworkRow =>
  ({ index: 0, block, track: 0, seek, rotate, transfer, total: seek + rotate + transfer, start: 0, end: 0 });

describe('predictions', () => {
  it('a time is right within half a unit, a block only when it is the block', () => {
    expect(isRight('rotate', '105', 105)).toBe(true);
    expect(isRight('rotate', '105.4', 105)).toBe(true);
    expect(isRight('rotate', '105.5', 105)).toBe(false);
    expect(isRight('rotate', '104', 105)).toBe(false);
    expect(isRight('block', '10.4', 10)).toBe(false);
    expect(isRight('block', '10', 10)).toBe(true);
    expect(isRight('seek', '', 0)).toBeNull();
    expect(isRight('seek', undefined, 0)).toBeNull();
  });

  it('scores the filled cells of revealed rows only', () => {
    const rows = [row(10, 0, 105, 30), row(18, 40, 170, 30)];
    const guesses = new Map([[0, { block: '10', rotate: '100', transfer: '30' }], [1, { seek: '40' }]]);
    expect(score(rows, guesses, (i) => i === 0)).toEqual({ right: 2, checked: 3 });
    expect(score(rows, guesses, () => true)).toEqual({ right: 3, checked: 4 });
    expect(score(rows, guesses, () => false)).toEqual({ right: 0, checked: 0 });
  });

  it('a row reads back from its link text; a wrong shape is named', () => {
    expect(decodeRowGuess(encodeRowGuess({ seek: '40', total: '7.5' }))).toEqual({ seek: '40', total: '7.5' });
    expect(decodeRowGuess('1,2')).toMatch(/must be 5 predictions/);
    expect(decodeRowGuess('1,-2,,,')).toMatch(/"-2" is not a number/);
  });
});
