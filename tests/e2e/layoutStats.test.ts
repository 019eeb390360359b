/*
 * The statistics panel shows all of itself and follows the animation: on a
 * 1024×768 projector every part of the response-time breakdown is on the
 * page (none hidden in a scroll box) and the parts add up to the mean
 * response the engine reports; a run of a million requests has the
 * engine's statistics for the few requests played so far, not "no request
 * has completed yet" while the timeline shows them.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, NO_SERVICE_WORKER } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

interface Spindle {
  status(): string;
  now(): { completed: number; atEnd: boolean } | null;
  pause(): void;
  seek(t: number): void;
}
const PARTS = ['overheadMeanMs', 'queueMeanMs', 'seekMeanMs', 'rotationMeanMs', 'transferMeanMs', 'switchMeanMs', 'busMeanMs'];

async function open(url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, ...NO_SERVICE_WORKER });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

/** True when the element is drawn and no box around it hides it (a scroll box or overflow: hidden). */
function shown(page: Page, testId: string): Promise<boolean> {
  return page.$eval(`[data-testid="${testId}"]`, (el) => {
    if (!el.checkVisibility()) return false;
    const r = el.getBoundingClientRect();
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.overflowY === 'visible' && cs.overflowX === 'visible') continue;
      const b = a.getBoundingClientRect();
      if (r.top < b.top - 1 || r.bottom > b.bottom + 1 || r.left < b.left - 1 || r.right > b.right + 1) return false;
    }
    return true;
  });
}

describe('statistics panel', () => {
  it('shows every part of the breakdown, and the parts add up to the mean response', async () => {
    const page = await open(`${baseUrl}?v=2&n=60&seed=5`);
    await page.waitForFunction(() => (window as unknown as { __spindle?: Spindle }).__spindle?.status() === 'done');
    await page.evaluate(() => (window as unknown as { __spindle: Spindle }).__spindle.seek(1e12));
    await page.waitForSelector('[data-testid=stats][data-final=true]');
    let sum = 0;
    for (const id of PARTS) {
      expect(await shown(page, `stat-${id}`), id).toBe(true);
      sum += Number(await page.getAttribute(`[data-testid=stat-${id}]`, 'data-value'));
    }
    expect(await shown(page, 'stat-responseMeanMs-total')).toBe(true);
    const mean = Number(await page.getAttribute('[data-testid=stat-responseMeanMs-total]', 'data-value'));
    expect(mean).toBeGreaterThan(0);
    expect(sum).toBeCloseTo(mean, 6);
    await page.context().close();
  });

  it('a million requests: the statistics cover the first requests the playback has completed', async () => {
    const page = await open(`${baseUrl}?v=2&n=1000000&slow=1`);
    await page.waitForFunction(() => ((window as unknown as { __spindle?: Spindle }).__spindle?.now()?.completed ?? 0) >= 3, undefined, { timeout: 30_000 });
    await page.evaluate(() => (window as unknown as { __spindle: Spindle }).__spindle.pause());
    const played = await page.evaluate(() => (window as unknown as { __spindle: Spindle }).__spindle.now()!.completed);
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=stats]')?.getAttribute('data-completed') ?? 0) > 0);
    const covered = Number(await page.getAttribute('[data-testid=stats]', 'data-completed'));
    expect(covered).toBeGreaterThan(0);
    expect(covered).toBeLessThanOrEqual(played);
    expect(await page.locator('[data-testid=stats]').textContent()).not.toContain('No request has completed yet');
    await page.context().close();
  });
});
