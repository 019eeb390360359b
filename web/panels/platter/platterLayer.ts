/*
 * platterLayer.ts — a live platter drawn from a kept picture: the still part
 * (paper, platter, zone rings, track lines, hub: drawPlatterStill) is drawn
 * once into a canvas of its own, at the target canvas's pixel size, and each
 * frame copies it pixel for pixel before drawing what moves. The picture is
 * drawn again only when what it shows changes: the geometry (the canvas's
 * size, the disk's cylinders), the zones, the track lines, or the canvas's
 * pixel ratio. Filling the zone rings every frame was a large part of a
 * stage's frame on a page with several platters.
 */
import { drawPlatterMoving, drawPlatterStill, type PlatterScene } from './drawPlatter';

/** A canvas the still picture is drawn into (an OffscreenCanvas in the browser). */
export interface LayerCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
}

interface Layer {
  canvas: LayerCanvas;
  ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
  key: readonly unknown[];
}

const newCanvas = (w: number, h: number): LayerCanvas => new OffscreenCanvas(w, h);

/** One kept picture per target canvas. */
const layers = new WeakMap<object, Layer>();

/** What the still picture depends on: redrawn when any of these changes. */
function layerKey(scene: PlatterScene, width: number, height: number, pxW: number, pxH: number): readonly unknown[] {
  return [scene.geometry, scene.zones, !!scene.trackLines, width, height, pxW, pxH];
}

const sameKey = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Draws `scene` as drawPlatter does, the still part copied from the picture kept for this
 * canvas. `ctx` is scaled to CSS pixels (width × height) over a canvas of ctx.canvas's pixels.
 */
export function drawLivePlatter(ctx: CanvasRenderingContext2D, scene: PlatterScene, width: number, height: number,
  makeCanvas: (w: number, h: number) => LayerCanvas = newCanvas): void {
  const pxW = ctx.canvas.width;
  const pxH = ctx.canvas.height;
  const key = layerKey(scene, width, height, pxW, pxH);
  let layer = layers.get(ctx.canvas);
  if (!layer || !sameKey(layer.key, key)) {
    const canvas = makeCanvas(pxW, pxH);
    const lctx = canvas.getContext('2d');
    if (!lctx) {
      // No second canvas to keep it in: the whole drawing, as drawPlatter makes it.
      drawPlatterStill(ctx, scene, width, height);
      drawPlatterMoving(ctx, scene);
      return;
    }
    lctx.setTransform(pxW / width, 0, 0, pxH / height, 0, 0);
    drawPlatterStill(lctx as CanvasRenderingContext2D, scene, width, height);
    layer = { canvas, ctx: lctx, key };
    layers.set(ctx.canvas, layer);
  }
  ctx.save();
  // Pixel for pixel: the picture has the canvas's pixels and covers it whole (the paper is opaque).
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(layer.canvas as CanvasImageSource, 0, 0);
  ctx.restore();
  drawPlatterMoving(ctx, scene);
}
