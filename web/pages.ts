/*
 * pages — every page of Spindle, one entry each: its hash, its title, one
 * sentence saying what it shows, and how to load its code. Root routes by
 * this list; the home view and the navigation are drawn from it, so a new
 * page is one entry here and nothing else in the shell.
 *
 * The explorer (the default page) is in the entry bundle; every other page is
 * a separate chunk fetched when first shown, so the explorer's first draw does
 * not wait for their code.
 */
import type { ComponentType } from 'react';

export interface PageEntry {
  /** Hash prefix without '#': '' for the explorer. */
  id: string;
  title: string;
  /** One sentence for a student: what the page shows. */
  sentence: string;
  /** The page's code; undefined for the explorer (in the entry bundle). */
  load?: () => Promise<ComponentType>;
}

export const PAGES: readonly PageEntry[] = [
  {
    id: '',
    title: 'Live explorer',
    sentence: 'One disk (or a volume of several) serving a workload, animated from the model\u2019s own events.',
  },
  {
    id: 'locate',
    title: 'LBN locator',
    sentence: 'Where a logical block lives on the platter, and how long reading it takes from where the head is.',
    load: () => import('./locator/LocatorPage').then((m) => m.LocatorPage),
  },
  {
    id: 'traxtents',
    title: 'Track-aligned extents',
    sentence: 'Disk efficiency against request size, for requests aligned to track boundaries and for unaligned ones.',
    load: () => import('./experiments/traxtents/TraxtentsPage').then((m) => m.TraxtentsPage),
  },
  {
    id: 'sidebyside',
    title: 'Aligned vs unaligned, side by side',
    sentence: 'The same requests served track-aligned and unaligned, on one clock.',
    load: () => import('./experiments/sidebyside/SideBySidePage').then((m) => m.SideBySidePage),
  },
  {
    id: 'atropos',
    title: 'Atropos quadrangles',
    sentence: 'A 2-D table laid out over a disk array so that both rows and columns are read efficiently.',
    load: () => import('./experiments/atropos/AtroposPage').then((m) => m.AtroposPage),
  },
  {
    id: 'validate',
    title: 'Validation against measured drives',
    sentence: 'A disk preset replayed through a trace measured on the real drive: the two response-time distributions and the demerit between them.',
    load: () => import('./validate/ValidatePage').then((m) => m.ValidatePage),
  },
  {
    id: 'nvcache',
    title: 'Hybrid disk: flash-backed writes',
    sentence: 'Writes redirected to a flash NVCache when the platter would seek far, with and without it, on one clock.',
    load: () => import('./experiments/nvcache/NvcachePage').then((m) => m.NvcachePage),
  },
  {
    id: 'homework',
    title: 'Disk homework (OSTEP)',
    sentence: 'The disk questions of Operating Systems: Three Easy Pieces on its toy disk: predict each request\u2019s seek, rotation and transfer, then reveal.',
    load: () => import('./homework/HomeworkPage').then((m) => m.HomeworkPage),
  },
];

/** The page a location hash shows: the longest id that prefixes it ('#atropos?d=2' → atropos). */
export function pageOf(hash: string): PageEntry {
  const h = hash.replace(/^#/, '');
  let best = PAGES[0];
  for (const p of PAGES) {
    if (p.id && (h === p.id || h.startsWith(p.id + '?')) && p.id.length > best.id.length) best = p;
  }
  return best;
}
