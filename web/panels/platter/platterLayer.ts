/*
 * platterLayer.ts — a live platter drawn from a kept picture: the still part
 * (paper, platter, zone rings, track lines, hub: drawPlatterStill) is drawn
 * once at the target canvas's pixels and copied each frame before what
 * moves is drawn. The picture is drawn again only when what it shows
 * changes: the geometry (the canvas's size, the disk's cylinders), the
 * zones, the track lines, or the canvas's pixels. Filling the zone rings on
 * every frame was a large part of a stage's frame on a page of several
 * platters.
 */
import { copyPicture, keptPicture, type MakeCanvas } from '../live/keptPicture';
import { drawPlatterMoving, drawPlatterStill, type PlatterScene } from './drawPlatter';

/**
 * Draws `scene` as drawPlatter does, the still part copied from the picture kept for this
 * canvas. `ctx` is scaled to CSS pixels (width × height) over a canvas of ctx.canvas's pixels.
 */
export function drawLivePlatter(ctx: CanvasRenderingContext2D, scene: PlatterScene, width: number, height: number, makeCanvas?: MakeCanvas): void {
  const still = keptPicture(ctx, 'platter', [scene.geometry, scene.zones, !!scene.trackLines], width, height,
    (pic) => drawPlatterStill(pic, scene, width, height), makeCanvas);
  // The picture covers the canvas whole (the paper is opaque); without one, the still part is drawn here.
  if (still) copyPicture(ctx, still);
  else drawPlatterStill(ctx, scene, width, height);
  drawPlatterMoving(ctx, scene);
}
