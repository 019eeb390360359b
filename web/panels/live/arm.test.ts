import { describe, it, expect } from 'vitest';
import { platterGeometry, cylinderRadius } from '../platter/geometry';
import { armGeometry, headPose, platterToCanvas, sectorSpan, seekTimeAt, seekTravel, slotsPassed } from './arm';

const g = platterGeometry(400, 1449);
const arm = armGeometry(g);

describe('headPose', () => {
  it('puts the head at the track radius and at arm length from the pivot', () => {
    for (const cyl of [0, 1, 700, 1448]) {
      const r = cylinderRadius(g, cyl);
      const h = headPose(arm, r);
      expect(Math.hypot(h.x - g.cx, h.y - g.cy)).toBeCloseTo(r, 9);
      expect(Math.hypot(h.x - arm.px, h.y - arm.py)).toBeCloseTo(arm.length, 9);
      expect(Math.atan2(h.y - g.cy, h.x - g.cx)).toBeCloseTo(h.headDir, 12);
    }
  });

  it('swings the arm one way as the head moves inwards, continuously', () => {
    let prev = headPose(arm, cylinderRadius(g, 0)).armAngle;
    for (let cyl = 50; cyl < 1449; cyl += 50) {
      const a = headPose(arm, cylinderRadius(g, cyl)).armAngle;
      // Inwards = anticlockwise on the canvas (the angle decreases), by small steps.
      expect(a).toBeLessThan(prev);
      expect(prev - a).toBeLessThan(0.1);
      prev = a;
    }
  });

  it('the arm reaches every track of the data band', () => {
    expect(Math.abs(Math.hypot(arm.px - g.cx, arm.py - g.cy) - arm.length)).toBeLessThan(g.innerR);
  });
});

describe('platterToCanvas', () => {
  it('the angle under the head is the platter angle', () => {
    for (const theta of [0, 0.25, 0.9]) expect(platterToCanvas(theta, theta, 1.2)).toBeCloseTo(1.2, 12);
  });

  it('sectors still to come lie ahead in the direction of rotation, and turn towards the head', () => {
    const head = 0.5;
    const ahead = platterToCanvas(0.3, 0.25, head);
    expect(ahead).toBeGreaterThan(head);
    // A little later (platter angle larger), the same sector is closer to the head.
    expect(platterToCanvas(0.3, 0.27, head)).toBeLessThan(ahead);
    // Wraps: 0.99 vs 0.01 are neighbours, not a revolution apart.
    expect(Math.abs(platterToCanvas(0.99, 0.01, 0))).toBeCloseTo(2 * Math.PI * 0.02, 12);
  });
});

describe('sector spans and transfer progress', () => {
  it('slot k of a track starts k/slots after the first', () => {
    expect(sectorSpan(0.1, 0, 100)).toEqual([0.1, 0.11]);
    const [a, b] = sectorSpan(0.1, 5, 100);
    expect(a).toBeCloseTo(0.15, 12);
    expect(b - a).toBeCloseTo(0.01, 12);
  });

  it('counts the slots passed under the head', () => {
    expect(slotsPassed(10, 4, 8, 9)).toBe(0);
    expect(slotsPassed(10, 4, 8, 10)).toBe(0);
    expect(slotsPassed(10, 4, 8, 11)).toBe(2);
    expect(slotsPassed(10, 4, 8, 13.99)).toBe(7);
    expect(slotsPassed(10, 4, 8, 14)).toBe(8);
    expect(slotsPassed(10, 0, 8, 10)).toBe(0);
    expect(slotsPassed(10, 0, 8, 10.1)).toBe(8);
  });
});

describe('seek profile', () => {
  // The C2200A curve: 3.45 + 0.597 sqrt(d) below 616 cylinders, 10.8 + 0.012 d above.
  const seek = (d: number) => (d === 0 ? 0 : d < 616 ? 3.45 + 0.597 * Math.sqrt(d) : 10.8 + 0.012 * d);
  const dist = Int32Array.from({ length: 1449 }, (_, i) => i);
  const ms = Float64Array.from(dist, seek);

  it('interpolates the sampled curve', () => {
    expect(seekTimeAt(dist, ms, 100)).toBe(seek(100));
    expect(seekTimeAt(dist, ms, 100.5)).toBeCloseTo((seek(100) + seek(101)) / 2, 12);
    expect(seekTimeAt(dist, ms, 0)).toBe(0);
    expect(seekTimeAt(dist, ms, 5000)).toBe(seek(1448));
  });

  it('travel starts at 0, ends at the distance, never goes back, and is where a seek of that length would arrive', () => {
    for (const D of [1, 7, 300, 615, 616, 1448]) {
      expect(seekTravel(dist, ms, D, 0)).toBe(0);
      expect(seekTravel(dist, ms, D, 1)).toBe(D);
      let prev = 0;
      for (let f = 0.05; f < 1; f += 0.05) {
        const x = seekTravel(dist, ms, D, f);
        expect(x).toBeGreaterThanOrEqual(prev);
        expect(x).toBeLessThanOrEqual(D);
        if (x >= 1) expect(seekTimeAt(dist, ms, x)).toBeCloseTo(f * seek(D), 6);
        prev = x;
      }
    }
    expect(seekTravel(dist, ms, 0, 0.5)).toBe(0);
  });
});
