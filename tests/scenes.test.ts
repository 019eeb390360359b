/*
 * The live platter's scene, from real engine runs: the sectors it lights
 * are where the engine's layout says they are (the slot-0 angle derived from
 * a TRANSFER event equals sp_track_info's), and a transfer under way lights
 * exactly the slots passed, ending under the head.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { testEngine } from './helpers/engine';
import { loadPresetJson } from './helpers/presets';
import { DiskParam, EventKind, type Engine } from '../engine-wasm/binding';
import { RunService } from '../web/worker/runService';
import { RunData } from '../web/run/runData';
import { Playback } from '../web/run/playback';
import { platterScene, surfacesScene } from '../web/run/scenes';
import { armGeometry, slotsPassed } from '../web/panels/live/arm';
import { platterGeometry, wrap01 } from '../web/panels/platter/geometry';
import { configureDisk, validateDiskPreset } from '../web/state/diskPreset';
import { defaultSetup, withField } from '../web/state/setup';

let engine: Engine;
beforeAll(async () => {
  engine = await testEngine();
});

function run(preset: string, size: number) {
  const setup = withField(withField(withField(defaultSetup(), 'devices[0].preset', preset), 'workload.count', 80), 'workload.sizeSectors', size);
  const svc = new RunService(engine);
  const data = new RunData(svc.runBegin({ setup, preset: loadPresetJson(preset) }));
  for (;;) {
    const c = svc.runNext({});
    data.append(c);
    if (c.done) break;
  }
  const v = validateDiskPreset(loadPresetJson(preset));
  if (!v.ok) throw new Error('preset');
  const sim = engine.createSim(0);
  const disk = configureDisk(sim, v.preset);
  return { data, sim, disk };
}

describe('platterScene', () => {
  for (const preset of ['hp-c2200a', 'quantum-atlas-10k']) {
    it(`${preset}: lit sectors sit where the engine's layout puts them, and end under the head`, () => {
      const { data, sim, disk } = run(preset, 48);
      const surfaces = sim.diskGet(disk, DiskParam.Surfaces);
      const g = platterGeometry(400, data.info.disk.cylinders);
      const arm = armGeometry(g);
      const p = new Playback(data);
      const ev = data.events;
      let checked = 0;
      while (p.stepEvent() && checked < 15) {
        const i = p.lastIndex;
        // (a 1-slot transfer has passed no whole slot at its midpoint: nothing is lit yet)
        if (ev.kind(i) !== EventKind.Transfer || ev.dur(i) <= 0 || ev.b(i) < 2) continue;
        const t0 = ev.time(i);
        const dur = ev.dur(i);
        p.advanceTo(t0 + dur * 0.5);
        if (p.lastIndex !== i) continue; // another event came first; not a clean mid-transfer
        checked++;
        const scene = platterScene(p, g, arm);
        const track = sim.trackInfo(disk, ev.cyl(i) * surfaces + ev.surface(i));
        // The track outline's slot 0 is the engine's.
        expect(scene.track?.slotsPerTrack).toBe(track.slots);
        expect(wrap01(scene.track!.slot0Angle! - track.slot0Angle + 1e-9)).toBeLessThan(1e-6);
        // The transfer lights the slots passed so far, starting where the engine says the first one begins.
        const lit = scene.sectors.filter((s) => s.style === 'transferred' && s.cyl === ev.cyl(i)).at(-1)!;
        expect(lit.count).toBe(slotsPassed(t0, dur, ev.b(i), p.timeMs));
        expect(wrap01(lit.firstAngle - (track.slot0Angle + ev.a(i) / track.slots) + 1e-9)).toBeLessThan(1e-6);
        // ... and the lit run ends at the platter angle under the head (within one slot).
        const end = lit.firstAngle + lit.count / track.slots;
        const gap = wrap01(scene.theta - end + 0.5) - 0.5;
        expect(gap).toBeGreaterThan(-1e-9);
        expect(gap).toBeLessThan(1 / track.slots + 1e-9);
      }
      expect(checked).toBe(15);
      sim.dispose();
    });
  }
});

describe('surfacesScene', () => {
  it('follows the head: the active surface and cylinder are the playback\'s', () => {
    const { data, sim } = run('hp-97560', 8);
    const p = new Playback(data);
    for (let k = 0; k < 200 && p.stepEvent(); k++) {
      const s = surfacesScene(p);
      expect(s.active).toBe(p.headSurface);
      expect(s.headCyl).toBe(p.headCylNow());
      expect(s.surfaces).toBe(19);
    }
    sim.dispose();
  });
});
