import { describe, it, expect } from 'vitest';
import { recordingContext } from '../../../tests/helpers/recordingContext';
import type { ZoneBand } from '../../engine/runProtocol';
import { bandColour, INK, SEGMENT } from '../colours';
import { armGeometry, headPose } from '../live/arm';
import { accessPath, type AccessPath } from './access';
import { drawPlatter, trackLineStep, type PlatterScene } from './drawPlatter';
import { cylinderRadius, hitTest, platterGeometry } from './geometry';

describe('trackLineStep', () => {
  it('draws every track when they are 2 px apart, a round step otherwise', () => {
    expect(trackLineStep(platterGeometry(600, 50))).toBe(1);
    // 1449 tracks over 181 px: 0.125 px each; the first round step 4 px apart is 50
    expect(trackLineStep(platterGeometry(600, 1449))).toBe(50);
    expect(trackLineStep(platterGeometry(600, 1_000_000))).toBeGreaterThanOrEqual(1000);
  });
});

describe('accessPath', () => {
  it('ends the seek spiral where the rotational wait begins', () => {
    const rev = 15;
    const p = accessPath({
      angleAtStart: 0.9,
      query: { fromCyl: 10, sectors: 8 },
      phys: { cyl: 300, angle: 0.2, slotsPerTrack: 114 },
      breakdown: { seekMs: 7.5 },
    }, rev);
    expect(p.seekTurns).toBeCloseTo(0.5, 12);
    // arrives at 0.4; the sector begins at 0.2: wait 0.8 of a turn
    expect(p.rotateTurns).toBeCloseTo(0.8, 12);
    expect(p.transferTurns).toBeCloseTo(8 / 114, 12);
  });

  it('draws at most one turn of transfer', () => {
    const p = accessPath({
      angleAtStart: 0, query: { fromCyl: 0, sectors: 1000 },
      phys: { cyl: 0, angle: 0, slotsPerTrack: 114 }, breakdown: { seekMs: 0 },
    }, 15);
    expect(p.transferTurns).toBe(1);
    expect(p.rotateTurns).toBe(0);
  });
});

// A small disk of four zones and three densities (zones 0 and 1 record alike).
const SIZE = 240;
const ZONES: ZoneBand[] = [
  { zone: 0, firstCyl: 0, lastCyl: 99, slotsPerTrack: 120, lbnsPerTrack: 118, density: 0 },
  { zone: 1, firstCyl: 100, lastCyl: 199, slotsPerTrack: 120, lbnsPerTrack: 118, density: 0 },
  { zone: 2, firstCyl: 200, lastCyl: 299, slotsPerTrack: 110, lbnsPerTrack: 108, density: 1 },
  { zone: 3, firstCyl: 300, lastCyl: 399, slotsPerTrack: 100, lbnsPerTrack: 98, density: 2 },
];
const g = platterGeometry(SIZE, 400);
const arm = armGeometry(g);
const ACCESS: AccessPath = { fromCyl: 40, startAngle: 0.1, seekTurns: 0.3, targetCyl: 320, sectorAngle: 0.7, rotateTurns: 0.3, transferTurns: 8 / 100 };

const SCENES: Record<string, PlatterScene> = {
  // The locator's still picture: the platter in its own frame, its tracks, an access's path.
  'still-access': { geometry: g, zones: ZONES, theta: 0, trackLines: true, access: ACCESS },
  // The arm half-way through a seek: drawn in the seek's colour, no track outlined.
  'live-seek': { geometry: g, zones: ZONES, theta: 0.35, arm, headCyl: 180.5, moving: true, sectors: [] },
  // A transfer under way: six sectors read, four to come, on the outlined track with its sector lines.
  'live-transfer': {
    geometry: g, zones: ZONES, theta: 0.5 + 6 / 110, arm, headCyl: 250, moving: false,
    track: { cyl: 250, slotsPerTrack: 110, slot0Angle: 0.05 },
    sectors: [
      { cyl: 250, firstAngle: 0.5, count: 6, slotsPerTrack: 110, style: 'transferred' },
      { cyl: 250, firstAngle: 0.5 + 6 / 110, count: 4, slotsPerTrack: 110, style: 'to-come' },
    ],
  },
  // A rotational wait: the awaited sector marked, the rest of the request to come, read-ahead behind.
  'live-rotate': {
    geometry: g, zones: ZONES, theta: 0.2, arm, headCyl: 120, moving: false,
    track: { cyl: 120, slotsPerTrack: 120, slot0Angle: 0 },
    sectors: [
      { cyl: 120, firstAngle: 0.6, count: 1, slotsPerTrack: 120, style: 'awaited' },
      { cyl: 120, firstAngle: 0.6 + 1 / 120, count: 7, slotsPerTrack: 120, style: 'to-come' },
      { cyl: 120, firstAngle: 0.1, count: 5, slotsPerTrack: 120, style: 'read-ahead' },
    ],
  },
};

function record(scene: PlatterScene) {
  const rec = recordingContext();
  drawPlatter(rec.ctx, scene, SIZE, SIZE);
  return rec;
}

describe('drawPlatter', () => {
  for (const [name, scene] of Object.entries(SCENES)) {
    it(`draws ${name} as the committed snapshot`, async () => {
      await expect(record(scene).lines.join('\n') + '\n').toMatchFileSnapshot(`./__snapshots__/${name}.txt`);
    });
  }

  it('paints one ring per density, in its colour, whatever the number of zones', () => {
    const fills = record(SCENES['live-seek']).lines.filter((l) => l.startsWith('fillStyle = '));
    for (const d of [0, 1, 2]) expect(fills.filter((l) => l === `fillStyle = ${bandColour(d)}`)).toHaveLength(1);
    expect(fills).not.toContain(`fillStyle = ${bandColour(3)}`);
  });

  it('a still picture puts the head where a click there picks its cylinder and angle', () => {
    const dot = record(SCENES['still-access']).calls('arc').at(-1)!;
    expect(dot[2]).toBe(5);
    const hit = hitTest(g, dot[0] as number, dot[1] as number);
    expect(hit?.cyl).toBe(ACCESS.fromCyl);
    expect(hit?.angle).toBeCloseTo(ACCESS.startAngle, 9);
  });

  it('a live picture draws the sector passing under the head in the head\'s direction', () => {
    const scene = SCENES['live-transfer'];
    const rec = record(scene);
    // The to-come run begins at the platter's angle: its wedge's outer arc starts under the head.
    const start = rec.calls('arc').find((a) => a[5] === undefined && a[3] !== 0 && Math.abs((a[3] as number) - headPose(arm, cylinderRadius(g, 250)).headDir) < 1e-9);
    expect(start, 'a wedge starting at the head').toBeDefined();
    expect(rec.lines).toContain(`strokeStyle = ${SEGMENT.transfer.colour}`);
    expect(rec.lines).toContain(`fillStyle = ${SEGMENT.transfer.colour}`);
    expect(rec.lines).toContain(`strokeStyle = ${INK.arm}`);
    expect(record(SCENES['live-seek']).lines).toContain(`strokeStyle = ${SEGMENT.seek.colour}`);
  });
});
