/*
 * The explorer's keys after a choice in a select: a disk chosen with the
 * mouse hands focus back, so → steps the playback one event instead of
 * moving the select to the next disk. Read through window.__spindle.
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
  now(): { cursor: number; eventCount: number } | null;
  pause(): void;
}
const hook = <T>(page: Page, js: string): Promise<T> => page.evaluate(js) as Promise<T>;

describe('explorer keys', () => {
  it('after a disk is chosen in the select with the mouse, → steps one event and the disk stays', async () => {
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
    const f0 = await hook<{ cursor: number; eventCount: number }>(page, 'window.__spindle.now()');
    expect(f0.cursor).toBeLessThan(f0.eventCount);
    await page.keyboard.press('ArrowRight');
    const f1 = await hook<{ cursor: number }>(page, 'window.__spindle.now()');
    expect(f1.cursor).toBe(f0.cursor + 1);
    expect(await page.inputValue('[data-testid=preset]')).toBe('hp-c2200a');
    expect(await hook<string>(page, 'window.__spindle.query()')).toContain('d0=hp-c2200a');
    expect(await hook<string>(page, 'window.__spindle.status()')).toBe('done');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
