/*
 * A kept picture's canvases in a test: each one a drawing recorder, kept in
 * the order they were made, so a test sees how many pictures were drawn
 * and what each holds; and a recording target with a canvas of a size.
 */
import type { MakeCanvas, PictureCanvas } from '../../web/panels/live/keptPicture';
import { recordingContext, type Recording } from './recordingContext';

export function keptPictures<R extends { ctx: CanvasRenderingContext2D }>(record: () => R): { pictures: R[]; make: MakeCanvas } {
  const pictures: R[] = [];
  const make = (width: number, height: number): PictureCanvas => {
    const r = record();
    pictures.push(r);
    return { width, height, getContext: () => r.ctx };
  };
  return { pictures, make };
}

/** A recording context whose canvas is `width` × `height` pixels. */
export function recordingTarget(width: number, height: number): Recording {
  const target = recordingContext();
  Object.defineProperty(target.ctx, 'canvas', { value: { width, height } });
  return target;
}
