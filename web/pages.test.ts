import { describe, expect, it } from 'vitest';
import { PAGES, QUERY_PAGE, routeOf, type PageEntry } from './pages';
import { DEVICE_FIELDS } from './state/setup';
import { PRESET_IDS } from './presets';
import { decodeSideHash } from './pages/sidebyside/sidebyside';
import { decodeAtSetup } from './pages/atropos/setup';
import { decodeNvSetup } from './pages/nvcache/setup';
import { decodeReorgSetup } from './pages/reorg/setup';
import { DM_PRESET, HM_PRESET } from './pages/smr/setup';

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
    expect(pageId('', '?v=2&d0=hp-97560')).toBe('explorer');
    expect(pageId('', '?v=1&disk=hp-97560')).toBe('explorer');
    expect(pageId('#?v=2&d0=hp-97560')).toBe('explorer');
    expect(pageId('#nosuchpage', '?v=2')).toBe('explorer');
  });
  it('has unique ids, none of them home', () => {
    expect(new Set(PAGES.map((p) => p.id)).size).toBe(PAGES.length);
    expect(PAGES.some((p) => p.id === 'home' || p.id === '')).toBe(false);
  });
  it('finds each page in its own folder, named by its id, and the explorer as the one page for queries', () => {
    const manifests = import.meta.glob<PageEntry>('./pages/*/manifest.ts', { eager: true, import: 'page' });
    for (const [path, page] of Object.entries(manifests)) expect(path).toBe(`./pages/${page.id}/manifest.ts`);
    expect(Object.keys(manifests).length).toBe(PAGES.length);
    expect(PAGES.filter((p) => p.opensQuery).map((p) => p.id)).toEqual(['explorer']);
    expect(QUERY_PAGE.id).toBe('explorer');
  });
  it('lists the pages in their order, each with a loader', () => {
    const orders = PAGES.map((p) => p.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(new Set(orders).size).toBe(PAGES.length);
    for (const p of PAGES) expect(typeof p.load).toBe('function');
  });
});

describe('firstPresets', () => {
  const explorer = PAGES.find((p) => p.id === 'explorer')!;
  it('names the disk an empty explorer link shows: the setup\'s default', () => {
    expect(explorer.firstPresets!('')).toEqual([DEVICE_FIELDS.find((f) => f.path === 'preset')!.def]);
  });
  it('names each device\'s preset of an explorer link, and no override of one', () => {
    expect(explorer.firstPresets!('v=2&d0=hp-97560&d0.rpm=5400&devs=3&d2=dec-rz26')).toEqual(['hp-97560', 'dec-rz26']);
    expect(explorer.firstPresets!('v=2&devs=2')).toEqual([]);
  });
  it('names the side-by-side page\'s disk: its default experiment\'s, or the link\'s', () => {
    const side = PAGES.find((p) => p.id === 'sidebyside')!;
    expect(side.firstPresets!('')).toEqual([decodeSideHash('').setup.devices[0].preset]);
    expect(side.firstPresets!('v=1&disk=hp-97560&n=300')).toEqual(['hp-97560']);
  });
  it('names the disk of the Atropos, NVCache and reorganization pages: their default setup\'s, or the link\'s', () => {
    const defaults: Record<string, string> = {
      atropos: decodeAtSetup('', PRESET_IDS).setup.disk,
      nvcache: decodeNvSetup('', PRESET_IDS).setup.disk,
      reorg: decodeReorgSetup('', PRESET_IDS).setup.disk,
    };
    for (const [id, disk] of Object.entries(defaults)) {
      const page = PAGES.find((p) => p.id === id)!;
      expect(page.firstPresets!(''), id).toEqual([disk]);
      expect(page.firstPresets!('disk=hp-97560&seed=2'), id).toEqual(['hp-97560']);
    }
  });
  it('names both drives of the shingled-drive page', () => {
    expect(PAGES.find((p) => p.id === 'smr')!.firstPresets!('pat=random')).toEqual([DM_PRESET, HM_PRESET]);
  });
  it('names only presets that exist, on every page that names them first', () => {
    for (const p of PAGES) for (const id of p.firstPresets?.('') ?? []) expect(PRESET_IDS).toContain(id);
  });
});
