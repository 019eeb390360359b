/* The explorer page's manifest: how the shell lists it and loads its code. */
import type { PageEntry } from '../../pages';

/** The setup's default disk (DEVICE_FIELDS in web/state/setup.ts; pages.test.ts checks they agree). */
export const DEFAULT_PRESET = 'hp-c2200a';

export const page: PageEntry = {
  id: 'explorer',
  order: 10,
  title: 'Live explorer',
  short: 'Explorer',
  sentence: 'One disk (or a volume of several) serving a workload, animated from the model\u2019s own events.',
  opensQuery: true,
  load: () => import('./Explorer').then((m) => m.Explorer),
  // Each device's preset is its dN key (web/state/urlCodec.ts); an empty link shows the default disk.
  firstPresets: (query) => {
    if (query === '') return [DEFAULT_PRESET];
    return [...new URLSearchParams(query)].filter(([k]) => /^d\d+$/.test(k)).map(([, v]) => v);
  },
};
