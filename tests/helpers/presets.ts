/* Reads a disk preset's JSON from presets/disks/ (the file the page bundles). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function presetPath(id: string): string {
  return fileURLToPath(new URL(`../../presets/disks/${id}.json`, import.meta.url));
}

export function loadPresetJson(id: string): unknown {
  return JSON.parse(readFileSync(presetPath(id), 'utf8'));
}
