/*
 * The explorer's first screen, in headless Chromium, not presenting: on a
 * 1024×768 projector and a 1920×1080 screen the page opens with its whole
 * platter and its play controls (play/pause, step, speed) inside the window,
 * with no scrolling, and the platter still large enough to read (300 px or
 * more).
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, NO_SERVICE_WORKER, watchErrors } from './browser';
import { settled } from './settled';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

const SIZES = [{ width: 1024, height: 768 }, { width: 1920, height: 1080 }] as const;
/** What must be seen without scrolling. */
const FIRST_SCREEN = ['[data-testid=live-platter]', '[data-testid=play]', '[data-testid=step-event]', '[data-testid=speed]'];

describe.each(SIZES)('the explorer at $width×$height', (size) => {
  it('opens with its platter and play controls on the first screen', async () => {
    const context = await browser.newContext({ viewport: size, ...NO_SERVICE_WORKER });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${baseUrl}?v=2`);
    await settled(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    for (const sel of FIRST_SCREEN) {
      const box = await page.locator(sel).boundingBox();
      expect(box, sel).not.toBeNull();
      expect(box!.y, sel).toBeGreaterThanOrEqual(0);
      expect(box!.x, sel).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height, `${sel} bottom`).toBeLessThanOrEqual(size.height);
      expect(box!.x + box!.width, `${sel} right`).toBeLessThanOrEqual(size.width);
    }
    const platter = (await page.locator('[data-testid=live-platter]').boundingBox())!;
    expect(Math.min(platter.width, platter.height)).toBeGreaterThanOrEqual(300);
    await page.screenshot({ path: `test-results/explorer-first-screen-${size.width}.png` });
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);
});
