/* The shingled-drive page's manifest: how the shell lists it and loads its code (the home view finds picture.tsx beside it). */
import type { PageEntry } from '../../pages';

export const page: PageEntry = {
  id: 'smr',
  order: 95,
  title: 'Shingled (SMR) drives',
  short: 'Shingled drives',
  sentence: 'Random writes on a drive-managed shingled drive and its conventional twin, on one clock: the media cache filling, band cleaning stalls, zones with write pointers.',
  load: () => import('./SmrPage').then((m) => m.SmrPage),
};
