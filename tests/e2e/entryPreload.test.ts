/*
 * index.html asks for a page's code and the engine's wasm before the entry
 * chunk has run (vite.pagePreload.ts): with the entry chunk held back by the
 * test, opening the explorer still asks for the explorer's chunk, the disk
 * it shows first, the wasm and the engine worker's script, and once the entry is let through the platter is drawn and the page
 * says its first drawing is on screen (data-first-drawing on <html>). A
 * comparison page gets a worker started per run of its stage, and its two
 * runs take those two (no third is started). The home view, which runs no engine, asks for neither the wasm nor any page's
 * code. With the page's chunks asked for by the entry alone (the preload
 * script gone) nothing would be asked for while it is held.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser, Route } from 'playwright-core';
import { launch, NO_SERVICE_WORKER } from './browser';

const baseUrl = inject('baseUrl');
const ENTRY = /\/assets\/index-[^/]+\.js$/;
const WASM = /\/spindle-[^/]+\.wasm$/;
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

/** Opens `address` with the entry chunk held back until `whileHeld` has looked at what was asked for. */
async function withEntryHeld(address: string, whileHeld: (asked: string[], page: import('playwright-core').Page) => Promise<void>, afterwards?: (page: import('playwright-core').Page) => Promise<void>) {
  const context = await browser.newContext({ ...NO_SERVICE_WORKER, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (r) => asked.push(r.url()));
    const held: Route[] = [];
    await page.route(ENTRY, (route) => { held.push(route); });
    await page.goto(`${baseUrl}${address}`, { waitUntil: 'commit' });
    for (let i = 0; i < 100 && held.length === 0; i++) await page.waitForTimeout(50);
    expect(held.length, 'the entry chunk was asked for (and is held)').toBeGreaterThan(0);
    await whileHeld(asked, page);
    for (const r of held.splice(0)) await r.continue();
    await page.unroute(ENTRY);
    await afterwards?.(page);
  } finally {
    await context.close();
  }
}

describe('the page\'s code, asked for by index.html', () => {
  it('the explorer\'s chunk, its first disk, the wasm and the engine\'s worker are asked for while the entry is held back; then the platter is drawn', async () => {
    await withEntryHeld('#explorer', async (asked) => {
      // The page's code, the wasm, and the disk the bare explorer shows first (its manifest's firstPresets).
      // The engine's worker is started there too: its script is asked for.
      const wanted = [/\/assets\/Explorer-[^/]+\.js$/, WASM, /\/assets\/hp-c2200a-[^/]+\.js$/, /\/assets\/worker\/engine\.worker-[^/]+\.js$/];
      // Polled until both were asked for, or a generous limit (the failure case never gets there).
      for (let i = 0; i < 100 && !wanted.every((re) => asked.some((u) => re.test(u))); i++) await new Promise((r) => setTimeout(r, 100));
      for (const re of wanted) expect(asked.filter((u) => re.test(u)), `${re} asked for before the entry ran`).toHaveLength(1);
    }, async (page) => {
      await page.waitForFunction(() => document.documentElement.dataset.firstDrawing !== undefined, undefined, { timeout: 60_000 });
      expect(await page.evaluate(() => document.documentElement.dataset.firstDrawing)).toMatch(/^(platter|stage)$/);
      const drawn = await page.evaluate(() => {
        const h = (window as unknown as { __spindle?: { frame(): unknown } }).__spindle;
        return !!h && !!h.frame();
      });
      expect(drawn, 'the explorer\'s platter frame is there').toBe(true);
      const workers = page.workers().filter((w) => /engine\.worker-/.test(w.url()));
      expect(workers, 'one engine worker: the entry took the one index.html started').toHaveLength(1);
    });
  });

  it('a comparison page: index.html starts a worker per run of its stage, and the stage\'s runs take them', async () => {
    const engineWorkers = (page: import('playwright-core').Page) => page.workers().filter((w) => /engine\.worker-/.test(w.url()));
    await withEntryHeld('#sidebyside', async (_asked, page) => {
      // Polled until two were started, or a generous limit (with one, the count below fails).
      for (let i = 0; i < 50 && engineWorkers(page).length < 2; i++) await page.waitForTimeout(100);
      expect(engineWorkers(page), 'engine workers started by index.html while the entry is held').toHaveLength(2);
    }, async (page) => {
      await page.waitForFunction(() => document.documentElement.dataset.firstDrawing !== undefined, undefined, { timeout: 60_000 });
      expect(await page.locator('[data-stage-run]').count(), 'two runs on the stage').toBe(2);
      expect(engineWorkers(page), 'no worker beyond those: each run took one').toHaveLength(2);
    });
  });

  it('the home view asks for neither the wasm nor any page\'s code', async () => {
    await withEntryHeld('', async () => {}, async (page) => {
      await page.locator('#root [data-testid=home]').waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const asked = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name));
      expect(asked.filter((u) => WASM.test(u)), 'the wasm').toEqual([]);
      expect(asked.filter((u) => /engine\.worker-/.test(u)), 'the engine worker\'s script').toEqual([]);
      expect(asked.filter((u) => /\/assets\/(Explorer|SideBySidePage|AtroposPage)-[^/]+\.js$/.test(u)), 'a page\'s chunk').toEqual([]);
    });
  });
});
