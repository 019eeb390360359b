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

describe('each part of a stage run paints apart', () => {
  it('#sidebyside: every part of each run is a stacking context; the timeline\'s hover tooltip still paints over the statistics below it', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...NO_SERVICE_WORKER });
    const page = await context.newPage();
    const problems = watchErrors(page);
    // A moment: the stage opens paused there, so the bars stay under the pointer.
    await page.goto(`${baseUrl}#sidebyside?moment=20`);
    await playing(page);
    const parts = await page.evaluate(() => [...document.querySelectorAll('[data-stage-run] > *')].map((el) => getComputedStyle(el).isolation));
    expect(parts.length).toBeGreaterThan(0);
    expect(parts.every((v) => v === 'isolate'), parts.join(' ')).toBe(true);
    const run = page.locator('[data-stage-run="0"]');
    // A bar's middle (the bars of a part are one path: its last box, from the path's data), with the table in view.
    await run.locator('.stage-stats').scrollIntoViewIfNeeded();
    const bar = await run.locator('[data-testid=timeline] path[data-seg]').last().evaluate((p: SVGPathElement) => {
      const [, x, y, w, h] = /M([\d.]+) ([\d.]+)h([\d.]+)v([\d.]+)h[-\d.]+z$/.exec(p.getAttribute('d')!)!.map(Number);
      const pt = new DOMPoint(x + w / 2, y + h / 2).matrixTransform(p.ownerSVGElement!.getScreenCTM()!);
      return { x: pt.x, y: pt.y };
    });
    await page.mouse.move(bar.x, bar.y);
    await run.locator('[data-testid=timeline-tooltip]').waitFor();
    // Where the tooltip and the statistics table overlap (the tooltip moved onto the table), the
    // tooltip is what is painted on top (hit-testing follows the paint order; the tooltip is made
    // hittable for the check).
    const onTop = await page.evaluate(() => {
      const runEl = document.querySelector('[data-stage-run="0"]')!;
      const tip = runEl.querySelector<HTMLElement>('[data-testid=timeline-tooltip]')!;
      const table = runEl.querySelector<HTMLElement>('.stage-stats')!;
      const holder = tip.offsetParent as HTMLElement;
      tip.style.pointerEvents = 'auto';
      tip.style.top = `${table.getBoundingClientRect().top - holder.getBoundingClientRect().top + 4}px`;
      tip.style.left = `${table.getBoundingClientRect().left - holder.getBoundingClientRect().left + 4}px`;
      const t = tip.getBoundingClientRect(), s = table.getBoundingClientRect();
      const x = Math.max(t.left, s.left) + 4, y = Math.max(t.top, s.top) + 4;
      const hit = document.elementFromPoint(x, y);
      return { overlap: x < Math.min(t.right, s.right) && y < Math.min(t.bottom, s.bottom), tip: !!hit && tip.contains(hit), hit: hit?.tagName };
    });
    expect(onTop.overlap).toBe(true);
    expect(onTop.tip, `hit ${onTop.hit}`).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
