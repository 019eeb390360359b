/*
 * boot.ts — the first thing the site does (main.tsx imports it before asking
 * for the components and Preact, which runs them): takes embed mode from the
 * address (stage/embed.ts) and, on a page (every page runs the engine),
 * starts the engine's worker and asks for the page's code and the disk
 * presets its first drawing shows (the page's manifest names them), so that
 * the wasm, the page's chunks and the presets download while Preact is still
 * coming.
 */
import { routeOf } from './pages';
import { prestartEngine } from './engine/spawn';
import { loadPreset } from './presets';
import { embedFromAddress } from './stage/embed';
import { linkQuery } from './lib/linkQuery';

// Before any page reads the address: the embed key leaves it.
embedFromAddress();

const first = routeOf(window.location.hash, window.location.search);
if ('page' in first) {
  prestartEngine();
  void first.page.load().catch(() => {});    // Root loads it again (from the module cache) and reports a failure
  for (const id of first.page.firstPresets?.(linkQuery(window.location.search, window.location.hash)) ?? []) {
    void loadPreset(id).catch(() => {});     // the page asks again (from the same cache) and reports a failure
  }
}
