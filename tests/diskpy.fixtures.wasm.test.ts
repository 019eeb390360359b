/*
 * Spindle's homework answers against disk.py's own output: every command line
 * of tests/fixtures/diskpy/answers.txt (disk.py run on the homework's
 * questions; the file says how) through the command line and through the
 * page's worker method, compared line for line. The -S 0.1 and -R 0.1 / 0.01
 * questions are where disk.py's stepped clock drifts from exact arithmetic.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine-wasm/binding';
import { homeworkMain } from '../web/pages/homework/cli';
import { formatAnswers } from '../web/pages/homework/diskpyFormat';
import { hwRun } from '../web/pages/homework/service';
import { parseFlags } from '../web/pages/homework/setup';
import { testEngine } from './helpers/engine';

let engine: Engine;
beforeAll(async () => { engine = await testEngine(); });

/** The fixture's sections: the flags of each "$ disk.py …" line and the lines disk.py printed. */
function fixtures(): Array<[string, string[]]> {
  const text = readFileSync(new URL('./fixtures/diskpy/answers.txt', import.meta.url), 'utf8');
  const out: Array<[string, string[]]> = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line === '') continue;
    if (line.startsWith('$ disk.py ')) out.push([line.slice('$ disk.py '.length), []]);
    else out[out.length - 1][1].push(line);
  }
  return out;
}

const printed = (text: string) => text.split('\n').filter((l) => l.startsWith('Block') || l.startsWith('TOTALS'));
const CASES = fixtures();

describe("disk.py's printed answers", () => {
  it('the fixture holds the homework\'s questions', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(90);
    expect(CASES.map(([f]) => f)).toEqual(expect.arrayContaining(['-a 6 -R 0.1 -c', '-a 30 -S 0.1 -c', '-A 1000,-1,0 -p SATF -w 16 -c']));
  });
  it.each(CASES)('npm run sim -- homework %s', (flags, want) => {
    const r = homeworkMain(engine, flags.split(' '));
    if ('error' in r) throw new Error(r.error);
    expect(printed(r.out)).toEqual(want);
  });
  it.each(CASES)('the page (hwRun) for %s', (flags, want) => {
    const f = parseFlags(flags.split(' '));
    if ('error' in f) throw new Error(f.error);
    expect(printed(formatAnswers(hwRun(engine, { values: f.values })))).toEqual(want);
  });
});

describe('the exact arithmetic beside it', () => {
  it('differs where disk.py drifts, and says which blocks', () => {
    const drift = homeworkMain(engine, ['-a', '6', '-R', '0.1', '-c']);
    const exact = homeworkMain(engine, ['-a', '6', '-R', '0.1', '-c', '--exact']);
    if ('error' in drift || 'error' in exact) throw new Error('refused');
    expect(drift.out).toContain('Rotate:3449  Transfer:301');
    expect(exact.out).toContain('Rotate:3450  Transfer:300');
    expect(drift.note).toMatch(/drifts .* block 6/);
    expect(exact.note).toMatch(/exact times; .* block 6/);
  });
  it('agrees and says nothing where disk.py does not drift', () => {
    const r = homeworkMain(engine, ['-a', '7,30,8', '-p', 'SATF', '-c', '--exact']);
    if ('error' in r) throw new Error(r.error);
    expect(r.note).toBe('');
    expect(printed(r.out)).toEqual(CASES.find(([f]) => f === '-a 7,30,8 -p SATF -c')![1]);
  });
});
