/* The ladder page's manifest: how the shell lists it and loads its code. */
import type { PageEntry } from '../../pages';

export const page: PageEntry = {
  id: 'ladder',
  order: 70,
  title: 'The model ladder',
  short: 'Ladder',
  sentence: 'One disk modelled at rising fidelity, from a constant service time to the full model: what each feature buys, by the demerit figure.',
  load: () => import('./LadderPage').then((m) => m.LadderPage),
};
