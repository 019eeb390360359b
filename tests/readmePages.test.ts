/* The README's pages table and web/pages.ts describe the same pages: one row per page, with its title and its link. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';

interface PageEntry { id: string; title: string }
// Read at run time: the page list's loaders pull in Vite-only module types the Node config lacks.
const { PAGES } = await import('../web/pages' as string) as { PAGES: readonly PageEntry[] };

describe('README pages table', () => {
  it('has one row per page of pages.ts, with its title and its #link, and no other', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Pages\n'), readme.indexOf('\nTools:'));
    const rows = section.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| page ') && !l.startsWith('|---'));
    const cells = rows.map((r) => r.split(' | ').map((c) => c.replace(/^\| |\s\|$/g, '')));
    expect(cells.map((c) => c[0])).toEqual(PAGES.map((p) => p.title));
    for (const p of PAGES) {
      const row = cells.find((c) => c[0] === p.title)!;
      expect(row[1], p.id).toContain(`\`#${p.id}`);
    }
  });
});
