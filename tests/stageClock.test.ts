/*
 * The stage's one clock over real engine runs of different lengths: every
 * run is shown at the clock's instant, a step lands on the next event of any
 * run, back returns to the previous event's instant, a finished run holds its
 * last state while the longer one plays on, and the clock never passes what a
 * still-streaming run has sent.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { testEngine } from './helpers/engine';
import { runData } from './helpers/runData';
import { EventKind, type Engine } from '../engine-wasm/binding';
import { decodeSetup } from '../web/state/urlCodec';
import { StageClock } from '../web/stage/stageClock';
import type { RunData } from '../web/run/runData';

let engine: Engine;
let short: RunData;
let long: RunData;
beforeAll(async () => {
  engine = await testEngine();
  const setup = (q: string) => decodeSetup(q).setup;
  short = runData(engine, setup('?v=2&d0=hp-97560&n=10&seed=2'));
  long = runData(engine, setup('?v=2&d0=hp-97560&n=40&seed=2'));
});

function stage(): StageClock {
  const c = new StageClock(2, 1);
  c.setRun(0, short);
  c.setRun(1, long);
  return c;
}

const times = (d: RunData) => Array.from({ length: d.eventCount }, (_, i) => d.events.time(i));

describe('the stage clock', () => {
  it('plays every run to the same instant, each with every event up to it applied', () => {
    const c = stage();
    c.tick(3.7);
    expect(c.timeMs).toBeCloseTo(3.7, 9);
    for (const [p, d] of [[c.runs[0]!, short], [c.runs[1]!, long]] as const) {
      expect(p.timeMs).toBe(c.timeMs);
      expect(p.cursor).toBe(times(d).filter((t) => t <= 3.7).length);
    }
  });

  it('waits for every slot: with one run missing the clock does not move', () => {
    const c = new StageClock(2, 1);
    c.setRun(0, short);
    expect(c.tick(5)).toBe(false);
    expect(c.timeMs).toBe(0);
  });

  it('is loading until every slot has its run, and again once cleared for a new setup', () => {
    const c = new StageClock(2, 1);
    expect(c.loading).toBe(true);
    c.setRun(0, short);
    expect(c.loading).toBe(true);
    c.setRun(1, long);
    expect(c.loading).toBe(false);
    expect(c.tick(1)).toBe(true);
    c.clear();
    expect(c.loading).toBe(true);
  });

  it('a slot whose run could not begin is a failure until a run joins it or the stage is cleared; a run that began cannot fail to begin', () => {
    const c = new StageClock(2, 1);
    c.setRun(0, short);
    c.fail(0, 'late');
    expect(c.failure).toBeNull();
    c.fail(1, 'the engine refused it');
    expect(c.failure).toBe('the engine refused it');
    expect(c.failureOf(1)).toBe('the engine refused it');
    expect(c.failureOf(0)).toBeNull();
    expect(c.loading).toBe(true);
    expect(c.tick(1)).toBe(false);
    c.setRun(1, long);
    expect(c.failure).toBeNull();
    c.clear();
    c.fail(0, 'again');
    expect(c.failure).toBe('again');
    c.clear();
    expect(c.failure).toBeNull();
  });

  it('a step moves to the next event of either run, and back returns to the one before', () => {
    const c = stage();
    const all = [...new Set([...times(short), ...times(long)])].sort((a, b) => a - b);
    const after = (t: number) => all.find((x) => x > t)!;
    // Events at the clock's instant are applied as the runs join it: a step goes to the next instant.
    expect(all[0]).toBe(0);
    c.stepEvent();
    const first = after(0);
    expect(c.timeMs).toBe(first);
    expect(c.playing).toBe(false);
    c.stepEvent();
    expect(c.timeMs).toBe(after(first));
    c.back();
    expect(c.timeMs).toBe(first);
    expect(c.runs[0]!.cursor).toBe(times(short).filter((t) => t <= first).length);
    expect(c.runs[1]!.cursor).toBe(times(long).filter((t) => t <= first).length);
  });

  it('a request step lands on the next completion of either run', () => {
    const c = stage();
    c.stepRequest();
    const complete = (d: RunData) => times(d).find((_, i) => d.events.kind(i) === EventKind.Complete) ?? Infinity;
    expect(c.timeMs).toBe(Math.min(complete(short), complete(long)));
  });

  it('the shorter run holds its last state while the longer plays on, and the stage ends with the longer', () => {
    const c = stage();
    const endShort = times(short).at(-1)!;
    const endLong = times(long).at(-1)!;
    expect(endLong).toBeGreaterThan(endShort);
    c.seek((endShort + endLong) / 2);
    expect(c.runs[0]!.finished).toBe(true);
    expect(c.runs[0]!.cursor).toBe(short.eventCount);
    expect(c.runs[0]!.timeMs).toBe(endShort);
    expect(c.runs[1]!.finished).toBe(false);
    c.playing = true;
    while (c.tick(50)) { /* plays to the end */ }
    expect(c.timeMs).toBe(endLong);
    expect(c.ended).toBe(true);
    expect(c.playing).toBe(false);
    expect(c.endMs).toBe(endLong);
  });

  it('seeking backwards replays from the start to exactly that instant', () => {
    const c = stage();
    c.seek(30);
    c.seek(12.25);
    expect(c.timeMs).toBe(12.25);
    expect(c.runs[1]!.cursor).toBe(times(long).filter((t) => t <= 12.25).length);
  });

  it('never passes the last event a streaming run has sent', () => {
    const partial = Object.create(long) as RunData;
    Object.defineProperty(partial, 'done', { value: false });
    Object.defineProperty(partial, 'eventCount', { value: 20 });
    const c = new StageClock(2, 1);
    c.setRun(0, short);
    c.setRun(1, partial);
    c.tick(10_000);
    expect(c.timeMs).toBe(long.events.time(19));
  });

  it('with one run, a step is one event and back undoes exactly one, even among events at one instant', () => {
    const c = new StageClock(1, 1);
    c.setRun(0, long);
    const p0 = c.runs[0]!.cursor;
    c.stepEvent();
    expect(c.runs[0]!.cursor).toBe(p0 + 1);
    c.stepEvent();
    c.stepEvent();
    expect(c.runs[0]!.cursor).toBe(p0 + 3);
    expect(c.timeMs).toBe(long.events.time(p0 + 2));
    c.back();
    expect(c.runs[0]!.cursor).toBe(p0 + 2);
    expect(c.timeMs).toBe(long.events.time(p0 + 1));
    // A request step stops right after the next completion.
    c.stepRequest();
    const done = c.runs[0]!.cursor - 1;
    expect(long.events.kind(done)).toBe(EventKind.Complete);
    for (let i = p0 + 2; i < done; i++) expect(long.events.kind(i)).not.toBe(EventKind.Complete);
  });

  it('runs that stream from a later start: the clock starts there and never goes before it', () => {
    const later = (d: RunData, startMs: number) => {
      const r = Object.create(d) as RunData;
      Object.defineProperty(r, 'info', { value: { ...d.info, startMs } });
      return r;
    };
    const from = times(long)[Math.floor(long.eventCount / 2)];
    const c = new StageClock(2, 1);
    c.setRun(0, later(long, from));
    c.setRun(1, later(long, from));
    expect(c.startMs).toBe(from);
    expect(c.timeMs).toBe(from);
    c.tick(0.5);
    expect(c.timeMs).toBeCloseTo(from + 0.5, 9);
    c.seek(0);
    expect(c.timeMs).toBe(from);
    c.restart();
    expect(c.timeMs).toBe(from);
    expect(c.runs[0]!.cursor).toBe(times(long).filter((t) => t <= from).length);
    c.back();
    expect(c.timeMs).toBe(from);
  });

  it('speed: slower halves what a frame advances', () => {
    const c = stage();
    c.slower();
    expect(c.slow).toBe(2);
    c.tick(4);
    expect(c.timeMs).toBeCloseTo(2, 9);
  });
});
