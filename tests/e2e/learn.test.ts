/*
 * The lessons page in real headless Chromium: a step's link shows the
 * question with the answer nowhere in the page (text or attributes); a
 * prediction typed and checked by keyboard reveals the answer, equal to the
 * same step run in Node on the same wasm (lessonStep), with the verdict and
 * the why; a pick question answered by clicking, its toy disk drawn still
 * and unmarked while the student predicts; the playback's keys (Space,
 * → and ← to the engine's part boundaries, R) and their `?` help; a bad link is named. Takes
 * screenshots at 390, 1024 and 1920 px (test-results/learn-*.png) and checks
 * the page is no wider than the window. Any console error fails.
 */
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, openPage } from './browser';
import { testEngine } from '../helpers/engine';
import { lessonStep } from '../../web/pages/learn/service';
import { formatValue } from '../../web/pages/learn/show';
import { phaseTimes, stepTime } from '../../web/pages/learn/playbackKeys';

const baseUrl = inject('baseUrl');
const lesson = (id: string) => JSON.parse(readFileSync(`presets/lessons/${id}.json`, 'utf8'));
const presets: Record<string, unknown> = {};
for (const f of readdirSync('presets/disks').filter((x) => x.endsWith('.json'))) presets[f.replace(/\.json$/, '')] = JSON.parse(readFileSync(`presets/disks/${f}`, 'utf8'));

let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

type Hook = { status(): string; answer(): unknown };
const ready = (page: Page) => page.waitForFunction(() => (window as unknown as { __spindleLearn?: Hook }).__spindleLearn?.status() === 'ready', null, { timeout: 60_000 });

