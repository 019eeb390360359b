/*
 * arm.ts — pure geometry of the moving parts, for the live platter: where
 * the rotary arm puts the head for a given track radius, where a platter
 * angle is on screen while the platter turns, which sectors a transfer has
 * passed, and how far the arm has travelled at a moment of a seek.
 *
 * The seek profile comes from the engine's seek curve (sp_seek_time sampled
 * in the worker): at a moment τ of a seek of D cylinders lasting `dur`, the
 * arm is at the distance x whose own seek would end at τ·seek(D)/dur — the
 * arm is where a seek of that length would have arrived. So short seeks
 * (a + b√d) accelerate and long ones (c + e·d) cruise, as the curve says.
 */
import type { PlatterGeometry } from '../platter/geometry';
import { wrap01 } from '../platter/geometry';

export interface ArmGeometry {
  /** Centre of the platter. */
  cx: number;
  cy: number;
  /** The arm's pivot, outside the platter. */
  px: number;
  py: number;
  /** Pivot to head. */
  length: number;
}

/** The arm of a platter: pivot down and to the right of the platter, long enough to reach the hub. */
export function armGeometry(g: PlatterGeometry): ArmGeometry {
  const d = g.outerR * 1.18;
  const dir = Math.PI / 4.5; // below the horizontal, to the right (canvas y down)
  return { cx: g.cx, cy: g.cy, px: g.cx + d * Math.cos(dir), py: g.cy + d * Math.sin(dir), length: g.outerR * 0.98 };
}

export interface HeadPose {
  /** Head position on the canvas. */
  x: number;
  y: number;
  /** Direction pivot → head (radians, canvas y down). */
  armAngle: number;
  /** Direction centre → head (radians): where the head reads the platter. */
  headDir: number;
}

/**
 * Where the head is when it is over radius r: the point at distance r from
 * the centre and `length` from the pivot, on the upper side of the line from
 * the pivot to the centre. r is clamped to what the arm can reach.
 */
export function headPose(a: ArmGeometry, r: number): HeadPose {
  const dx = a.cx - a.px;
  const dy = a.cy - a.py;
  const d = Math.hypot(dx, dy);
  const L = a.length;
  const rr = Math.min(Math.max(r, Math.abs(d - L) + 1e-9), d + L - 1e-9);
  // Law of cosines at the pivot: angle between pivot→centre and pivot→head.
  const cosB = (L * L + d * d - rr * rr) / (2 * L * d);
  const beta = Math.acos(Math.min(1, Math.max(-1, cosB)));
  const toCentre = Math.atan2(dy, dx);
  const armAngle = toCentre + beta;
  const x = a.px + L * Math.cos(armAngle);
  const y = a.py + L * Math.sin(armAngle);
  return { x, y, armAngle, headDir: Math.atan2(y - a.cy, x - a.cx) };
}

/**
 * Canvas direction (radians) of platter angle p when the platter is at angle
 * theta and the head reads along headDir: the point at p passes under the
 * head when theta = p (the engine's convention), and points with larger p
 * lie further along in the direction of rotation, still to come.
 */
export function platterToCanvas(p: number, theta: number, headDir: number): number {
  return headDir + 2 * Math.PI * wrapSigned(p - theta);
}

/** x mod 1 in [-0.5, 0.5). */
function wrapSigned(x: number): number {
  const w = wrap01(x + 0.5);
  return w - 0.5;
}

/** Platter angles [start, end) of slot `first + k` on a track whose slot `first` begins at `firstAngle`. */
export function sectorSpan(firstAngle: number, k: number, slotsPerTrack: number): [number, number] {
  const start = firstAngle + k / slotsPerTrack;
  return [start, start + 1 / slotsPerTrack];
}

/** Slots a transfer of `slots` slots over [t0, t0+dur) has passed under the head at time t. */
export function slotsPassed(t0: number, dur: number, slots: number, t: number): number {
  if (t <= t0) return 0;
  if (dur <= 0 || t >= t0 + dur) return slots;
  return Math.min(slots, Math.max(0, Math.floor(((t - t0) / dur) * slots + 1e-9)));
}

/** Seek time at a (fractional) distance, interpolated in the engine's samples. */
export function seekTimeAt(distances: ArrayLike<number>, ms: ArrayLike<number>, x: number): number {
  const n = distances.length;
  if (n === 0 || x <= 0) return 0;
  if (x >= distances[n - 1]) return ms[n - 1];
  let lo = 0;
  let hi = n - 1; // distances[lo] <= x < distances[hi]
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (distances[mid] <= x) lo = mid;
    else hi = mid;
  }
  const f = (x - distances[lo]) / (distances[hi] - distances[lo]);
  return ms[lo] + (ms[hi] - ms[lo]) * f;
}

/**
 * Cylinders travelled, in [0, D], a fraction `f` of the way through a seek of
 * D cylinders: the x with seek(x) = f·seek(D), by bisection on the engine's
 * (non-decreasing) curve.
 */
export function seekTravel(distances: ArrayLike<number>, ms: ArrayLike<number>, D: number, f: number): number {
  if (D <= 0) return 0;
  if (f <= 0) return 0;
  if (f >= 1) return D;
  const target = f * seekTimeAt(distances, ms, D);
  if (!(target > 0)) return f * D;
  let lo = 0;
  let hi = D;
  for (let i = 0; i < 48; i++) {
    const mid = (lo + hi) / 2;
    if (seekTimeAt(distances, ms, mid) < target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
