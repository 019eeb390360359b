import { describe, expect, it } from 'vitest';
import { describeRevolutions, revolutions } from './revolutions';
import { validationResult } from './resultFixture';

/** Four requests by hand, a 10 ms revolution: R (first, +0.2), W after R (+6), W after W (−10.1), R after W (+4.9). */
const result = () => validationResult({
  measuredMs: [20, 5, 20, 8], simulatedMs: [20.2, 11, 9.9, 12.9],
  isWrite: [0, 1, 1, 0], sectors: [8, 8, 8, 8], cache: [0, 0, 0, 0], seekMs: [0, 0, 0, 0],
});

describe('requests a revolution away from the drive', () => {
  let seen: number[] = [];
  const r = revolutions(result(), 10, (_m, model) => { seen = [...model]; return 42; });

  it('counts a request at least half a revolution off, each way, by its order (the first as after a read)', () => {
    // +6 ≥ 5: later; −10.1: earlier; +0.2 and +4.9 are under half a revolution.
    expect(r.later).toBe(1);
    expect(r.earlier).toBe(1);
    const of = (o: string) => r.byOrder.find((c) => c.order === o);
    expect(of('reads after a read')).toEqual({ order: 'reads after a read', count: 1, later: 0, earlier: 0 });
    expect(of('writes after a read')).toEqual({ order: 'writes after a read', count: 1, later: 1, earlier: 0 });
    expect(of('writes after a write')).toEqual({ order: 'writes after a write', count: 1, later: 0, earlier: 1 });
    expect(of('reads after a write')).toEqual({ order: 'reads after a write', count: 1, later: 0, earlier: 0 });
  });

  it('recomputes the demerit with those requests at the drive\'s times, the others as modelled', () => {
    expect(seen).toEqual([20.2, 5, 20, 12.9]);
    expect(r.demeritWithoutMs).toBe(42);
  });

  it('describes an order in one line and refuses a revolution that is not positive', () => {
    expect(describeRevolutions(r.byOrder[1])).toBe('writes after a read (1): 1 a revolution later in the model, 0 earlier');
    expect(() => revolutions(result(), 0, () => 0)).toThrow(/revolutionMs 0 must be > 0/);
  });
});
