/*
 * The #traxsystem page in real headless Chromium: a video-server link and an
 * LFS link (the published presets, with fewer rounds and writes to keep the
 * run short) plot exactly the points the same worker methods compute in Node
 * on the same wasm, and the stream counts on screen are the engine's. Any
 * console error fails the test. Also saves screenshots at 390, 1024 and
 * 1920 px (test-results/traxsystem/) to look at.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launch, openPage } from './browser';
import { testEngine } from '../helpers/engine';
import { loadPresetJson } from '../helpers/presets';
import { lfsStream, videoStream } from '../../web/experiments/traxsystem/service';
import { decodeSysSetup, lfsParams, videoParams } from '../../web/experiments/traxsystem/setup';

const baseUrl = inject('baseUrl');
const IDS = ['quantum-atlas-10k-ii'];
const link = (id: string) => String(JSON.parse(readFileSync(`presets/experiments/${id}.json`, 'utf8')).url);
/** The preset's link with some settings replaced. */
const shorter = (id: string, over: Record<string, string>) => {
  const [head, q] = link(id).split('?');
  const p = new URLSearchParams(q);
  for (const [k, v] of Object.entries(over)) p.set(k, v);
  return `${head}?${p.toString()}`;
};

let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

function finish<P, R>(g: Generator<P, R, void>): R {
  let r = g.next();
  while (!r.done) r = g.next();
  return r.value;
}

async function done(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid=ts-status][data-status=done]', { timeout: 120_000 });
}

async function plotted(page: Page, chart: string): Promise<Array<{ series: string; x: number; y: number }>> {
  return page.$$eval(`[data-testid=chart-${chart}] [data-series] circle`, (cs) => cs.map((c) => ({
    series: c.parentElement!.getAttribute('data-series')!, x: Number(c.getAttribute('data-x')), y: Number(c.getAttribute('data-y')),
  })));
}

const byKey = <T extends { series: string; x: number }>(xs: T[]) => [...xs].sort((a, b) => a.series.localeCompare(b.series) || a.x - b.x);

describe('traxsystem page', () => {
  it('a video-server link plots the engine\'s round times and shows its stream counts', async () => {
    const hash = shorter('traxsystem-video', { rounds: '100', vstep: '10' });
    const { page, problems } = await openPage(browser, `${baseUrl}${hash}`);
    await done(page);
    const { setup } = decodeSysSetup(hash, IDS);
    const want = finish(videoStream(await testEngine(), videoParams(setup, loadPresetJson(setup.disk))));
    expect(byKey(await plotted(page, 'rounds'))).toEqual(byKey(want.points.map((p) => ({ series: p.alignment, x: p.v, y: p.roundMs }))));
    expect(Number(await page.getAttribute('[data-testid=streams-aligned]', 'data-value'))).toBe(want.aligned.streams);
    expect(Number(await page.getAttribute('[data-testid=streams-unaligned]', 'data-value'))).toBe(want.unaligned.streams);
    expect(await page.textContent('[data-testid=hard-aligned]')).toBe(String(want.info.hard.aligned.streams));
    expect(await page.evaluate(() => window.location.hash)).toBe(`#traxsystem?${new URLSearchParams(hash.split('?')[1]).toString()}`);
    mkdirSync('test-results/traxsystem', { recursive: true });
    for (const w of [390, 1024, 1920]) {
      await page.setViewportSize({ width: w, height: 900 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: `test-results/traxsystem/traxsystem-video-${w}.png`, fullPage: true });
    }
    expect(problems).toEqual([]);
  }, 240_000);

  it('an LFS link plots the engine\'s overall write costs', async () => {
    const hash = shorter('traxsystem-lfs', { n: '200', pts: '8' });
    const { page, problems } = await openPage(browser, `${baseUrl}${hash}`);
    await done(page);
    const { setup } = decodeSysSetup(hash, IDS);
    const want = finish(lfsStream(await testEngine(), lfsParams(setup, loadPresetJson(setup.disk))));
    const kb = want.info.sectorBytes / 1024;
    expect(byKey(await plotted(page, 'owc'))).toEqual(byKey(want.points.map((p) => ({ series: p.alignment, x: p.sectors * kb, y: p.owc }))));
    await page.setViewportSize({ width: 390, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: 'test-results/traxsystem/traxsystem-lfs-390.png', fullPage: true });
    expect(problems).toEqual([]);
  }, 240_000);
});
