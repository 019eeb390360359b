/*
 * embed.ts — embed mode, for a page shown in an iframe (a slide, a course
 * page): `embed=1` in a link (in the hash's query like present=1, or in an
 * explorer link's own query) hides the site's header, and a page with a stage
 * shows only the stage and its controls, sized to the frame (stage.css,
 * embedLayout.ts). It is read once, as the site opens, and the key then
 * leaves the address: no page's decoder ever sees it, and the frame's address
 * is the full page's link ("Open in Spindle").
 */

export const EMBED_KEY = 'embed';

/** A query ('a=1&embed=1&b=2', no '?') without its embed key, and that key's value (null: none). */
export function takeEmbedKey(query: string): { rest: string; value: string | null } {
  let value: string | null = null;
  const kept = query.split('&').filter((part) => {
    const [k, v = ''] = part.split('=');
    if (k !== EMBED_KEY) return true;
    value = v;
    return false;
  });
  return { rest: kept.filter((p) => p !== '').join('&'), value };
}

export interface EmbedAddress {
  /** The address's search and hash without the embed key. */
  search: string;
  hash: string;
  embed: boolean;
  /** A value that is neither on nor off, named. */
  problem: string | null;
}

function withQuery(head: string, query: string): string {
  return query ? `${head}?${query}` : head;
}

/** Reads and removes the embed key from an address's search ('?…') and hash ('#page?…'). */
export function splitEmbed(search: string, hash: string): EmbedAddress {
  const q = hash.indexOf('?');
  const fromHash = q < 0 ? { rest: '', value: null } : takeEmbedKey(hash.slice(q + 1));
  const fromSearch = takeEmbedKey(search.replace(/^\?/, ''));
  const value = fromHash.value ?? fromSearch.value;
  const embed = value === '1' || value === 'true';
  const problem = value === null || embed || value === '0' || value === 'false' ? null
    : `embed: "${value}" is not 1 or 0; the whole page is shown`;
  return {
    search: withQuery('', fromSearch.rest),
    hash: q < 0 ? hash : withQuery(hash.slice(0, q), fromHash.rest),
    embed,
    problem,
  };
}

let on = false;
let problem: string | null = null;

/**
 * Takes embed mode from the address as the site opens: on, it marks the
 * document's root (data-embed="1", which the CSS reads), and the key is
 * removed from the address (replaceState, no history entry).
 */
export function embedFromAddress(): void {
  const { search, hash, pathname } = window.location;
  const split = splitEmbed(search, hash);
  on = split.embed;
  problem = split.problem;
  if (on) document.documentElement.dataset.embed = '1';
  if (split.search !== search || split.hash !== hash) {
    window.history.replaceState(window.history.state, '', `${pathname}${split.search}${split.hash}`);
  }
}

/** Embed mode: fixed for the page's life (a frame opens once). */
export function embedding(): boolean {
  return on;
}

/** What the link's embed key could not say, or null. */
export function embedProblem(): string | null {
  return problem;
}
