/*
 * The validation view in headless Chromium: a measured trace imported
 * through the page's file input is parsed in the worker and replayed closed
 * through the chosen preset; the demerit, the means and DiskSim's rms on
 * screen are the engine's for the same replay computed here in Node. A
 * bundled trace brings its drive's preset; a bad file names the line and
 * the field and the last good result stays. Any console error fails the test.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launch, openPage } from './browser';
import { testEngine } from '../helpers/engine';
import { validationRun } from '../fidelity/validation';
import { formatMs } from '../../web/lib/format';

const baseUrl = inject('baseUrl');
const FIXTURE = fileURLToPath(new URL('../fixtures/validation/dec_rz26.trace', import.meta.url));
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

type Hook = { status(): string; error(): string | null; resultOf(): { preset: string; trace: string } | null };
const done = (page: Page, trace: string) => page.waitForFunction((t) => {
  const h = (window as unknown as { __spindleValidate?: Hook }).__spindleValidate;
  return h?.status() === 'done' && h.resultOf()?.trace === t;
}, trace, { timeout: 90_000 });
const value = async (page: Page, id: string) => Number(await page.getAttribute(`[data-testid=${id}]`, 'data-value'));

describe('the validation view', () => {
  it('imports a trace file, replays it in the worker: the demerit on screen is the engine\'s', async () => {
    const want = validationRun(await testEngine(), 'dec-rz26', 'dec_rz26.trace');
    const { page, problems } = await openPage(browser, `${baseUrl}#validate?disk=dec-rz26&trace=file`);
    await page.waitForSelector('[data-testid=val-status]');
    await page.setInputFiles('[data-testid=val-file]', FIXTURE);
    await done(page, 'dec_rz26.trace');

    expect(await value(page, 'val-count')).toBe(7980);
    expect(await value(page, 'val-demerit')).toBe(want.demeritMs);
    expect(await page.textContent('[data-testid=val-demerit]')).toContain(formatMs(want.demeritMs));
    expect(await value(page, 'val-demerit-pct')).toBe(want.demeritRelative);
    expect(await value(page, 'val-measured')).toBe(want.measuredMeanMs);
    expect(await value(page, 'val-model')).toBe(want.modelMeanMs);
    expect(await value(page, 'val-disksim')).toBe(0.340);
    expect(await value(page, 'val-part-seekMs')).toBe(want.breakdown.seekMs);
    expect(await page.getAttribute('[data-testid=val-scatter]', 'data-points')).toBe('7980');
    expect(await page.getAttribute('[data-testid=cdf-measured]', 'd')).toMatch(/^M/);
    expect(new URL(page.url()).hash).toBe('#validate?disk=dec-rz26&trace=file');

    // A bad file: the worker's parse names the line and the field; the last good result stays.
    await page.setInputFiles('[data-testid=val-file]', { name: 'bad.trace', mimeType: 'text/plain', buffer: Buffer.from('R Hit 1 8 1000.0 1000.0\nR Hit 1 0 1000.0 1000.0\n') });
    await page.waitForSelector('[data-testid=val-error]');
    expect(await page.textContent('[data-testid=val-error]')).toMatch(/^bad\.trace: line 2, field sectors/);
    expect(await value(page, 'val-demerit')).toBe(want.demeritMs);
    expect(problems).toEqual([]);
  });

  it('a bundled trace brings its drive\'s preset, and the keyboard reaches the controls', async () => {
    const want = validationRun(await testEngine(), 'hp-c2247a', 'hp_c2247a.trace');
    const { page, problems } = await openPage(browser, `${baseUrl}#validate?disk=dec-rz26&trace=dec_rz26`);
    await done(page, 'dec_rz26.trace');
    await page.focus('[data-testid=val-trace]');
    await page.selectOption('[data-testid=val-trace]', 'hp_c2247a');
    await done(page, 'hp_c2247a.trace');
    expect(await page.inputValue('[data-testid=val-disk]')).toBe('hp-c2247a');
    expect(await value(page, 'val-demerit')).toBe(want.demeritMs);
    expect(await value(page, 'val-disksim')).toBe(0.090);
    expect(new URL(page.url()).hash).toBe('#validate?disk=hp-c2247a&trace=hp_c2247a');
    // Run again from the keyboard: Tab onto it, Enter.
    await page.focus('[data-testid=val-run]');
    await page.keyboard.press('Enter');
    await done(page, 'hp_c2247a.trace');
    expect(await value(page, 'val-demerit')).toBe(want.demeritMs);
    expect(problems).toEqual([]);
  });
});
