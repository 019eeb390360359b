/*
 * colours.ts — what the panels draw in which colour: the parts of a
 * request, the platter and its moving parts, the zone bands. The saturated
 * colours are the Okabe–Ito palette's (lib/palette.ts, the one place their
 * values are written), distinguishable with the common colour-vision
 * deficiencies and always shown with a text label (legends, tooltips,
 * letters on wide segments), never by colour alone.
 */
import { OKABE_ITO as C, ROLE } from '../lib/palette';

export interface Segment {
  key: 'overhead' | 'queue' | 'seek' | 'rotation' | 'transfer' | 'switch' | 'bus';
  /** Field of sp_result (ResultView) holding its duration. */
  field: 'overheadMs' | 'queueMs' | 'seekMs' | 'rotationMs' | 'transferMs' | 'switchMs' | 'busMs';
  label: string;
  /** One letter, drawn on segments wide enough to hold it. */
  letter: string;
  colour: string;
  /** Text colour that reads on the segment. */
  ink: string;
}

/** A request's time, in the order it is spent: overhead, queue, seek, rotation, transfer, switches, bus. */
export const SEGMENTS: readonly Segment[] = [
  { key: 'overhead', field: 'overheadMs', label: 'controller overhead', letter: 'O', colour: C.purple, ink: '#000' },
  { key: 'queue', field: 'queueMs', label: 'queue wait', letter: 'Q', colour: '#BBBBBB', ink: '#000' },
  { key: 'seek', field: 'seekMs', label: 'seek', letter: 'S', colour: ROLE.seek, ink: '#fff' },
  { key: 'rotation', field: 'rotationMs', label: 'rotational wait', letter: 'R', colour: ROLE.rotate, ink: '#fff' },
  { key: 'transfer', field: 'transferMs', label: 'media transfer', letter: 'T', colour: ROLE.transfer, ink: '#fff' },
  { key: 'switch', field: 'switchMs', label: 'head/track switch', letter: 'H', colour: C.yellow, ink: '#000' },
  { key: 'bus', field: 'busMs', label: 'bus transfer', letter: 'B', colour: C.sky, ink: '#000' },
];

export const SEGMENT: Readonly<Record<Segment['key'], Segment>> = Object.fromEntries(SEGMENTS.map((s) => [s.key, s])) as never;

/** The platter, its arm and what is drawn on it (the parts of an access in SEGMENT's colours). */
export const INK = {
  text: ROLE.ink,
  muted: ROLE.muted,
  paper: ROLE.paper,
  platter: '#d9d9d9',
  hub: '#8c8c8c',
  arm: '#4d4d4d',
  head: C.black,
  index: C.black,
  /** Lines of constant angle, turning with the platter. */
  spoke: 'rgba(0,0,0,0.22)',
  /** Track boundaries of a still platter. */
  trackLine: 'rgba(0,0,0,0.18)',
  /** The track under the head, lightened so its sectors read. */
  track: 'rgba(255,255,255,0.85)',
  slotLine: 'rgba(0,0,0,0.35)',
  readAhead: C.sky,
  active: C.orange,
};

/**
 * Zone bands: light, muted tones, told apart by lightness as well as hue,
 * none of them a colour drawn over them (sectors transferred, awaited, read
 * ahead, the active head, an access's path), which stay saturated on top.
 */
export const BAND_COLOURS = ['#c3d3de', '#e8d9b5', '#cfe3c4', '#dccbe4', '#a9bccb', '#d8c39a'];

/** The colour of a zone band's density index (ZoneBand.density); colours repeat past six. */
export function bandColour(density: number): string {
  return BAND_COLOURS[((density % BAND_COLOURS.length) + BAND_COLOURS.length) % BAND_COLOURS.length];
}
