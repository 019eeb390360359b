/*
 * A disk preset whose background download fails (the first touch's head
 * start, cut as by a flaky network) is fetched again when a page asks for
 * it: the route fails that preset's chunk once, then serves it, and the
 * locator, when the reader picks that disk, shows it with no error.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, openPage } from './browser';
import { settled } from './settled';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

describe('a preset download that failed in the background', () => {
  it('is fetched again when a page asks for it, and the page shows the disk', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}#locate`);
    await settled(page);
    let failed = 0;
    let served = 0;
    await page.route(/\/assets\/hp-97560-[^/]+\.js$/, (route) => {
      if (failed === 0) { failed++; return route.abort(); }
      served++;
      return route.continue();
    });
    // The first touch starts every preset's download in the background; this one's fails.
    await page.mouse.click(2, 300);
    await expect.poll(() => failed).toBe(1);
    expect(served, 'nothing asked for it again yet').toBe(0);
    // The reader picks that disk: the page asks for it, it is fetched again, and drawn.
    await page.selectOption('[data-testid=locate-disk]', 'hp-97560');
    await page.waitForFunction(() => window.location.hash.includes('d0=hp-97560'));
    await settled(page);
    expect(served).toBe(1);
    // The engine's answer for that disk, drawn and current.
    await page.waitForSelector('[data-testid=readout][data-stale=false]');
    expect(await page.inputValue('[data-testid=locate-disk]')).toBe('hp-97560');
    expect(await page.locator('.problems, [role=alert]').count()).toBe(0);
    // The aborted download is the test's own cut; nothing else went wrong.
    const cut = (p: string) => /^request failed: .*hp-97560-.*net::ERR_FAILED\)$/.test(p) || /^console error: Failed to load resource: net::ERR_FAILED/.test(p);
    expect(problems.filter((p) => !cut(p))).toEqual([]);
    await page.context().close();
  });
});
