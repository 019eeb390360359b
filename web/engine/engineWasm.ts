/*
 * engineWasm.ts — the engine's wasm, compiled while it downloads
 * (WebAssembly.compileStreaming). The page compiles it once (spawn.ts: its
 * fetch takes the preload index.html starts with the page, before any
 * script has run) and hands the module to each engine worker it starts, in
 * a message of its own; a worker handed none (the page could not compile
 * it) fetches and compiles it itself, and reports what fails to each call.
 * Two builds: the core (what index.html preloads, and every page loads
 * unless its manifest says engine: 'full') and the full one, with the
 * experiments (file system, 2-D table, track extraction).
 * No DOM or worker globals: both sides import it.
 */
export type EngineBuild = 'core' | 'full';

// Bundled as assets with their hashes (the same files for the page, the worker and index.html's preload).
const WASM_URLS: Record<EngineBuild, string> = {
  core: new URL('../../engine-wasm/build/spindle-core.wasm', import.meta.url).href,
  full: new URL('../../engine-wasm/build/spindle.wasm', import.meta.url).href,
};

/** The page → worker message that hands over the compiled engine (null: the worker compiles `build` itself). */
export interface EngineModuleMessage {
  engineModule: WebAssembly.Module | null;
  build: EngineBuild;
}

export function isEngineModuleMessage(m: unknown): m is EngineModuleMessage {
  return typeof m === 'object' && m !== null && 'engineModule' in m;
}

/** Fetches one build of the engine's wasm and compiles it as it downloads. */
export async function compileEngine(build: EngineBuild): Promise<WebAssembly.Module> {
  const r = await fetch(WASM_URLS[build]);
  if (!r.ok) throw new Error(`could not load the engine: HTTP ${r.status} for ${r.url}`);
  // A host that serves the wasm without its type (application/wasm) refuses streaming: compile the bytes then.
  return WebAssembly.compileStreaming(r.clone()).catch(async () => WebAssembly.compile(await r.arrayBuffer()));
}
