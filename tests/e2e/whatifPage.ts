/*
 * What the explorer's what-if comparison shows, read where a person reads
 * it: each run's column on the stage (its title, its statistics) and the
 * playback's instant of each run.
 */
import type { Page } from 'playwright-core';

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
