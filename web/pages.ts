/*
 * pages — every page of Spindle, one entry each: its hash, its title, one
 * sentence saying what it shows, a small picture, and how to load its code.
 * Root routes by this list; the home view and the navigation header are
 * drawn from it, so a new page is one entry here and nothing else in the
 * shell.
 *
 * Where things live: the bare address (no query, no hash) and #home show the
 * home view; the explorer is at #explorer and at any address with a query
 * (?v=2&d0=… — every explorer link ever published); every other page at its
 * own hash (#locate, #traxtents?…).
 *
 * The explorer is in the entry bundle; every other page is a separate chunk
 * fetched when first shown, so the explorer's first draw does not wait for
 * their code.
 */
import type { ComponentType } from 'react';
import { PICTURES } from './home/pictures';

export interface PageEntry {
  /** Hash prefix without '#'. */
  id: string;
  title: string;
  /** A short name for the navigation header (the title when absent). */
  short?: string;
  /** One sentence for a student: what the page shows. */
  sentence: string;
  /** A small drawing of the page for the home view (a generic disk when absent). */
  picture?: ComponentType;
  /** The page's code; undefined for the explorer (in the entry bundle). */
  load?: () => Promise<ComponentType>;
}

export const EXPLORER_ID = 'explorer';
export const HOME_ID = 'home';

export const PAGES: readonly PageEntry[] = [
  {
    id: EXPLORER_ID,
    title: 'Live explorer',
    short: 'Explorer',
    sentence: 'One disk (or a volume of several) serving a workload, animated from the model\u2019s own events.',
    picture: PICTURES.explorer,
  },
  {
    id: 'locate',
    title: 'LBN locator',
    short: 'Locator',
    sentence: 'Where a logical block lives on the platter, and how long reading it takes from where the head is.',
    picture: PICTURES.locate,
    load: () => import('./pages/locate/LocatorPage').then((m) => m.LocatorPage),
  },
  {
    id: 'traxtents',
    title: 'Track-aligned extents',
    short: 'Track-aligned',
    sentence: 'Disk efficiency against request size, for requests aligned to track boundaries and for unaligned ones.',
    picture: PICTURES.traxtents,
    load: () => import('./pages/traxtents/TraxtentsPage').then((m) => m.TraxtentsPage),
  },
  {
    id: 'traxsystem',
    title: 'Track-aligned extents in systems',
    short: 'Traxtents in systems',
    sentence: 'A video server\u2019s streams per disk, an LFS\u2019s write cost and an FFS\u2019s large-file runs, with track-aligned and unaligned requests.',
    picture: PICTURES.traxtents,
    load: () => import('./pages/traxsystem/TraxsystemPage').then((m) => m.TraxsystemPage),
  },
  {
    id: 'sidebyside',
    title: 'Aligned vs unaligned, side by side',
    short: 'Side by side',
    sentence: 'The same requests served track-aligned and unaligned, on one clock.',
    picture: PICTURES.sidebyside,
    load: () => import('./pages/sidebyside/SideBySidePage').then((m) => m.SideBySidePage),
  },
  {
    id: 'atropos',
    title: 'Atropos quadrangles',
    short: 'Atropos',
    sentence: 'A 2-D table laid out over a disk array so that both rows and columns are read efficiently.',
    picture: PICTURES.atropos,
    load: () => import('./pages/atropos/AtroposPage').then((m) => m.AtroposPage),
  },
  {
    id: 'ladder',
    title: 'The model ladder',
    short: 'Ladder',
    sentence: 'One disk modelled at rising fidelity, from a constant service time to the full model: what each feature buys, by the demerit figure.',
    load: () => import('./pages/ladder/LadderPage').then((m) => m.LadderPage),
  },
  {
    id: 'validate',
    title: 'Validation vs measured drives',
    short: 'Validation',
    picture: PICTURES.validate,
    sentence: 'A disk preset replayed through a trace measured on the real drive: the two response-time distributions and the demerit between them.',
    load: () => import('./pages/validate/ValidatePage').then((m) => m.ValidatePage),
  },
  {
    id: 'nvcache',
    title: 'Hybrid disk: flash-backed writes',
    short: 'Hybrid disk',
    picture: PICTURES.nvcache,
    sentence: 'Writes redirected to a flash NVCache when the platter would seek far, with and without it, on one clock.',
    load: () => import('./pages/nvcache/NvcachePage').then((m) => m.NvcachePage),
  },
  {
    id: 'reorg',
    title: 'Dynamic file-system reorganization',
    short: 'Reorganization',
    picture: PICTURES.reorg,
    sentence: 'An ext2 file system that moves its most used files to the middle of its data, epoch by epoch, against one that leaves them where it put them.',
    load: () => import('./pages/reorg/ReorgPage').then((m) => m.ReorgPage),
  },
  {
    id: 'homework',
    title: 'Disk homework (OSTEP)',
    short: 'Homework',
    picture: PICTURES.homework,
    sentence: 'The disk questions of Operating Systems: Three Easy Pieces on its toy disk: predict each request\u2019s seek, rotation and transfer, then reveal.',
    load: () => import('./pages/homework/HomeworkPage').then((m) => m.HomeworkPage),
  },
  {
    id: 'learn',
    title: 'Lessons',
    sentence: 'Short guided lessons: predict what the disk will do (a seek, a wait, an order), then watch the model answer and read why.',
    load: () => import('./pages/learn/LearnPage').then((m) => m.LearnPage),
  },
];

export const EXPLORER: PageEntry = PAGES.find((p) => p.id === EXPLORER_ID)!;

/** The page with that id and a hash that names it: exactly, or followed by its query ('#atropos?d=2'). */
function namedBy(h: string): PageEntry | undefined {
  let best: PageEntry | undefined;
  for (const p of PAGES) {
    if ((h === p.id || h.startsWith(p.id + '?')) && p.id.length > (best?.id.length ?? -1)) best = p;
  }
  return best;
}

/** What an address shows: a page, or the home view (with the unknown page it was asked for, if any). */
export type Route = { page: PageEntry } | { home: true; unknown?: string };

/**
 * The route of a location's hash and query: a page's hash wins; then an
 * explorer query (in the search, or a bare '#?…') opens the explorer; the
 * bare address, #home and an unknown hash show home.
 */
export function routeOf(hash: string, search = ''): Route {
  const h = hash.replace(/^#/, '');
  if (h === HOME_ID) return { home: true };
  const named = namedBy(h);
  if (named) return { page: named };
  if (h.startsWith('?') || search.replace(/^\?/, '') !== '') return { page: EXPLORER };
  return h ? { home: true, unknown: h.split('?')[0] } : { home: true };
}

