/*
 * The built site offline, as in a lecture hall with no network: dist/ under
 * a subpath of a plain static server, opened once online until its service
 * worker controls the page (by then every built file is in its cache), then
 * the browser goes offline and the page is reloaded. The explorer runs (its
 * platter draws, the engine's statistics appear) and an experiment runs on
 * a measured trace, which is a file of its own beside the bundle.
 *
 * A new build announces itself: when the server's service worker changes,
 * the open page shows the update banner and keeps running on its own files
 * until the reader reloads.
 */
import { cpSync, mkdtempSync, appendFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { NO_SERVICE_WORKER, launch, openPage } from './browser';
import { settled } from './settled';
import { serveFolder, type StaticSite } from './staticServer';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PREFIX = '/course/storage/spindle/';
const EXPLORER = '?v=2&d0=hp-97560&seed=3&n=40';
const EXPERIMENT = { id: 'validate', link: '#validate?disk=hp-c2247a&trace=hp_c2247a' };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Waits until a service worker controls the page: it activates only after its whole precache is stored. */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 60_000 });
}

/** How many pixels of the platter's canvas are drawn (neither transparent nor white). */
function platterInk(page: Page): Promise<number> {
  return page.$eval('[data-testid=live-platter]', (c) => {
    const cv = c as HTMLCanvasElement;
    const px = cv.getContext('2d')!.getImageData(0, 0, cv.width, cv.height).data;
    let n = 0;
    for (let i = 0; i < px.length; i += 4) if (px[i + 3] > 0 && (px[i] < 250 || px[i + 1] < 250 || px[i + 2] < 250)) n++;
    return n;
  });
}

describe('the built site offline', () => {
  let site: StaticSite;
  beforeAll(async () => {
    site = await serveFolder(`${ROOT}dist`, PREFIX);
  });
  afterAll(async () => {
    await site?.close();
  });

  it('once opened, runs the explorer and an experiment with no network', async () => {
    const { page, problems } = await openPage(browser, `${site.url}${EXPLORER}`, 'allow');
    await controlled(page);
    await page.context().setOffline(true);

    await page.reload();
    await page.waitForFunction(() => (window as unknown as { __spindle?: { status(): string } }).__spindle?.status() === 'done', undefined, { timeout: 60_000 });
    await page.waitForSelector('[data-testid=stats] [data-testid^=stat-]');
    await expect.poll(() => platterInk(page)).toBeGreaterThan(0);

    await page.goto(`${site.url}${EXPERIMENT.link}`);
    await settled(page, 90_000);
    expect(await page.locator(`[data-testid=sitenav] a[aria-current=page][data-page="${EXPERIMENT.id}"]`).count()).toBe(1);
    expect(problems).toEqual([]);

    // The offline switch holds: a file the worker does not keep cannot be fetched.
    const probe = await page.context().newPage();
    await probe.goto(`${site.url}icon.svg`);
    const robots = await probe.evaluate((u) => fetch(u).then(() => 'fetched', () => 'failed'), `${site.url}robots.txt`);
    expect(robots).toBe('failed');
    await page.context().close();
  }, 180_000);
});

describe('a new version of the built site', () => {
  let folder: string;
  let site: StaticSite;
  beforeAll(async () => {
    // A copy, so the next version can be published without touching dist/.
    folder = mkdtempSync(join(tmpdir(), 'spindle-site-'));
    cpSync(`${ROOT}dist`, folder, { recursive: true });
    site = await serveFolder(folder, PREFIX);
  });
  afterAll(async () => {
    await site?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('announces itself with a banner and takes over only on reload', async () => {
    const { page, problems } = await openPage(browser, `${site.url}#locate`, 'allow');
    await controlled(page);
    const banner = page.locator('[data-testid=update-banner]');
    expect(await banner.count()).toBe(0);

    // The next build: its service worker differs, byte for byte.
    appendFileSync(join(folder, 'sw.js'), '\n// the next version\n');
    // Asked again until the browser has fetched it: an update asked for while the first worker is still settling can be dropped.
    await expect.poll(() => page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      await r?.update().catch(() => undefined);
      return !!(r?.installing || r?.waiting);
    }), { timeout: 30_000, interval: 1_000 }).toBe(true);
    await banner.getByText('A new version is ready').waitFor();
    // Inside a live region that was there before it, so a screen reader reads it out.
    expect(await page.locator('[role=status] > [data-testid=update-banner]').count()).toBe(1);
    // Until the reader chooses, the new worker waits and the old one keeps serving the page.
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !!r?.waiting))).toBe(true);
    if (process.env.SPINDLE_BANNER_SHOT) await page.screenshot({ path: process.env.SPINDLE_BANNER_SHOT });

    const beforeReload = problems.length;
    // The reload's navigation waits until the new worker has activated (about 1 s of its 2 s here, idle);
    // on a loaded machine that has taken over 30 s: the wait is as long as the first install's.
    await Promise.all([page.waitForEvent('load', { timeout: 60_000 }), banner.getByRole('button', { name: 'reload' }).click()]);
    await controlled(page);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !!r?.waiting))).toBe(false);
    expect(await banner.count()).toBe(0);
    // The reload cuts what the old page was still downloading (the click is the reader's first touch,
    // which starts fetching every disk preset): a request cut by the navigation is the browser's doing.
    const cutByReload = (p: string, i: number) => i >= beforeReload && /^request failed: .* \(net::ERR_ABORTED\)$/.test(p);
    expect(problems.filter((p, i) => !cutByReload(p, i))).toEqual([]);
    await page.context().close();
  }, 180_000);

  it('a reload that cuts the first touch\'s preset downloads raises no page error', async () => {
    // The race above made certain: every chunk fetched after the page is up fails, as when the page reloads under it.
    // Its own page, without openPage's watch: the cut downloads are meant, and would fill the log.
    const page = await (await browser.newContext(NO_SERVICE_WORKER)).newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(`${site.url}#locate`);
    await settled(page);
    await page.evaluate(() => {
      const w = window as unknown as { cut: number; unhandled: string[] };
      w.cut = 0;
      w.unhandled = [];
      window.addEventListener('vite:preloadError', () => { w.cut++; });
      window.addEventListener('unhandledrejection', (e) => { w.unhandled.push(String(e.reason)); });
    });
    await page.route(/\/assets\/[^/]+\.js$/, (route) => route.abort());
    await page.mouse.click(2, 300);
    await page.waitForFunction(() => (window as unknown as { cut: number }).cut > 0);
    // Two turns of the page's event loop: an unhandled rejection is reported in a task after it.
    await page.evaluate(() => new Promise((r) => setTimeout(() => setTimeout(r, 0), 0)));
    expect(await page.evaluate(() => (window as unknown as { unhandled: string[] }).unhandled)).toEqual([]);
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });
});
