/*
 * routeId.ts — which page an address names, from the pages' ids alone: a
 * page's hash wins (exactly, or followed by its query: '#atropos?d=2'; the
 * longest id that fits); then an explorer query (in the search, or a bare
 * '#?…') opens the query page; the bare address, #home and an unknown hash
 * show home. pages.ts routes with it, and index.html runs its source inline
 * (vite.preload.ts) to preload the page's code before any module has run,
 * so it refers to nothing outside itself.
 */
export const HOME_ID = 'home';

export type RouteId = { id: string } | { home: true; unknown?: string };

export function routeId(hash: string, search: string, ids: readonly string[], queryId: string, homeId: string): RouteId {
  const h = hash.replace(/^#/, '');
  if (h === homeId) return { home: true };
  let best = '';
  for (const id of ids) if ((h === id || h.startsWith(id + '?')) && id.length > best.length) best = id;
  if (best) return { id: best };
  if (h.startsWith('?') || search.replace(/^\?/, '') !== '') return { id: queryId };
  return h ? { home: true, unknown: h.split('?')[0] } : { home: true };
}
