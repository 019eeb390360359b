import { describe, expect, it } from 'vitest';
import { pageOf, PAGES } from './pages';

describe('pageOf', () => {
  it('routes each page by its hash, with or without a query', () => {
    for (const p of PAGES) {
      expect(pageOf(p.id ? `#${p.id}` : '').id).toBe(p.id);
      expect(pageOf(`#${p.id}?a=1`).id).toBe(p.id);
    }
  });
  it('shows the explorer for the empty hash, an explorer query and an unknown page', () => {
    expect(pageOf('').id).toBe('');
    expect(pageOf('#?v=2&d0=hp-97560').id).toBe('');
    expect(pageOf('#nosuchpage').id).toBe('');
    expect(pageOf('#locatex').id).toBe('');
  });
  it('has unique ids', () => {
    expect(new Set(PAGES.map((p) => p.id)).size).toBe(PAGES.length);
  });
});
