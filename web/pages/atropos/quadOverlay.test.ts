/*
 * The Atropos marks on a stage platter, as canvas calls: the lanes and the
 * other records' faded cells are drawn once into a kept picture with the
 * platter at angle 0 and turned with the platter each frame, landing where
 * drawing them at the platter's angle puts them; the access's cells, which
 * light up as they are read, are drawn on every frame, on the platter itself.
 */
import { describe, expect, it } from 'vitest';
import { recordingContext, type Recording } from '../../../tests/helpers/recordingContext';
import { platterGeometryCache } from '../../run/scenes';
import type { PictureCanvas } from '../../panels/live/keptPicture';
import type { PlatterOverlay } from '../../stage/Stage';
import type { CellPiece, DiskView, LayoutRun } from './protocol';
import { quadOverlay } from './quadOverlay';
import { columnColour } from './columnColour';

const { g, arm } = platterGeometryCache(400)(1000);

const track = (cyl: number, slot0Angle: number) => ({ track: cyl * 2, cyl, surface: 0, firstLbn: cyl * 100, lbnCount: 100, slots: 100, slot0Angle, volumeRow: 0 });
const cell = (trackIndex: number, slot: number, column: number, accessed: boolean): CellPiece =>
  ({ disk: 0, trackIndex, lbn: slot, slot, angle: slot / 100, sectors: 10, row: 0, column, accessed });
const disk: DiskView = { disk: 0, tracks: [track(300, 0.1), track(301, 0.3)], events: [] };
const run = {
  layout: 'atropos', disks: [disk],
  cells: [cell(0, 0, 0, true), cell(0, 20, 1, false), cell(1, 50, 2, false), cell(1, 70, 0, true)],
} as unknown as LayoutRun;

/** Where the overlay draws: a frame at platter angle `theta` (revolutions), nothing read yet, the arm moving. */
const at = (theta: number) => ({
  playback: { data: { events: { count: 0 } }, timeMs: 0 },
  device: { index: 0, activeMotion: () => true },
  geometry: g, arm, theta, width: 400, height: 400,
}) as unknown as Parameters<PlatterOverlay>[1];

/** A recording context drawing into `canvas` (the kept pictures are kept per canvas). */
function target(canvas = { width: 400, height: 400 }): Recording {
  const r = recordingContext();
  Object.defineProperty(r.ctx, 'canvas', { value: canvas });
  return r;
}

/** An angle in [0, 2π). */
const norm = (a: number) => ((a % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);

/** The arcs drawn (radius, start and end angles in [0, 2π)), each angle turned by `turn` radians first; a whole circle (a lane) turns into itself. */
const arcs = (r: Recording, turn = 0) => r.calls('arc').map(([, , radius, a0, a1]) => {
  const whole = Math.abs((a1 as number) - (a0 as number)) === 2 * Math.PI;
  return whole ? [radius as number, 0, 0] : [radius as number, norm((a0 as number) + turn), norm((a1 as number) + turn)];
});

const fills = (r: Recording) => r.lines.filter((l) => l.startsWith('fillStyle'));

describe('the Atropos marks on a stage platter', () => {
  it('lanes and faded cells: drawn once, turned with the platter to where drawing them at its angle puts them', () => {
    const pictures: Recording[] = [];
    const keep = (width: number, height: number): PictureCanvas => {
      const r = target();
      pictures.push(r);
      return { width, height, getContext: () => r.ctx };
    };
    const overlay = quadOverlay(run, keep);
    const platter = { width: 400, height: 400 };
    const frames = [0.1, 0.37, 0.8].map((theta) => {
      const r = target(platter);
      overlay(r.ctx, at(theta));
      return { theta, r };
    });
    expect(pictures).toHaveLength(1);
    for (const { theta, r } of frames) {
      // The picture turned about the platter's centre by the platter's angle, then copied.
      expect(r.calls('translate')).toEqual([[g.cx, g.cy], [-g.cx, -g.cy]]);
      expect(r.calls('rotate')).toEqual([[-2 * Math.PI * theta]]);
      expect(r.calls('drawImage')).toHaveLength(1);
      // Seen on the platter: the picture's arcs turned by that angle are the arcs drawn straight at it, in the same colours.
      const direct = target();
      quadOverlay(run, () => ({ width: 400, height: 400, getContext: () => null }))(direct.ctx, at(theta));
      const kept = arcs(pictures[0], -2 * Math.PI * theta);
      const straight = arcs(direct).slice(0, kept.length);
      expect(kept.length).toBe(8);
      kept.forEach((k, i) => k.forEach((x, j) => {
        const d = Math.abs(x - straight[i][j]);
        expect(Math.min(d, 2 * Math.PI - d), `arc ${i}, argument ${j}`).toBeLessThan(1e-9);
      }));
      expect(fills(pictures[0])).toEqual(fills(direct).slice(0, fills(pictures[0]).length));
    }
    // Two lanes and the two faded cells in the picture; no cell of the access.
    expect(pictures[0].calls('fill')).toHaveLength(4);
    expect(fills(pictures[0])).not.toContain(`fillStyle = ${columnColour(0)}`);
  });

  it('the access\'s cells: drawn on the platter in every frame (where they light up as they are read), never kept', () => {
    const overlay = quadOverlay(run, (width, height) => ({ width, height, getContext: () => target().ctx }));
    for (const theta of [0.1, 0.2]) {
      const r = target();
      overlay(r.ctx, at(theta));
      // Unread: each accessed cell filled white and outlined in its column's colour.
      const strokes = r.lines.filter((l) => l.startsWith('strokeStyle'));
      expect(strokes).toContain(`strokeStyle = ${columnColour(0)}`);
      expect(r.lines.filter((l) => l === 'fillStyle = #fff')).toHaveLength(2);
    }
  });
});
