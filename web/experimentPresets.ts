/*
 * experimentPresets — every experiment preset in presets/experiments/: a
 * named link to a setup worth seeing, with the source it follows. The home
 * view offers each under its page; a page may offer its own
 * (pagePresets('sidebyside')).
 *
 * Only each file's link is in the entry bundle (it says which page the
 * preset opens); the rest of a file is a chunk of its own, loaded when a
 * page lists its presets, so a page loads its own presets and no other.
 * pagePresets is synchronous for React: while they load, the component
 * asking suspends and renders again once they are here.
 */
import { routeOf } from './pages';
import { suspenseCache } from './lib/suspenseCache';

export interface ExperimentPreset {
  id: string;
  name: string;
  description: string;
  source: string;
  /** '#page?…' or an explorer query '?v=2&…'. */
  url: string;
}

// The build keeps the one field asked for; the whole files are read as text, so that they are
// other modules than these links, which would otherwise bring every whole file into the entry.
const links = import.meta.glob<unknown>('../presets/experiments/*.json', { eager: true, import: 'url' });
const texts = import.meta.glob<string>('../presets/experiments/*.json', { query: '?raw', import: 'default' });

/** The page a preset's link opens ('' when it opens home, which none should). */
export function presetPage(p: Pick<ExperimentPreset, 'url'>): string {
  const i = p.url.indexOf('#');
  const hash = i >= 0 ? p.url.slice(i) : '';
  const search = i >= 0 ? p.url.slice(0, i) : p.url;
  const r = routeOf(hash, search);
  return 'page' in r ? r.page.id : '';
}

/** The files of each page's presets. */
const FILES_OF = new Map<string, string[]>();
for (const [path, url] of Object.entries(links)) {
  if (typeof url !== 'string') continue;
  const page = presetPage({ url });
  FILES_OF.set(page, [...(FILES_OF.get(page) ?? []), path]);
}

const byId = (a: ExperimentPreset, b: ExperimentPreset) => a.id.localeCompare(b.id);
const cache = suspenseCache<ExperimentPreset[]>(async (pageId) => {
  const all = await Promise.all((FILES_OF.get(pageId) ?? []).map(async (path) => JSON.parse(await texts[path]()) as ExperimentPreset));
  return all.filter((x) => typeof x?.url === 'string' && typeof x.id === 'string').sort(byId);
}, (pageId) => `the experiment presets of the ${pageId} page`);

/** That page's presets, sorted by id (none for a page that has none). */
export const loadPagePresets = (pageId: string): Promise<ExperimentPreset[]> => cache.load(pageId);

/** Every preset, sorted by id. */
export async function loadExperimentPresets(): Promise<ExperimentPreset[]> {
  const all = await Promise.all([...FILES_OF.keys()].map(loadPagePresets));
  return all.flat().sort(byId);
}

/** The presets whose link opens that page. In a render, suspends until they are loaded. */
export const pagePresets = (pageId: string): ExperimentPreset[] => cache.read(pageId);
