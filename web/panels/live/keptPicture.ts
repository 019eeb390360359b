/*
 * keptPicture.ts — a picture kept beside a canvas and drawn again only when
 * what it shows changes: a live drawing's parts that stay the same from
 * frame to frame (a platter's zones, an experiment's marks on it) are drawn
 * once into a canvas of the target's pixel size and copied each frame.
 */

/** A canvas a picture is kept in (an OffscreenCanvas in the browser; a recording in tests). */
export interface PictureCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
}

export type MakeCanvas = (width: number, height: number) => PictureCanvas;

interface Kept {
  canvas: PictureCanvas;
  key: readonly unknown[];
}

const offscreen: MakeCanvas = (w, h) => new OffscreenCanvas(w, h);

/** The pictures kept for each target canvas, by name. */
const kept = new WeakMap<object, Map<string, Kept>>();

const sameKey = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The picture `name` of the canvas `target` draws into: drawn by `draw` (in CSS pixels,
 * width × height, at the target's pixels) when first asked or when `key` (what it shows)
 * changed, else as kept. Null where no second canvas can be had.
 */
export function keptPicture(target: CanvasRenderingContext2D, name: string, key: readonly unknown[], width: number, height: number,
  draw: (ctx: CanvasRenderingContext2D) => void, makeCanvas: MakeCanvas = offscreen): PictureCanvas | null {
  const { width: pxW, height: pxH } = target.canvas;
  const fullKey = [...key, width, height, pxW, pxH];
  let byName = kept.get(target.canvas);
  if (!byName) kept.set(target.canvas, byName = new Map());
  const had = byName.get(name);
  if (had && sameKey(had.key, fullKey)) return had.canvas;
  const canvas = makeCanvas(pxW, pxH);
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D | null;
  if (!ctx) return null;
  ctx.setTransform(pxW / width, 0, 0, pxH / height, 0, 0);
  draw(ctx);
  byName.set(name, { canvas, key: fullKey });
  return canvas;
}

/** A rectangle of a picture, in the picture's (the target canvas's) pixels. */
export interface PixelRect { x: number; y: number; width: number; height: number }

/**
 * Copies a kept picture onto its target pixel for pixel, with the compositing asked for; only
 * `region` of it when given (a picture that covers part of the canvas: the rest is not composited).
 */
export function copyPicture(target: CanvasRenderingContext2D, picture: PictureCanvas, composite: GlobalCompositeOperation = 'source-over', region?: PixelRect): void {
  target.save();
  target.setTransform(1, 0, 0, 1, 0, 0);
  target.globalCompositeOperation = composite;
  if (region) {
    const x = Math.max(0, Math.floor(region.x)), y = Math.max(0, Math.floor(region.y));
    const w = Math.min(picture.width, Math.ceil(region.x + region.width)) - x, h = Math.min(picture.height, Math.ceil(region.y + region.height)) - y;
    if (w > 0 && h > 0) target.drawImage(picture as CanvasImageSource, x, y, w, h, x, y, w, h);
  } else {
    target.drawImage(picture as CanvasImageSource, 0, 0);
  }
  target.restore();
}
