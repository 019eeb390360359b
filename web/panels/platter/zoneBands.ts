/*
 * zoneBands.ts — the colour bands a platter shows. A band is a run of
 * adjacent zones with the same sectors per track: a real change of
 * recording density. A preset may list several zones of one density (the
 * HP 97560's rows all have 72 sectors per track, one of them without LBNs);
 * colouring each row would show density changes that are not there.
 *
 * Band colours are light, muted tones, told apart by lightness as well as
 * hue, and none of them is a colour the overlays use (sectors transferred,
 * awaited, read ahead, the active head): those stay saturated on top.
 */

export interface ZoneLike {
  zone: number;
  firstCyl: number;
  lastCyl: number;
  slotsPerTrack: number;
}

export interface Band {
  /** 0 at the outer edge, in cylinder order. */
  index: number;
  firstCyl: number;
  lastCyl: number;
  slotsPerTrack: number;
  /** The zone numbers the band covers. */
  zones: number[];
}

export const BAND_COLOURS = ['#c3d3de', '#e8d9b5', '#cfe3c4', '#dccbe4', '#a9bccb', '#d8c39a'];

export function bandColour(index: number): string {
  return BAND_COLOURS[((index % BAND_COLOURS.length) + BAND_COLOURS.length) % BAND_COLOURS.length];
}

/** The bands of a disk's zone rows (in cylinder order): adjacent rows of equal sectors per track merge. */
export function zoneBands(zones: readonly ZoneLike[]): Band[] {
  const rows = [...zones].sort((a, b) => a.firstCyl - b.firstCyl);
  const bands: Band[] = [];
  for (const z of rows) {
    const last = bands[bands.length - 1];
    if (last && last.slotsPerTrack === z.slotsPerTrack && z.firstCyl <= last.lastCyl + 1) {
      last.lastCyl = Math.max(last.lastCyl, z.lastCyl);
      last.zones.push(z.zone);
    } else {
      bands.push({ index: bands.length, firstCyl: z.firstCyl, lastCyl: z.lastCyl, slotsPerTrack: z.slotsPerTrack, zones: [z.zone] });
    }
  }
  return bands;
}

/** The colour of the band a zone row belongs to (for a table of zone rows). */
export function zoneColour(zones: readonly ZoneLike[], row: ZoneLike): string {
  const b = zoneBands(zones).find((x) => row.firstCyl >= x.firstCyl && row.firstCyl <= x.lastCyl);
  return bandColour(b?.index ?? 0);
}
