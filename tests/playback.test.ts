/*
 * The playback (web/run/playback.ts) over real engine runs: the queues
 * it keeps agree with the lengths the engine writes into its events, the
 * head ends where each seek says, the platter angle at an event is the
 * engine's, and stepping applies exactly one event.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { testEngine } from './helpers/engine';
import { runData } from './helpers/runData';
import { EventKind, type Engine } from '../engine-wasm/binding';
import { RunData } from '../web/run/runData';
import { Playback } from '../web/run/playback';
import { defaultSetup, withField, type Setup } from '../web/state/setup';
import { requestSegments } from '../web/panels/timeline/timeline';

let engine: Engine;
beforeAll(async () => {
  engine = await testEngine();
});

const run = (setup: Setup): RunData => runData(engine, setup);

function queued(preset: string, extra: (s: Setup) => Setup = (s) => s): RunData {
  let s = withField(defaultSetup(), 'devices[0].preset', preset);
  s = withField(s, 'workload.count', 150);
  s = withField(s, 'workload.outstanding', 8);
  s = withField(s, 'devices[0].overrides.queueDepth', 3);
  s = withField(s, 'devices[0].overrides.scheduler', 'sstf');
  s = withField(s, 'workload.readFraction', 0.6);
  return run(extra(s));
}

describe('Playback', () => {
  it('keeps host and disk queues whose lengths equal the engine\'s, event after event', () => {
    const driver = (s: Setup) => withField(s, 'devices[0].overrides.driverQueue', true);
    for (const data of [queued('hp-c2200a'), queued('hp-97560'), queued('hp-c3323a'), queued('hp-97560', driver)]) {
      const p = new Playback(data);
      const ev = data.events;
      let checked = 0;
      while (p.stepEvent()) {
        const i = p.lastIndex;
        const k = ev.kind(i);
        if (k === EventKind.QueueHost) { expect(p.host.length).toBe(ev.a(i)); checked++; }
        if (k === EventKind.QueueDisk) { expect(p.disk.length).toBe(ev.a(i)); checked++; }
        if (k === EventKind.Dispatch) { expect(p.disk.length).toBe(ev.b(i)); expect(p.service).toBe(ev.req(i)); checked++; }
      }
      expect(checked).toBeGreaterThan(300);
      expect(p.completed).toBe(150);
      expect(p.host).toEqual([]);
      expect(p.atEnd).toBe(true);
    }
  });

  it('a command the driver holds leaves the host FIFO when the controller starts its overhead', () => {
    const data = queued('hp-c3323a');
    const p = new Playback(data);
    const ev = data.events;
    const held = new Set<number>();
    let left = 0;
    while (p.stepEvent()) {
      const i = p.lastIndex;
      if (ev.kind(i) === EventKind.QueueHost) held.add(ev.req(i));
      if (ev.kind(i) !== EventKind.Overhead || ev.a(i) !== 0 || !held.has(ev.req(i))) continue;
      expect(p.host.some((q) => q.id === ev.req(i))).toBe(false);
      left++;
    }
    expect(left).toBeGreaterThan(100);
  });

  it('immediately reported writes: their destages queue and run as destages, queue lengths still the engine\'s', () => {
    let s = withField(defaultSetup(), 'devices[0].preset', 'hp-97560');
    s = withField(withField(withField(s, 'workload.readFraction', 0), 'workload.pattern', 'sequential'), 'workload.outstanding', 3);
    const data = run(withField(s, 'workload.count', 60));
    const p = new Playback(data);
    const ev = data.events;
    let destages = 0;
    while (p.stepEvent()) {
      const i = p.lastIndex;
      const k = ev.kind(i);
      if (k === EventKind.QueueDisk) {
        expect(p.disk.length).toBe(ev.a(i));
        if (p.disk[p.disk.length - 1].destage) destages++;
      }
      if (k === EventKind.Dispatch) expect(p.disk.length).toBe(ev.b(i));
      if (k === EventKind.Destage) expect(p.serviceDestage).toBe(true);
    }
    expect(destages).toBeGreaterThan(30);
    expect(p.completed).toBe(60);
  });

  it('the platter angle at each event is the engine\'s; between events it turns at the engine\'s revolution time', () => {
    const data = queued('hp-c2200a');
    const p = new Playback(data);
    const rev = data.info.disk.revolutionMs;
    for (let n = 0; n < 400 && p.stepEvent(); n++) {
      const i = p.lastIndex;
      // Several events can share a time; the clock is at the latest one.
      if (data.events.time(i) === p.timeMs) expect(p.platterAngle()).toBeCloseTo(data.events.angle(i), 12);
    }
    while (data.events.time(p.lastIndex + 1) === data.events.time(p.lastIndex)) p.stepEvent();
    const i = p.lastIndex;
    const t = data.events.time(i);
    const next = data.events.time(i + 1);
    const mid = (t + next) / 2;
    p.advanceTo(mid);
    expect(p.lastIndex).toBe(i);
    const want = (data.events.angle(i) + (mid - t) / rev) % 1;
    expect(p.platterAngle()).toBeCloseTo(want, 12);
  });

  it('the head moves as each seek says: from its start cylinder to its target over the seek\'s duration', () => {
    const data = queued('hp-c2200a', (s) => withField(s, 'devices[0].overrides.scheduler', 'fcfs'));
    const p = new Playback(data);
    const ev = data.events;
    let seeks = 0;
    while (p.stepEvent() && seeks < 20) {
      const i = p.lastIndex;
      if (ev.kind(i) !== EventKind.Seek) continue;
      const from = ev.a(i);
      const to = ev.cyl(i);
      const t0 = ev.time(i);
      const dur = ev.dur(i);
      if (from === to || dur <= 0) continue;
      seeks++;
      expect(p.activeMotion()?.index).toBe(i);
      expect(p.headCylNow()).toBe(from);
      // Half-way in time: strictly between, on the way to the target.
      const q = new Playback(data);
      q.advanceTo(t0);
      while (q.lastIndex < i) q.stepEvent();
      q.advanceTo(t0 + dur / 2);
      if (q.motion?.index === i) {
        const c = q.headCylNow();
        expect((c - from) * Math.sign(to - from)).toBeGreaterThan(0);
        expect((to - c) * Math.sign(to - from)).toBeGreaterThan(0);
      }
      q.advanceTo(t0 + dur);
      expect(q.headCylNow()).toBe(to);
    }
    expect(seeks).toBe(20);
  });

  it('stepEvent applies exactly one event; stepRequest stops right after a COMPLETE', () => {
    const data = queued('hp-97560');
    const p = new Playback(data);
    for (let n = 1; n <= 25; n++) {
      expect(p.stepEvent()).toBe(true);
      expect(p.cursor).toBe(n);
    }
    const before = p.completed;
    const applied = p.stepRequest();
    expect(applied).toBeGreaterThan(0);
    expect(p.completed).toBe(before + 1);
    expect(data.events.kind(p.lastIndex)).toBe(EventKind.Complete);
  });

  it('statistics shown are the engine snapshot for the completions played', () => {
    const data = queued('hp-c2200a');
    const p = new Playback(data);
    p.stepRequest();
    p.stepRequest();
    p.stepRequest();
    expect(data.snapshotAt(p.completed)?.stats.completed).toBe(3);
    expect(data.snapshotAt(0)).toBeUndefined();
    expect(data.finalSnapshot?.stats.completed).toBe(150);
  });

  it('the transfer under way names the slots passed; a rotate knows the angle it waits for', () => {
    const data = queued('hp-c2200a');
    const p = new Playback(data);
    const ev = data.events;
    let rotates = 0;
    while (p.stepEvent() && rotates < 10) {
      const i = p.lastIndex;
      if (ev.kind(i) !== EventKind.Rotate) continue;
      const m = p.media!;
      const next = [...Array(40).keys()].map((k) => i + 1 + k).find((j) => ev.kind(j) === EventKind.Transfer && ev.req(j) === ev.req(i));
      if (next === undefined) continue;
      rotates++;
      expect(m.firstAngle).toBe(ev.angle(next));
      expect(ev.a(next)).toBe(m.firstSlot);
      // The platter reaches that angle when the wait ends.
      expect(((ev.angle(i) + ev.dur(i) / data.info.disk.revolutionMs) % 1) - m.firstAngle).toBeCloseTo(0, 6);
    }
    expect(rotates).toBe(10);
  });

  it('a partial read hit whose buffered part crosses the bus before its dispatch: the stream stays in time order, the bus shows it, the timeline row ends at its completion', () => {
    // DEC RZ26, sequential 16-sector reads 5 ms apart: the read-ahead stops at
    // the track's end, so a read that crosses it is a partial hit whose
    // buffered part goes over the bus after the hit overhead, before the miss
    // overhead lets its media access (its dispatch) start.
    // Two such disks striped, two reads outstanding: the other disk's events
    // fall between a partial hit's bus start and its dispatch.
    let s = withField(withField(defaultSetup(), 'devices', 2), 'host.policy', 'stripe');
    s = withField(withField(s, 'devices[0].preset', 'dec-rz26'), 'devices[1].preset', 'dec-rz26');
    s = withField(withField(s, 'host.stripeSectors', 16), 'workload.outstanding', 2);
    s = withField(withField(s, 'workload.pattern', 'sequential'), 'workload.sizeSectors', 16);
    const data = run(withField(withField(s, 'workload.thinkMs', 5), 'workload.count', 150));
    const ev = data.events;
    const p = new Playback(data);
    const dispatched = new Set<number>();
    const early = new Set<number>();
    let last = -Infinity;
    while (p.stepEvent()) {
      const i = p.lastIndex;
      expect(ev.time(i)).toBeGreaterThanOrEqual(last);
      last = ev.time(i);
      const req = ev.req(i);
      const dev = p.device(ev.disk(i));
      if (ev.kind(i) === EventKind.Dispatch) {
        dispatched.add(req);
        expect(dev.service).toBe(req);
      }
      if (ev.kind(i) === EventKind.Bus && !dispatched.has(req)) {
        early.add(req);
        expect(dev.bus?.req).toBe(req);
        expect(dev.service).not.toBe(req);
      }
    }
    // (a full hit has a bus event and no dispatch: the buffer answers it)
    const partial = [...early].filter((req) => dispatched.has(req));
    expect(partial.length).toBeGreaterThan(20);
    expect(p.completed).toBe(150);
    for (const req of partial) {
      const k = data.resultIndex(req);
      expect(data.results.get(k, 'cache')).toBe(1);
      const rows = requestSegments((f) => data.results.get(k, f));
      expect(rows[rows.length - 1].end).toBeCloseTo(data.results.get(k, 'completeMs'), 9);
    }
  });
});
