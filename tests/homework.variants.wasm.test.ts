/*
 * A variant per student and the answer key (npm run sim -- homework …
 * --variants N --key key.csv): each variant's link opens the question with
 * the student's seed and nothing else changed, and the key's every number
 * is what the page's worker method (hwRun) answers for that link, as the
 * page shows it (and the printable key says the same). Variants differ from one another, are the same on every
 * call, and a question with nothing random is refused, naming the option.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine-wasm/binding';
import { homeworkMain } from '../web/pages/homework/cli';
import { units } from '../web/pages/homework/diskpyFormat';
import { hwRun } from '../web/pages/homework/service';
import { decodeHash, setupFrom, setupTexts } from '../web/pages/homework/setup';
import { testEngine } from './helpers/engine';

let engine: Engine;
beforeAll(async () => { engine = await testEngine(); });

const SITE = 'https://course.example/spindle/';

function run(argv: string[], files: Record<string, string> = {}) {
  const r = homeworkMain(engine, argv, (p) => { if (!(p in files)) throw new Error(`${p}: no such file`); return files[p]; });
  if ('error' in r) throw new Error(r.error);
  return r;
}

/** One CSV line's fields (RFC 4180 quoting: "…", "" for a quote). */
function cells(l: string): string[] {
  const out: string[] = [];
  for (let i = 0; i <= l.length;) {
    if (l[i] === '"') {
      let v = '';
      for (i++; i < l.length; i++) {
        if (l[i] === '"' && l[i + 1] === '"') { v += '"'; i++; } else if (l[i] === '"') break; else v += l[i];
      }
      out.push(v); i += 2;
    } else {
      const j = l.indexOf(',', i);
      out.push(l.slice(i, j < 0 ? l.length : j)); i = j < 0 ? l.length + 1 : j + 1;
    }
  }
  return out;
}

describe('variants and their answer key', () => {
  it("a variant's link opens the question with the student's seed, and the key equals the page's answers", () => {
    const question = ['-A', '6,-1,0', '-p', 'SATF', '-w', '3', '-o', '1'];
    const r = run([...question, '--variants', '5', '--key', 'key.csv', '--url', SITE]);
    const links = r.out.trim().split('\n').slice(1).map(cells);
    expect(links.map((l) => l[0])).toEqual(['1', '2', '3', '4', '5']);
    expect(r.files).toHaveLength(1);
    expect(r.files![0].path).toBe('key.csv');
    const key = r.files![0].text.trim().split('\n').slice(1).map(cells);
    const base = setupFrom({ A: '6,-1,0', p: 'SATF', w: '3', o: '1' });
    if (!base.ok) throw new Error(base.message);

    const requestLists = new Set<string>();
    for (const [n, , seed, link] of links) {
      expect(link.startsWith(`${SITE}#homework?`)).toBe(true);
      const opened = decodeHash(link.slice(SITE.length));
      if (!opened.ok) throw new Error(opened.message);
      expect(opened.link.show).toBe(false);
      expect(opened.link.setup).toEqual({ ...base.setup, seed: Number(seed) });

      const page = hwRun(engine, { values: setupTexts(opened.link.setup) });
      requestLists.add(page.requests.join(','));
      const mine = key.filter((k) => k[0] === n);
      expect(mine.map((k) => k.slice(3))).toEqual([
        ...page.rows.map((x, i) => [String(i + 1), String(x.block), units(x.seek), units(x.rotate), units(x.transfer), units(x.total)]),
        ['totals', '', units(page.totals.seek), units(page.totals.rotate), units(page.totals.transfer), units(page.totals.total)],
      ]);
    }
    expect(requestLists.size).toBe(5);
  });

  it('students by name: the same list gives the same variants; a name with a comma is quoted', () => {
    const files = { 'class.txt': 'Ada Lovelace\n\n  Grace Hopper \nLi, Wei\n' };
    const a = run(['-A', '5,-1,0', '--students', 'class.txt', '--url', SITE], files);
    const b = run(['-A', '5,-1,0', '--students', 'class.txt', '--url', SITE], files);
    expect(a.out).toBe(b.out);
    const lines = a.out.trim().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[1].startsWith('1,Ada Lovelace,')).toBe(true);
    expect(lines[2].startsWith('2,Grace Hopper,')).toBe(true);
    expect(lines[3].startsWith('3,"Li, Wei",')).toBe(true);
    expect(cells(lines[3]).slice(0, 2)).toEqual(['3', 'Li, Wei']);
    expect(a.files).toBeUndefined();
  });

  it('a key named .html is a printable page with the same numbers as the CSV key, names escaped', () => {
    const files = { 'class.txt': 'Ada <b>L</b>\nGrace\n' };
    const argv = ['-A', '4,-1,0', '-p', 'SSTF', '--students', 'class.txt', '--url', SITE];
    const csvKey = run([...argv, '--key', 'key.csv'], files).files![0].text.trim().split('\n').slice(1).map(cells);
    const page = run([...argv, '--key', 'key.HTML'], files).files![0].text;
    expect(page.startsWith('<!doctype html>')).toBe(true);
    expect(page).toContain('<h2>Variant 1: Ada &lt;b&gt;L&lt;/b&gt;</h2>');
    expect(page).toContain('<h2>Variant 2: Grace</h2>');
    // Every table row, header rows aside, in order: the CSV key's row number (or "totals") and numbers.
    const rows = [...page.matchAll(/<tr>(.*?)<\/tr>/g)].map((m) => [...m[1].matchAll(/<t[dh]>(.*?)<\/t[dh]>/g)].map((c) => c[1])).filter((r) => r[0] !== '#');
    expect(rows).toEqual(csvKey.map((k) => [k[3] === 'totals' ? 'Totals' : k[3], ...k.slice(4)]));
  });

  it('refuses what would not make variants, naming the option', () => {
    const err = (argv: string[], files: Record<string, string> = {}) => {
      const r = homeworkMain(engine, argv, (p) => files[p]);
      return 'error' in r ? r.error : '';
    };
    expect(err(['-a', '7,30,8', '--variants', '3'])).toMatch(/^--variants: this question's requests are fixed/);
    expect(err(['-A', '5,-1,0', '--variants', '0'])).toMatch(/^--variants: "0" must be a whole number from 1 to 1000/);
    expect(err(['-A', '5,-1,0', '--variants', '2', '--students', 'c.txt'], { 'c.txt': 'x' })).toMatch(/^--variants and --students/);
    expect(err(['-A', '5,-1,0', '--students', 'c.txt'], { 'c.txt': 'x\ny\nx\n' })).toMatch(/x is listed twice/);
    expect(err(['-A', '5,-1,0', '--key', 'k.csv'])).toMatch(/^--key and --url go with --variants/);
    expect(err(['-A', '5,-1,0', '--variants', '2', '--url', 'course'])).toMatch(/^--url: "course" must be an http/);
    expect(err(['-A', '5,-1,0', '--variant', '2'])).toMatch(/^--variant: unknown option/);
  });
});
