/* The atropos page's manifest: how the shell lists it and loads its code. */
import type { PageEntry } from '../../pages';

export const page: PageEntry = {
  id: 'atropos',
  order: 60,
  title: 'Atropos quadrangles',
  short: 'Atropos',
  sentence: 'A 2-D table laid out over a disk array so that both rows and columns are read efficiently.',
  load: () => import('./AtroposPage').then((m) => m.AtroposPage),
  // Its worker runs the 2-D table layouts (sp_table2d_*): the full build of the engine.
  engine: 'full',
};
