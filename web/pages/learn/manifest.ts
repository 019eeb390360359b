/* The learn page's manifest: how the shell lists it and loads its code. */
import type { PageEntry } from '../../pages';

export const page: PageEntry = {
  id: 'learn',
  order: 120,
  title: 'Lessons',
  sentence: 'Short guided lessons: predict what the disk will do (a seek, a wait, an order), then watch the model answer and read why.',
  load: () => import('./LearnPage').then((m) => m.LearnPage),
};
