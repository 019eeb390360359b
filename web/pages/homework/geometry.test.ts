import { describe, expect, it } from 'vitest';
import { aheadOfHead, armTrack, headAngle, phaseAt, playableUntil } from './geometry';
import { toyRun as run } from '../../../tests/helpers/toyRun';

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

