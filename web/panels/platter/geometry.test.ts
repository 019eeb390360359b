import { describe, it, expect } from 'vitest';
import {
  angleAhead, angleToRadians, angleToSlot, cylinderBand, cylinderRadius, hitTest,
  platterGeometry, pointToPolar, polarToPoint, radiansToAngle, radiusToCylinder,
  slotStartAngle, trackWidth, wrap01,
} from './geometry';

const g = platterGeometry(500, 1449);

describe('platter geometry', () => {
  it('puts cylinder 0 at the outer edge and the last at the inner edge', () => {
    expect(cylinderBand(g, 0)[0]).toBeCloseTo(g.outerR, 12);
    expect(cylinderBand(g, 1448)[1]).toBeCloseTo(g.innerR, 9);
    expect(cylinderRadius(g, 0)).toBeGreaterThan(cylinderRadius(g, 1));
  });

  it('gives every track the same radial width (tracks at scale)', () => {
    for (const c of [0, 1, 700, 1448]) {
      const [o, i] = cylinderBand(g, c);
      expect(o - i).toBeCloseTo(trackWidth(g), 12);
    }
  });

  it('maps a radius back to its cylinder, and nothing outside the data band', () => {
    for (const c of [0, 1, 17, 724, 1447, 1448]) expect(radiusToCylinder(g, cylinderRadius(g, c))).toBe(c);
    expect(radiusToCylinder(g, g.outerR + 0.01)).toBeNull();
    expect(radiusToCylinder(g, g.innerR - 0.01)).toBeNull();
    expect(radiusToCylinder(g, g.innerR)).toBe(1448);
    expect(radiusToCylinder(g, NaN)).toBeNull();
  });

  it('draws angle 0 at 12 o\'clock and a quarter turn at 3 o\'clock', () => {
    const top = polarToPoint(g, 100, 0);
    expect(top.x).toBeCloseTo(g.cx, 9);
    expect(top.y).toBeCloseTo(g.cy - 100, 9);
    const right = polarToPoint(g, 100, 0.25);
    expect(right.x).toBeCloseTo(g.cx + 100, 9);
    expect(right.y).toBeCloseTo(g.cy, 9);
  });

  it('round-trips angle ↔ radians ↔ point', () => {
    for (const a of [0, 0.1, 0.25, 0.5, 0.75, 0.999]) {
      expect(radiansToAngle(angleToRadians(a))).toBeCloseTo(a, 12);
      const p = polarToPoint(g, 150, a);
      const back = pointToPolar(g, p.x, p.y);
      expect(back.r).toBeCloseTo(150, 9);
      expect(Math.min(Math.abs(back.angle - a), 1 - Math.abs(back.angle - a))).toBeLessThan(1e-12);
    }
  });

  it('hit-tests a click to the cylinder and angle drawn there', () => {
    const p = polarToPoint(g, cylinderRadius(g, 300), 0.6);
    const hit = hitTest(g, p.x, p.y);
    expect(hit?.cyl).toBe(300);
    expect(hit?.angle).toBeCloseTo(0.6, 12);
    expect(hitTest(g, g.cx, g.cy)).toBeNull(); // the hub
    expect(hitTest(g, 0, 0)).toBeNull(); // a corner, off the platter
  });
});

describe('angle ↔ slot', () => {
  it('wraps into [0,1)', () => {
    expect(wrap01(1)).toBe(0);
    expect(wrap01(-0.25)).toBe(0.75);
    expect(wrap01(2.5)).toBe(0.5);
    expect(wrap01(-1e-18)).toBe(0);
  });

  it('finds the slot under an angle, with slot 0 skewed', () => {
    const slots = 114;
    const slot0 = 0.3;
    for (let s = 0; s < slots; s++) {
      const start = slotStartAngle(s, slot0, slots);
      expect(angleToSlot(start + 0.5 / slots, slot0, slots)).toBe(s);
    }
    expect(angleToSlot(0.3, 0.3, slots)).toBe(0);
    expect(angleToSlot(0.2999, 0.3, slots)).toBe(slots - 1);
  });

  it('measures the forward distance between angles', () => {
    expect(angleAhead(0.9, 0.1)).toBeCloseTo(0.2, 12);
    expect(angleAhead(0.1, 0.9)).toBeCloseTo(0.8, 12);
    expect(angleAhead(0.5, 0.5)).toBe(0);
  });

  it('gives no negative radius for a canvas smaller than its margin (a canvas arc with one throws)', () => {
    for (const size of [0, 3, 10]) {
      const tiny = platterGeometry(size, 1449);
      expect(tiny.outerR).toBeGreaterThanOrEqual(0);
      expect(cylinderBand(tiny, 1448)[1]).toBeGreaterThanOrEqual(0);
    }
  });
});
