/*
 * bundled.ts — the ladder files of presets/ladders/, bundled by Vite (data:
 * the JSON goes to the worker as is, which reads it again), each naming a
 * disk preset there is.
 */
import { PRESET_IDS } from '../../presets';
import { parseLadder, type LadderFile } from './ladderFile';

const modules = import.meta.glob<unknown>('../../../presets/ladders/*.json', { eager: true, import: 'default' });

export interface LadderEntry { id: string; json: unknown; ladder: LadderFile }

export const LADDERS: readonly LadderEntry[] = Object.values(modules).flatMap((json) => {
  const ladder = parseLadder(json);
  return PRESET_IDS.includes(ladder.disk) ? [{ id: ladder.id, json, ladder }] : [];
});

export function ladderById(id: string): LadderEntry | undefined {
  return LADDERS.find((l) => l.id === id);
}
