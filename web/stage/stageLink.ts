/*
 * stageLink.ts — what a link says about the stage rather than the experiment:
 * presentation mode (`present=1`) and the moment to open at (`moment=<ms>`,
 * an exact simulated instant). They ride after the page's own query
 * ('#nvcache?…&present=1&moment=42.665'); pages read and write their hash
 * through pageHash()/writePageHash(), so their own decoders never see these
 * keys and rewriting the page's setup keeps them.
 */

export const PRESENT_KEY = 'present';
export const MOMENT_KEY = 'moment';
const KEYS = new Set([PRESENT_KEY, MOMENT_KEY]);

export interface StageLink {
  present: boolean;
  /** The instant to open at, simulated ms; null: the start, playing. */
  momentMs: number | null;
  /** What could not be read, each naming its key. */
  problems: string[];
}

/** Splits a hash into the page's part and the stage's keys (with a message for each bad value). */
export function splitStageLink(hash: string): { page: string; link: StageLink } {
  const link: StageLink = { present: false, momentMs: null, problems: [] };
  const q = hash.indexOf('?');
  if (q < 0) return { page: hash, link };
  const kept: string[] = [];
  for (const part of hash.slice(q + 1).split('&')) {
    const [k, v = ''] = part.split('=');
    if (!KEYS.has(k)) { kept.push(part); continue; }
    if (k === PRESENT_KEY) {
      if (v === '1' || v === 'true') link.present = true;
      else if (v !== '0' && v !== 'false') link.problems.push(`present: "${v}" is not 1 or 0; presentation mode is off`);
    } else {
      const ms = Number(v);
      if (v !== '' && Number.isFinite(ms) && ms >= 0) link.momentMs = ms;
      else link.problems.push(`moment: "${v}" is not a time in ms (0 or more); the stage opens at the start`);
    }
  }
  const page = hash.slice(0, q) + (kept.length ? `?${kept.join('&')}` : '');
  return { page, link };
}

/** The page's hash with the stage's keys after its query. */
export function withStageLink(pageHash: string, link: Pick<StageLink, 'present' | 'momentMs'>): string {
  const keys: string[] = [];
  if (link.present) keys.push(`${PRESENT_KEY}=1`);
  if (link.momentMs !== null) keys.push(`${MOMENT_KEY}=${formatMoment(link.momentMs)}`);
  if (!keys.length) return pageHash;
  return pageHash + (pageHash.includes('?') ? '&' : '?') + keys.join('&');
}

/** The moment a copied link opens at (in its hash's query, or an explorer link's own query), or null. */
export function momentOfLink(url: string): number | null {
  const u = new URL(url, 'http://localhost/');
  const hashQuery = u.hash.includes('?') ? u.hash.slice(u.hash.indexOf('?') + 1) : '';
  for (const query of [hashQuery, u.search.slice(1)]) {
    const v = new URLSearchParams(query).get(MOMENT_KEY);
    if (v !== null && v !== '' && Number.isFinite(Number(v))) return Number(v);
  }
  return null;
}

/** A moment as a link writes it: enough digits to land on the same instant (1 ns). */
export function formatMoment(ms: number): string {
  return String(Math.round(ms * 1e6) / 1e6);
}

/** The location's hash without the stage's keys: what a page decodes. */
export function pageHash(): string {
  return splitStageLink(window.location.hash).page;
}

/** The stage's keys of the location's hash. */
export function currentStageLink(): StageLink {
  return splitStageLink(window.location.hash).link;
}

/**
 * Writes the page's hash (replaceState: no history entry), keeping the
 * stage's presentation mode; a moment is dropped once the page changes its
 * setup (it belonged to the runs of the old one).
 */
export function writePageHash(hash: string): void {
  const { page, link } = splitStageLink(window.location.hash);
  const next = withStageLink(hash, { present: link.present, momentMs: page === hash ? link.momentMs : null });
  if (window.location.hash !== next) window.history.replaceState(window.history.state, '', next);
}

/** Writes the stage's keys, keeping the page's hash as it is. */
export function writeStageLink(link: Partial<Pick<StageLink, 'present' | 'momentMs'>>): void {
  const { page, link: now } = splitStageLink(window.location.hash);
  const next = withStageLink(page, { present: link.present ?? now.present, momentMs: link.momentMs !== undefined ? link.momentMs : now.momentMs });
  if (window.location.hash !== next) window.history.replaceState(window.history.state, '', next);
}
