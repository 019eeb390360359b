/*
 * What the explorer's what-if comparison shows, read where a person reads
 * it: each run's column on the stage (its title, its statistics) and the
 * playback's instant of each run; and the steps every what-if test takes to
 * get there: open a setup and change its seed, wait for the stage's runs,
 * play them to their ends.
 */
import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openPage, type WatchedPage } from './browser';
import { hook, waitDone } from './engineRun';

/** The text of one statistic's value in a run's column on the stage. */
export const stageStat = (page: Page, run: string, label: string) =>
  page.locator(`[data-testid=stage-stats-${run}] tr`, { has: page.locator('th', { hasText: label }) }).locator('td').textContent();

/** Each run on the stage: its title and its playback's instant. */
export const stageRuns = (page: Page) => page.evaluate(() => [...document.querySelectorAll<HTMLElement>('[data-stage-run]')].map((el) => ({
  title: el.querySelector('h2')?.textContent ?? '', time: Number(el.dataset.runTime), finished: el.dataset.runFinished === 'true',
})));

/** Changes the setup's seed in the setup tab (a what-if change: the engine runs again). */
export async function changeSeed(page: Page, seed: number): Promise<void> {
  await page.click('[data-testid=tab-setup]');
  await page.fill('#f-seed', String(seed));
  await page.waitForFunction((s) => window.location.search.includes(`seed=${s}`) && window.location.search.includes('before='), seed);
}

/** Waits for `n` [data-stage-run] elements, each begun (its clock written); fails naming the runs the stage has instead. */
export const stageBegun = (page: Page, n: number) => page.waitForFunction((n) => {
  const runs = [...document.querySelectorAll<HTMLElement>('[data-stage-run]')];
  return runs.length === n && runs.every((el) => !!el.dataset.runTime);
}, n, { timeout: 60_000 }).catch(async () => {
  expect((await stageRuns(page)).map((r) => r.title), `${n} runs on the stage`).toHaveLength(n);
});

/** Opens `url`, lets its run end, changes the seed to `seed`: the stage holds the run before and the run after, both begun, the setup's run done. */
export async function openCompared(browser: Browser, url: string, seed: number): Promise<WatchedPage> {
  const opened = await openPage(browser, url);
  await waitDone(opened.page);
  expect(await opened.page.locator('[data-stage-run]').count(), 'no stage before a change').toBe(0);
  await changeSeed(opened.page, seed);
  await stageBegun(opened.page, 2);
  await waitDone(opened.page);
  return opened;
}

/**
 * Plays the `n` runs on the stage to their ends (the clock stops at the longest one's last event)
 * and waits for the stage to show it. A run before from a link is simulated again and may still be
 * streaming, or not yet begun (the stage then has fewer runs, and restarts when it joins): each must
 * have begun first; the page goes on to the end once they have all streamed.
 */
export async function toTheEnd(page: Page, n = 2): Promise<void> {
  await stageBegun(page, n);
  await hook(page, 'window.__spindle.seek(1e12)');
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLElement>('[data-stage-run]')].every((el) => el.dataset.runFinished === 'true'));
}
