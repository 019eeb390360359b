import { describe, it, expect } from 'vitest';
import { decodeSideHash, diffRows, diffSentence, encodeSideHash, sideStatus, variants, withAdapter } from './sidebyside';
import type { Stats } from '../../../engine-wasm/binding';
import type { DiskPreset } from '../../state/diskPreset';
import a10k from '../../../presets/disks/quantum-atlas-10k.json';
import a10k2 from '../../../presets/disks/quantum-atlas-10k-ii.json';

const PRESETS = { 'quantum-atlas-10k': a10k, 'quantum-atlas-10k-ii': a10k2 } as unknown as Record<string, DiskPreset>;
const presetOf = (id: string) => PRESETS[id];
const IDS = Object.keys(PRESETS);

describe('side-by-side setup', () => {
  it('round-trips its hash and derives two runs differing only in alignment', () => {
    const hash = '#sidebyside?v=1&disk=quantum-atlas-10k-ii&seed=3&n=300&out=2&tracks=1';
    const { setup, problems } = decodeSideHash(hash, { presetIds: ['quantum-atlas-10k-ii'] });
    expect(problems).toEqual([]);
    expect(decodeSideHash(encodeSideHash(setup)).setup).toEqual(setup);
    const v = variants(setup);
    expect(v.unaligned.workload.align).toBe('none');
    expect(v.aligned.workload.align).toBe('track');
    expect({ ...v.aligned, workload: { ...v.aligned.workload, align: 'none' } }).toEqual(v.unaligned);
    expect(v.aligned.seed).toBe(3);
  });

  it('opens the experiment that shows the effect when the hash holds no setup: track-sized reads, two outstanding', () => {
    for (const h of ['#sidebyside', '#sidebyside?']) {
      const { setup, problems } = decodeSideHash(h, { presetIds: IDS });
      expect(problems).toEqual([]);
      expect(setup.devices[0].preset).toBe('quantum-atlas-10k-ii');
      expect(setup.workload.sizeTracks).toBe(1);
      expect(setup.workload.outstanding).toBe(2);
    }
  });

  it('holds the host adapter next to the explorer\'s setup: the paper\'s unless the link says otherwise', () => {
    const old = decodeSideHash('#sidebyside?v=1&disk=quantum-atlas-10k&seed=3&n=300&out=2&tracks=1', { presetIds: IDS });
    expect(old.problems).toEqual([]);
    expect(old.adapter).toBe('paper');
    for (const a of ['paper', 'drive', 160] as const) {
      const h = encodeSideHash(old.setup, a);
      expect(h).toMatch(new RegExp(`&adapter=${a}$`));
      expect(decodeSideHash(h, { presetIds: IDS })).toEqual({ setup: old.setup, adapter: a, problems: [] });
    }
    const bad = decodeSideHash('#sidebyside?v=2&d0=quantum-atlas-10k&adapter=fast', { presetIds: IDS });
    expect(bad.adapter).toBe('paper');
    expect(bad.problems.map((p) => [p.field, p.used])).toEqual([['adapter', 'paper']]);
  });

  it('the run input carries the adapter as the device\'s bus; a faster bus and the drive\'s own are left alone', () => {
    const a10k = decodeSideHash('#sidebyside?v=1&disk=quantum-atlas-10k&n=300&out=2&tracks=1', { presetIds: IDS }).setup;
    expect(PRESETS['quantum-atlas-10k'].controller.busMsPerSector).toBeGreaterThan(0.09);   // the drive as measured
    expect(withAdapter(a10k, 'paper', presetOf).devices[0].overrides.busMsPerSector).toBe(512 / 80e3);
    expect(withAdapter(a10k, 40, presetOf).devices[0].overrides.busMsPerSector).toBe(512 / 40e3);
    expect(withAdapter(a10k, 'drive', presetOf)).toBe(a10k);
    const a10k2 = decodeSideHash('#sidebyside?v=1&disk=quantum-atlas-10k-ii&n=300&out=2&tracks=1', { presetIds: IDS }).setup;
    expect(PRESETS['quantum-atlas-10k-ii'].controller.busMsPerSector).toBeLessThan(512 / 80e3);
    expect(withAdapter(a10k2, 'paper', presetOf)).toBe(a10k2);
    // the two runs both carry it
    const v = variants(withAdapter(a10k, 'paper', presetOf));
    expect(v.aligned.devices[0].overrides.busMsPerSector).toBe(512 / 80e3);
    expect(v.unaligned.devices[0].overrides.busMsPerSector).toBe(512 / 80e3);
  });

  it('states the difference from the two runs\' statistics', () => {
    const s = (head: number, eff: number, sd: number) => ({ headMeanMs: head, efficiency: eff, responseSdMs: sd, responseMeanMs: head, headSwitchFraction: 0.5 }) as Stats;
    const rows = diffRows(s(10, 0.4, 2), s(8, 0.5, 1));
    expect(rows[0]).toMatchObject({ key: 'headMeanMs', delta: -2, changePct: -20 });
    expect(rows[1].changePct).toBeCloseTo(25, 12);
    expect(rows[2].changePct).toBe(-50);
    expect(diffSentence(rows)).toContain('cut the head time by 20.0 %');
  });

  it('says where the simulation is and where the playback is, separately', () => {
    expect(sideStatus('done', 300, { timeMs: 0, completed: 0 })).toBe('simulated · played to t = 0.0 ms · 0 of 300 requests completed');
    expect(sideStatus('running', 300)).toBe('simulating…');
    expect(sideStatus('done', 1200, { timeMs: 5234.56, completed: 1200 })).toBe('simulated · played to t = 5234.6 ms · 1\u202f200 of 1\u202f200 requests completed');
  });
});
