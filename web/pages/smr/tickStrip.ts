/*
 * tickStrip.ts — the held bands' ticks on the shingled drive's platter, drawn
 * as one fill. Each tick is an arc stroke `width` px wide at its band's
 * radius, over the same angles as every other tick; random writes hold
 * hundreds of bands, whose strokes lie under a pixel apart and pile up where
 * they overlap. Stroking each one made the canvas rasterize hundreds of
 * paths on every frame. Since the ticks differ only in radius, what they pile
 * up to is a function of the radius alone: per row of the drawing (a
 * device pixel), the opacity that strokes laid one over another reach (each
 * one's opacity, times the share of the row it covers, over what is under
 * it). That profile is a radial gradient, and the strip one wedge filled
 * with it: the same picture, one path to rasterize.
 */

/** A held band's tick: its radius (px) and its opacity (0–1). */
export interface Tick { r: number; alpha: number }

/** The strip's opacity per row: row k spans radii [(first + k)·step, (first + k + 1)·step). */
export interface TickProfile { first: number; step: number; alpha: Float64Array }

/**
 * The opacity the ticks pile up to in each row of `step` px (a device pixel, in the drawing's
 * units), with a row of none at each end. Null without ticks.
 */
export function tickProfile(ticks: readonly Tick[], width: number, step: number): TickProfile | null {
  if (ticks.length === 0) return null;
  const half = width / 2;
  let lo = Infinity, hi = -Infinity;
  for (const t of ticks) { lo = Math.min(lo, t.r - half); hi = Math.max(hi, t.r + half); }
  const first = Math.floor(lo / step) - 1;
  const rows = Math.ceil(hi / step) + 1 - first;
  // What shows through each row: 1 − opacity.
  const through = new Float64Array(rows).fill(1);
  for (const t of ticks) {
    const a = t.r - half, b = t.r + half;
    for (let k = Math.floor(a / step) - first; k < rows && (first + k) * step < b; k++) {
      const cover = (Math.min(b, (first + k + 1) * step) - Math.max(a, (first + k) * step)) / step;
      if (cover > 0) through[k] *= 1 - t.alpha * cover;
    }
  }
  const alpha = through.map((x) => 1 - x);
  return { first, step, alpha };
}

/** `#rrggbb` at an opacity, as a CSS colour. */
export function withAlpha(hex: string, alpha: number): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255},${(n >> 8) & 255},${n & 255},${Math.round(alpha * 1000) / 1000})`;
}

/**
 * Fills the strip of `profile` about (cx, cy) between directions a0 → a1 (radians), in `colour`:
 * a wedge from the profile's first row to its last, its gradient stops at the rows' centres.
 */
export function fillTickStrip(ctx: CanvasRenderingContext2D, cx: number, cy: number, a0: number, a1: number, profile: TickProfile, colour: string): void {
  const { first, step, alpha } = profile;
  const n = alpha.length;
  // Stops evenly spaced from the first row's centre to the last's (every row has one): the
  // gradient's own radii are those centres, and beyond them it holds the end rows' none.
  const r0 = (first + 0.5) * step;
  const r1 = (first + n - 0.5) * step;
  const gradient = ctx.createRadialGradient(cx, cy, Math.max(0, r0), cx, cy, r1);
  for (let k = 0; k < n; k++) gradient.addColorStop(k / (n - 1), withAlpha(colour, alpha[k]));
  ctx.fillStyle = gradient;
  ctx.beginPath();
  ctx.arc(cx, cy, (first + n) * step, a0, a1);
  ctx.arc(cx, cy, Math.max(0, first * step), a1, a0, true);
  ctx.closePath();
  ctx.fill();
}
