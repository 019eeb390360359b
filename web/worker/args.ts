/*
 * args.ts — checks of a bridge method's arguments, as the worker receives
 * them (plain JSON from the page): each failure is an EngineError naming the
 * argument, so the page can show it at its field.
 */
import { EngineError, Status } from '../../engine-wasm/binding';
import { validateDiskPreset, type DiskPreset } from '../state/diskPreset';

/** A disk preset sent as JSON, validated. */
export function presetArg(json: unknown): DiskPreset {
  const v = validateDiskPreset(json);
  if (v.ok) return v.preset;
  throw new EngineError(Status.Invalid, `invalid disk preset: ${v.errors.slice(0, 3).map((e) => `${e.field}: ${e.message}`).join('; ')}`, undefined, 'preset');
}

/** A whole number in [lo, hi]. */
export function wholeArg(field: string, x: unknown, lo: number, hi: number): number {
  if (typeof x !== 'number' || !Number.isInteger(x) || x < lo || x > hi) {
    throw new EngineError(Status.Range, `${field}: ${String(x)} is not a whole number from ${lo} to ${hi}`, undefined, field);
  }
  return x;
}

/** One of a list of names. */
export function oneOfArg<T extends string>(field: string, x: unknown, values: readonly T[]): T {
  if (typeof x !== 'string' || !(values as readonly string[]).includes(x)) {
    throw new EngineError(Status.Range, `${field}: "${String(x)}" is not one of ${values.join(', ')}`, undefined, field);
  }
  return x as T;
}

/** A finite number in [lo, hi]. */
export function numberArg(field: string, x: unknown, lo: number, hi: number): number {
  if (typeof x !== 'number' || !Number.isFinite(x) || x < lo || x > hi) {
    throw new EngineError(Status.Range, `${field}: ${String(x)} is not a number from ${lo} to ${hi}`, undefined, field);
  }
  return x;
}

/** true or false. */
export function boolArg(field: string, x: unknown): boolean {
  if (typeof x !== 'boolean') throw new EngineError(Status.Invalid, `${field}: ${String(x)} is not true or false`, undefined, field);
  return x;
}
