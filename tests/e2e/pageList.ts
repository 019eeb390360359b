/* Every page the browser tests visit: the home view and each page folder's manifest (web/pages.ts discovers them), so a new page is covered with no change here. */

// Read at run time: web/pages.ts's loaders import the pages (Vite code the Node type-check does
// not load), and only the ids are needed here.
const PAGES_MODULE = '../../web/pages';
const pages = (await import(/* @vite-ignore */ PAGES_MODULE)) as { PAGES: ReadonlyArray<{ id: string; title: string }>; HOME_ID?: string };

/** The home view (its id, or '' for the bare address; no title of its own) and every page with its title, in the header's order. */
export const ALL_PAGES: ReadonlyArray<{ id: string; title?: string }> = [{ id: pages.HOME_ID ?? '' }, ...pages.PAGES];
