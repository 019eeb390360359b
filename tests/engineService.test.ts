/*
 * The worker's service in Node: the code behind each bridge method, with the
 * real wasm and the real HP C2200A preset. (The worker file itself only wires
 * messages to this class.)
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { testEngine } from './helpers/engine';
import { loadPresetJson } from './helpers/presets';
import { EngineService } from '../web/worker/engineService';
import { DiskParam, type Engine } from '../engine-wasm/binding';
import { configureDisk, validateDiskPreset } from '../web/state/diskPreset';

let engine: Engine;
beforeAll(async () => {
  engine = await testEngine();
});

describe('EngineService', () => {
  it('loads the HP C2200A preset and summarises it from the engine', () => {
    const svc = new EngineService(engine);
    const d = svc.call('loadPreset', { preset: loadPresetJson('hp-c2200a') });
    expect(d.name).toBe('HP C2200A');
    expect(d.cylinders).toBe(1449);
    expect(d.surfaces).toBe(8);
    expect(d.capacity).toBe(1449 * 8 * 113);
    expect(d.trackCount).toBe(1449 * 8);
    expect(d.rpm).toBe(4002);
    expect(d.revolutionMs).toBeCloseTo(60000 / 4002, 12);
    expect(d.zones).toEqual([{ zone: 0, firstCyl: 0, lastCyl: 1448, slotsPerTrack: 114, lbnsPerTrack: 113 }]);
  });

  it('locates an LBN exactly as the binding does', () => {
    const svc = new EngineService(engine);
    svc.call('loadPreset', { preset: loadPresetJson('hp-c2200a') });
    const q = { lbn: 654321, sectors: 16, fromCyl: 3, fromSurface: 1, startMs: 12.5 };
    const r = svc.call('locate', q);

    const v = validateDiskPreset(loadPresetJson('hp-c2200a'));
    if (!v.ok) throw new Error('preset invalid');
    const sim = engine.createSim(0);
    try {
      const d = configureDisk(sim, v.preset);
      expect(r.phys).toEqual(sim.lbnToPhys(d, q.lbn));
      expect(r.endPhys).toEqual(sim.lbnToPhys(d, q.lbn + q.sectors - 1));
      expect(r.breakdown).toEqual(sim.accessTime(d, q));
      expect(r.angleAtStart).toBe(sim.angleAt(d, q.startMs));
      expect(r.track).toEqual(sim.trackInfo(d, sim.trackOfLbn(d, q.lbn)));
    } finally {
      sim.dispose();
    }
  });

  it('picks the slot under an angle and the LBN stored there', () => {
    const svc = new EngineService(engine);
    svc.call('loadPreset', { preset: loadPresetJson('hp-c2200a') });
    const where = svc.call('locate', { lbn: 4321, sectors: 1, fromCyl: 0, fromSurface: 0, startMs: 0 });
    const mid = where.phys.angle + 0.5 / where.phys.slotsPerTrack;
    const p = svc.call('pick', { cyl: where.phys.cyl, surface: where.phys.surface, angle: mid % 1 });
    expect(p.slot).toBe(where.phys.slot);
    expect(p.lbn).toBe(4321);
    // The spare at the end of every track holds no LBN.
    const t = where.track;
    const spareAngle = (t.slot0Angle + (t.slots - 0.5) / t.slots) % 1;
    expect(svc.call('pick', { cyl: t.cyl, surface: t.surface, angle: spareAngle })).toMatchObject({ slot: 113, lbn: -1 });
  });

  it('reports errors that name the field', () => {
    const svc = new EngineService(engine);
    expect(() => svc.call('locate', { lbn: 0, sectors: 1, fromCyl: 0, fromSurface: 0, startMs: 0 })).toThrow(/no disk loaded/);
    const bad = structuredClone(loadPresetJson('hp-c2200a')) as { geometry: { rpm: number } };
    bad.geometry.rpm = -5;
    expect(() => svc.call('loadPreset', { preset: bad })).toThrow(/geometry\.rpm/);
    svc.call('loadPreset', { preset: loadPresetJson('hp-c2200a') });
    expect(() => svc.call('locate', { lbn: 0, sectors: 1, fromCyl: 5000, fromSurface: 0, startMs: 0 })).toThrow(/from_cyl/);
    expect(() => svc.call('pick', { cyl: 0, surface: 8, angle: 0 })).toThrow(/surface/);
    expect(() => svc.call('nope' as 'locate', {} as never)).toThrow(/unknown engine method: nope/);
    expect(() => svc.call('current' as 'locate', {} as never)).toThrow(/unknown engine method/);
  });

  it('a failed load keeps the disk that was loaded', () => {
    const svc = new EngineService(engine);
    svc.call('loadPreset', { preset: loadPresetJson('hp-c2200a') });
    expect(() => svc.call('loadPreset', { preset: { format: 'nonsense' } })).toThrow(/invalid disk preset/);
    expect(svc.call('locate', { lbn: 1, sectors: 1, fromCyl: 0, fromSurface: 0, startMs: 0 }).phys.cyl).toBe(0);
  });
});

describe('HP C2200A preset through configureDisk', () => {
  const paper = (d: number) => (d < 616 ? 3.45 + 0.597 * Math.sqrt(d) : 10.8 + 0.012 * d);
  it('has the paper\'s seek curve', () => {
    const v = validateDiskPreset(loadPresetJson('hp-c2200a'));
    if (!v.ok) throw new Error('preset invalid');
    const sim = engine.createSim(0);
    try {
      const d = configureDisk(sim, v.preset);
      for (const dist of [1, 5, 50, 300, 615, 616, 900, 1448]) expect(sim.seekTime(d, dist)).toBeCloseTo(paper(dist), 12);
      expect(sim.diskGet(d, DiskParam.Rpm)).toBe(4002);
    } finally {
      sim.dispose();
    }
  });
});
