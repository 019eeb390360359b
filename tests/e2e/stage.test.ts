/*
 * The stage, on every comparison that plays on it, in headless Chromium at a
 * 1024×768 projector: the page opens playing with the stage above the fold;
 * two runs, each with its platter; both runs' clocks equal the stage's at 10
 * samples while playing; Space pauses, → steps every run to the next event
 * instant, ← goes back, R restarts; Space on a focused button presses that
 * button; P turns presentation mode on and off (data-present on <html> and
 * present=1 in the link), with the bar at the window's top and each run's
 * platters and timeline down to its time axis within the window; a link to a moment reopens at that exact instant,
 * paused. The clocks are read from the hooks (data-stage-time, each
 * [data-stage-run]'s data-run-time), not pixels.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, NO_SERVICE_WORKER, watchErrors } from './browser';
import { clocks, type Clocks } from './stageClocks';
import { COMPARISONS, buttonNames, pageOf } from './comparisons';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

/** Every run shows the stage's instant (a finished run holds its last one, at or before it). */
function expectOneClock(c: Clocks): void {
  for (const r of c.runs) {
    if (r.finished) expect(r.time).toBeLessThanOrEqual(c.stage);
    else expect(r.time).toBe(c.stage);
  }
}

async function open(url: string) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, ...NO_SERVICE_WORKER });
  const page = await context.newPage();
  const problems = watchErrors(page);
  await page.goto(url);
  await page.waitForFunction(() => {
    const runs = [...document.querySelectorAll<HTMLElement>('[data-stage-run]')];
    return runs.length >= 2 && runs.every((el) => el.dataset.runTime !== undefined && el.dataset.runTime !== '');
  }, undefined, { timeout: 60_000 });
  return { page, problems, context };
}

describe.each(COMPARISONS)('the stage: $name', ({ name, hash }) => {
  it(`${name}: opens playing above the fold, one clock for both runs, steps, back, keys, presentation, a moment link`, async () => {
    const { page, problems, context } = await open(`${baseUrl}${hash}`);
    // Open playing, the stage's controls and the platters' tops on the first screen.
    await page.waitForFunction(() => Number(document.querySelector<HTMLElement>('[data-stage-time]')!.dataset.stageTime) > 0, undefined, { timeout: 30_000 });
    const top = await page.evaluate(() => ({
      bar: document.querySelector('.stage-bar')!.getBoundingClientRect().bottom,
      platters: [...document.querySelectorAll('[data-stage-run] canvas[data-testid^="stage-platter-"]')].map((c) => c.getBoundingClientRect().top),
    }));
    expect(top.bar).toBeLessThan(768);
    expect(top.platters.length).toBeGreaterThanOrEqual(2);
    for (const t of top.platters) expect(t).toBeLessThan(768);
    // The transport's words, the explorer's own header's (stagePhone.test.ts compares them).
    expect(await buttonNames(page, '.stage-transport')).toEqual(['Pause', 'Back', 'Step event', 'Step request', 'Restart']);

    // One clock: at 10 samples while playing, every run at the stage's instant.
    for (let i = 0; i < 10; i++) {
      const c = await clocks(page);
      expect(c.runs.length).toBe(2);
      expectOneClock(c);
      await page.waitForTimeout(60);
    }

    // Space pauses (focus on the page, not a control).
    await page.locator('h1').click();
    const before = await clocks(page);
    if (before.playing) await page.keyboard.press(' ');
    const paused = await clocks(page);
    expect(paused.playing).toBe(false);
    await page.waitForTimeout(200);
    expect((await clocks(page)).stage).toBe(paused.stage);

    // → steps both runs to the next event instant; ← returns.
    await page.keyboard.press('ArrowRight');
    const stepped = await clocks(page);
    expect(stepped.stage).toBeGreaterThan(paused.stage);
    expectOneClock(stepped);
    await page.keyboard.press('ArrowRight');
    const twice = await clocks(page);
    expect(twice.stage).toBeGreaterThan(stepped.stage);
    await page.keyboard.press('ArrowLeft');
    const back = await clocks(page);
    expect(back.stage).toBe(stepped.stage);
    expectOneClock(back);

    // Space on a focused button presses it (Step), it does not toggle play.
    await page.locator('[data-stage-control=step]').focus();
    await page.keyboard.press(' ');
    const pressed = await clocks(page);
    expect(pressed.playing).toBe(false);
    expect(pressed.stage).toBe(twice.stage);

    // A link to this moment reopens at exactly this instant, paused.
    await page.locator('[data-stage-control=moment]').click();
    const link = await page.locator('[data-testid=stage-moment-link]').inputValue();
    const at = await clocks(page);
    expect(at.playing).toBe(false);
    expect(Math.abs(at.stage - pressed.stage)).toBeLessThan(1e-6);
    expect(link).toContain(`moment=${at.stage}`);
    const again = await open(link);
    await again.page.waitForFunction((t) => Number(document.querySelector<HTMLElement>('[data-stage-time]')!.dataset.stageTime) === t, at.stage, { timeout: 30_000 });
    const reopened = await clocks(again.page);
    expect(reopened.playing).toBe(false);
    expectOneClock(reopened);
    await again.context.close();

    // R restarts, playing from 0.
    await page.locator('h1').click();
    await page.keyboard.press('r');
    const restarted = await clocks(page);
    expect(restarted.stage).toBeLessThan(at.stage);
    expect(restarted.playing).toBe(true);

    // P: presentation mode on (the attribute and the link: the hash's query, or the explorer's own), then off.
    await page.keyboard.press('p');
    await page.waitForFunction(() => document.documentElement.dataset.present === '1');
    await page.waitForFunction(() => window.location.href.includes('present=1'));
    // The window holds each run's platters and its timeline down to the time axis (its labels: the ticks and "simulated ms →").
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const shown = await page.evaluate(() => ({
      height: window.innerHeight,
      bar: document.querySelector('.stage-bar')!.getBoundingClientRect().top,
      axes: [...document.querySelectorAll('[data-stage-run] [data-testid=timeline]')].map((svg) =>
        Math.max(...[...svg.querySelectorAll('.chart-tick, .chart-label')].map((t) => t.getBoundingClientRect().bottom))),
      platters: [...document.querySelectorAll('[data-stage-run] canvas[data-testid^="stage-platter-"]')].map((c) => {
        const r = c.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom };
      }),
    }));
    expect(Math.abs(shown.bar)).toBeLessThan(2);
    expect(shown.axes.length).toBe(2);
    for (const bottom of shown.axes) expect(bottom).toBeLessThanOrEqual(shown.height);
    for (const p of shown.platters) {
      expect(p.top).toBeGreaterThanOrEqual(0);
      expect(p.bottom).toBeLessThanOrEqual(shown.height);
    }
    await page.screenshot({ path: `test-results/stage-${pageOf(hash)}-present-1024.png` });
    await page.keyboard.press('p');
    await page.waitForFunction(() => document.documentElement.dataset.present === undefined);
    expect(await page.evaluate(() => window.location.href)).not.toContain('present=1');
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});
