/*
 * judge.ts — the student's prediction against the engine's answer. A typed
 * number may carry the step's unit ("105", "105 units", "7.5 ms"); it is
 * right when within the step's relative tolerance of the engine's value. A
 * pick is right when it names the request the engine says; an order when it
 * is the engine's order exactly. What cannot be read is a message, not a
 * verdict.
 */
import type { Answer } from './answer';
import type { Prediction } from './lesson';

export type Guess = { kind: 'number'; text: string } | { kind: 'pick'; index: number } | { kind: 'order'; indexes: number[] };

export type Verdict = { ok: true; right: boolean } | { ok: false; message: string };

/** A typed number in the step's unit, or a message saying what is wrong with it. */
export function readNumber(text: string, unit: string): { value: number } | { message: string } {
  const m = /^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)\s*([a-z%]*)\s*$/i.exec(text);
  if (!m) return { message: `prediction: "${text.slice(0, 40)}" is not a number${unit ? ` (in ${unit})` : ''}` };
  if (m[2] && m[2].toLowerCase() !== unit.toLowerCase()) return { message: `prediction: the answer is in ${unit}, not ${m[2]}` };
  return { value: Number(m[1]) };
}

export function judge(p: Prediction, guess: Guess, answer: Answer): Verdict {
  if (p.kind === 'number' && guess.kind === 'number' && answer.kind === 'number') {
    const r = readNumber(guess.text, answer.unit);
    if ('message' in r) return { ok: false, message: r.message };
    const within = Math.abs(r.value - answer.value) <= p.tolerance * Math.abs(answer.value) + 1e-9;
    return { ok: true, right: within };
  }
  if (p.kind === 'pick' && guess.kind === 'pick' && answer.kind === 'pick') return { ok: true, right: guess.index === answer.index };
  if (p.kind === 'order' && guess.kind === 'order' && answer.kind === 'order') {
    if (guess.indexes.length !== answer.indexes.length) return { ok: false, message: `prediction: put all ${answer.indexes.length} requests in order` };
    return { ok: true, right: guess.indexes.every((x, i) => x === answer.indexes[i]) };
  }
  return { ok: false, message: `prediction: a ${guess.kind} does not answer a ${p.kind} question` };
}
