import { describe, it, expect } from 'vitest';
import { BAND_COLOURS, zoneBands, zoneColour } from './zoneBands';
import { INK, SEGMENT } from '../colours';
import { COLOURS } from './drawPlatter';

const row = (zone: number, firstCyl: number, lastCyl: number, slotsPerTrack: number) => ({ zone, firstCyl, lastCyl, slotsPerTrack });

describe('zone bands', () => {
  it('zones of one density make one band (the HP 97560: every row 72 sectors per track)', () => {
    const zones = [row(0, 0, 0, 72), row(1, 1, 1935, 72), row(2, 1936, 1937, 72), row(3, 1938, 1961, 72)];
    const bands = zoneBands(zones);
    expect(bands).toHaveLength(1);
    expect(bands[0]).toMatchObject({ firstCyl: 0, lastCyl: 1961, slotsPerTrack: 72, zones: [0, 1, 2, 3] });
    expect(new Set(zones.map((z) => zoneColour(zones, z))).size).toBe(1);
  });

  it('a change of sectors per track starts a new band, with another colour', () => {
    const zones = [row(0, 0, 99, 120), row(1, 100, 199, 120), row(2, 200, 299, 110), row(3, 300, 399, 100), row(4, 400, 499, 100)];
    const bands = zoneBands(zones);
    expect(bands.map((b) => b.slotsPerTrack)).toEqual([120, 110, 100]);
    expect(bands.map((b) => b.zones)).toEqual([[0, 1], [2], [3, 4]]);
    expect(zoneColour(zones, zones[1])).toBe(zoneColour(zones, zones[0]));
    expect(zoneColour(zones, zones[2])).not.toBe(zoneColour(zones, zones[1]));
    expect(zoneColour(zones, zones[3])).not.toBe(zoneColour(zones, zones[2]));
  });

  it('every band colour is far from every overlay colour, and from the other bands', () => {
    const rgb = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
    const dist = (a: string, b: string) => Math.hypot(...rgb(a).map((v, i) => v - rgb(b)[i]));
    // What is drawn over the bands: the live platter's sectors (transferred, to come, awaited, read ahead),
    // the head and index, and the locator's access path.
    const overlays = [INK.readAhead, INK.active, INK.head, INK.index, SEGMENT.transfer.colour, SEGMENT.rotation.colour, COLOURS.seek, COLOURS.rotate, COLOURS.transfer];
    for (const c of BAND_COLOURS) for (const o of overlays) expect(dist(c, o), `${c} vs ${o}`).toBeGreaterThan(60);
    for (let i = 0; i < BAND_COLOURS.length; i++) {
      for (let j = i + 1; j < BAND_COLOURS.length; j++) expect(dist(BAND_COLOURS[i], BAND_COLOURS[j])).toBeGreaterThan(20);
    }
  });
});
