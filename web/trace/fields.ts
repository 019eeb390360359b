/*
 * fields.ts — reading one field of a trace line: numbers checked strictly
 * (no "12abc", no hex unless asked, no NaN), each failure a FieldError that
 * names the field and quotes the value. The format parsers throw FieldError;
 * parse.ts catches it and adds the line number (nothing else escapes).
 */

export class FieldError extends Error {
  constructor(readonly field: string, message: string) {
    super(message);
    this.name = 'FieldError';
  }
}

/** Quotes a value for a message, shortened when long. */
export function quote(v: string): string {
  return `'${v.length > 40 ? `${v.slice(0, 37)}…` : v}'`;
}

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const WHOLE = /^\+?\d+$/;

/** A finite decimal number. */
export function number(v: string | undefined, field: string): number {
  if (v === undefined || v === '') throw new FieldError(field, 'is missing');
  if (!DECIMAL.test(v)) throw new FieldError(field, `${quote(v)} is not a number`);
  const x = Number(v);
  if (!Number.isFinite(x)) throw new FieldError(field, `${quote(v)} is too large`);
  return x;
}

/** A time or duration >= 0 (in the unit of the field). */
export function nonNegative(v: string | undefined, field: string, what = 'time'): number {
  const x = number(v, field);
  if (x < 0) throw new FieldError(field, `${quote(v!)} is negative (a ${what} must be >= 0)`);
  return x;
}

/** A block address: a whole number from 0 to 2^53 − 1 (exact in a double). */
export function blockNumber(v: string | undefined, field: string): number {
  if (v === undefined || v === '') throw new FieldError(field, 'is missing');
  if (!WHOLE.test(v)) throw new FieldError(field, `${quote(v)} is not a whole block number >= 0`);
  const x = Number(v);
  if (!Number.isSafeInteger(x)) throw new FieldError(field, `${quote(v)} is past the largest block number the importer keeps exactly (2^53 − 1)`);
  return x;
}

/** A request size in sectors: a whole number from 1 to 2^31 − 1. */
export function sectorCount(v: string | undefined, field: string): number {
  if (v === undefined || v === '') throw new FieldError(field, 'is missing');
  if (!WHOLE.test(v) || Number(v) < 1) throw new FieldError(field, `${quote(v)} is not a positive number of sectors`);
  const x = Number(v);
  if (x > 0x7fffffff) throw new FieldError(field, `${quote(v)} sectors is more than one request can hold (2^31 − 1)`);
  return x;
}

/** A whole number of bytes >= 0, as a BigInt (byte offsets may pass 2^53). */
export function bytesBig(v: string | undefined, field: string): bigint {
  if (v === undefined || v === '') throw new FieldError(field, 'is missing');
  if (!WHOLE.test(v) || v.length > 30) throw new FieldError(field, `${quote(v)} is not a whole number of bytes >= 0`);
  return BigInt(v.startsWith('+') ? v.slice(1) : v);
}
