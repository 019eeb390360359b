/*
 * The shingled drive's marks on a stage platter, as canvas calls: the held
 * bands' ticks are drawn into a kept picture, drawn again only when a band's
 * sectors enter or leave the cache, and copied onto the platter each frame;
 * the picture's ticks are those the log holds at the frame's instant.
 */
import { describe, expect, it } from 'vitest';
import { EventKind } from '../../../engine-wasm/binding/constants';
import { recordingContext } from '../../../tests/helpers/recordingContext';
import { keptPictures, recordingTarget } from '../../../tests/helpers/keptPictures';
import { platterGeometry } from '../../panels/platter/geometry';
import { drawSmrOverlay } from './bandOverlay';
import type { SmrLayout } from './protocol';
import { SmrLog, type EventsLike } from './smrLog';

type Ev = { kind: number; time: number; req: number; a: number; b: number; c: number };
const events = (list: Ev[]): EventsLike => ({
  count: list.length,
  kind: (i) => list[i].kind, time: (i) => list[i].time, dur: () => 0, req: (i) => list[i].req,
  cyl: () => 0, a: (i) => list[i].a, b: (i) => list[i].b, get: (i) => list[i].c,
});
const append = (time: number, req: number, band: number, used: number): Ev => ({ kind: EventKind.McAppend, time, req, a: 8, b: used, c: band });

const L: SmrLayout = {
  bands: Array.from({ length: 10 }, (_, k) => ({ firstLbn: k * 1000, lbns: 1000, firstTrack: 40 + k * 17, tracks: 17 })),
  mcFirstTrack: 0, mcTracks: 40, mcSectors: 4000, bandTracks: 16, guardTracks: 1, surfaces: 2, sectorBytes: 512,
};

describe('the shingled drive\'s marks on the stage', () => {
  it('draws the held bands\' ticks once per change of the cache\'s bands, copied every frame', () => {
    const g = platterGeometry(400, 200);
    const log = new SmrLog();
    log.update(events([append(1, 0, 3, 8), append(2, 1, 5, 16), append(9, 2, 7, 24)]));
    const target = recordingTarget(400, 400);
    const { pictures, make } = keptPictures(recordingContext);
    const frame = (t: number) => drawSmrOverlay(target.ctx, g, { layout: L, log, timeMs: t, flashMs: 6 }, { width: 400, height: 400 }, make);
    const ticks = (r: ReturnType<typeof recordingContext>) => r.calls('arc').filter((a) => a[5] === undefined && a[3] !== 0).length;
    // t = 2.5 and 3 to 8: the same two bands held: one picture, copied at every frame.
    for (const t of [2.5, 3, 5, 8]) frame(t);
    expect(pictures).toHaveLength(1);
    expect(ticks(pictures[0])).toBe(2);
    expect(target.calls('drawImage')).toHaveLength(4);
    expect(ticks(target)).toBe(0);
    // A third band enters the cache at 9: the picture is drawn again, with three ticks.
    frame(9);
    expect(pictures).toHaveLength(2);
    expect(ticks(pictures[1])).toBe(3);
    // Back to the start (a restart): one band held.
    frame(1);
    expect(pictures).toHaveLength(3);
    expect(ticks(pictures[2])).toBe(1);
  });
});
