/*
 * Presentation mode on a phone (390×844), in headless Chromium: the stage's
 * bar is compact (the transport as icons with their names for assistive
 * technology, the clock and scrubber, the rest folded behind "More"), stays
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

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

const PHONE = { width: 390, height: 844 };
const COMPARISONS = [
  { name: 'aligned vs unaligned', hash: '#sidebyside?v=1&disk=quantum-atlas-10k-ii&seed=3&n=60&out=2&tracks=1&qd=2' },
  { name: 'Atropos vs naive (a volume of four disks)', hash: '#atropos?disk=maxtor-atlas-10k-iii&p=4&d=4&b=16&cols=4&acc=row&row=1000&col=0&scan=0&show=atropos&pre=linked&naive=serial&n=20&pts=4&seed=1&cmp=naive-column&f7d=3&su=64&fn=10' },
  { name: 'NVCache with vs without', hash: '#nvcache?disk=hp-c2247a&fq=0.1&hi=0.9&lo=0.5&idle=0&pat=random&rate=15&dist=uniform&size=1&smax=64&n=60' },
];

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

/** The bar's visible controls under the target size, named. */
const smallControls = (page: Page, min: number) => page.evaluate((min) =>
  [...document.querySelectorAll('.stage-bar button, .stage-bar select, .stage-bar input')]
    .filter((el) => el.checkVisibility())
    .map((el) => {
      const target = (el instanceof HTMLInputElement && el.type === 'checkbox' && el.closest('label')) || el;
      const r = target.getBoundingClientRect();
      return { name: el.getAttribute('data-stage-control') ?? el.tagName, w: r.width, h: r.height };
    })
    .filter((c) => c.w < min || c.h < min)
    .map((c) => `${c.name} ${c.w.toFixed(1)}×${c.h.toFixed(1)}`), min);

describe.each(COMPARISONS)('presentation on a phone: $name', ({ hash }) => {
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
    expect(await smallControls(page, MIN_TARGET_PX)).toEqual([]);

    // The transport's buttons show icons and keep their names.
    for (const name of ['Back', 'Step', 'Next done', 'Restart']) {
      const button = page.getByRole('button', { name, exact: true });
      expect(await button.isVisible(), name).toBe(true);
      // An icon's width: the name is not drawn beside it.
      expect((await button.boundingBox())!.width, name).toBeLessThan(64);
    }

    // Folded: speed, link, export. "More" unfolds them, each 24 px or more.
    const speed = page.locator('.stage-bar [data-stage-control=speed]');
    expect(await speed.isVisible()).toBe(false);
    const more = page.getByRole('button', { name: 'More' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.click();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    expect(await speed.isVisible()).toBe(true);
    expect(await page.locator('.stage-bar [data-stage-control=moment]').isVisible()).toBe(true);
    expect(await smallControls(page, MIN_TARGET_PX)).toEqual([]);
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
