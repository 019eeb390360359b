/* The homework page's manifest: how the shell lists it and loads its code. */
import type { PageEntry } from '../../pages';

export const page: PageEntry = {
  id: 'homework',
  order: 110,
  title: 'Disk homework (OSTEP)',
  short: 'Homework',
  sentence: 'The disk questions of Operating Systems: Three Easy Pieces on its toy disk: predict each request\u2019s seek, rotation and transfer, then reveal.',
  load: () => import('./HomeworkPage').then((m) => m.HomeworkPage),
};
