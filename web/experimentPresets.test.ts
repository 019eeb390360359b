import { describe, expect, it, vi } from 'vitest';
import { loadExperimentPresets, loadPagePresets, presetPage } from './experimentPresets';
import { PAGES } from './pages';

describe('experiment presets on the pages', () => {
  it('each preset opens a page of pages.ts (never the home view), and is offered under that page only', async () => {
    const all = await loadExperimentPresets();
    expect(all.length).toBe(Object.keys(import.meta.glob('../presets/experiments/*.json')).length);
    expect(all.length).toBeGreaterThanOrEqual(9);
    const ids = new Set(PAGES.map((p) => p.id));
    const byPage = new Map(await Promise.all(PAGES.map(async (page) => [page.id, await loadPagePresets(page.id)] as const)));
    for (const p of all) {
      expect(ids.has(presetPage(p)), `${p.id}: ${p.url}`).toBe(true);
      expect(PAGES.filter((page) => byPage.get(page.id)!.some((x) => x.id === p.id)).map((page) => page.id)).toEqual([presetPage(p)]);
    }
  });
  it('a render asking for a page\'s presets waits for them (suspends), then reads them', async () => {
    vi.resetModules();
    const fresh = await import('./experimentPresets');
    let thrown: unknown;
    try { fresh.pagePresets('traxsystem'); } catch (e) { thrown = e; }
    expect(thrown).toBeInstanceOf(Promise);
    await thrown;
    expect(fresh.pagePresets('traxsystem').map((p) => p.id)).toEqual(['traxsystem-ffs', 'traxsystem-lfs', 'traxsystem-video']);
  });
  it('routes an explorer query, a page hash and a hash after a query', () => {
    expect(presetPage({ url: '?v=2&d0=hp-97560&devs=4' })).toBe('explorer');
    expect(presetPage({ url: '#sidebyside?v=1&disk=hp-97560' })).toBe('sidebyside');
    expect(presetPage({ url: '?v=2&d0=hp-97560#locate?lbn=5' })).toBe('locate');
    expect(presetPage({ url: '#nosuchpage' })).toBe('');
  });
  it('offers the side-by-side presets, the default one among them', async () => {
    expect((await loadPagePresets('sidebyside')).map((p) => p.id)).toContain('sidebyside-tworeq');
  });
});
