/* The sidebyside page's manifest: how the shell lists it and loads its code. */
import type { PageEntry } from '../../pages';

export const page: PageEntry = {
  id: 'sidebyside',
  order: 50,
  title: 'Aligned vs unaligned, side by side',
  short: 'Side by side',
  sentence: 'The same requests served track-aligned and unaligned, on one clock.',
  load: () => import('./SideBySidePage').then((m) => m.SideBySidePage),
};
