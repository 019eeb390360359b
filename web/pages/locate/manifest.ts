/* The locate page's manifest: how the shell lists it and loads its code. */
import type { PageEntry } from '../../pages';

export const page: PageEntry = {
  id: 'locate',
  order: 20,
  title: 'LBN locator',
  short: 'Locator',
  sentence: 'Where a logical block lives on the platter, and how long reading it takes from where the head is.',
  load: () => import('./LocatorPage').then((m) => m.LocatorPage),
};
