/*
 * presets.ts — every disk preset in presets/disks/, bundled by Vite at build
 * time (a preset is data: its JSON goes to the worker as is, which validates
 * it). The picker lists them by name; the setup refers to them by id.
 */
import type { DiskPreset } from './state/diskPreset';

export interface PresetEntry {
  id: string;
  name: string;
  /** The preset's JSON, as in the file. */
  json: DiskPreset;
}

const modules = import.meta.glob<DiskPreset>('../presets/disks/*.json', { eager: true, import: 'default' });

/** All presets, sorted by name. */
export const PRESETS: readonly PresetEntry[] = Object.entries(modules)
  .map(([path, json]) => ({ id: path.replace(/^.*\/([^/]+)\.json$/, '$1'), name: String(json?.name ?? path), json }))
  .sort((a, b) => a.name.localeCompare(b.name));

export const PRESET_IDS: readonly string[] = PRESETS.map((p) => p.id);

export function presetById(id: string): PresetEntry | undefined {
  return PRESETS.find((p) => p.id === id);
}
