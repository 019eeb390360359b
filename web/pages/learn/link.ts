/*
 * link.ts — a lesson step's address: #learn?lesson=zones&step=2 (steps
 * counted from 1). #learn alone is the list of lessons. A link naming a
 * lesson or a step that does not exist is a message naming the field.
 */
import { keyName } from './lesson';

export interface LearnLink { lesson?: string; step: number }

export type LinkResult = { ok: true; link: LearnLink } | { ok: false; field: string; message: string; link: LearnLink };

export function encodeLearn(l: LearnLink): string {
  if (!l.lesson) return '#learn';
  return `#learn?lesson=${encodeURIComponent(l.lesson)}&step=${l.step}`;
}

/** The link in a hash, checked against the lessons there are (id → number of steps). */
export function decodeLearn(hash: string, lessons: ReadonlyMap<string, number>): LinkResult {
  const q = hash.replace(/^#?learn\??/, '');
  const params = new URLSearchParams(q);
  for (const k of params.keys()) {
    if (k !== 'lesson' && k !== 'step') {
      return { ok: false, field: keyName(k), message: `unknown key ${JSON.stringify(k.slice(0, 40))} (a step's link has lesson= and step=)`, link: { step: 1 } };
    }
  }
  const id = params.get('lesson');
  if (id === null) return { ok: true, link: { step: 1 } };
  const steps = lessons.get(id);
  if (steps === undefined) {
    return { ok: false, field: 'lesson', message: `there is no lesson "${id.slice(0, 60)}" (lessons: ${[...lessons.keys()].join(', ')})`, link: { step: 1 } };
  }
  const s = params.get('step') ?? '1';
  const n = /^\d{1,4}$/.test(s) ? Number(s) : NaN;
  if (!(n >= 1 && n <= steps)) {
    return { ok: false, field: 'step', message: `"${s.slice(0, 20)}" is not a step of ${id} (it has steps 1 to ${steps})`, link: { lesson: id, step: 1 } };
  }
  return { ok: true, link: { lesson: id, step: n } };
}
