/*
 * The stage's platters as a person sees them, read as drawn pixels (a digest
 * of each platter canvas's pixels), on the side-by-side page: while paused
 * they stand still; a step redraws both; a run that has finished holds its
 * last picture while the other keeps turning; a restart redraws the finished
 * run too (the stage leaves a platter whose run has not moved as it is, and
 * must draw it again once the run moves).
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, NO_SERVICE_WORKER, watchErrors } from './browser';
import { clocks } from './stageClocks';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

/** Two runs of 60 requests: the second side's ends at 690.7 ms, the first side's at 921.5 ms. */
const LINK = '#sidebyside?v=1&disk=quantum-atlas-10k-ii&seed=3&n=60&out=2&tracks=1&qd=2';

/** Each platter's digest after each of `n` frames (read once the frame's callbacks, the stage's drawing among them, have run). */
const framePixels = (page: Page, n: number): Promise<string[][]> => page.evaluate(async (k) => {
  const out: string[][] = [];
  for (let i = 0; i < k; i++) {
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    out.push([...document.querySelectorAll<HTMLCanvasElement>('[data-stage-run] canvas[data-testid^="stage-platter-"]')].map((c) => {
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let h = 2166136261;
      for (let j = 0; j < d.length; j += 1) h = Math.imul(h ^ d[j], 16777619);
      return (h >>> 0).toString(16);
    }));
  }
  return out;
}, n);

/** A digest of each stage platter's pixels, in run order, after the next frame. */
const platterPixels = async (page: Page): Promise<string[]> => (await framePixels(page, 1))[0];

const frames = (page: Page, n = 3) => page.evaluate((k) => new Promise<void>((done) => {
  const f = (i: number) => (i ? requestAnimationFrame(() => f(i - 1)) : done());
  f(k);
}), n);

describe('the stage\'s platters, drawn', () => {
  it('stand still when paused, redraw on a step, hold a finished run\'s picture while the other turns, redraw it on a restart', async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, ...NO_SERVICE_WORKER });
    let page = await context.newPage();
    let problems = watchErrors(page);
    await page.goto(`${baseUrl}${LINK}`);
    await page.waitForFunction(() => Number(document.querySelector<HTMLElement>('[data-stage-time]')?.dataset.stageTime) > 0, undefined, { timeout: 60_000 });
    await page.locator('h1').click();

    // Paused: two moments apart, the same pictures.
    await page.keyboard.press(' ');
    await frames(page);
    const paused = await platterPixels(page);
    expect(paused).toHaveLength(2);
    await frames(page);
    expect(await platterPixels(page)).toEqual(paused);

    // A step moves both runs: both pictures change.
    await page.keyboard.press('ArrowRight');
    await frames(page);
    const stepped = await platterPixels(page);
    expect(stepped[0]).not.toBe(paused[0]);
    expect(stepped[1]).not.toBe(paused[1]);
    expect(problems).toEqual([]);

    // A moment after the unaligned run's end (690.7 ms) and before the aligned one's (921.5 ms), then
    // playing: the finished run holds its last picture while the other turns.
    // (A new page: the same address with another hash would not load the page again.)
    await page.close();
    page = await context.newPage();
    problems = watchErrors(page);
    await page.goto(`${baseUrl}${LINK}&moment=800`);
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-stage-time]')?.dataset.stageTime === '800', undefined, { timeout: 60_000 });
    await page.locator('h1').click();
    await frames(page);
    const at800 = await platterPixels(page);
    await page.keyboard.press(' ');
    await page.waitForFunction(() => Number(document.querySelector<HTMLElement>('[data-stage-time]')!.dataset.stageTime) > 800, undefined, { timeout: 10_000 });
    // Frame by frame: the playing run's picture changes at every frame, the finished run's at none.
    const seen = await framePixels(page, 6);
    await page.keyboard.press(' ');
    const c = await clocks(page);
    expect(c.runs.map((r) => r.finished)).toEqual([false, true]);
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i][0], `the playing run turns, frame ${i}`).not.toBe(seen[i - 1][0]);
      expect(seen[i][1], `the finished run holds its last picture, frame ${i}`).toBe(at800[1]);
    }
    const played = await platterPixels(page);

    // Restarted: every run back at the start, the finished run's picture drawn again.
    await page.keyboard.press('r');
    await page.keyboard.press(' ');
    await frames(page);
    const restarted = await platterPixels(page);
    expect((await clocks(page)).runs[1].finished).toBe(false);
    expect(restarted[1], 'the finished run, restarted, is redrawn').not.toBe(played[1]);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
