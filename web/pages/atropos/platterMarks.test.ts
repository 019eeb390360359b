import { describe, it, expect } from 'vitest';
import { cyclicOverlap, laneRadii, readFraction } from './platterMarks';

describe('lanes of the shown tracks', () => {
  it('tracks far apart keep their radii; tracks on one cylinder are drawn apart, centred on it', () => {
    expect(laneRadii([100, 60], 5, 0, 200)).toEqual([100, 60]);
    // four surfaces of one cylinder: four lanes 5 px apart around radius 100
    expect(laneRadii([100, 100, 100, 100], 5, 0, 200)).toEqual([107.5, 102.5, 97.5, 92.5]);
  });

  it('a group is not pushed onto the lanes outside it, and the set stays on the platter', () => {
    const r = laneRadii([100, 97, 97, 97], 5, 0, 200);
    for (let i = 1; i < r.length; i++) expect(r[i - 1] - r[i]).toBeGreaterThanOrEqual(5 - 1e-9);
    const edge = laneRadii([199, 199], 5, 0, 200);
    expect(Math.max(...edge) + 2.5).toBeLessThanOrEqual(200 + 1e-9);
    expect(edge[0] - edge[1]).toBe(5);
  });
});

describe('cells read by the transfers played', () => {
  it('overlaps slot ranges that wrap past the end of the track', () => {
    expect(cyclicOverlap(10, 5, 12, 10, 100)).toBe(3);
    expect(cyclicOverlap(95, 10, 0, 3, 100)).toBe(3);     // a transfer wrapping to slot 0
    expect(cyclicOverlap(0, 4, 98, 4, 100)).toBe(2);      // a cell wrapping to slot 0
    expect(cyclicOverlap(20, 5, 40, 5, 100)).toBe(0);
  });

  it('a cell fills as the head passes it, and not before its transfer starts', () => {
    const spans = [{ t0: 2, dur: 1, firstSlot: 0, slots: 20 }];   // slots 0-19 pass in 1 ms
    const cell = { slot: 10, sectors: 10 };
    expect(readFraction(cell, 100, spans, 2)).toBe(0);
    expect(readFraction(cell, 100, spans, 2.5)).toBe(0);          // the head is at slot 10
    expect(readFraction(cell, 100, spans, 2.75)).toBeCloseTo(0.5);
    expect(readFraction(cell, 100, spans, 3)).toBe(1);
    expect(readFraction(cell, 100, spans, 9)).toBe(1);
    expect(readFraction(cell, 100, undefined, 9)).toBe(0);
  });
});
