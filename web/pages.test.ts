import { describe, expect, it } from 'vitest';
import { EXPLORER_ID, PAGES, routeOf } from './pages';

const pageId = (hash: string, search = '') => {
  const r = routeOf(hash, search);
  return 'page' in r ? r.page.id : 'home';
};

describe('routeOf', () => {
  it('routes each page by its hash, with or without a query, whatever the address\'s query', () => {
    for (const p of PAGES) {
      expect(pageId(`#${p.id}`)).toBe(p.id);
      expect(pageId(`#${p.id}?a=1`)).toBe(p.id);
      expect(pageId(`#${p.id}`, '?v=2&d0=hp-97560')).toBe(p.id);
    }
  });
  it('shows home at the bare address, #home and an unknown hash (naming it)', () => {
    expect(pageId('')).toBe('home');
    expect(pageId('#')).toBe('home');
    expect(pageId('#home')).toBe('home');
    expect(pageId('#home', '?v=2')).toBe('home');
    expect(routeOf('#nosuchpage?x=1')).toEqual({ home: true, unknown: 'nosuchpage' });
    expect(pageId('#locatex')).toBe('home');
  });
  it('shows the explorer for an explorer query, in the search or after a bare #', () => {
    expect(pageId('', '?v=2&d0=hp-97560')).toBe(EXPLORER_ID);
    expect(pageId('', '?v=1&disk=hp-97560')).toBe(EXPLORER_ID);
    expect(pageId('#?v=2&d0=hp-97560')).toBe(EXPLORER_ID);
    expect(pageId('#nosuchpage', '?v=2')).toBe(EXPLORER_ID);
  });
  it('has unique ids, none of them home', () => {
    expect(new Set(PAGES.map((p) => p.id)).size).toBe(PAGES.length);
    expect(PAGES.some((p) => p.id === 'home' || p.id === '')).toBe(false);
  });
});
