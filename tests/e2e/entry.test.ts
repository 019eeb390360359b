/*
 * The site's first chunk starts a page's loads before the component library
 * (Preact, behind React's API) is here: with its chunk held back by the
 * test, opening the explorer still asks for the engine's worker, the page's
 * own code and the disk preset it draws first; once the library is let
 * through, the platter is drawn. With the library in the first chunk (or a
 * page's loads started from its side) nothing would be asked for while it is
 * held, and the check below would fail.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser, Route } from 'playwright-core';
import { launch, NO_SERVICE_WORKER } from './browser';

const baseUrl = inject('baseUrl');
// The chunk vite.config.ts gives the component library.
const LIBRARY = /\/assets\/preact-[^/]+\.js$/;
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

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
});
