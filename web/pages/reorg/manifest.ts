/* The reorg page's manifest: how the shell lists it and loads its code. */
import type { PageEntry } from '../../pages';

/** The disk of the page's default setup (its setup's disk field; pages.test.ts checks they agree). */
export const DEFAULT_REORG_DISK = 'ibm-ultrastar-18es';

export const page: PageEntry = {
  id: 'reorg',
  order: 100,
  title: 'Dynamic file-system reorganization',
  short: 'Reorganization',
  sentence: 'An ext2 file system that moves its most used files to the middle of its data, epoch by epoch, against one that leaves them where it put them.',
  // With the experiment presets it lists, so that its first render has them (else it suspends, and renders again once they come).
  load: () => Promise.all([import('./ReorgPage'), import('../../experimentPresets').then((e) => e.loadPagePresets('reorg'))]).then(([m]) => m.ReorgPage),
  // Its worker runs the file-system experiment (sp_fs_*): the full build of the engine.
  engine: 'full',
  // Its stage opens with two runs (the baseline and the reorganizer): a worker each, started with the page.
  stageRuns: 2,
  // Fetched while the page's code loads: the link's disk key, else the default setup's disk.
  firstPresets: (query) => [new URLSearchParams(query).get('disk') ?? DEFAULT_REORG_DISK],
};
