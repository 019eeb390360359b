/* The explorer page's manifest: how the shell lists it, draws its card and loads its code. */
import type { PageEntry } from '../../pages';
import { ExplorerPicture } from './picture';

export const page: PageEntry = {
  id: 'explorer',
  order: 10,
  title: 'Live explorer',
  short: 'Explorer',
  sentence: 'One disk (or a volume of several) serving a workload, animated from the model\u2019s own events.',
  picture: ExplorerPicture,
  opensQuery: true,
  load: () => import('./Explorer').then((m) => m.Explorer),
};
