/*
 * Four runs on the explorer's stage, as a person sees them: a link naming
 * three earlier runs beside the setup's own opens four [data-stage-run]
 * columns, each with its platter drawn (pixels on its canvas), all four on
 * one clock while playing, a step moving all four to the next event of any
 * of them, each earlier run titled with what differs from the setup's run
 * and each of its statistics followed by its difference from the setup's
 * run (numbers checked against the engine run in Node); at 1920×1080 in
 * presentation mode no text on the stage is under 16 px. Keeping a run
 * through a what-if change, and a link naming more runs than the stage
 * plays, are checked in the page too; on a 390 px phone the four runs
 * stack, each within the screen's width, with controls a finger can press
 * and no serious accessibility violation. Each run's timeline follows the
 * clock while playing (its panels render on their own pulse, not with the
 * page), and after a pause and a step every run's "now" line stands at its
 * run's clock on its time axis.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, NO_SERVICE_WORKER, openPage, watchErrors } from './browser';
import { axeViolations, smallTargets } from './a11yChecks';
import { engineRun, waitDone } from './engineRun';
import { clocks } from './stageClocks';
import { timelineNow, type RunTimeline } from './timelineNow';
import { changeSeed, stageBegun, stageRuns, stageStat } from './whatifPage';
import { testEngine } from '../helpers/engine';
import type { Engine } from '../../engine-wasm/binding';
import { formatChange, formatMs, percentChange } from '../../web/lib/format';

const baseUrl = inject('baseUrl');
let browser: Browser;
let engine: Engine;
beforeAll(async () => { browser = await launch(); engine = await testEngine(); });
afterAll(async () => { await browser?.close(); });

/** One disk, eight requests outstanding and eight in its queue: the schedulers order them differently. */
const SETUP = 'v=2&d0=hp-97560&n=60&out=8&d0.qd=8';
const SCHEDULERS = ['fcfs', 'sstf', 'clook', 'sptf'] as const;
const query = (sched: string) => `${SETUP}&d0.sched=${sched}`;
const FOUR = `?${query('sptf')}&keep=${encodeURIComponent(query('fcfs'))}&keep=${encodeURIComponent(query('sstf'))}&before=${encodeURIComponent(query('clook'))}`;

/** Per run on the stage: how much of its platter canvas is painted (share of pixels not transparent), read from the canvas itself. */
const paintedShare = (page: Page) => page.evaluate(() => [...document.querySelectorAll<HTMLElement>('[data-stage-run]')].map((run) => {
  const canvas = run.querySelector('canvas')!;
  const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
  let painted = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i] > 0) painted++;
  return painted / (canvas.width * canvas.height);
}));

