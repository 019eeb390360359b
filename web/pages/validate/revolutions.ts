/*
 * revolutions.ts — the requests of a validation that end a whole revolution
 * away from the drive: a model that decides "catch the sector" where the
 * drive decided "miss it" (or the reverse) is off by one revolution on that
 * request, however right its timing is otherwise. Counted by the order of
 * the request and the one before it (the order picks DiskSim's "after read" /
 * "after write" overheads), each way, and the demerit recomputed with those
 * requests at the drive's times: what the revolutions alone cost. Pure over a
 * result.
 */
import type { ValidationResult } from './validate';

export interface RevolutionCount {
  /** "reads after a read", "writes after a write", … */
  order: string;
  /** Requests of this order. */
  count: number;
  /** The model at least half a revolution later than the drive (the drive caught what the model missed). */
  later: number;
  /** The model at least half a revolution earlier (the model caught what the drive missed). */
  earlier: number;
}

export interface Revolutions {
  byOrder: RevolutionCount[];
  later: number;
  earlier: number;
  /** The demerit with every request a revolution off at its measured time. */
  demeritWithoutMs: number;
}

/** `demerit(measured, model)`: the demerit figure to recompute (the engine's, or DiskSim's rms). */
export function revolutions(v: ValidationResult, revolutionMs: number,
                            demerit: (measured: Float64Array, model: Float64Array) => number): Revolutions {
  if (!(revolutionMs > 0)) throw new RangeError(`revolutions: revolutionMs ${revolutionMs} must be > 0`);
  const half = revolutionMs / 2;
  const orders = new Map<string, RevolutionCount>();
  const fixed = Float64Array.from(v.simulatedMs);
  let later = 0, earlier = 0;
  for (let i = 0; i < v.count; i++) {
    // As in classes.ts: the first request counts as after a read (DiskSim's lastflags starts as READ).
    const order = `${v.isWrite[i] ? 'writes' : 'reads'} after a ${i > 0 && v.isWrite[i - 1] ? 'write' : 'read'}`;
    const o = orders.get(order) ?? { order, count: 0, later: 0, earlier: 0 };
    o.count++;
    const d = v.simulatedMs[i] - v.measuredMs[i];
    if (d >= half) { o.later++; later++; fixed[i] = v.measuredMs[i]; }
    else if (d <= -half) { o.earlier++; earlier++; fixed[i] = v.measuredMs[i]; }
    orders.set(order, o);
  }
  return { byOrder: [...orders.values()], later, earlier, demeritWithoutMs: demerit(v.measuredMs, fixed) };
}

/** One line per order for a report: "reads after a read (3,480): 475 a revolution later in the model, 3 earlier". */
export function describeRevolutions(c: RevolutionCount): string {
  return `${c.order} (${c.count.toLocaleString('en')}): ${c.later.toLocaleString('en')} a revolution later in the model, ` +
    `${c.earlier.toLocaleString('en')} earlier`;
}
