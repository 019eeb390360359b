import { describe, it, expect } from 'vitest';
import { decodeSideHash, diffRows, diffSentence, encodeSideHash, variants } from './sidebyside';
import type { Stats } from '../../../engine-wasm/binding';

describe('side-by-side setup', () => {
  it('round-trips its hash and derives two runs differing only in alignment', () => {
    const hash = '#sidebyside?v=1&disk=quantum-atlas-10k-ii&seed=3&n=300&out=2&tracks=1';
    const { setup, problems } = decodeSideHash(hash, { presetIds: ['quantum-atlas-10k-ii'] });
    expect(problems).toEqual([]);
    expect(decodeSideHash(encodeSideHash(setup)).setup).toEqual(setup);
    const v = variants(setup);
    expect(v.unaligned.workload.align).toBe('none');
    expect(v.aligned.workload.align).toBe('track');
    expect({ ...v.aligned, workload: { ...v.aligned.workload, align: 'none' } }).toEqual(v.unaligned);
    expect(v.aligned.seed).toBe(3);
  });

  it('states the difference from the two runs\' statistics', () => {
    const s = (head: number, eff: number, sd: number) => ({ headMeanMs: head, efficiency: eff, responseSdMs: sd, responseMeanMs: head, headSwitchFraction: 0.5 }) as Stats;
    const rows = diffRows(s(10, 0.4, 2), s(8, 0.5, 1));
    expect(rows[0]).toMatchObject({ key: 'headMeanMs', delta: -2, changePct: -20 });
    expect(rows[1].changePct).toBeCloseTo(25, 12);
    expect(rows[2].changePct).toBe(-50);
    expect(diffSentence(rows)).toContain('cut the head time by 20.0 %');
  });
});
