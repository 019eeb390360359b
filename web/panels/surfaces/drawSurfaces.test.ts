import { describe, it, expect } from 'vitest';
import { surfacesHeight, surfacesLayout } from './drawSurfaces';

describe('surfacesLayout', () => {
  it('puts surface 2k above platter k and 2k+1 below it, in order down the stack', () => {
    const L = surfacesLayout(8, 1449, 400, 120);
    for (let s = 0; s < 8; s++) {
      const py = L.platterY(Math.floor(s / 2));
      if (s % 2 === 0) expect(L.headY(s)).toBeLessThan(py);
      else expect(L.headY(s)).toBeGreaterThan(py);
      if (s > 0) expect(L.headY(s)).toBeGreaterThan(L.headY(s - 1));
    }
    expect(L.headY(7)).toBeLessThanOrEqual(120);
    expect(L.headY(0)).toBeGreaterThanOrEqual(0);
  });

  it('cylinder 0 is at the outer edge, the last cylinder at the inner edge of the data band', () => {
    const L = surfacesLayout(3, 100, 400, 120);
    expect(L.headX(0)).toBeGreaterThan(L.headX(99));
    expect(L.headX(0)).toBeLessThanOrEqual(L.outerX);
    expect(L.headX(99)).toBeGreaterThanOrEqual(L.innerX);
  });
});

describe('head numbers', () => {
  it('stay a line of type apart however many surfaces, in surface order, at the height surfacesHeight gives', () => {
    for (const n of [2, 8, 12, 16, 24]) {
      const L = surfacesLayout(n, 2000, 400, surfacesHeight(n));
      for (let s = 1; s < n; s++) expect(L.labelY(s) - L.labelY(s - 1)).toBeGreaterThanOrEqual(11);
      expect(L.labelY(n - 1)).toBeLessThanOrEqual(surfacesHeight(n));
    }
  });
});
