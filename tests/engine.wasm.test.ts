/*
 * The engine through wasm, in Node: the same spindle.wasm the browser loads,
 * called through the TypeScript binding. These tests would catch a broken
 * model (mapping, seek curve, rotational position) or a broken binding
 * (struct offsets, int64 conversion, error propagation).
 */
import { describe, it, expect, beforeAll, afterEach } from 'vitest';
import { testEngine } from './helpers/engine';
import {
  Arrivals, DeviceKind, DiskParam, EngineError, EventKind, HOST, HostParam, LBN_SPARE, Policy, Scheduler, SizeDist,
  SpareKind, Status, SubmitFlag, WorkloadParam,
  type Engine, type Sim, type ZoneSpec,
} from '../engine-wasm/binding';

let engine: Engine;
const sims: Sim[] = [];
beforeAll(async () => {
  engine = await testEngine();
});
afterEach(() => {
  while (sims.length) sims.pop()!.dispose();
});

function newSim(seed = 1): Sim {
  const sim = engine.createSim(seed);
  sims.push(sim);
  return sim;
}

/** The HP C2200A of Ruemmler & Wilkes 1994, Table 2 (set directly, not via the preset). */
const C2200A = {
  surfaces: 8, rpm: 4002, sectorBytes: 256, cylinders: 1449, spt: 113,
  trackSkew: 34, cylSkew: 43, a: 3.45, b: 0.597, c: 10.8, e: 0.012, boundary: 616,
};

function c2200a(sim: Sim): number {
  const d = sim.diskAdd();
  sim.diskSet(d, DiskParam.Surfaces, C2200A.surfaces);
  sim.diskSet(d, DiskParam.SectorBytes, C2200A.sectorBytes);
  sim.diskSet(d, DiskParam.Rpm, C2200A.rpm);
  sim.diskSet(d, DiskParam.SeekA, C2200A.a);
  sim.diskSet(d, DiskParam.SeekB, C2200A.b);
  sim.diskSet(d, DiskParam.SeekC, C2200A.c);
  sim.diskSet(d, DiskParam.SeekE, C2200A.e);
  sim.diskSet(d, DiskParam.SeekBoundary, C2200A.boundary);
  sim.diskAddZone(d, {
    firstCyl: 0, lastCyl: C2200A.cylinders - 1, sectorsPerTrack: C2200A.spt + 1,
    trackSkew: C2200A.trackSkew, cylSkew: C2200A.cylSkew,
    spareKind: SpareKind.SectorsPerTrack, spareCount: 1,
  });
  sim.diskCommit(d);
  return d;
}

/** A small two-zone disk with spares: every LBN can be checked. */
const SMALL_ZONES: ZoneSpec[] = [
  { firstCyl: 0, lastCyl: 9, sectorsPerTrack: 20, trackSkew: 3, cylSkew: 5, spareKind: SpareKind.SectorsPerTrack, spareCount: 1 },
  { firstCyl: 10, lastCyl: 24, sectorsPerTrack: 14, trackSkew: 2, cylSkew: 4, spareKind: SpareKind.SectorsPerCylinder, spareCount: 3 },
];

function smallDisk(sim: Sim, surfaces = 3): number {
  const d = sim.diskAdd();
  sim.diskSet(d, DiskParam.Surfaces, surfaces);
  sim.diskSet(d, DiskParam.Rpm, 6000);
  for (const z of SMALL_ZONES) sim.diskAddZone(d, z);
  sim.diskCommit(d);
  return d;
}

