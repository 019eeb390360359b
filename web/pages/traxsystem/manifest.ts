/* The traxsystem page's manifest: how the shell lists it and loads its code. */
import type { PageEntry } from '../../pages';

export const page: PageEntry = {
  id: 'traxsystem',
  order: 40,
  title: 'Track-aligned extents in systems',
  short: 'Traxtents in systems',
  sentence: 'A video server\u2019s streams per disk, an LFS\u2019s write cost and an FFS\u2019s large-file runs, with track-aligned and unaligned requests.',
  // With the experiment presets it lists, so that its first render has them (else it suspends, and renders again once they come).
  load: () => Promise.all([import('./TraxsystemPage'), import('../../experimentPresets').then((e) => e.loadPagePresets('traxsystem'))]).then(([m]) => m.TraxsystemPage),
};
