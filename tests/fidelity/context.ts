/*
 * context.ts — what the fidelity checks run on: the real wasm engine (the
 * binary the browser runs) and the validated disk presets.
 */
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadEngine, type Engine, type Sim } from '../../engine-wasm/binding';
import { configureDisk, validateDiskPreset, type DiskPreset } from '../../web/state/diskPreset';

const WASM = fileURLToPath(new URL('../../engine-wasm/build/spindle.wasm', import.meta.url));
const PRESETS = fileURLToPath(new URL('../../presets/disks/', import.meta.url));

let engine: Promise<Engine> | undefined;
export function fidelityEngine(): Promise<Engine> {
  if (!existsSync(WASM)) throw new Error(`${WASM} is missing: run \`make -C engine-wasm wasm\``);
  engine ??= loadEngine(readFileSync(WASM));
  return engine;
}

export function loadPreset(id: string): DiskPreset {
  const r = validateDiskPreset(JSON.parse(readFileSync(`${PRESETS}${id}.json`, 'utf8')));
  if (!r.ok) throw new Error(`preset ${id}: ${JSON.stringify(r.errors)}`);
  return r.preset;
}

export function presetExists(id: string): boolean {
  return existsSync(`${PRESETS}${id}.json`);
}

/** A sim holding the preset's disk (index returned), seeded. */
export function simWith(e: Engine, id: string, seed = 1): { sim: Sim; disk: number } {
  const sim = e.createSim(seed);
  const disk = configureDisk(sim, loadPreset(id));
  return { sim, disk };
}
