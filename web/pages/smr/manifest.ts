/* The shingled-drive page's manifest: how the shell lists it and loads its code (the home view finds picture.tsx beside it). */
import type { PageEntry } from '../../pages';

/** The page's two drives, drive-managed and host-managed (DM_PRESET, HM_PRESET in setup.ts; pages.test.ts checks they agree). */
export const SMR_DRIVES = ['seagate-st5000as0011-smr', 'hgst-ultrastar-hs14-smr'];

export const page: PageEntry = {
  id: 'smr',
  order: 95,
  title: 'Shingled (SMR) drives',
  short: 'Shingled drives',
  sentence: 'Random writes on a drive-managed shingled drive and its conventional twin, on one clock: the media cache filling, band cleaning stalls, zones with write pointers.',
  load: () => import('./SmrPage').then((m) => m.SmrPage),
  // Its stage opens with two runs (the shingled drive and its conventional twin): a worker each, started with the page.
  stageRuns: 2,
  // Fetched while the page's code loads: both drives, whatever the link.
  firstPresets: () => SMR_DRIVES,
};
