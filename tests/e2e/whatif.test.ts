/*
 * A what-if change in the explorer: after changing a field, the statistics
 * show the new run beside the previous one (its whole-run numbers, the
 * engine's for the old setup) with the change of each statistic and what
 * changed; and the "whole run" switch shows the new run's final statistics
 * before it has been played. Numbers are checked against the engine run in
 * Node on the same setups.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, openPage } from './browser';
import { engineRun, waitDone } from './engineRun';
import { testEngine } from '../helpers/engine';
import type { Engine } from '../../engine-wasm/binding';
import { formatChange, percentChange } from '../../web/lib/format';

const baseUrl = inject('baseUrl');
let browser: Browser;
let engine: Engine;
beforeAll(async () => { browser = await launch(); engine = await testEngine(); });
afterAll(async () => { await browser?.close(); });

describe('the explorer, before and after a what-if change', () => {
  it('keeps the previous run\'s statistics beside the new run, with each change and what changed', async () => {
    const before = '?v=2&d0=hp-97560&seed=5&n=60&out=1';
    const { page, problems } = await openPage(browser, `${baseUrl}${before}`);
    await waitDone(page);
    await page.click('[data-testid=tab-setup]');
    await page.fill('#f-seed', '6');
    await page.waitForFunction(() => window.location.search.includes('seed=6'));
    await waitDone(page);
    await page.click('[data-testid=tab-stats]');
    // Whole-run statistics at once, before the new run has been played.
    await page.check('[data-testid=whole-run]');
    await page.waitForSelector('[data-testid=stats][data-final=true]', { state: 'attached' });
    const old = engineRun(engine, before).stats;
    const now = engineRun(engine, new URL(page.url()).search).stats;
    expect(Number(await page.getAttribute('[data-testid=stat-responseMeanMs]', 'data-value'))).toBe(now.responseMeanMs);
    expect(Number(await page.getAttribute('[data-testid=previous-responseMeanMs]', 'data-value'))).toBe(old.responseMeanMs);
    expect(await page.textContent('[data-testid=change-responseMeanMs]')).toBe(formatChange(percentChange(old.responseMeanMs, now.responseMeanMs)));
    expect(await page.textContent('[data-testid=what-if]')).toMatch(/Seed 5 → 6/i);
    // Back to "as played": the current column follows the playback, the previous run stays beside it.
    await page.uncheck('[data-testid=whole-run]');
    await page.waitForSelector('[data-testid=stats][data-final=false] [data-testid=previous-responseMeanMs]', { state: 'attached', timeout: 30_000 });
    expect(Number(await page.getAttribute('[data-testid=previous-responseMeanMs]', 'data-value'))).toBe(old.responseMeanMs);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);
});
