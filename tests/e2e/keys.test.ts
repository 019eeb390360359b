/*
 * The explorer's keys after a choice in a select: a disk chosen with the
 * mouse hands focus back, so → steps the playback one event instead of
 * moving the select to the next disk; a keyboard-only user picks a disk,
 * hands the keys back with Escape, steps and plays; Space after a mouse
 * click on a button plays instead of pressing that button again. Read
 * through window.__spindle. A disk chosen is a what-if change: the run
 * before it stays on the stage beside the new one, so → steps the stage to
 * the next instant of either run (the new run plays the events at that instant).
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, openPage } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

interface Spindle {
  status(): string;
  query(): string;
  run(): { cylinders: number } | null;
  now(): { cursor: number; eventCount: number; timeMs: number; platterAngle: number; headCyl: number; headSurface: number } | null;
  pause(): void;
}
const hook = <T>(page: Page, js: string): Promise<T> => page.evaluate(js) as Promise<T>;
/** The stage's clock (a what-if comparison's two runs), simulated ms. */
const stageTime = (page: Page) => page.evaluate(() => Number(document.querySelector<HTMLElement>('[data-stage-time]')!.dataset.stageTime));

/** An event's instant in the explorer's run (the new one), or null past its end. */
const eventTime = (page: Page, i: number) => page.evaluate((k) => (window as unknown as { __spindle: { event(i: number): { timeMs: number } | null } }).__spindle.event(k)?.timeMs ?? null, i);

/**
 * → stepped the comparison's stage to the next instant of either run: the clock moved on, and the
 * new run played exactly its events at that instant (several may share it; none lay in between).
 */
async function expectOneStep(page: Page, f0: { cursor: number }, f1: { cursor: number }, t0: number, t1: number): Promise<void> {
  expect(t1).toBeGreaterThan(t0);
  expect(f1.cursor).toBeGreaterThanOrEqual(f0.cursor);
  for (let i = f0.cursor; i < f1.cursor; i++) expect(await eventTime(page, i)).toBe(t1);
  const next = await eventTime(page, f1.cursor);
  if (next !== null) expect(next).toBeGreaterThan(t1);
}

/** Presses Tab until the element with that test id has focus (at most 30 times); true when it does. */
async function tabTo(page: Page, testId: string): Promise<boolean> {
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((id) => document.activeElement?.getAttribute('data-testid') === id, testId)) return true;
  }
  return false;
}

