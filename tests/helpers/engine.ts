/*
 * Loads engine-wasm/build/spindle.wasm from disk for tests that run the
 * engine through wasm in Node (the same binary the browser runs).
 */
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadEngine, type Engine } from '../../engine-wasm/binding';

export const WASM_PATH = fileURLToPath(new URL('../../engine-wasm/build/spindle.wasm', import.meta.url));

let cached: Promise<Engine> | undefined;

/** One Engine per test file (module instance); sims are cheap, create one per test. */
export function testEngine(): Promise<Engine> {
  if (!existsSync(WASM_PATH)) {
    throw new Error(`${WASM_PATH} is missing: run \`make -C engine-wasm wasm\` (npm test does it for you)`);
  }
  cached ??= loadEngine(readFileSync(WASM_PATH));
  return cached;
}
