/*
 * The page's entry point: takes embed mode from the address (stage/embed.ts), mounts Root, which shows the home view
 * or a page from the address (pages.ts), and the banner that offers a new version of the site; the disk presets a
 * page did not ask for load once the reader first touches it (presets.ts). On a page (every page runs the engine) the
 * engine's worker and the page's code are asked for before React renders, so the wasm downloads and compiles while
 * the page's chunks arrive, and so do the disk presets its first drawing shows.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './Root';
import { UpdateBanner } from './shell/UpdateBanner';
import { loadAllOnFirstTouch, loadPreset } from './presets';
import { embedFromAddress } from './stage/embed';
import { routeOf } from './pages';
import { prestartEngine } from './engine/spawn';
import { linkQuery } from './lib/linkQuery';
import './page.css';

// Before any page reads the address: the embed key leaves it.
embedFromAddress();

const first = routeOf(window.location.hash, window.location.search);
if ('page' in first) {
  prestartEngine();
  void first.page.load().catch(() => {});    // Root loads it again (from the module cache) and reports a failure
  // The disks it draws first come beside its code (the page reads them from the same cache).
  for (const id of first.page.firstPresets?.(linkQuery(window.location.search, window.location.hash)) ?? []) {
    void loadPreset(id).catch(() => {});     // the page asks again and reports a failure
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <Root />
    <UpdateBanner />
  </StrictMode>,
);
loadAllOnFirstTouch();
