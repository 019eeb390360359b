/* The sidebyside page's manifest: how the shell lists it, draws its card and loads its code. */
import type { PageEntry } from '../../pages';
import { SideBySidePicture } from './picture';

export const page: PageEntry = {
  id: 'sidebyside',
  order: 50,
  title: 'Aligned vs unaligned, side by side',
  short: 'Side by side',
  sentence: 'The same requests served track-aligned and unaligned, on one clock.',
  picture: SideBySidePicture,
  load: () => import('./SideBySidePage').then((m) => m.SideBySidePage),
};
