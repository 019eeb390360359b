/*
 * Presentation mode's scroll pin (web/stage/scrollPin.ts), in headless
 * Chromium at 1024×768: turning the mode on brings the stage's bar to the
 * window's top and keeps it there while the page grows; a scroll the pin did
 * not make (a scrollbar dragged: window.scrollTo from the page, no wheel,
 * touch or key) lets it go, so a later growth leaves the view where the user
 * put it: the page's title in view, the bar below it.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, NO_SERVICE_WORKER, watchErrors } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

const frames = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** Where the person sees the stage's bar and the page's title (px from the window's top), and the scroll. */
const view = (page: Page) => page.evaluate(() => ({
  bar: document.querySelector('.stage-bar')!.getBoundingClientRect().top,
  title: document.querySelector('h1')!.getBoundingClientRect().top,
  scrollY: window.scrollY,
}));

/** Grows the page as a figure loading does: a tall block above the stage, with the browser's scroll anchoring off so it pushes the stage down. */
const grow = (page: Page) => page.evaluate(() => {
  document.documentElement.style.overflowAnchor = 'none';
  document.body.style.overflowAnchor = 'none';
  const block = document.createElement('div');
  block.style.height = '600px';
  block.dataset.testid = 'grown';
  const stage = document.querySelector('[data-stage-time]')!;
  stage.parentElement!.insertBefore(block, stage);
});

describe('presentation mode: the scroll pin', () => {
  it('holds the bar at the top while the page grows, and lets go on a scrollbar drag', async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, ...NO_SERVICE_WORKER });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${baseUrl}#sidebyside?v=1&disk=quantum-atlas-10k-ii&seed=3&n=60&out=2&tracks=1&qd=2`);
    await page.waitForSelector('[data-stage-run] canvas');
    await page.locator('h1').click();
    await page.keyboard.press('p');
    await page.waitForFunction(() => document.documentElement.dataset.present === '1');
    await frames(page);
    expect(Math.abs((await view(page)).bar)).toBeLessThan(2);

    // The page grows above the stage: the pin brings the bar back to the top.
    await grow(page);
    await frames(page);
    expect(Math.abs((await view(page)).bar)).toBeLessThan(2);

    // A scrollbar drag to the page's top (a scroll from the page, no wheel event), then the page grows again.
    await page.evaluate(() => window.scrollTo(0, 0));
    await frames(page);
    await grow(page);
    await frames(page);
    await page.waitForTimeout(300);
    const after = await view(page);
    expect(after.scrollY).toBe(0);
    expect(after.title).toBeGreaterThanOrEqual(0);
    expect(after.bar).toBeGreaterThan(600);
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);
});
