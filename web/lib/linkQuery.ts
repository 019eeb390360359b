/*
 * linkQuery — where a link keeps its settings. A page's link puts them after
 * its hash ('#locate?d0=…'); an explorer link is published as the address's
 * own query ('?v=2&d0=…') but may as well be written '#explorer?v=2&…' or
 * '#?v=2&…', and all three must open the same setup.
 */

/** The query after a hash's '?' ('#locate?d0=x' → 'd0=x'); '' when it has none. */
export function hashQuery(hash: string): string {
  const i = hash.indexOf('?');
  return i < 0 ? '' : hash.slice(i + 1);
}

/** The hash without its query ('#explorer?v=2' → '#explorer'); '' for a hash that is only a query ('#?v=2'). */
export function hashPage(hash: string): string {
  const page = hash.split('?')[0];
  return page === '#' ? '' : page;
}

/**
 * The query of a link: its hash's when the hash has one (the link named
 * there is the one just followed), else the address's own. No leading '?'.
 */
export function linkQuery(search: string, hash: string): string {
  return hashQuery(hash) || search.replace(/^\?/, '');
}