describe('binding basics', () => {
  it('reports the API version the binding was written for', () => {
    expect(engine.apiVersion()).toBe(2);
  });

  it('counts disks and reports geometry after commit', () => {
    const sim = newSim();
    const d = smallDisk(sim);
    expect(sim.diskCount()).toBe(1);
    expect(sim.diskCylinders(d)).toBe(25);
    expect(sim.diskTrackCount(d)).toBe(75);
    expect(sim.diskGet(d, DiskParam.Surfaces)).toBe(3);
    // zone 0: 10 cyl x 3 surfaces x 19 data sectors; zone 1: 15 cyl x (3 x 14 - 3)
    expect(sim.diskCapacity(d)).toBe(10 * 3 * 19 + 15 * (3 * 14 - 3));
  });

  it('turns a negative status into an EngineError with sp_error\'s message', () => {
    const sim = newSim();
    const d = sim.diskAdd();
    let err: unknown;
    try {
      sim.diskAddZone(d, { firstCyl: 0, lastCyl: 9, sectorsPerTrack: 0, trackSkew: 0, cylSkew: 0, spareKind: SpareKind.None, spareCount: 0 });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).code).toBe(Status.Invalid);
    expect((err as EngineError).message).toMatch(/sectors_per_track/);
    expect(sim.error()).toBe((err as EngineError).message);
  });

  it('rejects invalid geometry with a message naming the field', () => {
    const sim = newSim();
    const d = sim.diskAdd();
    expect(() => sim.diskSet(d, DiskParam.Rpm, 0)).toThrow(/rpm/i);
    expect(() => sim.diskSet(d, DiskParam.Surfaces, -2)).toThrow(/surfaces/i);
    sim.diskAddZone(d, SMALL_ZONES[0]);
    // a gap: the next zone must start at cylinder 10
    expect(() => sim.diskAddZone(d, { ...SMALL_ZONES[1], firstCyl: 12 })).toThrow(/first_cyl/);
    expect(() => sim.lbnToPhys(d, 0)).toThrow(EngineError); // not committed yet
  });

  it('rejects an LBN outside the disk with a range error', () => {
    const sim = newSim();
    const d = smallDisk(sim);
    const cap = sim.diskCapacity(d);
    expect(() => sim.lbnToPhys(d, cap)).toThrow(/lbn/);
    try {
      sim.lbnToPhys(d, -1);
    } catch (e) {
      expect((e as EngineError).code).toBe(Status.Range);
    }
    expect(() => sim.lbnToPhys(d, 0.5)).toThrow(/integer/);
  });

  it('names the disk when a query that cannot set sp_error fails', () => {
    const sim = newSim();
    const d = sim.diskAdd();
    expect(() => sim.diskCylinders(d)).toThrow('sp_disk_cylinders: disk 0 is not committed yet');
    expect(() => sim.diskCapacity(3)).toThrow('sp_disk_capacity: disk 3 does not exist (1 disks)');
    expect(() => sim.seekTime(3, 10)).toThrow(/sp_seek_time\(3, 10\)/);
  });

  it('refuses calls on a disposed sim', () => {
    const sim = engine.createSim(3);
    sim.dispose();
    sim.dispose(); // idempotent
    expect(() => sim.diskCount()).toThrow(/disposed/);
  });
});

