/*
 * The site's first chunk starts a page's loads before the component library
 * (Preact, behind React's API) is here: with its chunk held back by the
 * test, opening the explorer still asks for the engine's worker, the page's
 * own code and the disk preset it draws first; once the library is let
 * through, the platter is drawn. With the library in the first chunk (or a
 * page's loads started from its side) nothing would be asked for while it is
 * held, and the check below would fail.
 *
 * Then the page shows as soon as its code is here: with the page's timers
 * frozen (Playwright's clock, paused), the page's chunk held back until the
 * loading line is up and then let through, and the page's time moved a frame
 * at a time only while no download is on its way, the page must be drawn in
 * less than 300 ms of the page's time. A page behind a Suspense fallback
 * might not be: React holds back what replaces a fallback shown less than
 * 300 ms before.
 *
 * The engine's wasm is the page's from its first moment: index.html's
 * script preloads it on a page, the entry compiles it and hands the module to the worker, so
 * it is asked for once, by the page; a worker left to fetch it itself would
 * ask for it a second time, later.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser, Page, Request, Route } from 'playwright-core';
import { launch, NO_SERVICE_WORKER } from './browser';

const baseUrl = inject('baseUrl');
// The chunk vite.config.ts gives the component library.
const LIBRARY = /\/assets\/preact-[^/]+\.js$/;
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

/** Opens `address` in a fresh context, waits until `drawn` holds in the page, and hands `check` the page and the engine wasm files asked for. */
async function withWasmAsked(address: string, drawn: () => boolean, check: (page: Page, wasm: string[]) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ ...NO_SERVICE_WORKER, viewport: { width: 1280, height: 800 } });
  try {
    const asked: string[] = [];
    context.on('request', (r) => asked.push(r.url()));
    const page = await context.newPage();
    await page.goto(`${baseUrl}${address}`);
    await page.waitForFunction(drawn, undefined, { timeout: 60_000 });
    await check(page, asked.filter((u) => /\/spindle-[^/]+\.wasm$/.test(u)));
  } finally {
    await context.close();
  }
}

describe('the first chunk', () => {
  it('asks for the worker, the page\'s code and its first preset while the component library is still held back', async () => {
    const context = await browser.newContext({ ...NO_SERVICE_WORKER, viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      const asked: string[] = [];
      page.on('request', (r) => asked.push(r.url().replace(/^.*\/assets\//, '')));
      const held: Route[] = [];
      await page.route(LIBRARY, (route) => { held.push(route); });
      await page.goto(`${baseUrl}#explorer`);
      const wanted = [/^worker\/engine\.worker-/, /^Explorer-[^/]+\.js$/, /^hp-c2200a-[^/]+\.js$/];
      const seen = () => wanted.every((re) => asked.some((u) => re.test(u)));
      // Polled until all three were asked for, or a generous limit (the failure case never gets there).
      for (let i = 0; i < 300 && !seen(); i++) await page.waitForTimeout(100);
      expect(held.length, 'the library\'s chunk was asked for').toBeGreaterThan(0);
      expect(asked.filter((u) => wanted.some((re) => re.test(u)))).toHaveLength(3);
      expect(await page.locator('#root .pageloading, #root [data-testid]').count(), 'nothing of the library\'s is drawn yet').toBe(0);
      for (const r of held.splice(0)) await r.continue();
      await page.unroute(LIBRARY);
      await page.waitForFunction(() => {
        const h = (window as unknown as { __spindle?: { frame(): unknown } }).__spindle;
        return !!h && !!h.frame();
      }, undefined, { timeout: 60_000 });
    } finally {
      await context.close();
    }
  });

  it('shows the page within a few frames of its code landing (no Suspense fallback\'s 300 ms on the way)', async () => {
    const context = await browser.newContext({ ...NO_SERVICE_WORKER, viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.clock.install({ time: new Date('2026-01-01T00:00:00Z') });
      await page.clock.pauseAt(new Date('2026-01-01T00:00:01Z'));
      const held: Route[] = [];
      const chunk = /\/assets\/Explorer-[^/]+\.js$/;
      await page.route(chunk, (route) => { held.push(route); });
      await page.goto(`${baseUrl}#explorer`);
      await page.locator('#root .pageloading').waitFor({ timeout: 30_000 });
      expect(held.length, 'the page\'s chunk was asked for').toBeGreaterThan(0);
      // Downloads on their way (the page's clock is paused: only the page's time is held).
      const inFlight = new Set<Request>();
      context.on('request', (r) => { inFlight.add(r); });
      const landed = (r: Request) => { inFlight.delete(r); };
      context.on('requestfinished', landed);
      context.on('requestfailed', landed);
      for (const r of held.splice(0)) await r.continue();
      await page.unroute(chunk);
      const shown = () => page.locator('#root .explorer').count();
      // The page's time moves a frame at a time, and only while no download is on its way: the
      // component library runs effects after a frame, while a Suspense fallback holds what replaces
      // it for 300 ms of the page's time. Real time is polled, up to a generous limit.
      let pageMs = 0;
      for (let i = 0; i < 400 && (await shown()) === 0 && pageMs < 300; i++) {
        if (inFlight.size > 0) { await new Promise((r) => setTimeout(r, 50)); continue; }
        await page.clock.runFor(16);
        pageMs += 16;
      }
      expect(await shown(), `the explorer is drawn (page time moved ${pageMs} ms once its downloads were in)`).toBe(1);
      expect(pageMs, 'page time it took once its downloads were in').toBeLessThan(300);
      expect(await page.locator('#root .pageloading').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('asks for the engine\'s wasm once, from the page (index.html preloads it), not from the worker', async () => {
    await withWasmAsked('#explorer', () => {
      const h = (window as unknown as { __spindle?: { frame(): unknown } }).__spindle;
      return !!h && !!h.frame();
    }, async (page, wasm) => {
      expect(wasm, 'the wasm was asked for exactly once').toHaveLength(1);
      // index.html's script starts the worker too, so which is asked for first says nothing: who fetched it does.
      const fetched = (where: { evaluate(f: string): Promise<unknown> }) =>
        where.evaluate(`performance.getEntriesByType('resource').map((r) => r.name).filter((u) => /\\/spindle-[^/]+\\.wasm$/.test(u))`);
      expect(await fetched(page), 'the page fetched the wasm').toEqual(wasm);
      const worker = page.workers().find((w) => /engine\.worker-/.test(w.url()));
      expect(worker, 'the engine worker runs').toBeDefined();
      expect(await fetched(worker!), 'the worker fetched no wasm of its own').toEqual([]);
      const html = await (await fetch(baseUrl)).text();
      // index.html's script preloads it on a page (vite.pagePreload.ts).
      expect(wasm[0], 'the explorer runs the core build').toMatch(/\/spindle-core-[^/]+\.wasm$/);
      expect(html).toContain(`"./assets/${wasm[0].split('/').pop()}"`);
    });
  });

  it('a page whose manifest asks for the full engine build fetches that build alone, once', async () => {
    await withWasmAsked('#atropos', () => [...document.querySelectorAll<HTMLElement>('[data-stage-run]')].some((el) => !!el.dataset.runTime),
      async (_page, wasm) => {
        expect(wasm, 'one wasm, the full build').toHaveLength(1);
        expect(wasm[0]).not.toMatch(/\/spindle-core-/);
      });
  });
});
