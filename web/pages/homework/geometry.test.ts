import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { aheadOfHead, armTrack, headAngle, phaseAt, playableUntil } from './geometry';
import type { HomeworkRun } from './run';
import { ToyDisk } from './ToyDisk';

/* The toy disk as the engine reports it: 360 units a turn, the head mid-sector 6 at t = 0. */
const run: HomeworkRun = {
  requests: [10, 18], late: [],
  rows: [
    { index: 0, block: 10, track: 0, seek: 0, rotate: 105, transfer: 30, total: 135, start: 0, end: 135 },
    { index: 1, block: 18, track: 1, seek: 40, rotate: 170, transfer: 30, total: 240, start: 135, end: 375 },
  ],
  totals: { seek: 40, rotate: 275, transfer: 60, total: 375 }, arithmetic: 'exact', drifted: [],
  revolution: 360, phase0: 13 / 24,
  tracks: [0, 1, 2].map((t) => ({ firstBlock: 12 * t, blocks: 12, slot0Angle: 0 })),
};

describe('homework platter geometry', () => {
  it('sector 6 is under the head at t = 0 and sector 10 reaches it 120 units later', () => {
    expect(aheadOfHead(run, 0, 6, 0)).toBeCloseTo(0, 12);
    expect(aheadOfHead(run, 0, 10, 120)).toBeCloseTo(0, 12);
    expect(headAngle(run, 360)).toBeCloseTo(headAngle(run, 0), 12);
  });
  it('the arm moves linearly during a seek and the phases follow the rows', () => {
    expect(armTrack(run, 100)).toBe(0);
    expect(armTrack(run, 155)).toBeCloseTo(0.5, 12);
    expect(armTrack(run, 200)).toBe(1);
    expect(phaseAt(run, 50)).toEqual({ row: 0, phase: 'rotate' });
    expect(phaseAt(run, 110)).toEqual({ row: 0, phase: 'transfer' });
    expect(phaseAt(run, 150)).toEqual({ row: 1, phase: 'seek' });
    expect(phaseAt(run, 400)).toEqual({ row: -1, phase: 'done' });
  });
  it('while a row is hidden, playback stops when its request is chosen, before the arm moves towards it', () => {
    expect(playableUntil(run, () => false)).toBe(0);
    expect(playableUntil(run, (i) => i === 0)).toBe(135);
    expect(armTrack(run, playableUntil(run, (i) => i === 0))).toBe(0);
    expect(playableUntil(run, () => true)).toBe(375);
  });
});

describe('the drawing before reveal', () => {
  const draw = (t: number, ringShown: (row: number) => boolean) => renderToStaticMarkup(createElement(ToyDisk, { run, t, ringShown }));
  it('rings the request being served only when its row is shown (the ring would name the first pick)', () => {
    expect(draw(0, () => false)).not.toContain('hw-target');
    expect(draw(0, (i) => i === 0)).toContain('hw-target');
    expect(draw(200, (i) => i === 0)).not.toContain('hw-target');
  });
});
