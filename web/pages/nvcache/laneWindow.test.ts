import { describe, expect, it } from 'vitest';
import type { DeviceOp } from './protocol';
import { laneOf, windowOf } from './laneWindow';

/** Operations of random starts and lengths, some long, in no order. */
function ops(n: number, seed: number): DeviceOp[] {
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  return Array.from({ length: n }, (_, i) => {
    const startMs = rnd() * 10_000;
    return { device: 'disk', logical: i, startMs, endMs: startMs + (rnd() < 0.05 ? rnd() * 900 : rnd() * 20), lbn: i, sectors: 8, what: 'write' } as DeviceOp;
  });
}

describe('windowOf', () => {
  it('finds exactly the operations a scan of the whole lane finds, at every window', () => {
    const all = ops(3000, 7);
    const lane = laneOf(all);
    for (let from = -500; from < 10_500; from += 137) {
      const to = from + 2000;
      const scanned = lane.ops.filter((o) => o.endMs >= from && o.startMs <= to);
      const found = windowOf(lane, from, to).map((i) => lane.ops[i]);
      expect(found).toEqual(scanned);
    }
  });

});
