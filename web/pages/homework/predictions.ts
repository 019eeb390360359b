/*
 * predictions.ts — a student's predictions for the rows of a homework
 * answer (which block is served n-th, its seek, rotation, transfer and
 * total, each optional) and how they are checked against the engine's row
 * once it is revealed. The page shows disk.py's arithmetic, whose times are
 * whole units, so a time is right when it is within half a unit of the
 * answer (a prediction rounds to it); a block is right when it is the block.
 */
import type { HomeworkRow } from './run';

export const GUESS_KEYS = ['block', 'seek', 'rotate', 'transfer', 'total'] as const;
export type GuessKey = (typeof GUESS_KEYS)[number];

/** One row's predictions as typed (an empty or missing text: no prediction). */
export type RowGuess = Partial<Record<GuessKey, string>>;

/** Predictions by row (service order, 0-based). */
export type Guesses = ReadonlyMap<number, RowGuess>;

/** What a prediction cell accepts: digits with at most one decimal point (nothing that would need escaping in a link). */
export const GUESS_TEXT = /^\d*\.?\d*$/;

/** Whether a typed prediction is right for the answer (null: nothing to check). */
export function isRight(key: GuessKey, text: string | undefined, answer: number): boolean | null {
  if (text === undefined || text === '' || text === '.') return null;
  const v = Number(text);
  return key === 'block' ? v === answer : Math.abs(v - answer) < 0.5;
}

/** The engine's value for a prediction's key. */
export const answerOf = (row: HomeworkRow, key: GuessKey): number => row[key];

/** Right and checked predictions over the revealed rows. */
export function score(rows: readonly HomeworkRow[], guesses: Guesses, shown: (row: number) => boolean): { right: number; checked: number } {
  let right = 0, checked = 0;
  for (const [i, g] of guesses) {
    if (i >= rows.length || !shown(i)) continue;
    for (const k of GUESS_KEYS) {
      const r = isRight(k, g[k], answerOf(rows[i], k));
      if (r === null) continue;
      checked++;
      if (r) right++;
    }
  }
  return { right, checked };
}

/** A row's predictions in a link: the five texts joined by commas ("20,40,,30,"); '' when there are none. */
export function encodeRowGuess(g: RowGuess): string {
  const parts = GUESS_KEYS.map((k) => g[k] ?? '');
  return parts.some((p) => p !== '') ? parts.join(',') : '';
}

/** A row's predictions from a link, or a message naming what is wrong. */
export function decodeRowGuess(text: string): RowGuess | string {
  const parts = text.split(',');
  if (parts.length !== GUESS_KEYS.length) return `"${text}" must be ${GUESS_KEYS.length} predictions (${GUESS_KEYS.join(', ')}) separated by commas, empty where none`;
  const bad = parts.find((p) => !GUESS_TEXT.test(p));
  if (bad !== undefined) return `"${bad}" is not a number`;
  const out: RowGuess = {};
  GUESS_KEYS.forEach((k, i) => { if (parts[i] !== '') out[k] = parts[i]; });
  return out;
}