describe('four runs on the explorer\'s stage', () => {
  it('a link with three earlier runs opens four drawn runs on one clock; a step moves all four; labels and differences read as text', async () => {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, ...NO_SERVICE_WORKER });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${baseUrl}${FOUR}&slow=1000&present=1`);
    await stageBegun(page, 4);
    expect(await page.locator('[data-testid=link-problems]').count()).toBe(0);

    // Four columns, each with its own platter painted (the platter's disc covers most of its square).
    const painted = await paintedShare(page);
    expect(painted).toHaveLength(4);
    for (const share of painted) expect(share).toBeGreaterThan(0.5);

    // One clock: at several samples while playing, each run stands at the stage's instant.
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-stage-time]')!.dataset.stagePlaying === 'true');
    const samples = [];
    for (let i = 0; i < 6; i++) {
      samples.push(await clocks(page));
      await page.waitForTimeout(60);
    }
    for (const s of samples) {
      expect(s.runs).toHaveLength(4);
      for (const r of s.runs) expect(r).toEqual({ time: s.stage, finished: false });
    }
    expect(samples[5].stage, 'the clock played between the samples').toBeGreaterThan(samples[0].stage);

    // A step: paused, then → moves all four to the next event of any run (the engine's, computed in Node).
    const runs = SCHEDULERS.map((s) => engineRun(engine, `?${query(s)}`));
    await page.locator('h1').click();
    await page.keyboard.press('Space');
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-stage-time]')!.dataset.stagePlaying === 'false');
    const t0 = (await clocks(page)).stage;
    const next = Math.min(...runs.map((r) => r.events.find((e) => e.timeMs > t0)!.timeMs));
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((t0) => Number(document.querySelector<HTMLElement>('[data-stage-time]')!.dataset.stageTime) > t0, t0);
    const stepped = await clocks(page);
    expect(stepped.stage).toBe(next);
    expect(stepped.runs.map((r) => r.time)).toEqual([next, next, next, next]);

    // Each earlier run is titled with its value of what differs from the setup's run.
    expect((await stageRuns(page)).map((r) => r.title))
      .toEqual(['kept: Scheduler fcfs', 'kept: Scheduler sstf', 'before: Scheduler clook', 'after: Scheduler sptf']);
    // Whole runs: each statistic of an earlier run, then its difference from the setup's run.
    await page.check('[data-stage-control=whole]');
    const now = runs[3].stats;
    for (const [slot, run] of runs.slice(0, 3).entries()) {
      const s = run.stats;
      expect(await stageStat(page, `earlier-${slot + 1}`, 'response mean'))
        .toBe(`${formatMs(s.responseMeanMs, 2)} (${formatChange(percentChange(now.responseMeanMs, s.responseMeanMs))} vs after)`);
    }
    expect(await stageStat(page, 'after', 'response mean')).toBe(formatMs(now.responseMeanMs, 2));
    expect(new Set(runs.map((r) => formatMs(r.stats.responseMeanMs, 2))).size, 'four schedulers, four mean response times').toBe(4);

    // Presentation mode at 1920: no text on the stage under 16 px.
    expect(await page.evaluate(() => document.documentElement.dataset.present)).toBe('1');
    const small = await page.evaluate(() => [...document.querySelectorAll('[data-testid=stage] *')].filter((el) => {
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
      if (!own || el.getBoundingClientRect().width === 0) return false;
      const m = el instanceof SVGGraphicsElement ? el.getScreenCTM() : null;
      return parseFloat(getComputedStyle(el).fontSize) * (m ? Math.hypot(m.c, m.d) : 1) < 16;
    }).map((el) => `${el.tagName} "${el.textContent!.trim().slice(0, 30)}" ${getComputedStyle(el).fontSize}`));
    expect(small).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 150_000);

  it('every run\'s timeline follows the clock while playing, and stands at its run\'s clock after a pause and after a step', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}${FOUR}&slow=1000`);
    await stageBegun(page, 4);
    await page.waitForFunction(() => document.querySelectorAll('[data-stage-run] svg[data-testid=timeline]').length === 4);
    // Playing: each of the four timelines' "now" lines moves on (each run's panels are woken in turn).
    const first = await timelineNow(page);
    expect(first).toHaveLength(4);
    await page.waitForFunction((first: RunTimeline[]) => first.every((r, i) => {
      const line = document.querySelectorAll('[data-stage-run]')[i].querySelector('[data-testid=timeline-now]')!;
      return Number(line.getAttribute('x1')) !== r.x;
    }), first, { timeout: 20_000 }).catch(() => undefined);
    const later = await timelineNow(page);
    for (const [i, r] of later.entries()) expect(r.shown, `run ${i + 1}'s timeline moved on`).toBeGreaterThan(first[i].shown);
    // Paused, then stepped: at once, each run's timeline shows its run's clock (to a nanosecond of simulated time).
    await page.locator('h1').click();
    await page.keyboard.press('Space');
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-stage-time]')!.dataset.stagePlaying === 'false');
    for (const key of ['', 'ArrowRight', 'ArrowRight']) {
      const t0 = (await clocks(page)).stage;
      if (key) {
        await page.keyboard.press(key);
        await page.waitForFunction((t0) => Number(document.querySelector<HTMLElement>('[data-stage-time]')!.dataset.stageTime) > t0, t0);
      }
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      for (const r of await timelineNow(page)) expect(r.shown, `run ${r.run + 1}'s timeline at its clock${key ? ' after a step' : ' when paused'}`).toBeCloseTo(r.clock, 6);
    }
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('a kept run stays through the next what-if change: three runs, and the link holds which are kept', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}?v=2&d0=hp-97560&n=40&out=1&seed=6&before=${encodeURIComponent('v=2&d0=hp-97560&n=40&out=1&seed=5')}`);
    await waitDone(page);
    await stageBegun(page, 2);
    await page.click('[data-testid=keep-earlier-1]');
    await page.waitForFunction(() => window.location.search.includes('keep=') && !window.location.search.includes('before='));
    expect(await page.getAttribute('[data-testid=keep-earlier-1]', 'aria-pressed')).toBe('true');
    await changeSeed(page, 7);
    await stageBegun(page, 3);
    expect((await stageRuns(page)).map((r) => r.title)).toEqual(['kept: Seed 5', 'before: Seed 6', 'after: Seed 7']);
    // Dropping the kept run leaves the run before and the setup's.
    await page.click('[data-testid=drop-earlier-1]');
    await stageBegun(page, 2);
    expect((await stageRuns(page)).map((r) => r.title)).toEqual(['before: Seed 6', 'after: Seed 7']);
    expect(page.url()).not.toContain('keep=');
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('on a 390 px phone the four runs stack, each within the screen, its controls large enough, no serious axe violation', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, ...NO_SERVICE_WORKER });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${baseUrl}${FOUR}`);
    await stageBegun(page, 4);
    const boxes = await page.evaluate(() => [...document.querySelectorAll('[data-stage-run]')].map((el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    }));
    for (const [i, b] of boxes.entries()) {
      expect(b.left).toBeGreaterThanOrEqual(0);
      expect(b.right).toBeLessThanOrEqual(390);
      if (i > 0) expect(b.top, `run ${i + 1} below run ${i}`).toBeGreaterThanOrEqual(boxes[i - 1].bottom);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling').toBeLessThanOrEqual(390);
    expect(await smallTargets(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('a link naming more earlier runs than the stage plays opens the first three and says so', async () => {
    const five = [1, 2, 3, 4, 5].map((seed) => `keep=${encodeURIComponent(`v=2&d0=hp-97560&n=20&seed=${seed}`)}`).join('&');
    const { page, problems } = await openPage(browser, `${baseUrl}?v=2&d0=hp-97560&n=20&seed=9&${five}`);
    await stageBegun(page, 4);
    expect(await page.textContent('[data-testid=link-problems]'))
      .toContain('the link names 5 earlier runs; the stage plays at most 3 beside the setup\'s own');
    expect((await stageRuns(page)).map((r) => r.title)).toEqual(['kept: Seed 1', 'kept: Seed 2', 'kept: Seed 3', 'after: Seed 9']);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 90_000);
});
