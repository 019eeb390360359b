import { describe, expect, it } from 'vitest';
import { EXPERIMENT_PRESETS, pagePresets, presetPage } from './experimentPresets';
import { PAGES } from './pages';

describe('experiment presets on the pages', () => {
  it('each preset opens a page of pages.ts (never the home view), and is offered under that page only', () => {
    expect(EXPERIMENT_PRESETS.length).toBeGreaterThanOrEqual(9);
    const ids = new Set(PAGES.map((p) => p.id));
    for (const p of EXPERIMENT_PRESETS) {
      expect(ids.has(presetPage(p)), `${p.id}: ${p.url}`).toBe(true);
      expect(PAGES.filter((page) => pagePresets(page.id).includes(p)).map((page) => page.id)).toEqual([presetPage(p)]);
    }
  });
  it('routes an explorer query, a page hash and a hash after a query', () => {
    expect(presetPage({ url: '?v=2&d0=hp-97560&devs=4' })).toBe('explorer');
    expect(presetPage({ url: '#sidebyside?v=1&disk=hp-97560' })).toBe('sidebyside');
    expect(presetPage({ url: '?v=2&d0=hp-97560#locate?lbn=5' })).toBe('locate');
    expect(presetPage({ url: '#nosuchpage' })).toBe('');
  });
  it('offers the side-by-side presets, the default one among them', () => {
    expect(pagePresets('sidebyside').map((p) => p.id)).toContain('sidebyside-tworeq');
  });
});
