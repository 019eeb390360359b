import { describe, expect, it, vi } from 'vitest';
import c2200a from '../presets/disks/hp-c2200a.json';

const fresh = async () => { vi.resetModules(); return import('./presets'); };
const FILES = Object.keys(import.meta.glob('../presets/disks/*.json')).map((p) => p.replace(/^.*\/([^/]+)\.json$/, '$1'));

describe('disk presets, loaded one by one', () => {
  it('lists every preset file by id and its name, sorted by name, before any is loaded', async () => {
    const { PRESETS, PRESET_IDS } = await fresh();
    expect([...PRESET_IDS].sort()).toEqual([...FILES].sort());
    expect(PRESETS.find((p) => p.id === 'hp-97560')?.name).toBe('HP 97560');
    const names = PRESETS.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
  it('a render asking for a preset not yet loaded waits for it (suspends), then reads its JSON', async () => {
    const { presetById } = await fresh();
    let thrown: unknown;
    try { presetById('hp-c2200a'); } catch (e) { thrown = e; }
    expect(thrown).toBeInstanceOf(Promise);
    await thrown;
    const p = presetById('hp-c2200a');
    expect(p?.name).toBe('HP C2200A');
    expect(p?.json).toEqual(c2200a);
  });
  it('an unknown id is no preset, at once (a link naming one gets its usual message)', async () => {
    const { presetById, loadPreset } = await fresh();
    expect(presetById('no-such-disk')).toBeUndefined();
    expect(await loadPreset('no-such-disk')).toBeUndefined();
  });
  it('loads every preset for a figure over all the disks, in the list\'s order', async () => {
    const { loadAllPresets, PRESETS } = await fresh();
    const all = await loadAllPresets();
    expect(all.map((p) => p.id)).toEqual(PRESETS.map((p) => p.id));
    for (const p of all) expect(p.json.id).toBe(p.id);
  });
});
