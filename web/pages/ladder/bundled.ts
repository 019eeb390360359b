/*
 * bundled.ts — the ladder files of presets/ladders/, bundled by Vite (data:
 * the JSON goes to the worker as is, which reads it again), with their disk
 * presets.
 */
import { presetById, type PresetEntry } from '../../presets';
import { parseLadder, type LadderFile } from './ladderFile';

const modules = import.meta.glob<unknown>('../../../presets/ladders/*.json', { eager: true, import: 'default' });

export interface LadderEntry { id: string; json: unknown; ladder: LadderFile; preset: PresetEntry }

export const LADDERS: readonly LadderEntry[] = Object.values(modules).flatMap((json) => {
  const ladder = parseLadder(json);
  const preset = presetById(ladder.disk);
  return preset ? [{ id: ladder.id, json, ladder, preset }] : [];
});

export function ladderById(id: string): LadderEntry | undefined {
  return LADDERS.find((l) => l.id === id);
}