describe('lessons page', () => {
  it('hides the answer until predicted, then shows the engine\'s', async () => {
    const step = lesson('rotational-latency').steps[1];
    const want = lessonStep(await testEngine(), { step, presets }).answer;
    if (want.kind !== 'number') throw new Error('expected a number step');
    const { page, problems } = await openPage(browser, `${baseUrl}#learn?lesson=rotational-latency&step=2`);
    await ready(page);
    expect(await page.textContent('[data-testid=learn-question]')).toBe(step.question);
    const html = await page.evaluate(() => document.documentElement.outerHTML);
    for (const digits of [1, 2, 3]) {
      const shown = want.value.toFixed(digits);
      expect(html, `the answer ${shown} is in the page before the prediction`).not.toContain(shown);
    }
    expect(await page.locator('[data-testid=learn-answer]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __spindleLearn: Hook }).__spindleLearn.answer())).toBeNull();

    // A unit that is not the step's is named; then a prediction typed and checked with Enter.
    await page.fill('[data-testid=learn-input]', '5 units');
    await page.press('[data-testid=learn-input]', 'Enter');
    expect(await page.textContent('[data-testid=learn-predict-error]')).toContain('the answer is in ms');
    await page.fill('[data-testid=learn-input]', '1');
    await page.press('[data-testid=learn-input]', 'Enter');
    await page.waitForSelector('[data-testid=learn-answer]');
    expect(JSON.parse((await page.getAttribute('[data-testid=learn-answer-value]', 'data-value'))!)).toEqual(want);
    expect(await page.textContent('[data-testid=learn-answer-value]')).toBe(`${formatValue(want.value)} ms`);
    expect(await page.textContent('[data-testid=learn-verdict]')).toBe('Not quite.');
    expect(await page.textContent('[data-testid=learn-why]')).toBe(step.why);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a pick question is answered by clicking, and judged against the engine', async () => {
    const step = lesson('scheduling').steps[2];
    const want = lessonStep(await testEngine(), { step, presets }).answer;
    if (want.kind !== 'pick') throw new Error('expected a pick step');
    const { page, problems } = await openPage(browser, `${baseUrl}#learn?lesson=scheduling&step=3`);
    await ready(page);
    // While the student predicts, the disk is drawn as it stands at t = 0: still, the arm on the outer track, no request marked.
    const still = () => page.innerHTML('[data-testid=learn-disk-start] [data-testid=hw-disk]');
    const before = await still();
    expect(await page.getAttribute('[data-testid=learn-disk-start] [data-testid=hw-disk]', 'data-track')).toBe('0.000');
    expect(await page.locator('[data-testid=hw-target]').count()).toBe(0);
    expect(await page.locator('[data-testid=learn-disk-start] text').count()).toBe(36);
    await page.waitForTimeout(300);
    expect(await still()).toBe(before);
    await page.click(`[data-testid=learn-pick-${want.index}]`);
    await page.waitForSelector('[data-testid=learn-answer]');
    expect(await page.textContent('[data-testid=learn-verdict]')).toBe('Right.');
    expect(JSON.parse((await page.getAttribute('[data-testid=learn-answer-value]', 'data-value'))!)).toEqual(want);
    await page.waitForSelector('[data-testid=hw-disk]');
    expect(await page.locator('[data-testid=learn-disk-start]').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the playback\'s keys: Space pauses and plays, → and ← step to where the engine\'s parts start and end, R replays; its ? lists them', async () => {
    const step = lesson('scheduling').steps[2];
    const got = lessonStep(await testEngine(), { step, presets });
    if (got.answer.kind !== 'pick') throw new Error('expected a pick step');
    const times = phaseTimes(got.run.requests);
    const { page, problems } = await openPage(browser, `${baseUrl}#learn?lesson=scheduling&step=3`);
    await ready(page);
    await page.click(`[data-testid=learn-pick-${got.answer.index}]`);
    await page.waitForSelector('[data-testid=learn-playback]');
    await page.click('[data-testid=learn-question]');           // focus leaves the pick buttons
    const t = async () => Number(await page.getAttribute('[data-testid=learn-playback]', 'data-t'));
    const play = () => page.textContent('[data-testid=learn-play]');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=learn-playback]')?.getAttribute('data-t')) > 0);
    await page.keyboard.press('Space');
    expect(await play()).toBe('Play');
    const t0 = await t();
    await page.waitForTimeout(200);
    expect(await t()).toBe(t0);                                  // paused
    await page.keyboard.press('ArrowRight');
    const t1 = stepTime(times, t0, 1);
    expect(t1).toBeGreaterThan(t0);
    expect(await t()).toBe(t1);
    await page.keyboard.press('ArrowRight');
    expect(await t()).toBe(stepTime(times, t1, 1));
    await page.keyboard.press('ArrowLeft');
    expect(await t()).toBe(t1);
    await page.keyboard.press('ArrowLeft');
    expect(await t()).toBe(stepTime(times, t1, -1));
    await page.keyboard.press('Space');
    expect(await play()).toBe('Pause');
    await page.waitForTimeout(1000);                             // a sixth of the run, playing
    const before = await t();
    await page.keyboard.press('r');
    expect(await t()).toBeLessThan(before);                      // back to the start, playing
    expect(await play()).toBe('Pause');
    await page.click('[data-testid=learn-playback] .explain-q');
    const help = await page.textContent('[data-testid=learn-playback] .explain-more');
    for (const k of ['Space', '\u2192', '\u2190', 'R replays']) expect(help).toContain(k);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a bad link is named, and the lessons are listed', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}#learn?lesson=zones&step=9`);
    await page.waitForSelector('[data-testid=learn-link-error]');
    expect(await page.textContent('[data-testid=learn-link-error]')).toMatch(/step: "9" is not a step of zones/);
    expect(await page.locator('[data-testid^=learn-lesson-]').count()).toBe(7);
    expect(await page.locator('[data-testid=learn-bad-file]').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('fits 390, 1024 and 1920 px windows (screenshots in test-results/)', async () => {
    mkdirSync('test-results', { recursive: true });
    for (const width of [390, 1024, 1920]) {
      const { page, problems } = await openPage(browser, `${baseUrl}#learn?lesson=one-request&step=4`);
      await page.setViewportSize({ width, height: 900 });
      await ready(page);
      await page.fill('[data-testid=learn-input]', '300');
      await page.click('[data-testid=learn-check]');
      await page.waitForSelector('[data-testid=learn-playback]');
      await page.waitForTimeout(3000);
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      await page.screenshot({ path: `test-results/learn-${width}.png`, fullPage: true });
      expect(scroll, `page wider than a ${width} px window`).toBeLessThanOrEqual(width);
      expect(problems).toEqual([]);
      await page.close();
    }
  });
});
