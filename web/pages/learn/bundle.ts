/*
 * bundle.ts — the lesson files (path → parsed JSON) as the page lists them:
 * validated and put in teaching order. A file that does not validate
 * is kept as a named error (its file name and every field at fault), never
 * dropped silently.
 */
import { errorText, validateLesson, type Lesson } from './lesson';

export type BundledLesson = { file: string; lesson: Lesson } | { file: string; error: string };


/** The order lessons are taught in (a lesson not listed comes after, by id). */
export const LESSON_ORDER = ['one-request', 'rotational-latency', 'seek-curves', 'zones', 'scheduling', 'caches-read-ahead', 'track-alignment'];

const rank = (id: string) => { const i = LESSON_ORDER.indexOf(id); return i < 0 ? LESSON_ORDER.length : i; };

export function bundle(files: Readonly<Record<string, unknown>>): BundledLesson[] {
  return Object.entries(files).map(([path, json]): BundledLesson => {
    const file = path.replace(/^.*\//, '');
    const r = validateLesson(json);
    if (!r.ok) return { file, error: errorText(r.errors) };
    if (`${r.lesson.id}.json` !== file) return { file, error: `id: "${r.lesson.id}" must match the file name (${file})` };
    return { file, lesson: r.lesson };
  }).sort((a, b) => {
    const ka = 'lesson' in a ? a.lesson.id : a.file, kb = 'lesson' in b ? b.lesson.id : b.file;
    return rank(ka) - rank(kb) || ka.localeCompare(kb);
  });
}
