/*
 * cli.ts — `npm run sim -- homework [disk.py flags]`: a homework question from
 * disk.py's own flags (-a -A -s -p -w -o -S -R -z -l -L, -c for the answers) or a
 * question saved as JSON (the page's "Save question"; flags override it),
 * printed in disk.py's layout so an instructor can make an answer key. The
 * times are disk.py's own (its stepped clock's arithmetic) unless --exact asks
 * for the engine's exact ones; where the two differ a note says so (printed
 * apart from the table, so the table still compares line for line).
 */
import type { Engine } from '../../../engine-wasm/binding';
import { driftedBlocks, formatDiskPy } from './diskpyFormat';
import { runHomework, type HomeworkRun } from './run';
import { parseFlags, questionFromJson, setupFrom } from './setup';

export const HOMEWORK_USAGE = 'usage: npm run sim -- homework [question.json] [-a 10,18 | -A 5,-1,0 -s 0] [-p FIFO|SSTF|SATF|BSATF] [-w N] [-o N] [-S N] [-R N] [-z 30,30,30] [-l 11,12 | -L 2,-1,0] [-c] [--exact]';

/** One line saying where disk.py's arithmetic and the exact one part (none when they agree). */
export function driftNote(run: HomeworkRun): string {
  const which = driftedBlocks(run);
  if (!which) return '';
  return run.arithmetic === 'disk.py'
    ? `note: disk.py's stepped clock drifts from the exact times for ${which} (--exact prints the exact ones)`
    : `note: exact times; disk.py's stepped clock prints others for ${which}`;
}

/** The text to print (and a note for stderr), or an error naming the flag (exit code 2). A question file is read with readText; flags override it. */
export function homeworkMain(engine: Engine, argv: readonly string[], readText?: (path: string) => string): { out: string; note: string } | { error: string } {
  const exact = argv.includes('--exact');
  const f = parseFlags(argv.filter((a) => a !== '--exact'));
  if ('error' in f) return { error: `${f.error}\n${HOMEWORK_USAGE}` };
  if (f.file !== undefined && !readText) return { error: `${f.file}: question files are read from the command line only` };
  const s = f.file !== undefined ? questionFromJson(readText!(f.file), f.values) : setupFrom(f.values);
  if (!s.ok) return { error: f.file !== undefined ? `${f.file}: ${s.message}` : s.message };
  try {
    const run = runHomework(engine, s.setup, exact ? 'exact' : 'disk.py');
    return { out: formatDiskPy(run, f.compute), note: f.compute ? driftNote(run) : '' };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}
