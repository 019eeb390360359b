import { describe, it, expect } from 'vitest';
import { requestSegments, timelineWindow, type ResultGetter } from './timeline';

const result: Record<string, number> = {
  arrivalMs: 10, overheadMs: 1, queueMs: 0, seekMs: 4, rotationMs: 3, transferMs: 2, switchMs: 0, busMs: 0.5,
  completeMs: 20.5, responseMs: 10.5, lbn: 7, sectors: 8, isWrite: 0,
};
const get: ResultGetter = (f) => result[f];

describe('requestSegments', () => {
  it('lays the engine\'s durations end to end from the arrival, skipping empty ones', () => {
    const s = requestSegments(get);
    expect(s.map((x) => x.key)).toEqual(['overhead', 'seek', 'rotation', 'transfer', 'bus']);
    expect(s.map((x) => [x.start, x.end])).toEqual([[10, 11], [11, 15], [15, 18], [18, 20], [20, 20.5]]);
    expect(s[s.length - 1].end).toBe(result.arrivalMs + result.responseMs);
  });

  it('cuts at the playback clock', () => {
    const s = requestSegments(get, 16);
    expect(s.map((x) => x.key)).toEqual(['overhead', 'seek', 'rotation']);
    expect(s[2]).toMatchObject({ start: 15, end: 16, ms: 3 });
    expect(requestSegments(get, 10)).toEqual([]);
  });
});

describe('timelineWindow', () => {
  it('spans from the oldest arrival to now, at least minSpan', () => {
    expect(timelineWindow([{ id: 0, arriveMs: 5, isWrite: false, sectors: 1, segments: [] }], 30, 10)).toEqual([5, 30]);
    expect(timelineWindow([{ id: 0, arriveMs: 5, isWrite: false, sectors: 1, segments: [] }], 6, 10)).toEqual([5, 15]);
    expect(timelineWindow([], 3, 10)).toEqual([0, 10]);
  });
});
