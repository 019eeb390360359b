/* The nvcache page's manifest: how the shell lists it and loads its code. */
import type { PageEntry } from '../../pages';

export const page: PageEntry = {
  id: 'nvcache',
  order: 90,
  title: 'Hybrid disk: flash-backed writes',
  short: 'Hybrid disk',
  sentence: 'Writes redirected to a flash NVCache when the platter would seek far, with and without it, on one clock.',
  load: () => import('./NvcachePage').then((m) => m.NvcachePage),
};
