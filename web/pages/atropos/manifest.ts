/* The atropos page's manifest: how the shell lists it and loads its code. */
import type { PageEntry } from '../../pages';

/** The disk of the page's default setup (its setup's disk field; pages.test.ts checks they agree). */
export const DEFAULT_ATROPOS_DISK = 'maxtor-atlas-10k-iii';

export const page: PageEntry = {
  id: 'atropos',
  order: 60,
  title: 'Atropos quadrangles',
  short: 'Atropos',
  sentence: 'A 2-D table laid out over a disk array so that both rows and columns are read efficiently.',
  load: () => import('./AtroposPage').then((m) => m.AtroposPage),
  // Its worker runs the 2-D table layouts (sp_table2d_*): the full build of the engine.
  engine: 'full',
  // Its stage opens with two runs (Atropos and the naive layout beside it): a worker each, started with the page.
  stageRuns: 2,
  // Fetched while the page's code loads: the link's disk key, else the default setup's disk.
  firstPresets: (query) => [new URLSearchParams(query).get('disk') ?? DEFAULT_ATROPOS_DISK],
};
