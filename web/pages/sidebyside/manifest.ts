/* The sidebyside page's manifest: how the shell lists it and loads its code. */
import type { PageEntry } from '../../pages';

/** The disk of the page's default experiment (DEFAULT_SIDE_URL; pages.test.ts checks they agree). */
export const DEFAULT_SIDE_PRESET = 'quantum-atlas-10k-ii';

export const page: PageEntry = {
  id: 'sidebyside',
  order: 50,
  title: 'Aligned vs unaligned, side by side',
  short: 'Side by side',
  sentence: 'The same requests served track-aligned and unaligned, on one clock.',
  // With the experiment presets it lists, so that its first render has them (else it suspends, and renders again once they come).
  load: () => Promise.all([import('./SideBySidePage'), import('../../experimentPresets').then((e) => e.loadPagePresets('sidebyside'))]).then(([m]) => m.SideBySidePage),
  // Fetched while the page's code loads: a link's disk is its disk key (v=1) or its dN keys (v=2).
  firstPresets: (query) => {
    if (query === '') return [DEFAULT_SIDE_PRESET];
    return [...new URLSearchParams(query)].filter(([k]) => k === 'disk' || /^d\d+$/.test(k)).map(([, v]) => v);
  },
  // Its stage opens with two runs (unaligned and aligned): a worker each, started with the page.
  stageRuns: 2,
};
