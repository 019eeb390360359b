/*
 * constants.ts — the engine's enums, parameter codes and caps. They are not
 * typed here: tools/constants_ts.c prints them from the C headers into
 * build/constants.ts (`make -C engine-wasm constants`, run by
 * scripts/setup.sh), and this module re-exports them with the helpers that
 * turn an enum member's word ("track-end", as setups, presets and links
 * write it) into its code and back. tests/handCopies.test.ts fails when a
 * copy typed by hand reappears in web/ or here.
 */
import { WORDS } from '../build/constants';

export * from '../build/constants';

/** The enums whose members have words: every enum but the parameter codes. */
export type WordEnum = keyof typeof WORDS;
/** A word of enum E: Word<'ReadAhead'> is 'none' | 'track-end' | 'continue' | 'track-adaptive'. */
export type Word<E extends WordEnum> = keyof (typeof WORDS)[E] & string;

/** The words of enum E, in the engine's order. */
export function wordsOf<E extends WordEnum>(e: E): readonly Word<E>[] {
  return Object.keys(WORDS[e]) as Word<E>[];
}

/** The engine's code for a word of enum E (typed as that enum's codes). */
export function codeOf<E extends WordEnum>(e: E, word: Word<E>): (typeof WORDS)[E][Word<E>] {
  return (WORDS[e] as Readonly<Record<string, number>>)[word] as (typeof WORDS)[E][Word<E>];
}

/** The word of enum E whose code is `code`, or undefined for a code the enum does not have. */
export function wordOf<E extends WordEnum>(e: E, code: number): Word<E> | undefined {
  return wordsOf(e).find((w) => codeOf(e, w) === code);
}

/** The member name of an enum (EventKind) whose code is `code` ("CylSwitch"), or undefined. */
export function memberOf(e: Readonly<Record<string, number>>, code: number): string | undefined {
  return Object.keys(e).find((name) => e[name] === code);
}

/**
 * Results of sp_phys_to_lbn that are not LBNs. The header documents them as
 * numbers only (no C names to generate them from).
 */
export const LBN_SPARE = -1;
export const LBN_DEFECT = -2;
