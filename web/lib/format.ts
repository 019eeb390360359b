/*
 * format.ts — how numbers from the engine are written on screen. One place,
 * so the browser tests can compare what is shown with the engine's values
 * formatted the same way.
 */

/** Milliseconds with three decimals (microsecond resolution): "12.345 ms". */
export function formatMs(ms: number): string {
  return `${ms.toFixed(3)} ms`;
}

/** A whole number with thin grouping: "301 416". */
export function formatInt(n: number): string {
  const sign = n < 0 ? '-' : '';
  const digits = Math.abs(Math.trunc(n)).toString();
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
}

/** A platter angle (fraction of a revolution) as "0.2500 rev (90.0°)". */
export function formatAngle(angle: number): string {
  return `${angle.toFixed(4)} rev (${(angle * 360).toFixed(1)}°)`;
}

/** Rotation speed: "4002 RPM". */
export function formatRpm(rpm: number): string {
  return `${formatInt(rpm)} RPM`;
}
