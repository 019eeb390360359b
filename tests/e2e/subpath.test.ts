/*
 * The built site from any address: dist/ copied as it is under
 * /some/deep/path/ of a plain static server (no Vite, no rewrites). Every
 * page, and one published link of each page that has some
 * (presets/experiments/*.json), opens there: its code, the engine's worker
 * and the wasm come from beside index.html, the engine answers, the page
 * settles, and no request fails or error is logged. The explorer's copied
 * link keeps the subpath and opens the same setup.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, openPage } from './browser';
import { settled } from './settled';
import { serveFolder, type StaticSite } from './staticServer';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PREFIX = '/some/deep/path/';

// The page list and router, read at run time (the page manifests pull in Vite-only module types).
type Route = { page: { id: string } } | { home: true };
const { PAGES, routeOf } = await import('../../web/pages' as string) as {
  PAGES: ReadonlyArray<{ id: string }>; routeOf(hash: string, search?: string): Route;
};

/** The first published link (by file name) that opens each page. */
function oneLinkPerPage(): Map<string, string> {
  const dir = `${ROOT}presets/experiments/`;
  const links = new Map<string, string>();
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.json')).sort()) {
    const url = String(JSON.parse(readFileSync(dir + f, 'utf8')).url);
    const i = url.indexOf('#');
    const r = routeOf(i >= 0 ? url.slice(i) : '', i >= 0 ? url.slice(0, i) : url);
    if ('page' in r && !links.has(r.page.id)) links.set(r.page.id, url);
  }
  return links;
}

let site: StaticSite;
let browser: Browser;
beforeAll(async () => {
  site = await serveFolder(`${ROOT}dist`, PREFIX);
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** The path of every file the page and its workers loaded. */
async function loaded(page: Page): Promise<string[]> {
  const list = () => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname);
  const inWorkers = await Promise.all(page.workers().map((w) => w.evaluate(list)));
  return [...(await page.evaluate(list)), ...inWorkers.flat()];
}

/** Every file under the subpath, the engine's wasm among them (a page that shows a list first may start its worker after it settles). */
async function expectAllFromSubpath(page: Page): Promise<void> {
  await expect.poll(async () => (await loaded(page)).filter((f) => f.endsWith('.wasm')), { timeout: 30_000 }).not.toEqual([]);
  for (const f of await loaded(page)) expect(f.startsWith(PREFIX), f).toBe(true);
}

describe('the built site under a subpath', () => {
  it('serves nothing outside the subpath (the check below means something)', async () => {
    const res = await fetch(site.url.replace(PREFIX, '/index.html'));
    expect(res.status).toBe(404);
  });

  for (const p of PAGES) {
    it(`opens #${p.id}, its worker and wasm loaded from the subpath`, async () => {
      const { page, problems } = await openPage(browser, `${site.url}#${p.id}`);
      await settled(page);
      expect(await page.locator(`[data-testid=sitenav] a[aria-current=page][data-page="${p.id}"]`).count()).toBe(1);
      await expectAllFromSubpath(page);
      expect(problems).toEqual([]);
      await page.context().close();
    });
  }

  for (const [id, link] of oneLinkPerPage()) {
    it(`opens the published link of #${id} there: ${link.slice(0, 40)}…`, async () => {
      const { page, problems } = await openPage(browser, `${site.url}${link}`);
      await settled(page, 90_000);
      expect(await page.locator(`[data-testid=sitenav] a[aria-current=page][data-page="${id}"]`).count()).toBe(1);
      expect(await page.locator('[data-testid=link-problems]').count()).toBe(0);
      await expectAllFromSubpath(page);
      expect(problems).toEqual([]);
      await page.context().close();
    });
  }

  it('the explorer\'s copied link keeps the subpath and opens the same setup', async () => {
    const { page, problems } = await openPage(browser, `${site.url}?v=2&d0=hp-97560&seed=3&n=40`);
    await page.waitForFunction(() => !!(window as unknown as { __spindle?: { run(): unknown } }).__spindle?.run());
    await page.click('[data-testid=copy-link]');
    const link = await page.inputValue('[data-testid=share-link]');
    expect(new URL(link).pathname).toBe(PREFIX);
    const query = await page.evaluate(() => (window as unknown as { __spindle: { query(): string } }).__spindle.query());
    const other = await openPage(browser, link);
    await other.page.waitForFunction(() => !!(window as unknown as { __spindle?: { run(): unknown } }).__spindle?.run());
    expect(await other.page.evaluate(() => (window as unknown as { __spindle: { query(): string } }).__spindle.query())).toBe(query);
    expect(problems).toEqual([]);
    expect(other.problems).toEqual([]);
    await page.context().close();
    await other.page.context().close();
  });
});
