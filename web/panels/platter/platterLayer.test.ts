import { describe, expect, it } from 'vitest';
import { recordingContext, type Recording } from '../../../tests/helpers/recordingContext';
import type { ZoneBand } from '../../engine/runProtocol';
import { armGeometry } from '../live/arm';
import { drawPlatter, type PlatterScene } from './drawPlatter';
import { platterGeometry } from './geometry';
import { drawLivePlatter } from './platterLayer';
import { keptPictures } from '../../../tests/helpers/keptPictures';

const SIZE = 240;
const ZONES: ZoneBand[] = [
  { zone: 0, firstCyl: 0, lastCyl: 199, slotsPerTrack: 120, lbnsPerTrack: 118, density: 0 },
  { zone: 1, firstCyl: 200, lastCyl: 399, slotsPerTrack: 100, lbnsPerTrack: 98, density: 1 },
];
const g = platterGeometry(SIZE, 400);
const scene = (theta: number, zones = ZONES): PlatterScene => ({
  geometry: g, zones, theta, arm: armGeometry(g), headCyl: 120, moving: false,
  track: { cyl: 120, slotsPerTrack: 120, slot0Angle: 0 },
  sectors: [{ cyl: 120, firstAngle: theta, count: 4, slotsPerTrack: 120, style: 'transferred' }],
});

/** A target canvas of 2 device pixels per CSS pixel, recording what is drawn on it. */
function target(): Recording & { canvas: { width: number; height: number } } {
  const rec = recordingContext();
  const canvas = { width: SIZE * 2, height: SIZE * 2 };
  Object.defineProperty(rec.ctx, 'canvas', { value: canvas });
  return { ...rec, canvas };
}

/** Layer canvases handed out, each recording what is drawn into it. */
function layerMaker() {
  const { pictures, make } = keptPictures(recordingContext);
  return { made: pictures, make };
}

const full = (s: PlatterScene) => {
  const rec = recordingContext();
  drawPlatter(rec.ctx, s, SIZE, SIZE);
  return rec.lines;
};

describe('drawLivePlatter', () => {
  it('draws the still part once, at the canvas\'s pixels, and copies it on every frame', () => {
    const t = target();
    const { made, make } = layerMaker();
    for (const theta of [0.1, 0.2, 0.3]) drawLivePlatter(t.ctx, scene(theta), SIZE, SIZE, make);
    expect(made).toHaveLength(1);
    expect(made[0].lines[0]).toBe('setTransform(2, 0, 0, 2, 0, 0)');
    // The kept picture is what drawPlatter draws first: the paper, platter, zones and hub.
    const still = made[0].lines.slice(1);
    expect(full(scene(0.1)).slice(0, still.length)).toEqual(still);
    expect(t.calls('drawImage')).toHaveLength(3);
    expect(t.lines).not.toContain(`fillRect(0, 0, ${SIZE}, ${SIZE})`);
  });

  it('draws on each frame exactly what drawPlatter draws after the still part', () => {
    const t = target();
    const { made, make } = layerMaker();
    drawLivePlatter(t.ctx, scene(0.4), SIZE, SIZE, make);
    const copy = t.lines.indexOf('restore()');
    const moving = t.lines.slice(copy + 1);
    expect(full(scene(0.4))).toEqual([...made[0].lines.slice(1), ...moving]);
  });

  it('draws the picture again when the zones or the canvas\'s pixels change', () => {
    const t = target();
    const { made, make } = layerMaker();
    drawLivePlatter(t.ctx, scene(0.1), SIZE, SIZE, make);
    drawLivePlatter(t.ctx, scene(0.1, [ZONES[0]]), SIZE, SIZE, make);
    expect(made).toHaveLength(2);
    t.canvas.width = SIZE * 3;
    drawLivePlatter(t.ctx, scene(0.1, [ZONES[0]]), SIZE, SIZE, make);
    expect(made).toHaveLength(3);
    expect(made[2].lines[0]).toBe('setTransform(3, 0, 0, 2, 0, 0)');
  });
});
