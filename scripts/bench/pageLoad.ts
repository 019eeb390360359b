/*
 * pageLoad.ts — the JavaScript each page loads when it is the first page
 * opened, in headless Chromium against a production build: every script
 * file fetched from navigation until the page has replaced its loading line
 * (its code and the presets it shows are in) and the network has then been
 * quiet for 500 ms, each file once, its body gzipped as the size table
 * gzips files. The service worker is blocked, as it would
 * otherwise fetch the whole site for offline use, which is not the page's
 * load. The engine worker's files (its script, the chunks it imports, all
 * under assets/worker/) and the wasm are counted apart: the page starts the
 * worker, which fetches the run's code and the wasm, and a page's own
 * engine methods on their first call.
 */
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Response } from 'playwright-core';

export interface PageLoad {
  /** The page's id ('home': the bare address). */
  page: string;
  scripts: number;
  jsRaw: number;
  jsGzip: number;
  /** The engine worker's scripts and the wasm, when the page started the engine. */
  engineGzip: number;
  engineFiles: number;
  /** From navigation to the quiet network, ms. */
  quietMs: number;
}

/** The pages of the app, by their folders (web/pages/<id>/manifest.ts), in folder order. */
export function pageIds(root: string): string[] {
  const dir = join(root, 'web/pages');
  return readdirSync(dir).filter((id) => existsSync(join(dir, id, 'manifest.ts'))).sort();
}

const isEngine = (url: string) => /\/assets\/worker\/[^/]+\.js$|\.wasm$/.test(url);

async function loadOf(browser: Browser, base: string, page: string): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  try {
    const p = await context.newPage();
    const seen = new Map<string, Response>();
    p.on('response', (r) => {
      if (r.request().resourceType() === 'script' || isEngine(r.url())) seen.set(r.url(), r);
    });
    const t0 = Date.now();
    await p.goto(page === 'home' ? base : `${base}#${page}`);
    // The header alone, or the header and the loading line, means the page is not drawn yet.
    await p.waitForFunction(() => !document.querySelector('.pageloading') && (document.getElementById('root')?.children.length ?? 0) > 1,
      undefined, { timeout: 120_000 });
    await p.waitForLoadState('networkidle', { timeout: 120_000 });
    const quietMs = Date.now() - t0 - 500;
    const out: PageLoad = { page, scripts: 0, jsRaw: 0, jsGzip: 0, engineGzip: 0, engineFiles: 0, quietMs };
    for (const r of seen.values()) {
      const body = await r.body().catch(() => null);
      if (!body) continue;
      const gz = gzipSync(body, { level: 9 }).length;
      if (isEngine(r.url())) { out.engineGzip += gz; out.engineFiles++; }
      else { out.scripts++; out.jsRaw += body.length; out.jsGzip += gz; }
    }
    return out;
  } finally {
    await context.close();
  }
}

/** Each page opened first, once (the byte counts do not vary from load to load). */
export async function pageLoads(browser: Browser, base: string, pages: string[], log: (m: string) => void): Promise<PageLoad[]> {
  log(`browser: JavaScript each page loads first (${pages.length + 1} pages)`);
  const out: PageLoad[] = [];
  for (const page of ['home', ...pages]) out.push(await loadOf(browser, base, page));
  return out;
}
