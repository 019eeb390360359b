/*
 * pages — every page of Spindle, found at build time: each page is a folder,
 * web/pages/<id>/, whose manifest.ts names its hash, title, one sentence and
 * how to load its code (its small picture for the home view, picture.tsx
 * beside it, is the home view's to load). Root routes by this list; the home
 * view and the navigation header are drawn from it, so a new page is a new
 * folder and nothing else in the shell.
 *
 * Where things live: the bare address (no query, no hash) and #home show the
 * home view; the page that opens queries (the explorer) is at its own hash
 * and at any address with a query (?v=2&d0=… — every explorer link ever
 * published); every other page at its own hash (#locate, #traxtents?…).
 *
 * Every page is a separate chunk fetched when first shown, so no page's
 * first draw waits for another page's code and the home view for none.
 */
import type { ComponentType } from 'react';
import { HOME_ID, routeId } from './routeId';

export interface PageEntry {
  /** Hash prefix without '#', and the name of the page's folder. */
  id: string;
  /** Where the page stands in the header and on the home view: ascending. */
  order: number;
  title: string;
  /** A short name for the navigation header (the title when absent). */
  short?: string;
  /** One sentence for a student: what the page shows. */
  sentence: string;
  /** Opens at an address with a query and no page hash, and at a bare '#?…' (one page: the explorer). */
  opensQuery?: true;
  /** The page's code, a chunk of its own. */
  load: () => Promise<ComponentType>;
  /**
   * The disk presets the page's first drawing shows, read from its link's
   * query (web/lib/linkQuery.ts): the entry asks for them beside the page's
   * code, so the first run does not wait for the code to ask. A wrong guess
   * costs one small fetch; the page still asks for what it needs.
   */
  firstPresets?: (query: string) => string[];
  /**
   * The engine build the page's worker loads: 'full' for a page that runs
   * the experiments (file system, 2-D table, track extraction); the core
   * build, a smaller download, when absent.
   */
  engine?: 'full';
  /**
   * The runs the page's stage plays as it opens, each in an engine worker of
   * its own: index.html starts that many workers (one when absent), so none
   * of those runs waits for its worker to start.
   */
  stageRuns?: number;
}

export { HOME_ID };

const manifests = import.meta.glob<PageEntry>('./pages/*/manifest.ts', { eager: true, import: 'page' });

export const PAGES: readonly PageEntry[] = Object.values(manifests).sort((a, b) => a.order - b.order);

/** The page for an explorer link (a query with no page hash). */
export const QUERY_PAGE: PageEntry = (() => {
  const all = PAGES.filter((p) => p.opensQuery);
  if (all.length !== 1) throw new Error(`exactly one page opens queries, not ${all.length} (${all.map((p) => p.id).join(', ')})`);
  return all[0];
})();

/** What an address shows: a page, or the home view (with the unknown page it was asked for, if any). */
export type Route = { page: PageEntry } | { home: true; unknown?: string };

/**
 * The route of a location's hash and query: a page's hash wins; then an
 * explorer query (in the search, or a bare '#?…') opens the query page; the
 * bare address, #home and an unknown hash show home.
 */
export function routeOf(hash: string, search = ''): Route {
  const r = routeId(hash, search, PAGES.map((p) => p.id), QUERY_PAGE.id, HOME_ID);
  return 'id' in r ? { page: PAGES.find((p) => p.id === r.id)! } : r;
}

