/*
 * experimentPresets — every experiment preset in presets/experiments/,
 * bundled by Vite at build time: a named link to a setup worth seeing, with
 * the source it follows. The home view offers each under its page; a page
 * may offer its own (pagePresets('sidebyside')).
 */
import { routeOf } from './pages';

export interface ExperimentPreset {
  id: string;
  name: string;
  description: string;
  source: string;
  /** '#page?…' or an explorer query '?v=2&…'. */
  url: string;
}

const modules = import.meta.glob<ExperimentPreset>('../presets/experiments/*.json', { eager: true, import: 'default' });

export const EXPERIMENT_PRESETS: readonly ExperimentPreset[] = Object.values(modules)
  .filter((p) => typeof p?.url === 'string' && typeof p.id === 'string')
  .sort((a, b) => a.id.localeCompare(b.id));

/** The page a preset's link opens ('' when it opens home, which none should). */
export function presetPage(p: Pick<ExperimentPreset, 'url'>): string {
  const i = p.url.indexOf('#');
  const hash = i >= 0 ? p.url.slice(i) : '';
  const search = i >= 0 ? p.url.slice(0, i) : p.url;
  const r = routeOf(hash, search);
  return 'page' in r ? r.page.id : '';
}

/** The presets whose link opens that page. */
export function pagePresets(pageId: string): ExperimentPreset[] {
  return EXPERIMENT_PRESETS.filter((p) => presetPage(p) === pageId);
}
