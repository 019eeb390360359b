/*
 * cli.ts — `npm run sim -- homework [disk.py flags]`: a homework question from
 * disk.py's own flags (-a -A -s -p -w -o -S -R -z -l -L, -c for the answers) or a
 * question saved as JSON (the page's "Save question"; flags override it),
 * printed in disk.py's layout so an instructor can make an answer key.
 */
import type { Engine } from '../../../engine-wasm/binding';
import { formatDiskPy } from './diskpyFormat';
import { runHomework } from './run';
import { parseFlags, questionFromJson, setupFrom } from './setup';

export const HOMEWORK_USAGE = 'usage: npm run sim -- homework [question.json] [-a 10,18 | -A 5,-1,0 -s 0] [-p FIFO|SSTF|SATF|BSATF] [-w N] [-o N] [-S N] [-R N] [-z 30,30,30] [-l 11,12 | -L 2,-1,0] [-c]';

/** The text to print, or an error naming the flag (exit code 2). A question file is read with readText; flags override it. */
export function homeworkMain(engine: Engine, argv: readonly string[], readText?: (path: string) => string): { out: string } | { error: string } {
  const f = parseFlags(argv);
  if ('error' in f) return { error: `${f.error}\n${HOMEWORK_USAGE}` };
  if (f.file !== undefined && !readText) return { error: `${f.file}: question files are read from the command line only` };
  const s = f.file !== undefined ? questionFromJson(readText!(f.file), f.values) : setupFrom(f.values);
  if (!s.ok) return { error: f.file !== undefined ? `${f.file}: ${s.message}` : s.message };
  try {
    return { out: formatDiskPy(runHomework(engine, s.setup), f.compute) };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}
