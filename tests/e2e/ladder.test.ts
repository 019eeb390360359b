/*
 * The ladder page in headless Chromium: a published ladder link runs every
 * rung in the worker; the means and demerits on screen are the engine's for
 * the same rungs computed here in Node; a rung step button (keyboard) moves
 * the chosen rung and the URL follows; a feature switch, turned by mouse or
 * keyboard, reruns the rung with that one switch changed (its demerit the
 * engine's, computed here in Node), and the URL carries it. Screenshots at three widths go to
 * $LADDER_SHOTS when set (for looking, not for asserting). Any console error
 * fails the test.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, openPage } from './browser';
import { testEngine } from '../helpers/engine';
import { ladderResults, loadLadder } from '../fidelity/ladder';
import { loadPreset } from '../fidelity/context';
import { compareRung, referenceRung, runRung } from '../../web/pages/ladder/ladder';
import { rungWith } from '../../web/pages/ladder/switches';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

type Hook = { status(): string; resultOf(): string | null };
const done = (page: Page) => page.waitForFunction(() => {
  const h = (window as unknown as { __spindleLadder?: Hook }).__spindleLadder;
  return h?.status() === 'done';
}, undefined, { timeout: 90_000 });
const value = async (page: Page, id: string) => Number(await page.getAttribute(`[data-testid=${id}]`, 'data-value'));

describe('the ladder page', () => {
  it('a ladder link runs every rung: the demerits on screen are the engine\'s', async () => {
    const { ladder, results } = ladderResults(await testEngine(), 'hp-c2200a');
    expect(ladder.workload.count).toBe(4000);
    const link = '#ladder?ladder=hp-c2200a&rung=b&seed=1&n=4000';
    const { page, problems } = await openPage(browser, `${baseUrl}${link}`);
    await done(page);
    for (const r of results) {
      expect(await value(page, `demerit-${r.id}`)).toBe(r.demeritMs);
      expect(await value(page, `relative-${r.id}`)).toBe(r.relative);
      expect(await value(page, `mean-${r.id}`)).toBe(r.meanMs);
    }
    expect(await page.getAttribute('[data-testid=cdf-rung]', 'd')).toMatch(/^M/);
    expect(await page.locator('[data-testid=ladder-distance]').count()).toBe(5);
    expect(new URL(page.url()).hash).toBe(link);

    // A rung step from the keyboard: focus, Enter.
    await page.focus('[data-testid=rung-c]');
    await page.keyboard.press('Enter');
    expect(await page.getAttribute('[data-testid=rung-c]', 'aria-pressed')).toBe('true');
    expect(new URL(page.url()).hash).toBe('#ladder?ladder=hp-c2200a&rung=c&seed=1&n=4000');

    const dir = process.env.LADDER_SHOTS;
    if (dir) {
      for (const w of [390, 1024, 1920]) {
        await page.setViewportSize({ width: w, height: 900 });
        await page.waitForTimeout(200);
        await page.screenshot({ path: `${dir}/ladder-${w}.png`, fullPage: true });
      }
    }
    expect(problems).toEqual([]);
  }, 150_000);

  it('a feature switch turned alone reruns the rung with just that change: the engine\'s demerit, and the link carries it', async () => {
    const e = await testEngine();
    const ladder = loadLadder('hp-c2200a'), preset = loadPreset('hp-c2200a');
    const wl = { ...ladder.workload, count: 1000 };
    const ref = runRung(e, preset, referenceRung(ladder), wl, 1);
    const b = ladder.rungs.find((r) => r.id === 'b')!;
    const want = (switches: Record<string, string>) => {
      const t = rungWith(ladder, b, switches)!;
      return compareRung(e, t.id, ref, runRung(e, preset, t, wl, 1));
    };
    const link = '#ladder?ladder=hp-c2200a&rung=b&seed=1&n=1000';
    const { page, problems } = await openPage(browser, `${baseUrl}${link}`);
    await done(page);
    const turned = (key: string) => page.waitForFunction((k) => {
      const h = (window as unknown as { __spindleLadder?: { turned(): { key: string | null; resultOf: string | null; status: string } } }).__spindleLadder?.turned();
      return !!h && h.key !== null && h.key.endsWith(k) && h.resultOf === h.key && h.status === 'done';
    }, key, { timeout: 60_000 });

    // The mouse: linear seek off (the measured curve instead).
    expect(await page.isChecked('[data-testid=switch-seek]')).toBe(true);
    await page.click('[data-testid=switch-seek]');
    const seekOff = want({ seek: 'off' });
    await turned(JSON.stringify(rungWith(ladder, b, { seek: 'off' })!.disk));
    expect(await value(page, 'demerit-turned')).toBe(seekOff.demeritMs);
    expect(await value(page, 'mean-turned')).toBe(seekOff.meanMs);
    expect(new URL(page.url()).hash).toBe(`${link}&seek=off`);
    // The keyboard: rotation from the model, not random.
    await page.focus('[data-testid=switch-rot]');
    await page.keyboard.press('Space');
    const both = want({ seek: 'off', rot: 'off' });
    await turned(JSON.stringify(rungWith(ladder, b, { seek: 'off', rot: 'off' })!.disk));
    expect(await value(page, 'demerit-turned')).toBe(both.demeritMs);
    expect(new URL(page.url()).hash).toBe(`${link}&seek=off&rot=off`);
    expect(both.demeritMs).not.toBe(seekOff.demeritMs);
    // Back to the rung as the ladder sets it.
    await page.click('[data-testid=switches-reset]');
    // The link is written after the page draws the change, so wait for it rather than read it at once.
    await expect.poll(() => new URL(page.url()).hash).toBe(link);
    expect(await page.locator('[data-testid=mean-turned]').count()).toBe(0);
    expect(problems).toEqual([]);
  }, 150_000);

  it('a bad value in the link names its field and the page still runs', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}#ladder?ladder=hp-c2200a&n=5`);
    await done(page);
    expect(await page.textContent('[data-testid=setup-problems]')).toContain('n');
    expect(problems).toEqual([]);
  });

  it('a requests field typed out of bounds says so and keeps the last good value; a good one replaces it', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}#ladder?ladder=hp-c2200a&n=200`);
    await done(page);
    const field = page.locator('[data-testid=ladder-n]');
    await field.fill('5');
    const alert = page.locator('.ladder-controls [role=alert]');
    expect(await alert.textContent()).toBe('Requests per rung: a whole number from 100 to 200\u202f000; the last good value, 200, is used.');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.inputValue()).toBe('5');
    expect(new URL(page.url()).hash).toContain('n=200');
    await field.fill('300');
    expect(await alert.count()).toBe(0);
    await expect.poll(() => new URL(page.url()).hash).toContain('n=300');
    expect(problems).toEqual([]);
  });
});
