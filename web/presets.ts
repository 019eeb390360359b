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

const loaded = new Map<string, PresetEntry>();
const pending = new Map<string, Promise<PresetEntry | undefined>>();
const failed = new Map<string, Error>();

/** The preset with that id, its JSON loaded (undefined when there is no such preset). */
export function loadPreset(id: string): Promise<PresetEntry | undefined> {
  const done = loaded.get(id);
  if (done) return Promise.resolve(done);
  const path = pathOf.get(id);
  if (!path) return Promise.resolve(undefined);
  let p = pending.get(id);
  if (!p) {
    p = texts[path]().then((text) => {
      const json = JSON.parse(text) as DiskPreset;
      const entry = { id, name: typeof json?.name === 'string' ? json.name : id, json };
      loaded.set(id, entry);
      return entry;
    });
    pending.set(id, p);
    // A failed fetch is said once by presetById, then tried again at the next ask.
    p.catch((e: unknown) => {
      pending.delete(id);
      failed.set(id, new Error(`the disk preset "${id}" could not be loaded (${e instanceof Error ? e.message : String(e)})`));
    });
  }
  return p;
}

/** Every preset, loaded, sorted by name (a figure over all the disks). */
export async function loadAllPresets(): Promise<PresetEntry[]> {
  const all = await Promise.all(PRESETS.map((p) => loadPreset(p.id)));
  return all.filter((p): p is PresetEntry => !!p);
}

/**
 * The preset with that id (undefined when there is none). In a render, a
 * preset still loading suspends the component until it is here.
 */
export function presetById(id: string): PresetEntry | undefined {
  const done = loaded.get(id);
  if (done || !pathOf.has(id)) return done;
  const error = failed.get(id);
  failed.delete(id);
  throw error ?? loadPreset(id);
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
    void loadAllPresets();
  };
  for (const e of events) target.addEventListener(e, once, true);
}
