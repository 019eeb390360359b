/*
 * laneWindow.ts — the operations of a timeline lane that show in a window
 * of time, found without a scan of the whole run: the lane is sorted by
 * start once, with its longest operation's length, so a window's
 * operations are those starting from (window start − longest) up to the
 * window's end, found by a binary search. The two-second window moves with
 * the clock at every render; a run has thousands of operations.
 */
import type { DeviceOp } from './protocol';

export interface Lane {
  /** The lane's operations by start time. */
  ops: readonly DeviceOp[];
  longestMs: number;
}

export function laneOf(ops: readonly DeviceOp[]): Lane {
  const sorted = [...ops].sort((a, b) => a.startMs - b.startMs);
  return { ops: sorted, longestMs: sorted.reduce((m, o) => Math.max(m, o.endMs - o.startMs), 0) };
}

/** Indices (into lane.ops: the same operation keeps its index from window to window) of the operations overlapping [from, to]. */
export function windowOf(lane: Lane, from: number, to: number): number[] {
  const { ops } = lane;
  let lo = 0, hi = ops.length;
  const earliest = from - lane.longestMs;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ops[mid].startMs < earliest) lo = mid + 1;
    else hi = mid;
  }
  const out: number[] = [];
  for (let i = lo; i < ops.length && ops[i].startMs <= to; i++) if (ops[i].endMs >= from) out.push(i);
  return out;
}
