/* The nvcache page's manifest: how the shell lists it and loads its code. */
import type { PageEntry } from '../../pages';

/** The disk of the page's default setup (its setup's disk field; pages.test.ts checks they agree). */
export const DEFAULT_NVCACHE_DISK = 'hitachi-travelstar-5k120';

export const page: PageEntry = {
  id: 'nvcache',
  order: 90,
  title: 'Hybrid disk: flash-backed writes',
  short: 'Hybrid disk',
  sentence: 'Writes redirected to a flash NVCache when the platter would seek far, with and without it, on one clock.',
  load: () => import('./NvcachePage').then((m) => m.NvcachePage),
  // Its stage opens with two runs (with and without FQueues): a worker each, started with the page.
  stageRuns: 2,
  // Fetched while the page's code loads: the link's disk key, else the default setup's disk.
  firstPresets: (query) => [new URLSearchParams(query).get('disk') ?? DEFAULT_NVCACHE_DISK],
};
