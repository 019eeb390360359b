import { describe, it, expect } from 'vitest';
import { OKABE_ITO } from '../lib/palette';
import { BAND_COLOURS, bandColour, INK, SEGMENT, SEGMENTS } from './colours';

const rgb = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
const dist = (a: string, b: string) => Math.hypot(...rgb(a).map((v, i) => v - rgb(b)[i]));

describe('the panels\' colours', () => {
  it('every band colour is far from every colour drawn over the bands, and from the other bands', () => {
    // What is drawn over the bands: sectors transferred, to come, awaited, read ahead; the head and
    // index; an access's seek, rotational wait and transfer; the active head of the side view.
    const overlays = [INK.readAhead, INK.active, INK.head, INK.index, SEGMENT.seek.colour, SEGMENT.rotation.colour, SEGMENT.transfer.colour];
    for (const c of BAND_COLOURS) for (const o of overlays) expect(dist(c, o), `${c} vs ${o}`).toBeGreaterThan(60);
    for (let i = 0; i < BAND_COLOURS.length; i++) {
      for (let j = i + 1; j < BAND_COLOURS.length; j++) expect(dist(BAND_COLOURS[i], BAND_COLOURS[j])).toBeGreaterThan(20);
    }
  });

  it('a request\'s parts are Okabe–Ito colours (queue wait a neutral grey)', () => {
    const palette = new Set<string>(Object.values(OKABE_ITO));
    for (const s of SEGMENTS) if (s.key !== 'queue') expect(palette.has(s.colour), s.key).toBe(true);
  });

  it('neighbouring densities get different colours, and the colours repeat past six', () => {
    for (let d = 0; d < 12; d++) expect(bandColour(d + 1)).not.toBe(bandColour(d));
    expect(bandColour(6)).toBe(bandColour(0));
  });
});
