import { describe, it, expect } from 'vitest';
import type { ZoneBand } from '../../engine/runProtocol';
import { densityRings, slotsAt } from './zones';

const band = (zone: number, firstCyl: number, lastCyl: number, slotsPerTrack: number, density: number): ZoneBand =>
  ({ zone, firstCyl, lastCyl, slotsPerTrack, lbnsPerTrack: slotsPerTrack - 1, density });

describe('densityRings', () => {
  it('draws adjacent bands of one density as one ring listing their zones', () => {
    const rings = densityRings([band(0, 0, 99, 120, 0), band(1, 100, 199, 120, 0), band(2, 200, 299, 110, 1), band(3, 300, 399, 100, 2)]);
    expect(rings).toEqual([
      { density: 0, firstCyl: 0, lastCyl: 199, slotsPerTrack: 120, zones: [0, 1] },
      { density: 1, firstCyl: 200, lastCyl: 299, slotsPerTrack: 110, zones: [2] },
      { density: 2, firstCyl: 300, lastCyl: 399, slotsPerTrack: 100, zones: [3] },
    ]);
  });
});

describe('slotsAt', () => {
  const zones = [band(0, 0, 99, 120, 0), band(1, 100, 199, 110, 1)];
  it('finds the slots per track of the band holding a cylinder', () => {
    expect(slotsAt(zones, 0)).toBe(120);
    expect(slotsAt(zones, 99)).toBe(120);
    expect(slotsAt(zones, 100)).toBe(110);
    expect(slotsAt(zones, 199)).toBe(110);
  });
});
