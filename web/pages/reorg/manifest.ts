/* The reorg page's manifest: how the shell lists it and loads its code. */
import type { PageEntry } from '../../pages';

export const page: PageEntry = {
  id: 'reorg',
  order: 100,
  title: 'Dynamic file-system reorganization',
  short: 'Reorganization',
  sentence: 'An ext2 file system that moves its most used files to the middle of its data, epoch by epoch, against one that leaves them where it put them.',
  load: () => import('./ReorgPage').then((m) => m.ReorgPage),
  // Its worker runs the file-system experiment (sp_fs_*): the full build of the engine.
  engine: 'full',
};