describe('explorer keys', () => {
  it('after a disk is chosen in the select with the mouse, → steps the stage to the next instant and the disk stays', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}?v=1&disk=hp-97560&seed=2&n=40`);
    await page.waitForFunction(() => {
      const s = (window as unknown as { __spindle?: Spindle }).__spindle;
      return !!s && s.status() === 'done' && !!s.run();
    });
    const before = await hook<number>(page, 'window.__spindle.run().cylinders');
    // Choose another disk with the mouse: click the select, pick the option.
    await page.click('[data-testid=preset]');
    await page.selectOption('[data-testid=preset]', 'hp-c2200a');
    await page.waitForFunction((cyl) => {
      const s = (window as unknown as { __spindle: Spindle }).__spindle;
      return s.query().includes('d0=hp-c2200a') && s.status() === 'done' && s.run()?.cylinders !== cyl;
    }, before);
    await hook(page, 'window.__spindle.pause()');
    await page.waitForSelector('[data-stage-run="1"]');
    const f0 = await hook<{ cursor: number; eventCount: number }>(page, 'window.__spindle.now()');
    const t0 = await stageTime(page);
    expect(f0.cursor).toBeLessThan(f0.eventCount);
    await page.keyboard.press('ArrowRight');
    const f1 = await hook<{ cursor: number }>(page, 'window.__spindle.now()');
    await expectOneStep(page, f0, f1, t0, await stageTime(page));
    expect(await page.inputValue('[data-testid=preset]')).toBe('hp-c2200a');
    expect(await hook<string>(page, 'window.__spindle.query()')).toContain('d0=hp-c2200a');
    expect(await hook<string>(page, 'window.__spindle.status()')).toBe('done');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('keyboard only: Tab to the disk, ↓ picks the next one, Escape gives the keys back, → steps, Space plays, P presents', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}?v=2&seed=3&n=30`);
    await page.waitForFunction(() => (window as unknown as { __spindle?: Spindle }).__spindle?.status() === 'done');
    const first = await page.inputValue('[data-testid=preset]');
    expect(await tabTo(page, 'preset')).toBe(true);
    await page.keyboard.press('ArrowDown');
    const picked = await page.inputValue('[data-testid=preset]');
    expect(picked).not.toBe(first);
    await page.waitForFunction((id) => {
      const s = (window as unknown as { __spindle: Spindle }).__spindle;
      return s.query().includes(`d0=${id}`) && s.status() === 'done' && !!s.run();
    }, picked);
    await page.waitForSelector('[data-stage-run="1"]');
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('SELECT');
    // Pause (Space), then step one event (→).
    if (await page.getAttribute('.explorer', 'data-playing') === 'true') await page.keyboard.press(' ');
    expect(await page.getAttribute('.explorer', 'data-playing')).toBe('false');
    const f0 = await hook<{ cursor: number; eventCount: number }>(page, 'window.__spindle.now()');
    const t0 = await stageTime(page);
    await page.keyboard.press('ArrowRight');
    const f1 = await hook<{ cursor: number }>(page, 'window.__spindle.now()');
    await expectOneStep(page, f0, f1, t0, await stageTime(page));
    expect(await page.inputValue('[data-testid=preset]')).toBe(picked);
    await page.keyboard.press(' ');
    await page.waitForFunction((c) => (window as unknown as { __spindle: Spindle }).__spindle.now()!.cursor > c, f1.cursor);
    expect(await page.getAttribute('.explorer', 'data-playing')).toBe('true');
    // Presentation mode by key, and out of it by Tab and Enter on its button.
    await page.keyboard.press('p');
    await page.waitForFunction(() => window.location.search.includes('present=1'));
    expect(await page.getAttribute('.explorer', 'data-present')).toBe('true');
    expect(await tabTo(page, 'present')).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !window.location.search.includes('present=1'));
    expect(await page.getAttribute('.explorer', 'data-present')).toBe('false');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('M copies a link to this moment; it opens the run paused at the same instant, and playing leaves the moment', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}?v=2&seed=2&n=40`);
    await page.waitForFunction(() => (window as unknown as { __spindle?: Spindle }).__spindle?.status() === 'done');
    await hook(page, 'window.__spindle.pause()');
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('m');
    const here = await hook<NonNullable<ReturnType<Spindle['now']>>>(page, 'window.__spindle.now()');
    const url = await page.inputValue('[data-testid=share-link]');
    expect(url).toContain(`moment=${here.timeMs}`);
    expect(url).not.toContain('at=');
    const other = await openPage(browser, url);
    await other.page.waitForFunction((t) => {
      const s = (window as unknown as { __spindle?: Spindle }).__spindle;
      return s?.status() === 'done' && s.now()?.timeMs === t;
    }, here.timeMs);
    const there = await hook<NonNullable<ReturnType<Spindle['now']>>>(other.page, 'window.__spindle.now()');
    expect(there.timeMs).toBe(here.timeMs);
    expect(there.platterAngle).toBe(here.platterAngle);
    expect([there.headCyl, there.headSurface]).toEqual([here.headCyl, here.headSurface]);
    expect(await other.page.getAttribute('.explorer', 'data-playing')).toBe('false');
    await other.page.keyboard.press(' ');
    await other.page.waitForFunction(() => !window.location.search.includes('moment='));
    expect(await other.page.getAttribute('.explorer', 'data-playing')).toBe('true');
    expect(problems).toEqual([]);
    expect(other.problems).toEqual([]);
    await other.page.context().close();
    await page.context().close();
  });

  it('an older link to a moment (at=<events played>) still opens paused after that many events', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}?v=2&seed=2&n=40&at=7`);
    await page.waitForFunction(() => {
      const s = (window as unknown as { __spindle?: Spindle }).__spindle;
      return s?.status() === 'done' && s.now()?.cursor === 7;
    });
    expect(await page.getAttribute('.explorer', 'data-playing')).toBe('false');
    // ← goes back exactly one event.
    await page.keyboard.press('ArrowLeft');
    expect((await hook<{ cursor: number }>(page, 'window.__spindle.now()')).cursor).toBe(6);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('Space after a mouse click on Step event plays, instead of stepping again', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}?v=2&seed=4&n=30`);
    await page.waitForFunction(() => (window as unknown as { __spindle?: Spindle }).__spindle?.status() === 'done');
    await page.click('[data-testid=step-event]');
    expect(await page.getAttribute('.explorer', 'data-playing')).toBe('false');
    const f0 = await hook<{ cursor: number }>(page, 'window.__spindle.now()');
    await page.keyboard.press(' ');
    await page.waitForFunction((c) => (window as unknown as { __spindle: Spindle }).__spindle.now()!.cursor > c + 1, f0.cursor);
    expect(await page.getAttribute('.explorer', 'data-playing')).toBe('true');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
