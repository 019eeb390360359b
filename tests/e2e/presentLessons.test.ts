/*
 * Presentation mode on the lessons and the homework, as a person sees them:
 * a lesson's step at the window's top (its place in the lesson, the
 * question, the disk), the page's title scrolled away, at 1024×768 and
 * 1920×1080; the homework's answers whole at 1024×768 (under the disk: no
 * column cut off to be scrolled to sideways), beside the disk at 1920×1080.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, NO_SERVICE_WORKER, watchErrors } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

async function open(hash: string, width: number, height: number) {
  const context = await browser.newContext({ viewport: { width, height }, ...NO_SERVICE_WORKER });
  const page = await context.newPage();
  const problems = watchErrors(page);
  await page.goto(`${baseUrl}${hash}`);
  return { context, page, problems };
}

describe('presentation mode on the lessons and the homework', () => {
  for (const [width, height] of [[1024, 768], [1920, 1080]]) {
    it(`a lesson's step at the window's top, the page's title scrolled away (${width}×${height})`, async () => {
      const { context, page, problems } = await open('#learn?lesson=scheduling&step=3&present=1', width, height);
      await page.waitForSelector('.learn-step canvas, .learn-step svg');
      // The step pinned while its disk is drawn and the page grows under it.
      await page.waitForFunction(() => Math.abs(document.querySelector('.learn-step')!.getBoundingClientRect().top) < 2, undefined, { timeout: 20_000 });
      const seen = await page.evaluate(() => ({
        crumbs: document.querySelector('.learn-crumbs')!.getBoundingClientRect().top,
        question: document.querySelector('[data-testid=learn-question]')!.getBoundingClientRect().bottom,
        title: document.querySelector('h1')!.getBoundingClientRect().bottom,
      }));
      // Within the pin's 1.5 px (the scroll lands on whole pixels, the layout on fractions).
      expect(seen.crumbs).toBeGreaterThanOrEqual(-1.5);
      expect(seen.crumbs).toBeLessThan(20);
      expect(seen.question).toBeLessThan(height / 4);
      expect(seen.title).toBeLessThanOrEqual(1.5);
      expect(problems).toEqual([]);
      await context.close();
    }, 60_000);
  }

  it('the homework\'s answers whole at 1024×768 (every column in view, no sideways scroll), beside the disk at 1920×1080', async () => {
    const at = async (width: number, height: number) => {
      const { context, page, problems } = await open('#homework?present=1', width, height);
      await page.waitForSelector('[data-testid=hw-table] [data-testid=hw-reveal-0]');
      const r = await page.evaluate(() => {
        const table = document.querySelector<HTMLElement>('[data-testid=hw-table]')!;
        const box = table.getBoundingClientRect();
        const cells = [...table.querySelectorAll('thead th, [data-testid=hw-row-0] > *')].map((c) => c.getBoundingClientRect());
        return {
          sideways: table.scrollWidth - table.clientWidth,
          // The rightmost cell's right edge against what the table shows and the window.
          cellsRight: Math.max(...cells.map((c) => c.right)), shownRight: Math.min(box.right, window.innerWidth),
          tableLeft: box.left, diskRight: document.querySelector('.hw-disk')!.getBoundingClientRect().right,
        };
      });
      expect(problems).toEqual([]);
      await context.close();
      return r;
    };
    const projector = await at(1024, 768);
    expect(projector.sideways).toBeLessThanOrEqual(0);
    expect(projector.cellsRight).toBeLessThanOrEqual(projector.shownRight + 0.5);
    const hall = await at(1920, 1080);
    expect(hall.sideways).toBeLessThanOrEqual(0);
    expect(hall.cellsRight).toBeLessThanOrEqual(hall.shownRight + 0.5);
    expect(hall.tableLeft).toBeGreaterThan(hall.diskRight);
  }, 90_000);
});
