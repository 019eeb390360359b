/* colours.ts — the shingled-drive page's colours, one place (Okabe–Ito, as the site's palette). */
import { OKABE_ITO as C } from '../../lib/palette';

export const SMR_COLOUR = {
  /** The media cache's tracks, and its fill. */
  cache: C.sky,
  /** A write landing in the media cache. */
  append: C.yellow,
  /** A band's sectors waiting in the cache (the ring's strength: how many). */
  dirty: C.orange,
  /** The band being cleaned (read, then rewritten). */
  cleaning: C.vermillion,
  /** Band tracks, alternating, and guard tracks. */
  bandA: '#9a9a9a',
  bandB: '#c8c8c8',
  guard: '#ffffff',
  head: C.black,
  /** Zones of the host-managed drive: written part, conventional zones. */
  written: C.blue,
  conventional: '#bbbbbb',
  /** Text on a white ground, 4.5:1 or more. */
  cleaningText: '#a03c00',
} as const;
