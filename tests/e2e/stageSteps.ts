/*
 * The stage's keys on a page that plays one run, read where a person reads
 * them: the clock in the bar ("t = 12.000 units") and the root's
 * data-stage-time. Space pauses and plays; → lands on the next instant the
 * engine's run gave (`times`), twice; ← goes back one; R starts again from
 * the beginning, playing. `root` is the element carrying data-stage-time.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { formatNum } from '../../web/lib/format';

interface Clock { time: number; playing: boolean; shown: string }

export const readClock = (page: Page, root: string): Promise<Clock> => page.evaluate((sel) => {
  const el = document.querySelector<HTMLElement>(sel)!;
  return { time: Number(el.dataset.stageTime), playing: el.dataset.stagePlaying === 'true', shown: el.querySelector('[data-testid=stage-clock]')!.textContent! };
}, root);

/** Waits until the stage shows `t` (data-stage-time and the bar's text), paused; fails naming what it shows instead. */
async function expectAt(page: Page, root: string, t: number, unit: string): Promise<void> {
  const text = `t = ${formatNum(t, 3)} ${unit}`;
  await page.waitForFunction(([sel, want, wantText]) => {
    const el = document.querySelector<HTMLElement>(sel as string)!;
    return Number(el.dataset.stageTime) === want && el.querySelector('[data-testid=stage-clock]')!.textContent === wantText;
  }, [root, t, text] as const, { timeout: 5_000 }).catch(async () => {
    expect(await readClock(page, root), `the stage at ${t}`).toEqual({ time: t, playing: false, shown: text });
  });
  expect((await readClock(page, root)).playing).toBe(false);
}

/** Two animation frames: a playing clock would have moved. */
const frames = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

export async function expectStageKeys(page: Page, root: string, times: readonly number[], unit: string): Promise<void> {
  const now = () => readClock(page, root);
  if (!(await now()).playing) await page.keyboard.press('Space');
  await page.waitForFunction((sel) => Number(document.querySelector<HTMLElement>(sel)!.dataset.stageTime) > 0, root, { timeout: 10_000 });
  expect((await now()).playing).toBe(true);
  await page.keyboard.press('Space');
  await frames(page);
  const t0 = (await now()).time;
  await frames(page);
  expect(await now()).toMatchObject({ time: t0, playing: false });

  const next = (t: number) => times.find((x) => x > t)!;
  const t1 = next(t0), t2 = next(t1);
  expect(t2, 'two events after the pause').toBeGreaterThan(t1);
  await page.keyboard.press('ArrowRight');
  await expectAt(page, root, t1, unit);
  await page.keyboard.press('ArrowRight');
  await expectAt(page, root, t2, unit);
  await page.keyboard.press('ArrowLeft');
  await expectAt(page, root, t1, unit);

  await page.keyboard.press('Space');
  await page.waitForFunction(([sel, t]) => Number(document.querySelector<HTMLElement>(sel as string)!.dataset.stageTime) > (t as number), [root, t2] as const, { timeout: 10_000 });
  const before = (await now()).time;
  await page.keyboard.press('r');
  await frames(page);
  const after = await now();
  expect(after.playing).toBe(true);
  expect(after.time).toBeLessThan(before);
}
