/*
 * geometry.ts — pure drawing geometry of the platter's top view: where a
 * cylinder is drawn, angle ↔ screen direction, angle ↔ slot, and which
 * cylinder and angle a click lands on. No DOM, no engine; unit-tested on its
 * own. Angle arithmetic (wrap01, angleToSlot) is in web/lib/angle.ts.
 *
 * Conventions: cylinder 0 is the outermost track. The platter is drawn in its
 * own frame: an angle is a fraction of a revolution in [0,1) (the engine's
 * unit), drawn clockwise from 12 o'clock.
 */

import { wrap01 } from '../../lib/angle';

export { angleToSlot, wrap01 } from '../../lib/angle';

export interface PlatterGeometry {
  /** Centre of the platter in canvas pixels. */
  readonly cx: number;
  readonly cy: number;
  /** Radius of the outer edge of cylinder 0. */
  readonly outerR: number;
  /** Radius of the inner edge of the last cylinder. */
  readonly innerR: number;
  readonly cylinders: number;
}

/** Fraction of the platter's radius inside the data band (hub and landing zone). */
export const INNER_FRACTION = 0.38;

/** A platter filling a square of `size` pixels, with a margin. */
export function platterGeometry(size: number, cylinders: number, margin = 8): PlatterGeometry {
  // Never negative: a canvas measured before layout (0 px) draws nothing rather than failing.
  const outerR = Math.max(0, size / 2 - margin);
  return { cx: size / 2, cy: size / 2, outerR, innerR: outerR * INNER_FRACTION, cylinders };
}

/** Radial width of one track. */
export function trackWidth(g: PlatterGeometry): number {
  return (g.outerR - g.innerR) / g.cylinders;
}

/** Outer and inner radius of a cylinder's track. */
export function cylinderBand(g: PlatterGeometry, cyl: number): [outer: number, inner: number] {
  const w = trackWidth(g);
  return [g.outerR - cyl * w, g.outerR - (cyl + 1) * w];
}

/** Radial band drawn for one track: its true width, but at least `minPx` so sectors can be seen. */
export function trackBand(g: PlatterGeometry, cyl: number, minPx = 10): [outer: number, inner: number] {
  const r = cylinderRadius(g, cyl);
  const half = Math.max(trackWidth(g), minPx) / 2;
  return [Math.min(r + half, g.outerR + 3), Math.max(r - half, g.innerR - 3)];
}

/** Radius of the centre line of a cylinder's track. */
export function cylinderRadius(g: PlatterGeometry, cyl: number): number {
  return g.outerR - (cyl + 0.5) * trackWidth(g);
}

/** The cylinder drawn at radius r, or null outside the data band. */
export function radiusToCylinder(g: PlatterGeometry, r: number): number | null {
  if (!(r <= g.outerR && r >= g.innerR)) return null;
  const cyl = Math.floor((g.outerR - r) / trackWidth(g));
  return Math.min(cyl, g.cylinders - 1);
}

/** Canvas direction (radians, canvas y down) at which a drawing shows engine angle p on radius r. */
export type AngleToCanvas = (p: number, r: number) => number;

/** Canvas direction (radians, canvas y down) of a platter angle. */
export function angleToRadians(angle: number): number {
  return -Math.PI / 2 + 2 * Math.PI * angle;
}

/** Platter angle in [0,1) of a canvas direction (radians). */
export function radiansToAngle(theta: number): number {
  return wrap01((theta + Math.PI / 2) / (2 * Math.PI));
}

/** Point on the canvas at radius r and platter angle `angle`. */
export function polarToPoint(g: PlatterGeometry, r: number, angle: number): { x: number; y: number } {
  const t = angleToRadians(angle);
  return { x: g.cx + r * Math.cos(t), y: g.cy + r * Math.sin(t) };
}

/** Radius and platter angle of a canvas point. */
export function pointToPolar(g: PlatterGeometry, x: number, y: number): { r: number; angle: number } {
  const dx = x - g.cx;
  const dy = y - g.cy;
  return { r: Math.hypot(dx, dy), angle: radiansToAngle(Math.atan2(dy, dx)) };
}

/** What a click at canvas (x, y) lands on: a cylinder and an angle, or null off the data band. */
export function hitTest(g: PlatterGeometry, x: number, y: number): { cyl: number; angle: number } | null {
  const { r, angle } = pointToPolar(g, x, y);
  const cyl = radiusToCylinder(g, r);
  return cyl === null ? null : { cyl, angle };
}

/** The angle at which slot `slot` begins on such a track. */
export function slotStartAngle(slot: number, slot0Angle: number, slots: number): number {
  return wrap01(slot0Angle + slot / slots);
}

/** Forward (direction of rotation) distance from angle `from` to angle `to`, in [0,1). */
export function angleAhead(from: number, to: number): number {
  return wrap01(to - from);
}
