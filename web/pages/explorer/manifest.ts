/* The explorer page's manifest: how the shell lists it and loads its code. */
import type { PageEntry } from '../../pages';

export const page: PageEntry = {
  id: 'explorer',
  order: 10,
  title: 'Live explorer',
  short: 'Explorer',
  sentence: 'One disk (or a volume of several) serving a workload, animated from the model\u2019s own events.',
  opensQuery: true,
  load: () => import('./Explorer').then((m) => m.Explorer),
};
