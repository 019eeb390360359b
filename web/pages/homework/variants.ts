/*
 * variants.ts — one variant of a homework question per student, for an
 * instructor: the question with its random requests (-A, -L) drawn from a
 * seed of the student's own, each a #homework link with the answers hidden,
 * and an answer key for all of them as CSV. A student is a name or a number
 * (1 to N); the seed is a hash of the question's seed and the student, so
 * the same class list gives the same variants every time, and neighbours in
 * the list do not get neighbouring seeds. The key's numbers are the engine's
 * (runHomework), as the page shows them.
 */
import { units } from './diskpyFormat';
import type { HomeworkRun } from './run';
import { encodeHash, type HomeworkSetup } from './setup';

export interface Variant { n: number; student: string; setup: HomeworkSetup; link: string }

/** The most variants one call makes (each is a run of the question). */
export const MAX_VARIANTS = 1000;

/** FNV-1a (32 bits) of the question's seed and the student: a seed disk.py's -s accepts. */
export function variantSeed(baseSeed: number, student: string): number {
  let h = 0x811c9dc5;
  for (const ch of new TextEncoder().encode(`${baseSeed}/${student}`)) {
    h ^= ch;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Students from a list, one name or student number a line (blank lines skipped); a problem is a message. */
export function studentNames(text: string): string[] | string {
  const names = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '');
  if (!names.length || names.length > MAX_VARIANTS) return `must list 1 to ${MAX_VARIANTS} students, one a line (it lists ${names.length})`;
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  return twice === undefined ? names : `each student once (${twice} is listed twice)`;
}

/** Students from what an instructor types: a whole number N is students 1 to N, anything else a list (studentNames). */
export function studentsFrom(text: string): string[] | string {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return studentNames(t);
  const n = Number(t);
  if (n < 1 || n > MAX_VARIANTS) return `"${t}" must be a whole number from 1 to ${MAX_VARIANTS}`;
  return Array.from({ length: n }, (_, i) => String(i + 1));
}

/** Whether the question draws any request at random (otherwise every variant would be the same). */
export function drawsRandomly(s: HomeworkSetup): boolean {
  return (s.addr === null && s.addrDesc.count > 0) || (s.lateAddr === null && s.lateDesc.count > 0);
}

/** The variants of a question for these students; baseUrl is where the site is served (ends before the '#'). */
export function makeVariants(s: HomeworkSetup, students: readonly string[], baseUrl: string): Variant[] {
  return students.map((student, i) => {
    const setup = { ...s, seed: variantSeed(s.seed, student) };
    return { n: i + 1, student, setup, link: `${baseUrl}${encodeHash({ setup, show: false })}` };
  });
}

/** A CSV field: quoted when it holds a comma, a quote or a line break. */
function csv(v: string | number): string {
  const t = String(v);
  return /[",\r\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
}
const line = (fields: ReadonlyArray<string | number>) => fields.map(csv).join(',');

/** One line per variant: its number, student, seed and link. */
export function variantsCsv(vs: readonly Variant[]): string {
  return [line(['variant', 'student', 'seed', 'link']), ...vs.map((v) => line([v.n, v.student, v.setup.seed, v.link]))].join('\n') + '\n';
}

/** The answer key: each variant's rows in the order the disk served them, then its totals (row "totals"). */
export function keyCsv(vs: readonly Variant[], runs: readonly HomeworkRun[]): string {
  const out = [line(['variant', 'student', 'seed', 'row', 'block', 'seek', 'rotate', 'transfer', 'total'])];
  vs.forEach((v, i) => {
    const run = runs[i];
    const head = [v.n, v.student, v.setup.seed];
    run.rows.forEach((r, k) => out.push(line([...head, k + 1, r.block, units(r.seek), units(r.rotate), units(r.transfer), units(r.total)])));
    const t = run.totals;
    out.push(line([...head, 'totals', '', units(t.seek), units(t.rotate), units(t.transfer), units(t.total)]));
  });
  return out.join('\n') + '\n';
}
