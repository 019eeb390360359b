/*
 * colours.ts — the explorer's palette: Okabe–Ito colours, distinguishable
 * with the common colour-vision deficiencies, always shown with a text label
 * (legends, tooltips, letters on wide segments), never by colour alone.
 */

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
  { key: 'overhead', field: 'overheadMs', label: 'controller overhead', letter: 'O', colour: '#CC79A7', ink: '#000' },
  { key: 'queue', field: 'queueMs', label: 'queue wait', letter: 'Q', colour: '#BBBBBB', ink: '#000' },
  { key: 'seek', field: 'seekMs', label: 'seek', letter: 'S', colour: '#0072B2', ink: '#fff' },
  { key: 'rotation', field: 'rotationMs', label: 'rotational wait', letter: 'R', colour: '#D55E00', ink: '#fff' },
  { key: 'transfer', field: 'transferMs', label: 'media transfer', letter: 'T', colour: '#009E73', ink: '#fff' },
  { key: 'switch', field: 'switchMs', label: 'head/track switch', letter: 'H', colour: '#F0E442', ink: '#000' },
  { key: 'bus', field: 'busMs', label: 'bus transfer', letter: 'B', colour: '#56B4E9', ink: '#000' },
];

export const SEGMENT: Readonly<Record<Segment['key'], Segment>> = Object.fromEntries(SEGMENTS.map((s) => [s.key, s])) as never;

export const INK = {
  text: '#1a1a1a',
  muted: '#555555',
  platter: '#d9d9d9',
  hub: '#8c8c8c',
  arm: '#4d4d4d',
  head: '#000000',
  readAhead: '#56B4E9',
  index: '#000000',
  active: '#E69F00',
};
