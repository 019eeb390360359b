/*
 * pageLink.ts — the homework page's whole state in its link, so that a
 * shared link or Back restores it: the question and show=1 (setup.ts), the
 * rows revealed one by one (rev=1,3: numbers as the table shows them, from
 * 1) and each row's predictions (g2=20,40,,30,: block, seek, rotate,
 * transfer, total). Reading keeps every valid value; each refused one is
 * listed with what was used instead.
 */
import { decodeRowGuess, encodeRowGuess, type Guesses, type RowGuess } from './predictions';
import { encodeHash, hashPairs, linkKeeping, MAX_REQUESTS, type HomeworkSetup, type Refused } from './setup';

export interface PageState {
  setup: HomeworkSetup;
  show: boolean;
  /** Rows revealed one by one (service order, 0-based). */
  revealed: ReadonlySet<number>;
  guesses: Guesses;
}

export function encodePage(p: PageState): string {
  const base = encodeHash({ setup: p.setup, show: p.show });
  const extra: string[] = [];
  if (!p.show && p.revealed.size) extra.push(`rev=${[...p.revealed].sort((a, b) => a - b).map((i) => i + 1).join(',')}`);
  for (const i of [...p.guesses.keys()].sort((a, b) => a - b)) {
    const g = encodeRowGuess(p.guesses.get(i)!);
    if (g) extra.push(`g${i + 1}=${g}`);
  }
  if (!extra.length) return base;
  return `${base}${base.includes('?') ? '&' : '?'}${extra.join('&')}`;
}

const rowNumber = (t: string) => (/^\d+$/.test(t) && Number(t) >= 1 && Number(t) <= 2 * MAX_REQUESTS ? Number(t) - 1 : -1);

export function decodePage(hash: string): { page: PageState; refused: Refused[] } {
  const question: Array<[string, string]> = [];
  const revealed = new Set<number>();
  const guesses = new Map<number, RowGuess>();
  const refused: Refused[] = [];
  for (const [k, v] of hashPairs(hash)) {
    const g = /^g(\d+)$/.exec(k);
    if (k === 'rev') {
      for (const t of v.split(',')) {
        const i = rowNumber(t.trim());
        if (i < 0) refused.push({ field: 'rev', message: `rev: "${t}" is not a row number (1 or more)`, used: '' });
        else revealed.add(i);
      }
    } else if (g) {
      const i = rowNumber(g[1]);
      const r = decodeRowGuess(v);
      if (i < 0 || typeof r === 'string') refused.push({ field: k, message: `${k}: ${i < 0 ? `"${g[1]}" is not a row number (1 or more)` : r}`, used: '' });
      else guesses.set(i, r);
    } else question.push([k, v]);
  }
  const q = linkKeeping(question);
  return { page: { ...q.link, revealed, guesses }, refused: [...refused, ...q.refused] };
}
