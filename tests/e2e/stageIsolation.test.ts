/*
 * What follows the stage on each comparison page paints apart from it
 * (stage.css: `isolation: isolate` on the stage's later siblings, or on those
 * of the element a page wraps its stage in, .stage-holder): the figures and
 * tables below the stage, read here as the SVG charts and tables a person
 * sees, are all inside such parts, so a platter drawn on every frame does not
 * make the browser repaint them.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, NO_SERVICE_WORKER, watchErrors } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

const playing = (page: Page) => page.waitForFunction(() => {
  const runs = [...document.querySelectorAll<HTMLElement>('[data-stage-run]')];
  return runs.length > 0 && runs.every((el) => el.dataset.runTime);
}, undefined, { timeout: 60_000 });

/** The stage's later siblings (or its holder's) and whether each paints apart; the page's charts and tables after the stage, and how many sit outside those parts. */
const afterStage = (page: Page) => page.evaluate(() => {
  const stage = document.querySelector('.stage')!;
  const from = stage.closest('.stage-holder') ?? stage;
  const later: Element[] = [];
  for (let el = from.nextElementSibling; el; el = el.nextElementSibling) later.push(el);
  const isolated = later.map((el) => getComputedStyle(el).isolation);
  const figures = [...document.querySelectorAll('svg, table')].filter((f) => !stage.contains(f)
    && (from.compareDocumentPosition(f) & Node.DOCUMENT_POSITION_FOLLOWING));
  const loose = figures.filter((f) => !later.some((el) => el.contains(f))).length;
  return { isolated, figures: figures.length, loose };
});

describe('what follows the stage paints apart from it', () => {
  for (const hash of ['#reorg', '#atropos', '#nvcache', '#smr']) {
    it(`${hash}: every part after the stage is a stacking context of its own, the page's figures among them`, async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...NO_SERVICE_WORKER });
      const page = await context.newPage();
      const problems = watchErrors(page);
      await page.goto(`${baseUrl}${hash}`);
      await playing(page);
      // The page's figures come with its run, after the stage has begun.
      await page.waitForFunction(() => document.querySelectorAll('.stage ~ * svg, .stage-holder ~ * svg').length > 0, undefined, { timeout: 60_000 });
      const a = await afterStage(page);
      expect(a.isolated.length).toBeGreaterThan(0);
      expect(a.isolated.every((v) => v === 'isolate'), a.isolated.join(' ')).toBe(true);
      expect(a.figures).toBeGreaterThan(0);
      expect(a.loose).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
