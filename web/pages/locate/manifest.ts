/* The locate page's manifest: how the shell lists it, draws its card and loads its code. */
import type { PageEntry } from '../../pages';
import { LocatorPicture } from './picture';

export const page: PageEntry = {
  id: 'locate',
  order: 20,
  title: 'LBN locator',
  short: 'Locator',
  sentence: 'Where a logical block lives on the platter, and how long reading it takes from where the head is.',
  picture: LocatorPicture,
  load: () => import('./LocatorPage').then((m) => m.LocatorPage),
};
