/* The nvcache page's manifest: how the shell lists it, draws its card and loads its code. */
import type { PageEntry } from '../../pages';
import { NvcachePicture } from './picture';

export const page: PageEntry = {
  id: 'nvcache',
  order: 90,
  title: 'Hybrid disk: flash-backed writes',
  short: 'Hybrid disk',
  sentence: 'Writes redirected to a flash NVCache when the platter would seek far, with and without it, on one clock.',
  picture: NvcachePicture,
  load: () => import('./NvcachePage').then((m) => m.NvcachePage),
};
