/*
 * angle.ts — platter angles as the engine gives them (fractions of a
 * revolution, 0 at the index mark): pure arithmetic, shared by the panels
 * that draw the platter and the worker that answers "what is under this
 * angle?".
 */

/** x mod 1, in [0,1). */
export function wrap01(x: number): number {
  const r = x - Math.floor(x);
  return r >= 1 ? 0 : r;
}

/** The slot under `angle` on a track whose slot 0 starts at `slot0Angle` and that has `slots` slots. */
export function angleToSlot(angle: number, slot0Angle: number, slots: number): number {
  const s = Math.floor(wrap01(angle - slot0Angle) * slots);
  return Math.min(Math.max(s, 0), slots - 1);
}
