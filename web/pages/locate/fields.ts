/*
 * fields.ts — parsing what the user typed into a numeric field. A bad value
 * gives a message that names the field and says what is allowed; nothing
 * throws, and the last good value stays in use.
 */

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** A whole number in [min, max]. */
export function parseIntField(label: string, text: string, min: number, max: number): Parsed<number> {
  const t = text.trim().replace(/[\s_\u202f]/g, '');
  const range = `a whole number from ${min} to ${max}`;
  if (t === '') return { ok: false, message: `${label}: empty; enter ${range}.` };
  if (!/^[+-]?\d+$/.test(t)) return { ok: false, message: `${label}: "${text.trim()}" is not ${range}.` };
  const value = Number(t);
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    return { ok: false, message: `${label}: ${t} is out of range; enter ${range}.` };
  }
  return { ok: true, value };
}

/** A finite decimal number in [min, max]. */
export function parseNumberField(label: string, text: string, min: number, max: number): Parsed<number> {
  const t = text.trim();
  const range = `a number from ${min} to ${max}`;
  if (t === '') return { ok: false, message: `${label}: empty; enter ${range}.` };
  const value = Number(t);
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t) || !Number.isFinite(value)) {
    return { ok: false, message: `${label}: "${t}" is not ${range}.` };
  }
  if (value < min || value > max) return { ok: false, message: `${label}: ${t} is out of range; enter ${range}.` };
  return { ok: true, value };
}
