/*
 * cli.ts — `npm run sim -- homework [disk.py flags]`: a homework question from
 * disk.py's own flags (-a -A -s -p -w -o -S -R -z -l -L, -c for the answers) or a
 * question saved as JSON (the page's "Save question"; flags override it),
 * printed in disk.py's layout so an instructor can make an answer key. The
 * times are disk.py's own (its stepped clock's arithmetic) unless --exact asks
 * for the engine's exact ones; where the two differ a note says so (printed
 * apart from the table, so the table still compares line for line).
 * With --variants N (or --students FILE, one name or number a line) it
 * prints one link per student instead, each the question with its random
 * requests drawn from the student's own seed, and --key FILE writes the
 * answer key for all of them as CSV (variants.ts), or as a printable page
 * when its name ends in .html (keyPage.ts).
 */
import type { Engine } from '../../../engine-wasm/binding';
import { driftedBlocks, formatDiskPy } from './diskpyFormat';
import { runHomework, type HomeworkRun } from './run';
import { parseFlags, questionFromJson, setupFrom, type HomeworkSetup } from './setup';
import { keyPage } from './keyPage';
import { drawsRandomly, keyCsv, makeVariants, MAX_VARIANTS, studentNames, studentsFrom, variantsCsv } from './variants';

export const HOMEWORK_USAGE = 'usage: npm run sim -- homework [question.json] [-a 10,18 | -A 5,-1,0 -s 0] [-p FIFO|SSTF|SATF|BSATF] [-w N] [-o N] [-S N] [-R N] [-z 30,30,30] [-l 11,12 | -L 2,-1,0] [-c] [--exact]\n       npm run sim -- homework <question> (--variants N | --students FILE) [--key key.csv|key.html] [--url https://course.site/spindle/] [--exact]';

/** Where variant links point unless --url says: the address `npm start` serves. */
export const DEFAULT_SITE = 'http://127.0.0.1:5173/';

const LONG_OPTIONS = ['--variants', '--students', '--key', '--url'] as const;
type LongOption = (typeof LONG_OPTIONS)[number];

/** The long options (--exact, and those taking a value) apart from disk.py's flags. */
function longOptions(argv: readonly string[]): { rest: string[]; exact: boolean; opts: Partial<Record<LongOption, string>> } | { error: string } {
  const rest: string[] = [];
  const opts: Partial<Record<LongOption, string>> = {};
  let exact = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--exact') exact = true;
    else if ((LONG_OPTIONS as readonly string[]).includes(a)) {
      if (argv[i + 1] === undefined) return { error: `${a}: needs a value` };
      opts[a as LongOption] = argv[++i];
    } else if (a.startsWith('--')) return { error: `${a}: unknown option (use --exact, ${LONG_OPTIONS.join(', ')})` };
    else rest.push(a);
  }
  return { rest, exact, opts };
}

/** Who the variants are for: students 1 to N, or the names in a file. */
function studentsOf(opts: Partial<Record<LongOption, string>>, readText?: (path: string) => string): string[] | { error: string } {
  const n = opts['--variants'], file = opts['--students'];
  if (n !== undefined && file !== undefined) return { error: '--variants and --students: give one of them (a number of variants, or a file of students)' };
  if (file !== undefined && !readText) return { error: `${file}: student files are read from the command line only` };
  if (n !== undefined && !/^\d+$/.test(n)) return { error: `--variants: "${n}" must be a whole number from 1 to ${MAX_VARIANTS}` };
  const r = file !== undefined ? studentNames(readText!(file)) : studentsFrom(n!);
  return typeof r === 'string' ? { error: file !== undefined ? `--students ${file}: ${r}` : `--variants: ${r}` } : r;
}

/** The variants' links on stdout and, with --key, the answer key as a file to write. */
function variantsMain(engine: Engine, s: HomeworkSetup, students: string[], opts: Partial<Record<LongOption, string>>, exact: boolean): HomeworkOutput {
  if (!drawsRandomly(s)) return { error: "--variants: this question's requests are fixed (-a, and no -L), so every variant would be the same; draw them with -A count,max,min (or -L)" };
  const site = opts['--url'] ?? DEFAULT_SITE;
  if (!/^https?:\/\/\S+$/.test(site)) return { error: `--url: "${site}" must be an http:// or https:// address` };
  const variants = makeVariants(s, students, site);
  const key = opts['--key'];
  if (key === undefined) return { out: variantsCsv(variants), note: '' };
  const runs = variants.map((v) => runHomework(engine, v.setup, exact ? 'exact' : 'disk.py'));
  const files = [{ path: key, text: /\.html?$/i.test(key) ? keyPage(s, variants, runs) : keyCsv(variants, runs) }];
  return { out: variantsCsv(variants), note: `wrote the answer key of ${variants.length} variants to ${key}`, files };
}

export type HomeworkOutput = { out: string; note: string; files?: Array<{ path: string; text: string }> } | { error: string };

/** One line saying where disk.py's arithmetic and the exact one part (none when they agree). */
export function driftNote(run: HomeworkRun): string {
  const which = driftedBlocks(run);
  if (!which) return '';
  return run.arithmetic === 'disk.py'
    ? `note: disk.py's stepped clock drifts from the exact times for ${which} (--exact prints the exact ones)`
    : `note: exact times; disk.py's stepped clock prints others for ${which}`;
}

/** The text to print (a note for stderr, files to write), or an error naming the flag (exit code 2). A question file is read with readText; flags override it. */
export function homeworkMain(engine: Engine, argv: readonly string[], readText?: (path: string) => string): HomeworkOutput {
  const long = longOptions(argv);
  if ('error' in long) return { error: `${long.error}\n${HOMEWORK_USAGE}` };
  const { exact, opts } = long;
  const f = parseFlags(long.rest);
  if ('error' in f) return { error: `${f.error}\n${HOMEWORK_USAGE}` };
  if (f.file !== undefined && !readText) return { error: `${f.file}: question files are read from the command line only` };
  const s = f.file !== undefined ? questionFromJson(readText!(f.file), f.values) : setupFrom(f.values);
  if (!s.ok) return { error: f.file !== undefined ? `${f.file}: ${s.message}` : s.message };
  const forStudents = opts['--variants'] !== undefined || opts['--students'] !== undefined;
  if (!forStudents && (opts['--key'] !== undefined || opts['--url'] !== undefined)) return { error: `--key and --url go with --variants or --students\n${HOMEWORK_USAGE}` };
  try {
    if (forStudents) {
      const students = studentsOf(opts, readText);
      return 'error' in students ? students : variantsMain(engine, s.setup, students, opts, exact);
    }
    const run = runHomework(engine, s.setup, exact ? 'exact' : 'disk.py');
    return { out: formatDiskPy(run, f.compute), note: f.compute ? driftNote(run) : '' };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}
