/*
 * format.ts — how numbers from the engine are written on screen, on every
 * page: one place, so the pages agree (whole numbers grouped with a thin
 * space, decimals with a fixed count, "–" for a value not computed yet) and
 * the browser tests can compare what is shown with the engine's values
 * formatted the same way.
 */

/** Shown where a number is not available (not computed yet, or undefined such as 0/0). */
export const NO_VALUE = '–';

/** A number with `digits` decimals: formatNum(0.5091, 3) → "0.509"; NaN/±∞ → "–". */
export function formatNum(x: number, digits = 2): string {
  return Number.isFinite(x) ? x.toFixed(digits) : NO_VALUE;
}

/** Milliseconds, by default with three decimals (microsecond resolution): "12.345 ms". */
export function formatMs(ms: number, digits = 3): string {
  return Number.isFinite(ms) ? `${ms.toFixed(digits)} ms` : NO_VALUE;
}

/** A whole number with thin grouping: "301 416". */
export function formatInt(n: number): string {
  if (!Number.isFinite(n)) return NO_VALUE;
  const sign = n < 0 ? '-' : '';
  const digits = Math.abs(Math.trunc(n)).toString();
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
}

/** A fraction as a percentage: formatPct(0.5091) → "50.9 %". */
export function formatPct(fraction: number, digits = 1): string {
  return Number.isFinite(fraction) ? `${(100 * fraction).toFixed(digits)} %` : NO_VALUE;
}

/** The change from `before` to `after` in per cent; NaN when `before` is 0 or either is not a number. */
export function percentChange(before: number, after: number): number {
  return Number.isFinite(before) && Number.isFinite(after) && before !== 0 ? ((after - before) / before) * 100 : Number.NaN;
}

/** A change in per cent, signed: "+33.4 %", "-25.1 %", "0.0 %". */
export function formatChange(pct: number, digits = 1): string {
  if (!Number.isFinite(pct)) return NO_VALUE;
  const t = pct.toFixed(digits);
  return `${pct > 0 && Number(t) !== 0 ? '+' : ''}${t} %`;
}

/** A platter angle (fraction of a revolution) as "0.2500 rev (90.0°)". */
export function formatAngle(angle: number): string {
  return `${angle.toFixed(4)} rev (${(angle * 360).toFixed(1)}°)`;
}

/** Rotation speed: "4002 RPM". */
export function formatRpm(rpm: number): string {
  return `${formatInt(rpm)} RPM`;
}
