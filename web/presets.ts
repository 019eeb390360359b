/*
 * presets.ts — the disk presets of presets/disks/. Their ids and names are
 * in the entry bundle (the pickers list them, links are checked against
 * them); each preset's JSON is a chunk of its own, fetched the first time a
 * page asks for it, so a page loads the disks it shows and no other. A
 * preset is data: its JSON goes to the worker as is, which validates it.
 *
 * presetById is synchronous for React: while the JSON is on its way, the
 * component that asked suspends (the page's "Loading…" line stays up) and
 * renders again once it is here, so no run starts before its preset is
 * loaded. Outside a render, ask only for a preset a render has already
 * shown, or await loadPreset.
 */
import type { DiskPreset } from './state/diskPreset';
import { suspenseCache } from './lib/suspenseCache';

export interface PresetName {
  id: string;
  name: string;
}

export interface PresetEntry extends PresetName {
  /** The preset's JSON, as in the file. */
  json: DiskPreset;
}

// Only each file's "name" reaches the entry bundle: the build keeps the one field asked for.
const names = import.meta.glob<unknown>('../presets/disks/*.json', { eager: true, import: 'name' });
// The same files as text, one chunk each; read as text so that they are other modules than the
// names above, which would otherwise bring every whole file into the entry.
const texts = import.meta.glob<string>('../presets/disks/*.json', { query: '?raw', import: 'default' });

const idOf = (path: string) => path.replace(/^.*\/([^/]+)\.json$/, '$1');
const pathOf = new Map(Object.keys(texts).map((path) => [idOf(path), path]));

/** Every preset's id and name, sorted by name. */
export const PRESETS: readonly PresetName[] = Object.entries(names)
  .map(([path, name]) => ({ id: idOf(path), name: typeof name === 'string' ? name : idOf(path) }))
  .sort((a, b) => a.name.localeCompare(b.name));

export const PRESET_IDS: readonly string[] = PRESETS.map((p) => p.id);

const cache = suspenseCache<PresetEntry>(async (id) => {
  const json = JSON.parse(await texts[pathOf.get(id)!]()) as DiskPreset;
  return { id, name: typeof json?.name === 'string' ? json.name : id, json };
}, (id) => `the disk preset "${id}"`);

/** The preset with that id, its JSON loaded (undefined when there is no such preset). */
export function loadPreset(id: string): Promise<PresetEntry | undefined> {
  return pathOf.has(id) ? cache.load(id) : Promise.resolve(undefined);
}

/** Every preset, loaded, sorted by name (a figure over all the disks). */
export async function loadAllPresets(): Promise<PresetEntry[]> {
  return Promise.all(PRESETS.map((p) => cache.load(p.id)));
}

/**
 * The preset with that id (undefined when there is none). In a render, a
 * preset still loading suspends the component until it is here.
 */
export function presetById(id: string): PresetEntry | undefined {
  return pathOf.has(id) ? cache.read(id) : undefined;
}

/**
 * Loads every preset once the reader first touches the page (a key, a click,
 * a focus), so that picking another disk in a list finds it here and the
 * page does not blink through its loading line; the first drawing loads
 * only what it shows.
 */
export function loadAllOnFirstTouch(target: EventTarget = window): void {
  const events = ['pointerdown', 'keydown', 'focusin'];
  const once = () => {
    for (const e of events) target.removeEventListener(e, once, true);
    // Only a head start: a preset that fails here is fetched again, and its failure shown, when a page
    // asks for it. A reload cuts these downloads too (the banner's reload button is often the first touch).
    loadAllPresets().catch(() => undefined);
  };
  for (const e of events) target.addEventListener(e, once, true);
}
