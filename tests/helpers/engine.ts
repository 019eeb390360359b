/*
 * Loads the engine's wasm from disk for tests that run the engine through
 * wasm in Node (the same binaries the browser runs): the core build
 * (engine-wasm/build/spindle-core.wasm, what most pages load) unless a test
 * asks for the full one (spindle.wasm: the core and the experiments, what
 * a page whose manifest says engine: 'full' loads).
 */
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadEngine, type Engine } from '../../engine-wasm/binding';

export type EngineBuild = 'core' | 'full';

export const WASM_PATHS: Record<EngineBuild, string> = {
  core: fileURLToPath(new URL('../../engine-wasm/build/spindle-core.wasm', import.meta.url)),
  full: fileURLToPath(new URL('../../engine-wasm/build/spindle.wasm', import.meta.url)),
};
/** The full build (tests that read the wasm's bytes themselves). */
export const WASM_PATH = WASM_PATHS.full;

const cached: Partial<Record<EngineBuild, Promise<Engine>>> = {};

/** One Engine per build per test file (module instance); sims are cheap, create one per test. */
export function testEngine(build: EngineBuild = 'core'): Promise<Engine> {
  const path = WASM_PATHS[build];
  if (!existsSync(path)) {
    throw new Error(`${path} is missing: run \`make -C engine-wasm wasm\` (npm test does it for you)`);
  }
  cached[build] ??= loadEngine(readFileSync(path));
  return cached[build];
}
