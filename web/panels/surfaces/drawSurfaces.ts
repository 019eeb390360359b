/*
 * drawSurfaces.ts — the side view: the stack of platters (two surfaces
 * each), one head per surface on a common comb, all at the arm's radius; the
 * active head highlighted and labelled, the one it switched from outlined.
 * Pure apart from the canvas calls.
 */
import { INK } from '../colours';

export interface SurfacesScene {
  surfaces: number;
  cylinders: number;
  /** Head position, fractional during a seek (cylinder 0 is the outer edge). */
  headCyl: number;
  active: number;
  /** During a movement that changes surface: the surface it left. */
  switchingFrom?: number;
  busy: boolean;
}

export interface SurfacesLayout {
  /** x of the spindle axis and of the platters' outer edge. */
  axisX: number;
  edgeX: number;
  /** x of the data band's inner edge (last cylinder) and outer edge (cylinder 0). */
  innerX: number;
  outerX: number;
  /** y of the middle of platter k. */
  platterY: (k: number) => number;
  platterH: number;
  /** y where the head of surface s sits (above its platter for even s, below for odd). */
  headY: (s: number) => number;
  headX: (cyl: number) => number;
  /** y of surface s's number: in surface order, never closer than `labelPitch` (a leader line joins it to its head). */
  labelY: (s: number) => number;
  labelPitch: number;
}

/** The side view's height for `surfaces` heads: at least `base`, and room for a line of type per head number. */
export function surfacesHeight(surfaces: number, base = 112): number {
  return Math.max(base, 16 + 13 * surfaces);
}

/** Where everything goes in a w×h side view. Surface 2k is the top of platter k, 2k+1 its bottom. */
export function surfacesLayout(surfaces: number, cylinders: number, w: number, h: number): SurfacesLayout {
  const platters = Math.max(1, Math.ceil(surfaces / 2));
  const top = 8;
  const bottom = h - 8;
  const pitch = (bottom - top) / platters;
  const platterH = Math.max(2, Math.min(8, pitch * 0.3));
  const axisX = 76;
  const edgeX = w - 70;
  const innerX = axisX + (edgeX - axisX) * 0.38;
  const outerX = edgeX - 4;
  const platterY = (k: number) => top + pitch * (k + 0.5);
  const gap = Math.min(pitch * 0.3, 10);
  const headY = (s: number) => platterY(Math.floor(s / 2)) + (s % 2 === 0 ? -1 : 1) * (platterH / 2 + gap / 2 + 1);
  const headX = (cyl: number) => outerX - ((outerX - innerX) * (cyl + 0.5)) / Math.max(1, cylinders);
  // Head numbers evenly spread over the height when the heads themselves sit closer than a line of type.
  const labelPitch = (bottom - top) / Math.max(1, surfaces);
  const labelY = (s: number) => top + labelPitch * (s + 0.5);
  return { axisX, edgeX, innerX, outerX, platterY, platterH, headY, headX, labelY, labelPitch };
}

export function drawSurfaces(ctx: CanvasRenderingContext2D, s: SurfacesScene, w: number, h: number): void {
  const L = surfacesLayout(s.surfaces, s.cylinders, w, h);
  const platters = Math.max(1, Math.ceil(s.surfaces / 2));
  ctx.save();
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, w, h);
  // Spindle.
  ctx.fillStyle = INK.hub;
  ctx.fillRect(L.axisX - 4, 4, 8, h - 8);
  // Platters.
  for (let k = 0; k < platters; k++) {
    const y = L.platterY(k);
    ctx.fillStyle = INK.platter;
    ctx.fillRect(L.axisX, y - L.platterH / 2, L.edgeX - L.axisX, L.platterH);
    ctx.fillStyle = 'rgba(0,114,178,0.25)';
    ctx.fillRect(L.innerX, y - L.platterH / 2, L.outerX - L.innerX, L.platterH);
  }
  // Comb: one arm carrying every head, at the same radius.
  const x = L.headX(s.headCyl);
  ctx.strokeStyle = INK.arm;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(w - 20, L.headY(0));
  ctx.lineTo(w - 20, L.headY(s.surfaces - 1));
  for (let i = 0; i < s.surfaces; i++) {
    ctx.moveTo(w - 20, L.headY(i));
    ctx.lineTo(x + 3, L.headY(i));
  }
  ctx.stroke();
  // Heads, and labels.
  const fontPx = Math.max(8, Math.min(11, L.labelPitch - 1));
  ctx.font = `${fontPx}px system-ui, sans-serif`;
  ctx.textBaseline = 'middle';
  for (let i = 0; i < s.surfaces; i++) {
    const y = L.headY(i);
    const on = i === s.active;
    const left = i === s.switchingFrom;
    ctx.fillStyle = on ? INK.active : left ? '#fff' : INK.arm;
    ctx.strokeStyle = '#000';
    ctx.lineWidth = on || left ? 1.5 : 0.5;
    const hh = Math.max(3, Math.min(6, fontPx * 0.6));
    ctx.beginPath();
    ctx.rect(x - 5, y - hh / 2, 10, hh);
    ctx.fill();
    ctx.stroke();
    const ly = L.labelY(i);
    ctx.strokeStyle = INK.muted;
    ctx.lineWidth = 0.5;
    ctx.beginPath();
    ctx.moveTo(L.axisX - 14, ly);
    ctx.lineTo(L.axisX - 6, y);
    ctx.stroke();
    ctx.fillStyle = on ? '#000' : INK.muted;
    ctx.font = `${on ? 'bold ' : ''}${fontPx}px system-ui, sans-serif`;
    ctx.textAlign = 'right';
    ctx.fillText(on ? `head ${i} ▶` : `${i}`, L.axisX - 16, ly);
  }
  ctx.restore();
}
