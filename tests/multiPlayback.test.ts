/*
 * A run over several devices, from the worker's run service to the keyed
 * playback, over real engine runs: RunInfo holds every device and the host
 * as the engine reports them; the snapshots hold each device's and the
 * volume's statistics, equal to the engine's; the playback keeps one queue,
 * service, head and platter per device (keyed by sp_event.disk), the host
 * queue of logical requests (HOST_* events) and each logical request's parts
 * (sp_event.logical), all agreeing with what the engine wrote in its events.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { testEngine } from './helpers/engine';
import { runData } from './helpers/runData';
import { loadPresetJson } from './helpers/presets';
import { EventKind, HOST, type Engine } from '../engine-wasm/binding';
import { RunData } from '../web/run/runData';
import { HOST_DISK, Playback } from '../web/run/playback';
import { configureSetup } from '../web/state/applySetup';
import { validateDiskPreset, type DiskPreset } from '../web/state/diskPreset';
import { decodeSetup } from '../web/state/urlCodec';
import type { Setup } from '../web/state/setup';

let engine: Engine;
beforeAll(async () => {
  engine = await testEngine();
});


function setupOf(query: string): Setup {
  const r = decodeSetup(query);
  expect(r.problems).toEqual([]);
  return r.setup;
}

const run = (setup: Setup): RunData => runData(engine, setup);

/** The same setup in one plain sim: its final statistics, per device and for the volume. */
function direct(setup: Setup) {
  const presets = new Map<string, DiskPreset>();
  for (const d of setup.devices) {
    const v = validateDiskPreset(loadPresetJson(d.preset));
    if (!v.ok) throw new Error('preset');
    presets.set(d.preset, v.preset);
  }
  const sim = engine.createSim(setup.seed);
  const built = configureSetup(sim, setup, (id) => presets.get(id));
  sim.outputConfigure(0, 1 << 16);
  while (sim.run(-1) !== 0) { /* results are dropped: only the statistics are compared */ }
  const out = {
    devices: built.devices.map((d) => sim.statsGet(d)),
    all: sim.statsGet(-1),
    volume: sim.statsGet(HOST),
    cylinders: built.devices.map((d) => sim.diskCylinders(d)),
    capacity: sim.volumeCapacity(),
  };
  sim.dispose();
  return out;
}

const STRIPE4 = '?v=2&d0=hp-97560&devs=4&pol=stripe&n=120&out=8&size=64&hqd=3&seed=3';

describe('a run over several devices', () => {
  it('devices with different presets: each one configured from its own preset, geometry and statistics the engine\'s', () => {
    const setup = setupOf('?v=2&d0=hp-97560&devs=2&d1=hp-c2200a&pol=stripe&su=32&n=80&out=4&size=48');
    const data = run(setup);
    const want = direct(setup);
    const info = data.info;
    expect(info.devices.map((d) => d.presetId)).toEqual(['hp-97560', 'hp-c2200a']);
    expect(info.devices.map((d) => d.cylinders)).toEqual(want.cylinders);
    expect(info.devices[0].cylinders).not.toBe(info.devices[1].cylinders);
    expect(info.disk).toBe(info.devices[0]);
    expect(info.host).toMatchObject({ policy: 'stripe', devices: 2, stripeSectors: 32, passThrough: false, capacity: want.capacity });
    const last = data.finalSnapshot!;
    expect(last.devices).toEqual(want.devices);
    expect(last.volume).toEqual(want.volume);
    expect(last.stats).toEqual(want.all);
    expect(last.volume.completed).toBe(80);
    expect(last.devices[0].completed + last.devices[1].completed).toBe(last.stats.completed);
  });

  it('pass-through: one device, the volume\'s statistics equal the device\'s, no host queue', () => {
    const setup = setupOf('?v=2&d0=hp-c2200a&n=60&out=3');
    const data = run(setup);
    expect(data.info.devices).toHaveLength(1);
    expect(data.info.host.passThrough).toBe(true);
    const last = data.finalSnapshot!;
    expect(last.volume).toEqual(last.devices[0]);
    expect(last.devices[0]).toEqual(last.stats);
    const p = new Playback(data);
    let hostEvents = 0;
    while (p.stepEvent()) {
      if (data.events.disk(p.lastIndex) === HOST_DISK) hostEvents++;
      expect(p.hostQueue).toEqual([]);
      expect(p.issued).toEqual([]);
    }
    expect(hostEvents).toBe(0);
    expect(p.host).toBe(p.devices[0].host);
    expect(p.devices[0].completed).toBe(60);
    // A logical request is its device request: its record is the device's.
    expect(data.logicalIndex(7)).toBe(data.resultIndex(7));
  });
});

