/*
 * A what-if change in the explorer: after changing a field, the run before
 * the change stays on the stage beside the new one (two runs, each titled
 * with its value of the changed field), both played from the engine's
 * events on one clock; each statistic of the run before shows its
 * difference from the new run; the link holds the run before, so it reopens both; a
 * control drops the run before (back to the one run). The statistics tab
 * keeps the previous run's whole-run numbers beside the new ones. Numbers
 * are checked against the engine run in Node on the same setups.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, openPage } from './browser';
import { engineRun, hook, waitDone } from './engineRun';
import { testEngine } from '../helpers/engine';
import type { Engine } from '../../engine-wasm/binding';
import { formatChange, formatMs, percentChange } from '../../web/lib/format';
import { splitEarlier } from '../../web/pages/explorer/earlierLink';
import { openCompared, stageBegun, stageRuns, stageStat, toTheEnd } from './whatifPage';

const baseUrl = inject('baseUrl');
let browser: Browser;
let engine: Engine;
beforeAll(async () => { browser = await launch(); engine = await testEngine(); });
afterAll(async () => { await browser?.close(); });

const BEFORE = '?v=2&d0=hp-97560&seed=5&n=60&out=1';

describe('the explorer, before and after a what-if change', () => {
  it('keeps the run before on the stage beside the new one, with each statistic\'s change; its link reopens both; it can be dropped', async () => {
    const { page, problems } = await openCompared(browser, `${baseUrl}${BEFORE}`, 6);
    const old = engineRun(engine, BEFORE);
    const now = engineRun(engine, splitEarlier(new URL(page.url()).search).query);

    // Two runs, titled with their values of the changed field; both from the engine's events:
    // played to the end, each run stands at its own last event.
    await toTheEnd(page);
    const runs = await stageRuns(page);
    expect(runs.map((r) => r.title)).toEqual(['before: Seed 5', 'after: Seed 6']);
    expect(runs[0].time).toBe(old.events[old.events.length - 1].timeMs);
    expect(runs[1].time).toBe(now.events[now.events.length - 1].timeMs);

    // Whole runs: each statistic of the run before carries its difference from the run after (the setup's).
    await page.check('[data-stage-control=whole]');
    expect(await stageStat(page, 'after', 'response mean')).toBe(formatMs(now.stats.responseMeanMs, 2));
    expect(await stageStat(page, 'earlier-1', 'response mean'))
      .toBe(`${formatMs(old.stats.responseMeanMs, 2)} (${formatChange(percentChange(now.stats.responseMeanMs, old.stats.responseMeanMs))} vs after)`);
    expect(await stageStat(page, 'earlier-1', 'head time'))
      .toBe(`${formatMs(old.stats.headMeanMs)} (${formatChange(percentChange(now.stats.headMeanMs, old.stats.headMeanMs))} vs after)`);

    // The statistics tab: the previous run's whole-run numbers beside this run's, and what changed.
    await page.click('[data-testid=tab-stats]');
    await page.check('[data-testid=whole-run]');
    await page.waitForSelector('[data-testid=stats][data-final=true]', { state: 'attached' });
    expect(Number(await page.getAttribute('[data-testid=stat-responseMeanMs]', 'data-value'))).toBe(now.stats.responseMeanMs);
    expect(Number(await page.getAttribute('[data-testid=previous-responseMeanMs]', 'data-value'))).toBe(old.stats.responseMeanMs);
    expect(await page.textContent('[data-testid=change-responseMeanMs]')).toBe(formatChange(percentChange(old.stats.responseMeanMs, now.stats.responseMeanMs)));
    expect(await page.textContent('[data-testid=what-if]')).toMatch(/Seed 5 → 6/i);

    // The link holds the run before: opened afresh (the before setup run again in its worker), the same two runs.
    const again = await openPage(browser, page.url());
    await waitDone(again.page);
    await toTheEnd(again.page);
    expect(await stageRuns(again.page)).toEqual(runs);
    expect(again.problems).toEqual([]);
    await again.page.context().close();

    // Drop the run before: one run again, the explorer's own platter back, the link without it.
    await page.click('[data-testid=drop-before]');
    await page.waitForFunction(() => !window.location.search.includes('before='));
    expect(await page.locator('[data-stage-run]').count()).toBe(0);
    await page.waitForSelector('[data-testid=live-platter]');
    expect(problems).toEqual([]);
    await page.context().close();
  }, 150_000);

  it('a seek to the end while the run before is still simulated again goes on to the end once it has streamed', async () => {
    // The run before is long: its events are still on their way when the clock is sent to the end.
    const before = 'v=2&d0=hp-97560&seed=5&n=30000&out=1';
    const { page, problems } = await openPage(browser, `${baseUrl}?v=2&d0=hp-97560&seed=6&n=20&out=1&before=${encodeURIComponent(before)}`);
    await waitDone(page);
    await stageBegun(page, 2);
    await hook(page, 'window.__spindle.seek(1e12)');
    expect((await stageRuns(page))[0].title, 'the run before is still streaming when the seek comes').toContain('simulating it again');
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLElement>('[data-stage-run]')].every((el) => el.dataset.runFinished === 'true'), undefined, { timeout: 60_000 });
    const runs = await stageRuns(page);
    expect(runs[0].title).not.toContain('simulating it again');
    const stage = Number(await page.getAttribute('[data-stage-time]', 'data-stage-time'));
    expect(stage, 'the clock stands at the longer run\'s end').toBe(Math.max(...runs.map((r) => r.time)));
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('a link whose run before cannot be read names it, and the setup\'s run plays alone', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}?v=2&seed=5&n=20&before=`);
    await waitDone(page);
    expect(await page.textContent('[data-testid=link-problems]')).toMatch(/before: the run to compare with is empty/);
    expect(await page.locator('[data-stage-run]').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 60_000);
});
