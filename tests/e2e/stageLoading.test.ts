/*
 * The stage's bar while its runs load, as a person sees it: with the engine
 * held back (its wasm not yet served), the transport's buttons are disabled,
 * the play button does not claim the runs play ("Play", not "Pause") and the
 * clock reads "loading…" rather than an instant nothing has played; once the
 * engine is served the page plays as before ("Pause", a time on the clock).
 * On a 1024 px projector the bar keeps its rows as the runs begin: the
 * scrubber sits where it sat while loading (the clock keeps one width, the
 * play button the width of its wider face), on the side-by-side page and on
 * the NVCache page, whose bar also holds the page's own controls.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser, Route } from 'playwright-core';
import { launch, NO_SERVICE_WORKER } from './browser';
import { COMPARISONS, buttonNames } from './comparisons';

const baseUrl = inject('baseUrl');
const ENGINE = /\/spindle-[^/]+\.wasm$/;
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

const bar = () => {
  const buttons = [...document.querySelectorAll<HTMLButtonElement>('.stage-transport button[data-stage-control]')];
  return {
    clock: document.querySelector('[data-testid=stage-clock]')!.textContent,
    disabled: buttons.filter((b) => b.disabled).map((b) => b.dataset.stageControl),
    scrubDisabled: document.querySelector<HTMLInputElement>('[data-stage-control=scrub]')!.disabled,
    // Where the scrubber sits in the bar (the page above the bar may grow as the runs begin).
    scrubAt: (() => {
      const scrub = document.querySelector('[data-stage-control=scrub]')!.getBoundingClientRect();
      const bar = document.querySelector('.stage-bar')!.getBoundingClientRect();
      return { top: scrub.top - bar.top, left: scrub.left - bar.left };
    })(),
  };
};

/** The side-by-side page, and the NVCache page (its bar's first row is full at 1024 px: the row a wider play button would overflow). */
const PAGES = [COMPARISONS[0], COMPARISONS.find((c) => c.hash.startsWith('#nvcache'))!];

describe('the stage while its runs load', () => {
  for (const comparison of PAGES) it(`${comparison.name}: waits with its transport disabled and its clock saying so, then plays; the scrubber stays in place`, async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, ...NO_SERVICE_WORKER });
    try {
      const held: Route[] = [];
      await context.route(ENGINE, (route) => { held.push(route); });
      const page = await context.newPage();
      await page.goto(`${baseUrl}${comparison.hash}`);
      await page.locator('[data-testid=stage-clock]').waitFor({ timeout: 60_000 });
      await page.waitForFunction(() => document.querySelectorAll('[data-testid^=stage-waiting-]').length >= 2, undefined, { timeout: 60_000 });
      // Polled until the engine was asked for (a generous limit; the runs cannot begin without it).
      for (let i = 0; i < 300 && held.length === 0; i++) await page.waitForTimeout(100);
      expect(held.length, 'the engine was asked for and held').toBeGreaterThan(0);

      const waiting = await page.evaluate(bar);
      expect(waiting.clock).toBe('loading…');
      expect(waiting.disabled).toEqual(['play', 'back', 'step', 'step-request', 'restart']);
      expect(waiting.scrubDisabled).toBe(true);
      expect((await buttonNames(page, '.stage-transport'))[0]).toBe('Play');

      for (const r of held.splice(0)) await r.continue();
      await context.unroute(ENGINE);
      await page.waitForFunction(() => Number(document.querySelector<HTMLElement>('[data-stage-time]')!.dataset.stageTime) > 0, undefined, { timeout: 60_000 });
      const playing = await page.evaluate(bar);
      expect(playing.clock).toMatch(/^t = \d+\.\d{3} ms$/);
      expect(playing.disabled).toEqual([]);
      expect(playing.scrubDisabled).toBe(false);
      expect((await buttonNames(page, '.stage-transport'))[0]).toBe('Pause');
      expect(playing.scrubAt, 'the scrubber\'s place in the bar, after the runs began as while they loaded').toEqual(waiting.scrubAt);
    } finally {
      await context.close();
    }
  });
});
