/*
 * The lessons page in real headless Chromium: a step's link shows the
 * question with the answer nowhere in the page (text or attributes); a
 * prediction typed and checked by keyboard reveals the answer, equal to the
 * same step run in Node on the same wasm (lessonStep), with the verdict and
 * the why; a pick question answered by clicking, its toy disk drawn still
 * and unmarked while the student predicts; the playback on the stage's
 * clock and keys (Space, → and ← to the engine's part instants, R, M, P)
 * and their `?` help; a bad link is named. Takes
 * screenshots at 390, 1024 and 1920 px (test-results/learn-*.png) and checks
 * the page is no wider than the window, and that the played-back timeline's
 * text is 11 px or more and within its drawing at each. Any console error fails.
 */
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, openPage } from './browser';
import { testEngine } from '../helpers/engine';
import { lessonStep } from '../../web/pages/learn/service';
import { formatValue } from '../../web/pages/learn/show';
import { stepRunData } from '../../web/pages/learn/stepEvents';
import { expectStageKeys, readClock } from './stageSteps';
import { smallChartText } from './a11yChecks';

const baseUrl = inject('baseUrl');
const lesson = (id: string) => JSON.parse(readFileSync(`presets/lessons/${id}.json`, 'utf8'));
const presets: Record<string, unknown> = {};
for (const f of readdirSync('presets/disks').filter((x) => x.endsWith('.json'))) presets[f.replace(/\.json$/, '')] = JSON.parse(readFileSync(`presets/disks/${f}`, 'utf8'));

/** A step's playback: its root carries the stage's clock. */
const STAGE = '[data-testid=learn-playback][data-stage-time]';

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
    const disk = '[data-testid=learn-disk-start] canvas[data-testid=hw-disk]';
    await page.waitForSelector(`${disk}[data-labels]`);
    const still = () => page.$eval(disk, (c) => (c as HTMLCanvasElement).toDataURL());
    const before = await still();
    expect(await page.getAttribute(disk, 'data-track')).toBe('0.000');
    expect(await page.locator('[data-testid=hw-disk][data-ring]').count()).toBe(0);
    expect(await page.getAttribute(disk, 'data-labels')).toBe('36');
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

  it('the playback is the stage\'s: Space, → to the engine\'s next instant, ←, R; M links to the moment, P presents; its ? lists the keys', async () => {
    const step = lesson('scheduling').steps[2];
    const got = lessonStep(await testEngine(), { step, presets });
    if (got.answer.kind !== 'pick') throw new Error('expected a pick step');
    const events = stepRunData(got.run.requests);
    const times = Array.from({ length: events.eventCount }, (_, i) => events.events.time(i));
    const { page, problems } = await openPage(browser, `${baseUrl}#learn?lesson=scheduling&step=3`);
    await ready(page);
    await page.click(`[data-testid=learn-pick-${got.answer.index}]`);
    await page.waitForSelector(STAGE);
    await page.click('[data-testid=learn-question]');           // focus leaves the pick buttons
    await expectStageKeys(page, STAGE, times, got.run.unit);

    // M: the step's link with the moment; followed, it asks the prediction first, then opens there, paused.
    await page.keyboard.press('Space');
    await page.keyboard.press('m');
    const moment = await page.inputValue('[data-testid=stage-moment-link]');
    expect(moment).toMatch(/#learn\?lesson=scheduling&step=3&moment=[0-9.]+$/);
    const again = await openPage(browser, moment);
    await ready(again.page);
    expect(await again.page.locator(STAGE).count()).toBe(0);
    await again.page.click(`[data-testid=learn-pick-${got.answer.index}]`);
    await again.page.waitForFunction(([sel, t]) => Number(document.querySelector<HTMLElement>(sel as string)?.dataset.stageTime) === t, [STAGE, Number(moment.split('moment=')[1])] as const);
    expect((await readClock(again.page, STAGE)).playing).toBe(false);
    await again.page.close();

    await page.click('[data-testid=learn-playback] .explain-q');
    const help = await page.textContent('[data-testid=learn-playback] .explain-more');
    for (const k of ['Space', '\u2192', 'Shift+\u2192', '\u2190', 'R replays', 'M links', 'P presentation']) expect(help).toContain(k);

    // P: presentation mode on, kept on the way to the next step, and off.
    await page.click('[data-testid=learn-question]');
    await page.keyboard.press('p');
    expect(await page.evaluate(() => document.documentElement.dataset.present)).toBe('1');
    await page.click('[data-testid=learn-next]');
    await page.waitForFunction(() => window.location.hash === '#learn?lesson=scheduling&step=4&present=1');
    await ready(page);
    expect(await page.evaluate(() => document.documentElement.dataset.present)).toBe('1');
    await page.click('[data-testid=learn-question]');           // focus leaves the prediction's field
    await page.keyboard.press('p');
    expect(await page.evaluate(() => document.documentElement.dataset.present)).toBeUndefined();
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

  it('the played-back timeline reads at every width: its text 11 px or more and none past the drawing\'s edge (a toy-disk step, a real disk\'s)', async () => {
    for (const step of ['one-request&step=2', 'caches-read-ahead&step=1']) {
      for (const width of [390, 1024, 1920]) {
        const { page, problems } = await openPage(browser, `${baseUrl}#learn?lesson=${step}`);
        await page.setViewportSize({ width, height: 900 });
        await ready(page);
        await page.click('[data-testid=learn-show]');
        await page.waitForSelector('[data-testid=learn-playback] svg.learn-timeline text');
        await page.waitForTimeout(300);
        const where = `${step} at ${width} px`;
        expect(await smallChartText(page), `${where}: chart text under 11 px`).toEqual([]);
        // Each text of the timeline within its drawing (an SVG cuts what runs past its edge).
        const cut = await page.$$eval('[data-testid=learn-playback] svg.learn-timeline', (svgs) => svgs.flatMap((svg) => {
          const box = svg.getBoundingClientRect();
          return [...svg.querySelectorAll('text')].filter((t) => {
            const r = t.getBoundingClientRect();
            return r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.bottom > box.bottom + 0.5;
          }).map((t) => `"${t.textContent}"`);
        }));
        expect(cut, `${where}: text cut by the timeline's edge`).toEqual([]);
        expect(problems).toEqual([]);
        await page.close();
      }
    }
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
