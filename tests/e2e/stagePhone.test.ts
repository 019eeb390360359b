/*
 * The stage on a phone (390×844), not presenting, in headless Chromium, on
 * every comparison page: the bar is compact (play or pause, back, step and
 * "More" as icons, named for assistive technology; the rest folded behind
 * More), so the first run's platter starts within the first screen; every
 * control of the bar, folded ones included, is 24×24 px or more. And one
 * vocabulary: the explorer's own header names its playback buttons with the
 * stage bar's words (stage.test.ts reads those on every comparison).
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, NO_SERVICE_WORKER, watchErrors } from './browser';
import { MIN_TARGET_PX } from './a11yChecks';
import { COMPARISONS, buttonNames, pageOf, smallBarControls } from './comparisons';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

const PHONE = { width: 390, height: 844 };

describe.each(COMPARISONS)('the stage on a phone: $name', ({ hash }) => {
  it('a compact bar with controls of 24 px or more, and the first platter on the first screen', async () => {
    const context = await browser.newContext({ viewport: PHONE, ...NO_SERVICE_WORKER });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${baseUrl}${hash}`);
    await page.waitForFunction(() => document.querySelector('[data-stage-run="0"] canvas[data-testid^="stage-platter-"]'), undefined, { timeout: 60_000 });
    expect(await page.evaluate(() => document.documentElement.dataset.present)).toBeUndefined();

    const top = await page.evaluate(() => ({
      scrolled: window.scrollY,
      platter: document.querySelector('[data-stage-run="0"] canvas[data-testid^="stage-platter-"]')!.getBoundingClientRect().top,
    }));
    expect(top.scrolled).toBe(0);
    expect(top.platter).toBeGreaterThan(0);
    expect(top.platter).toBeLessThan(PHONE.height);

    expect(await buttonNames(page, '.stage-bar')).toEqual([expect.stringMatching(/^(Play|Pause)$/), 'Back', 'Step event', 'More']);
    expect(await smallBarControls(page, MIN_TARGET_PX)).toEqual([]);
    await page.screenshot({ path: `test-results/stage-phone-${pageOf(hash)}.png` });

    // More unfolds the rest, each 24 px or more; again, it folds them.
    const more = page.getByRole('button', { name: 'More', exact: true });
    await more.click();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    for (const name of ['Step request', 'Restart', 'Link to this moment']) {
      expect(await page.getByRole('button', { name, exact: true }).isVisible(), name).toBe(true);
    }
    expect(await page.locator('.stage-bar [data-stage-control=speed]').isVisible()).toBe(true);
    expect(await smallBarControls(page, MIN_TARGET_PX)).toEqual([]);
    await more.click();
    expect(await page.getByRole('button', { name: 'Restart', exact: true }).isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('one vocabulary', () => {
  it('the explorer\'s header names its playback buttons with the stage bar\'s words', async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, ...NO_SERVICE_WORKER });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${baseUrl}?v=2&d0=hp-97560&seed=5&n=60`);
    await page.waitForSelector('[data-testid=step-event]', { timeout: 60_000 });
    expect(await buttonNames(page, '.transport')).toEqual([expect.stringMatching(/^(Play|Pause)$/), 'Back', 'Step event', 'Step request', 'Restart']);
    expect(await page.getByRole('button', { name: 'Step event', exact: true }).getAttribute('data-testid')).toBe('step-event');
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});
