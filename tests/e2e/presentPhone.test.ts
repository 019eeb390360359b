/*
 * Presentation mode on a phone (390×844), in headless Chromium: the stage's
 * bar is compact as on any phone (stagePhone.test.ts: play or pause, back,
 * step and "More" as icons with their names for assistive technology, the
 * clock and scrubber, the rest folded behind "More"), stays
 * at the window's top, and with it the first run's platters and its timeline
 * down to the time axis fit the screen. Every control of the bar is 24×24 px
 * or more, folded ones included; "More" unfolds speed, statistics, link and
 * export; the keys are those of every other size.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, NO_SERVICE_WORKER, watchErrors } from './browser';
import { MIN_TARGET_PX } from './a11yChecks';
import { clocks } from './stageClocks';
import { COMPARISONS, buttonNames, smallBarControls } from './comparisons';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

const PHONE = { width: 390, height: 844 };
/** The comparisons of stage.test.ts but the reorganization's, the shingled drive's and the explorer's (the same bar). */
const PRESENTED = COMPARISONS.filter((c) => /^#(sidebyside|atropos|nvcache)/.test(c.hash));

const frames = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** What the person sees of the bar and the first run: boxes in px from the window's top. */
const shown = (page: Page) => page.evaluate(() => {
  const bar = document.querySelector('.stage-bar')!.getBoundingClientRect();
  const run = document.querySelector('[data-stage-run="0"]')!;
  const axis = run.querySelector('[data-testid=timeline]')!;
  return {
    bar: { top: bar.top, bottom: bar.bottom },
    platters: [...run.querySelectorAll('canvas[data-testid^="stage-platter-"]')].map((c) => c.getBoundingClientRect().bottom),
    axis: Math.max(...[...axis.querySelectorAll('.chart-tick, .chart-label')].map((t) => t.getBoundingClientRect().bottom)),
  };
});

describe.each(PRESENTED)('presentation on a phone: $name', ({ hash }) => {
  it('a compact bar, the first run\'s platters and its time axis on one screen; controls 24 px or more; More unfolds the rest; keys as ever', async () => {
    const context = await browser.newContext({ viewport: PHONE, ...NO_SERVICE_WORKER });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${baseUrl}${hash}&present=1`);
    await page.waitForFunction(() => document.querySelectorAll('[data-stage-run] canvas').length > 0
      && document.querySelector('[data-stage-run="0"] [data-testid=timeline] .chart-tick'), undefined, { timeout: 60_000 });
    await frames(page);

    const s = await shown(page);
    expect(Math.abs(s.bar.top)).toBeLessThan(2);
    expect(s.bar.bottom).toBeLessThan(120);
    expect(s.platters.length).toBeGreaterThan(0);
    for (const b of s.platters) expect(b).toBeLessThanOrEqual(PHONE.height);
    expect(s.axis).toBeLessThanOrEqual(PHONE.height);
    expect(await smallBarControls(page, MIN_TARGET_PX)).toEqual([]);

    // The transport's buttons show icons and keep their names: play or pause, back, step, More; the rest folded.
    expect(await buttonNames(page, '.stage-bar')).toEqual([expect.stringMatching(/^(Play|Pause)$/), 'Back', 'Step event', 'More']);
    for (const name of ['Back', 'Step event', 'More']) {
      // An icon's width: the name is not drawn beside it.
      expect((await page.getByRole('button', { name, exact: true }).boundingBox())!.width, name).toBeLessThan(64);
    }

    // Folded: step request, restart, speed, link, export. "More" unfolds them, each 24 px or more.
    const speed = page.locator('.stage-bar [data-stage-control=speed]');
    expect(await speed.isVisible()).toBe(false);
    const more = page.getByRole('button', { name: 'More' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.click();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    expect(await speed.isVisible()).toBe(true);
    expect(await page.locator('.stage-bar [data-stage-control=moment]').isVisible()).toBe(true);
    for (const name of ['Step request', 'Restart']) expect(await page.getByRole('button', { name, exact: true }).isVisible(), name).toBe(true);
    expect(await smallBarControls(page, MIN_TARGET_PX)).toEqual([]);
    await more.click();
    expect(await speed.isVisible()).toBe(false);

    // The keys: Space pauses or plays, → steps, ] changes the (folded) speed.
    await page.locator('h2').first().click();
    const before = await clocks(page);
    if (before.playing) await page.keyboard.press(' ');
    expect((await clocks(page)).playing).toBe(false);
    const paused = await clocks(page);
    await page.keyboard.press('ArrowRight');
    expect((await clocks(page)).stage).toBeGreaterThan(paused.stage);
    const slow = await speed.inputValue();
    await page.keyboard.press(']');
    expect(await speed.inputValue()).not.toBe(slow);
    await page.screenshot({ path: `test-results/present-phone-${hash.slice(1).split('?')[0]}.png` });
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