describe('LBN mapping', () => {
  it('round-trips every LBN of a small zoned disk with spares', () => {
    const sim = newSim();
    const d = smallDisk(sim);
    const cap = sim.diskCapacity(d);
    const seen = new Set<string>();
    for (let lbn = 0; lbn < cap; lbn++) {
      const p = sim.lbnToPhys(d, lbn);
      expect(p.slot).toBeGreaterThanOrEqual(0);
      expect(p.slot).toBeLessThan(p.slotsPerTrack);
      expect(p.zone).toBe(p.cyl < 10 ? 0 : 1);
      expect(p.slotsPerTrack).toBe(SMALL_ZONES[p.zone].sectorsPerTrack);
      expect(p.angle).toBeGreaterThanOrEqual(0);
      expect(p.angle).toBeLessThan(1);
      expect(sim.physToLbn(d, p.cyl, p.surface, p.slot)).toBe(lbn);
      const key = `${p.cyl}/${p.surface}/${p.slot}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
    }
    // Every other slot is a spare.
    let spares = 0;
    for (let cyl = 0; cyl < 25; cyl++) {
      for (let s = 0; s < 3; s++) {
        const spt = SMALL_ZONES[cyl < 10 ? 0 : 1].sectorsPerTrack;
        for (let slot = 0; slot < spt; slot++) {
          const lbn = sim.physToLbn(d, cyl, s, slot);
          if (lbn === LBN_SPARE) spares++;
          else expect(seen.has(`${cyl}/${s}/${slot}`)).toBe(true);
        }
      }
    }
    expect(spares).toBe(10 * 3 * 1 + 15 * 3);
  });

  it('track info agrees with the mapping', () => {
    const sim = newSim();
    const d = smallDisk(sim);
    let next = 0;
    for (let t = 0; t < sim.diskTrackCount(d); t++) {
      const tr = sim.trackInfo(d, t);
      expect(tr.cyl * 3 + tr.surface).toBe(t);
      if (tr.lbnCount > 0) {
        expect(tr.firstLbn).toBe(next);
        expect(sim.trackOfLbn(d, tr.firstLbn)).toBe(t);
        const p = sim.lbnToPhys(d, tr.firstLbn);
        expect([p.cyl, p.surface]).toEqual([tr.cyl, tr.surface]);
        next += tr.lbnCount;
      }
    }
    expect(next).toBe(sim.diskCapacity(d));
  });

  it('accepts and returns LBNs past 2^32 (int64 at the boundary)', () => {
    const sim = newSim();
    const d = sim.diskAdd();
    sim.diskSet(d, DiskParam.Surfaces, 2);
    sim.diskAddZone(d, { firstCyl: 0, lastCyl: 109999, sectorsPerTrack: 20000, trackSkew: 0, cylSkew: 0, spareKind: SpareKind.None, spareCount: 0 });
    sim.diskCommit(d);
    const cap = sim.diskCapacity(d);
    expect(cap).toBe(110000 * 2 * 20000);
    expect(cap).toBeGreaterThan(2 ** 32);
    const lbn = cap - 7;
    const p = sim.lbnToPhys(d, lbn);
    expect(p.cyl).toBe(109999);
    expect(sim.physToLbn(d, p.cyl, p.surface, p.slot)).toBe(lbn);
  });
});

describe('HP C2200A seek curve (Ruemmler & Wilkes 1994, Table 2)', () => {
  const paper = (d: number) => (d === 0 ? 0 : d < 616 ? 3.45 + 0.597 * Math.sqrt(d) : 10.8 + 0.012 * d);

  it.each([1, 2, 10, 100, 383, 615, 616, 617, 1000, 1448])('distance %i', (dist) => {
    const sim = newSim();
    const d = c2200a(sim);
    expect(sim.seekTime(d, dist)).toBeCloseTo(paper(dist), 12);
  });

  it('a zero-distance seek costs nothing', () => {
    const sim = newSim();
    expect(sim.seekTime(c2200a(sim), 0)).toBe(0);
  });

  it('takes one revolution per 60000/4002 ms', () => {
    const sim = newSim();
    expect(sim.revolutionMs(c2200a(sim))).toBeCloseTo(60000 / 4002, 12);
  });
});

describe('rotational position from absolute time', () => {
  it('a read starting exactly as its first sector arrives has zero rotational latency', () => {
    const sim = newSim();
    const d = c2200a(sim);
    const rev = sim.revolutionMs(d);
    for (const lbn of [0, 1, 112, 113, 12345, 500000]) {
      const p = sim.lbnToPhys(d, lbn);
      const start = (10 + p.angle) * rev;
      expect(sim.angleAt(d, start)).toBeCloseTo(p.angle, 9);
      const b = sim.accessTime(d, { fromCyl: p.cyl, fromSurface: p.surface, startMs: start, lbn, sectors: 1 });
      expect(b.seekMs).toBe(0);
      expect(b.rotationMs).toBe(0);
      expect(b.transferMs).toBeCloseTo(rev / 114, 12);
      expect(b.totalMs).toBeCloseTo(rev / 114, 12);
      expect([b.targetCyl, b.targetSurface]).toEqual([p.cyl, p.surface]);
    }
  });

  it('after a seek, arriving exactly on the sector still waits nothing', () => {
    const sim = newSim();
    const d = c2200a(sim);
    const rev = sim.revolutionMs(d);
    const lbn = 400000;
    const p = sim.lbnToPhys(d, lbn);
    const from = p.cyl - 100;
    const seek = sim.seekTime(d, 100);
    const start = (10 + p.angle) * rev - seek;
    const b = sim.accessTime(d, { fromCyl: from, fromSurface: p.surface, startMs: start, lbn, sectors: 1 });
    expect(b.seekMs).toBeCloseTo(seek, 12);
    expect(b.rotationMs).toBeCloseTo(0, 6);
  });

  it('a read that just missed its first sector waits almost a full revolution', () => {
    const sim = newSim();
    const d = c2200a(sim);
    const rev = sim.revolutionMs(d);
    for (const lbn of [0, 12345, 500000]) {
      const p = sim.lbnToPhys(d, lbn);
      const start = (10 + p.angle + 1e-6) * rev;
      const b = sim.accessTime(d, { fromCyl: p.cyl, fromSurface: p.surface, startMs: start, lbn, sectors: 1 });
      expect(b.rotationMs).toBeGreaterThan(0.999 * rev);
      expect(b.rotationMs).toBeLessThan(rev);
      expect(b.totalMs).toBeCloseTo(b.seekMs + b.rotationMs + b.transferMs + b.switchMs, 9);
    }
  });

  it('reports the breakdown parts summing to the total for a multi-track read', () => {
    const sim = newSim();
    const d = c2200a(sim);
    const b = sim.accessTime(d, { fromCyl: 0, fromSurface: 0, startMs: 3.21, lbn: 100000, sectors: 500 });
    expect(b.tracks).toBeGreaterThanOrEqual(5);
    expect(b.headSwitches + b.cylSwitches).toBe(b.tracks - 1);
    expect(b.totalMs).toBeCloseTo(b.seekMs + b.rotationMs + b.transferMs + b.switchMs, 9);
  });
});

describe('running: event and result views over wasm memory', () => {
  it('reads the events and results of explicit requests', () => {
    const sim = newSim();
    const d = c2200a(sim);
    sim.outputConfigure(1024, 64);
    const ids = [sim.requestSubmit(d, 0, 1000, 8), sim.requestSubmit(d, 5, 900000, 16, true)];
    expect(ids).toEqual([0, 1]);
    let st: Status;
    const kinds: number[] = [];
    const results: { id: number; lbn: number; sectors: number; isWrite: number; responseMs: number; completeMs: number; arrivalMs: number }[] = [];
    do {
      st = sim.run();
      const ev = sim.events();
      for (let i = 0; i < ev.count; i++) {
        kinds.push(ev.kind(i));
        expect(ev.time(i)).toBe(ev.get(i, 'timeMs'));
        expect(ev.cyl(i)).toBe(ev.get(i, 'cyl'));
        expect(ev.req(i)).toBe(ev.get(i, 'req'));
        expect(ev.angle(i)).toBeCloseTo(sim.angleAt(d, ev.time(i)), 9);
      }
      const rv = sim.results();
      for (let i = 0; i < rv.count; i++) results.push(rv.at(i));
    } while (st === Status.More);
    expect(sim.done()).toBe(true);
    expect(kinds).toContain(EventKind.Arrive);
    expect(kinds).toContain(EventKind.Seek);
    expect(kinds).toContain(EventKind.Complete);
    expect(results.map((r) => [r.id, r.lbn, r.sectors, r.isWrite])).toEqual([[0, 1000, 8, 0], [1, 900000, 16, 1]]);
    for (const r of results) expect(r.responseMs).toBeCloseTo(r.completeMs - r.arrivalMs, 9);
    const stats = sim.statsGet();
    expect(stats.completed).toBe(2);
    expect(stats.reads).toBe(1);
    expect(stats.writes).toBe(1);
    expect(stats.responseMeanMs).toBeCloseTo((results[0].responseMs + results[1].responseMs) / 2, 9);
  });

  it('copies of views survive memory growth', () => {
    const sim = newSim();
    const d = c2200a(sim);
    sim.outputConfigure(256, 16);
    sim.requestSubmit(d, 0, 42, 4);
    sim.run();
    const copy = sim.events().copy();
    const before = Array.from({ length: copy.count }, (_, i) => copy.at(i));
    // Grow the wasm memory: a big allocation in another sim.
    const big = newSim();
    big.outputConfigure(1048576, 1048576);
    expect(Array.from({ length: copy.count }, (_, i) => copy.at(i))).toEqual(before);
    expect(sim.events().count).toBe(copy.count);
    expect(sim.events().at(0)).toEqual(before[0]);
  });
});

describe('demerit (pure)', () => {
  it('is zero for identical samples and grows with a shift', () => {
    const a = Array.from({ length: 100 }, (_, i) => 10 + i * 0.1);
    expect(engine.demerit(a, a).demeritMs).toBeCloseTo(0, 12);
    const shifted = a.map((x) => x + 2);
    expect(engine.demerit(a, shifted).demeritMs).toBeCloseTo(2, 6);
  });
});

describe('the host through wasm: volumes and logical requests', () => {
  function striped(sim: Sim, p: number, unit: number): void {
    for (let i = 0; i < p; i++) {
      const d = smallDisk(sim);
      sim.diskSet(d, DiskParam.Scheduler, Scheduler.Sptf);
      sim.diskSet(d, DiskParam.QueueDepth, 4);
    }
    sim.hostSet(HostParam.Policy, Policy.Stripe);
    sim.hostSet(HostParam.Devices, p);
    sim.hostSet(HostParam.StripeSectors, unit);
  }

  it('maps the volume (RAID-0 by hand) and reports units, kinds and settings', () => {
    const sim = newSim();
    striped(sim, 3, 8);
    expect(sim.hostGet(HostParam.Devices)).toBe(3);
    expect(sim.deviceKind(2)).toBe(DeviceKind.Disk);
    expect(() => sim.deviceKind(3)).toThrow(EngineError);
    expect(sim.volumeCapacity()).toBe(3 * Math.floor(sim.diskCapacity(0) / 8) * 8);
    expect(sim.volumeMap(50)).toEqual({ device: 0, lbn: 18 });   // unit 6: row 2, disk 0, offset 2
    expect(sim.volumeMap(23)).toEqual({ device: 2, lbn: 7 });
    expect(sim.volumeUnit(50)).toEqual({ first: 48, count: 8 });
    expect(() => sim.volumeMap(sim.volumeCapacity())).toThrow(/vlbn/);
  });

  it("a logical request's response is its latest part's completion minus its arrival", () => {
    const sim = newSim(4);
    striped(sim, 4, 16);
    sim.hostSet(HostParam.QueueDepth, 2);
    sim.outputConfigure(4000, 64);
    sim.workloadSet(WorkloadParam.Arrivals, Arrivals.Open);
    sim.workloadSet(WorkloadParam.RatePerS, 200);
    sim.workloadSet(WorkloadParam.Count, 150);
    sim.workloadSet(WorkloadParam.SizeDist, SizeDist.Uniform);
    sim.workloadSet(WorkloadParam.SizeSectors, 1);
    sim.workloadSet(WorkloadParam.SizeMaxSectors, 80);
    const logical = new Map<number, { arrival: number; complete: number; response: number; parts: number }>();
    const latest = new Map<number, number>(), parts = new Map<number, number>();
    let hostEvents = 0;
    let st: Status;
    do {
      st = sim.run();
      const r = sim.results();
      for (let i = 0; i < r.count; i++) {
        if (r.disk(i) === -1) {
          expect(r.logical(i)).toBe(r.get(i, 'id'));
          logical.set(r.get(i, 'id'), { arrival: r.get(i, 'arrivalMs'), complete: r.get(i, 'completeMs'), response: r.get(i, 'responseMs'), parts: r.parts(i) });
        } else {
          const l = r.logical(i);
          expect(r.parts(i)).toBe(1);
          latest.set(l, Math.max(latest.get(l) ?? -1, r.get(i, 'completeMs')));
          parts.set(l, (parts.get(l) ?? 0) + 1);
        }
      }
      const ev = sim.events();
      for (let i = 0; i < ev.count; i++) {
        if (ev.kind(i) >= EventKind.HostArrive && ev.kind(i) <= EventKind.HostComplete) {
          hostEvents++;
          expect(ev.disk(i)).toBe(0xffff);
          expect(ev.logical(i)).toBe(ev.req(i));
        }
      }
    } while (st === Status.More);
    expect(logical.size).toBe(150);
    let multi = 0;
    for (const [id, l] of logical) {
      expect(l.complete).toBe(latest.get(id));
      expect(l.response).toBe(latest.get(id)! - l.arrival);
      expect(l.parts).toBe(parts.get(id));
      if (l.parts > 1) multi++;
    }
    expect(multi).toBeGreaterThan(20);
    expect(hostEvents).toBeGreaterThanOrEqual(150 * 4);
    expect(sim.statsGet(HOST).completed).toBe(150);
  });

  it('submits to the volume and straight to a device, with flags', () => {
    const sim = newSim();
    smallDisk(sim);
    sim.outputConfigure(0, 8);
    expect(sim.submit(0, 100, 4, SubmitFlag.Linked)).toBe(0);
    expect(sim.requestSubmit(0, 0, 200, 4, SubmitFlag.Write)).toBe(1);
    expect(() => sim.requestSubmit(0, 0, 200, 4, 16)).toThrow(EngineError);   // no such flag
    sim.run();
    const r = sim.results();
    expect(r.count).toBe(2);
    expect([r.logical(0), r.logical(1)].sort()).toEqual([0, 1]);   // pass-through: a request is its own logical request
  });
});
