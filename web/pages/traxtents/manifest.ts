/* The traxtents page's manifest: how the shell lists it and loads its code. */
import type { PageEntry } from '../../pages';

export const page: PageEntry = {
  id: 'traxtents',
  order: 30,
  title: 'Track-aligned extents',
  short: 'Track-aligned',
  sentence: 'Disk efficiency against request size, for requests aligned to track boundaries and for unaligned ones.',
  // With the experiment presets it lists, so that its first render has them (else it suspends, and renders again once they come).
  load: () => Promise.all([import('./TraxtentsPage'), import('../../experimentPresets').then((e) => e.loadPagePresets('traxtents'))]).then(([m]) => m.TraxtentsPage),
  // Its worker extracts track boundaries (sp_extract_*, sp_disk_copy): the full build of the engine.
  engine: 'full',
};
