/*
 * The heat drawn on a stage platter, as canvas calls: the partition's band,
 * then one band per group with reads, each between its own cylinders' radii
 * (the engine's group → cylinder mapping) and in the heat map's colour for
 * its count; groups without reads are not drawn over; the band holding 90 %
 * of the reads is bracketed at the arc's two ends in the run's colour.
 */
import { describe, expect, it } from 'vitest';
import { cylinderBand, platterGeometry } from '../../panels/platter/geometry';
import { HEAT_ARC, drawGroupHeat, groupHeatOverlay } from './heatOverlay';
import { keptPictures, recordingTarget } from '../../../tests/helpers/keptPictures';
import type { PlatterOverlay } from '../../stage/Stage';
import { RUN_COLOUR, heatColour } from './heat';

interface Band { outer: number; inner: number; fill?: string }

/** A context that keeps the bands filled (two arcs and a fill) and the strokes' colours and points. */
function recorder() {
  const bands: Band[] = [];
  const strokes: { colour: string; points: [number, number][] }[] = [];
  let arcs: number[] = [];
  let points: [number, number][] = [];
  const ctx = {
    fillStyle: '', strokeStyle: '', lineWidth: 1,
    save() {}, restore() {}, setTransform() {},
    beginPath() { arcs = []; points = []; },
    closePath() {},
    arc(_x: number, _y: number, r: number, a0: number, a1: number) { arcs.push(r); expect([a0, a1].sort()).toEqual([...HEAT_ARC].sort()); },
    moveTo(x: number, y: number) { points.push([x, y]); },
    lineTo(x: number, y: number) { points.push([x, y]); },
    fill() { bands.push({ outer: arcs[0], inner: arcs[1], fill: ctx.fillStyle }); },
    stroke() { if (points.length) strokes.push({ colour: ctx.strokeStyle, points }); },
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, bands, strokes };
}

describe('the group heat on the platter', () => {
  const g = platterGeometry(400, 1000);
  const groupCyl = [0, 50, 100, 150, 200, 250];
  const accesses = [0, 2, 40, 0, 1];

  it('one band per group with reads, at its cylinders, in its count\'s colour', () => {
    const r = recorder();
    drawGroupHeat(r.ctx, g, { run: 'reorg', groupCyl, accesses, max: 40 });
    const colour = heatColour(40);
    const radii = (a: number, b: number) => ({ outer: cylinderBand(g, a)[0], inner: cylinderBand(g, b - 1)[1] });
    expect(r.bands).toEqual([
      { ...radii(0, 250), fill: colour(0) },
      { ...radii(50, 100), fill: colour(2) },
      { ...radii(100, 150), fill: colour(40) },
      { ...radii(200, 250), fill: colour(1) },
    ]);
  });

  it('the band of 90 % of the reads is bracketed at both ends of the arc, in the run\'s colour', () => {
    const r = recorder();
    drawGroupHeat(r.ctx, g, { run: 'baseline', groupCyl, accesses, max: 40 });
    const brackets = r.strokes.filter((s) => s.colour === RUN_COLOUR.baseline);
    expect(brackets).toHaveLength(1);
    // Group 2 holds 40 of 43 reads: 90 % of them lie in it alone.
    const [outer, inner] = [cylinderBand(g, 100)[0], cylinderBand(g, 149)[1]];
    const dist = brackets[0].points.map(([x, y]) => Math.hypot(x - g.cx, y - g.cy));
    expect(dist).toHaveLength(8);
    for (let i = 0; i < 8; i += 4) {
      expect(dist[i]).toBeCloseTo(outer, 9);
      expect(dist[i + 1]).toBeCloseTo(outer, 9);
      expect(dist[i + 2]).toBeCloseTo(inner, 9);
      expect(dist[i + 3]).toBeCloseTo(inner, 9);
    }
  });

  it('no counts yet (a run cut short): nothing drawn', () => {
    const r = recorder();
    drawGroupHeat(r.ctx, g, { run: 'reorg', groupCyl, accesses: [], max: 0 });
    expect(r.bands).toEqual([]);
    expect(r.strokes).toEqual([]);
  });

  it('on the stage, the bands are drawn once per epoch and multiplied into every frame; the brackets drawn each frame', () => {
    const target = recordingTarget(800, 800);
    const { pictures, make } = keptPictures(recorder);
    const frame = (overlay: PlatterOverlay | undefined) =>
      overlay?.(target.ctx, { geometry: g, width: 400, height: 400 } as Parameters<PlatterOverlay>[1]);
    const overlay = groupHeatOverlay({ run: 'reorg', groupCyl, accesses, max: 40 }, make);
    for (let i = 0; i < 3; i++) frame(overlay);
    expect(pictures).toHaveLength(1);
    expect(pictures[0].bands).toHaveLength(4);
    expect(target.calls('drawImage')).toHaveLength(3);
    // Only the arc's box is multiplied in (the canvas is at 2 pixels per CSS pixel): the left side, whole height, up to the centre.
    const [, sx, sy, sw, sh, dx, dy] = target.calls('drawImage')[0] as number[];
    expect([dx, dy]).toEqual([sx, sy]);
    expect(sx).toBeLessThanOrEqual(2 * (g.cx - g.outerR));
    expect(sy).toBeLessThanOrEqual(2 * (g.cy - g.outerR));
    expect(sx + sw).toBeGreaterThanOrEqual(2 * g.cx);
    expect(sy + sh).toBeGreaterThanOrEqual(2 * (g.cy + g.outerR));
    expect(sw).toBeLessThan(0.6 * 800);
    expect(target.lines.filter((l) => l === 'globalCompositeOperation = multiply')).toHaveLength(3);
    expect(target.lines.filter((l) => l === `strokeStyle = ${RUN_COLOUR.reorg}`)).toHaveLength(3);
    // The next epoch's counts: its own bands.
    frame(groupHeatOverlay({ run: 'reorg', groupCyl, accesses: [5, 0, 0, 0, 0], max: 40 }, make));
    expect(pictures).toHaveLength(2);
    expect(pictures[1].bands).toHaveLength(2);
  });
});
