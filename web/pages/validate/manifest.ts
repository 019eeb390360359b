/* The validate page's manifest: how the shell lists it and loads its code. */
import type { PageEntry } from '../../pages';

export const page: PageEntry = {
  id: 'validate',
  order: 80,
  title: 'Validation vs measured drives',
  short: 'Validation',
  sentence: 'A disk preset replayed through a trace measured on the real drive: the two response-time distributions and the demerit between them.',
  load: () => import('./ValidatePage').then((m) => m.ValidatePage),
};
