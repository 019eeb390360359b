/*
 * A run given as its requests' phases on the stage's clock: its events are
 * the instants a part begins or a request completes, once each; stepping,
 * stepping to a completion, back, restart and playing behave as they do for
 * the engine's event streams; a limit keeps the clock from passing it, and a
 * longer run put in its place plays on from where the clock stood.
 */
import { describe, expect, it } from 'vitest';
import { EventKind } from '../../engine-wasm/binding/constants';
import { openPhases, PhaseRunData, type PhasedRequest } from './phasePlayback';
import { StageClock } from './stageClock';

// Two requests back to back, the second with no seek: 0 seek 3 rotate 5 transfer 6 | 6 rotate 10 transfer 12.
const REQUESTS: PhasedRequest[] = [
  { start: 0, seek: 3, rotate: 2, transfer: 1 },
  { start: 6, seek: 0, rotate: 4, transfer: 2 },
];

const instants = (d: PhaseRunData) => Array.from({ length: d.eventCount }, (_, i) => [d.events.time(i), d.events.kind(i)]);

function clockOf(data: PhaseRunData): StageClock<ReturnType<typeof openPhases>> {
  const c = new StageClock(1, 1, openPhases);
  c.setRun(0, data);
  return c;
}

describe('a phase run', () => {
  it('has one event per instant a part begins or a request ends, a completion winning a shared instant', () => {
    expect(instants(new PhaseRunData(REQUESTS))).toEqual([
      [0, EventKind.Seek], [3, EventKind.Rotate], [5, EventKind.Transfer], [6, EventKind.Complete], [10, EventKind.Transfer], [12, EventKind.Complete],
    ]);
    expect(instants(new PhaseRunData(REQUESTS, 5)).map(([t]) => t)).toEqual([0, 3, 5]);
    expect(new PhaseRunData([], 0).eventCount).toBe(0);
  });

  it('steps one instant at a time, to the next completion, and back', () => {
    const c = clockOf(new PhaseRunData(REQUESTS));
    const seen: number[] = [];
    for (let i = 0; i < 6; i++) { c.stepEvent(); seen.push(c.timeMs); }
    expect(seen).toEqual([3, 5, 6, 10, 12, 12]);
    expect(c.playing).toBe(false);
    c.back();
    expect(c.timeMs).toBe(10);
    c.back();
    expect(c.timeMs).toBe(6);
    c.restart();
    expect(c.timeMs).toBe(0);
    c.stepRequest();
    expect(c.timeMs).toBe(6);
    c.stepRequest();
    expect(c.timeMs).toBe(12);
    expect(c.ended).toBe(true);
  });

  it('plays at its speed to its last instant and stops there; Play then starts it again', () => {
    const c = clockOf(new PhaseRunData(REQUESTS));
    c.slow = 100;                           // 10 ms of real time: 0.1 unit
    c.tick(10);
    expect(c.timeMs).toBeCloseTo(0.1, 9);
    c.tick(100_000);
    expect(c.timeMs).toBe(12);
    expect(c.playing).toBe(false);
    c.togglePlay();
    expect(c.playing).toBe(true);
    expect(c.timeMs).toBe(0);
  });

  it('never passes its limit; a longer run in its place plays on from the same instant', () => {
    const c = clockOf(new PhaseRunData(REQUESTS, 6));
    c.tick(1_000_000);
    expect(c.timeMs).toBe(6);
    c.stepEvent();
    expect(c.timeMs).toBe(6);
    c.seek(11);
    expect(c.timeMs).toBe(6);
    c.setRun(0, new PhaseRunData(REQUESTS));
    expect(c.timeMs).toBe(6);
    c.stepEvent();
    expect(c.timeMs).toBe(10);
  });

  it('a limit at the start leaves the clock at 0 whatever is pressed', () => {
    const c = clockOf(new PhaseRunData(REQUESTS, 0));
    c.togglePlay();
    c.tick(1_000_000);
    c.stepEvent();
    c.stepRequest();
    expect(c.timeMs).toBe(0);
  });
});