describe('Playback keyed by device', () => {
  let data: RunData;
  beforeAll(() => {
    data = run(setupOf(STRIPE4));
  });

  it('each device keeps its own queues and service, with the lengths the engine wrote for that device', () => {
    const p = new Playback(data);
    const ev = data.events;
    const checked = [0, 0, 0, 0];
    while (p.stepEvent()) {
      const i = p.lastIndex;
      const k = ev.kind(i);
      const disk = ev.disk(i);
      if (disk === HOST_DISK) continue;
      const d = p.devices[disk];
      if (k === EventKind.QueueHost) { expect(d.host.length).toBe(ev.a(i)); checked[disk]++; }
      if (k === EventKind.QueueDisk) { expect(d.disk.length).toBe(ev.a(i)); checked[disk]++; }
      if (k === EventKind.Dispatch) { expect(d.disk.length).toBe(ev.b(i)); expect(d.service).toBe(ev.req(i)); checked[disk]++; }
    }
    for (const n of checked) expect(n).toBeGreaterThan(40);
    expect(p.devices.map((d) => d.completed).reduce((a, b) => a + b)).toBe(p.completed);
    expect(p.completed).toBe(data.finalSnapshot!.stats.completed);
    for (let d = 0; d < 4; d++) expect(p.devices[d].completed).toBe(data.finalSnapshot!.devices[d].completed);
  });

  it('a seek moves only its own device\'s arm; each platter\'s angle at its events is the engine\'s, turning at its own revolution', () => {
    const p = new Playback(data);
    const ev = data.events;
    let seeks = 0;
    while (p.stepEvent()) {
      const i = p.lastIndex;
      const disk = ev.disk(i);
      if (disk === HOST_DISK) continue;
      if (ev.time(i) === p.timeMs) expect(p.devices[disk].platterAngle()).toBeCloseTo(ev.angle(i), 12);
      if (ev.kind(i) !== EventKind.Seek || ev.a(i) === ev.cyl(i)) continue;
      seeks++;
      expect(p.devices[disk].headCyl).toBe(ev.cyl(i));
      expect(p.devices[disk].activeMotion()?.index ?? i).toBe(i);
      // The other devices' heads are where their own last movements left them.
      for (const other of p.devices) {
        if (other.index === disk) continue;
        const m = other.motion;
        expect(other.headCyl).toBe(m ? m.toCyl : other.spec.headCyl);
      }
    }
    expect(seeks).toBeGreaterThan(100);
    // Between events each device turns on from its own last event.
    const q = new Playback(data);
    q.advanceTo(40);
    for (const d of q.devices) {
      const t = d.lastEvent >= 0 ? ev.time(d.lastEvent) : 0;
      const a0 = d.lastEvent >= 0 ? ev.angle(d.lastEvent) : 0;
      expect(d.platterAngle()).toBeCloseTo((a0 + (40 - t) / d.revolutionMs) % 1, 12);
    }
  });

  it('the host queue holds the logical requests waiting, as long as the engine says; issued ones carry their parts', () => {
    const p = new Playback(data);
    const ev = data.events;
    let queued = 0;
    let issues = 0;
    let completes = 0;
    let maxWaiting = 0;
    while (p.cursor < data.eventCount) {
      const i = p.cursor;
      const k = ev.kind(i);
      if (k === EventKind.HostComplete) {
        // Before it completes: every part arrived at its device, and every one is done.
        const l = p.logical(ev.req(i))!;
        expect(l.parts.length).toBe(l.partCount);
        expect(l.parts.every((x) => x.done)).toBe(true);
        // Its response is its latest part's completion minus its arrival.
        const rec = data.logicalIndex(l.id);
        const latest = Math.max(...l.parts.map((x) => data.results.get(data.resultIndex(x.req), 'completeMs')));
        expect(data.results.get(rec, 'responseMs')).toBeCloseTo(latest - l.arriveMs, 9);
        expect(data.results.get(rec, 'parts')).toBe(l.partCount);
        completes++;
      }
      p.stepEvent();
      if (k === EventKind.HostQueue) { expect(p.hostQueue.length).toBe(ev.a(i)); queued++; }
      if (k === EventKind.HostIssue) {
        expect(p.hostQueue.length).toBe(ev.b(i));
        expect(p.issued.some((l) => l.id === ev.req(i))).toBe(true);
        issues++;
      }
      if (k === EventKind.Arrive && ev.logical(i) !== 0xffffffff) {
        const l = p.logical(ev.logical(i))!;
        expect(l.parts.at(-1)).toEqual({ device: ev.disk(i), req: ev.req(i), sectors: ev.a(i), done: false });
        expect(l.parts.length).toBeLessThanOrEqual(l.partCount);
      }
      maxWaiting = Math.max(maxWaiting, p.hostQueue.length);
      expect(p.issued.length).toBeLessThanOrEqual(3);
    }
    expect([queued, issues, completes]).toEqual([120, 120, 120]);
    expect(maxWaiting).toBeGreaterThan(2);
    expect(p.logicalCompleted).toBe(120);
    expect(p.hostQueue).toEqual([]);
    expect(p.issued).toEqual([]);
    expect(data.logicalCount).toBe(120);
  });

  it('a logical request\'s vlbn and size are the engine\'s record of it', () => {
    const p = new Playback(data);
    const seen = new Set<number>();
    while (p.stepEvent() && seen.size < 30) {
      for (const l of [...p.hostQueue, ...p.issued]) {
        if (seen.has(l.id)) continue;
        seen.add(l.id);
        const rec = data.logicalIndex(l.id);
        expect(data.results.get(rec, 'lbn')).toBe(l.vlbn);
        expect(data.results.get(rec, 'sectors')).toBe(l.sectors);
        expect(data.results.get(rec, 'arrivalMs')).toBe(l.arriveMs);
      }
    }
    expect(seen.size).toBe(30);
  });
});
