/*
 * The #traxsystem page in real headless Chromium: a video-server link, an
 * LFS link and an FFS link (the published presets, with fewer rounds, writes
 * and megabytes to keep the run short) plot exactly the points the same
 * worker methods compute in Node on the same wasm, and the stream counts, the
 * zone-matched segments' cost and the FFS run times on screen are the
 * engine's. Any console error fails the test. Also saves screenshots at 390,
 * 1024 and 1920 px (test-results/traxsystem/) to look at.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launch, openPage } from './browser';
import { testEngine } from '../helpers/engine';
import { loadPresetJson } from '../helpers/presets';
import { ffsStream, lfsStream, videoStream } from '../../web/pages/traxsystem/service';
import { decodeSysSetup, ffsParams, lfsParams, videoParams } from '../../web/pages/traxsystem/setup';

const baseUrl = inject('baseUrl');
const IDS = ['quantum-atlas-10k-ii', 'quantum-atlas-10k'];
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

/** A generator's progress messages and its result. */
function collect<P, R>(g: Generator<P, R, void>): { progress: P[]; result: R } {
  const progress: P[] = [];
  let r = g.next();
  while (!r.done) { progress.push(r.value); r = g.next(); }
  return { progress, result: r.value };
}
const finish = <P, R>(g: Generator<P, R, void>): R => collect(g).result;

async function done(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid=ts-status][data-status=done]', { timeout: 120_000 });
}

/** Opens a published preset's link with some settings replaced and waits for its run: the page, its problems and the setup. */
async function openPreset(id: string, over: Record<string, string>) {
  const hash = shorter(id, over);
  const { page, problems } = await openPage(browser, `${baseUrl}${hash}`);
  await done(page);
  const { setup } = decodeSysSetup(hash, IDS);
  return { hash, page, problems, setup, preset: loadPresetJson(setup.disk) };
}

async function plotted(page: Page, chart: string): Promise<Array<{ series: string; x: number; y: number }>> {
  return page.$$eval(`[data-testid=chart-${chart}] [data-series] circle`, (cs) => cs.map((c) => ({
    series: c.parentElement!.getAttribute('data-series')!, x: Number(c.getAttribute('data-x')), y: Number(c.getAttribute('data-y')),
  })));
}

const byKey = <T extends { series: string; x: number; y: number }>(xs: T[]) => [...xs].sort((a, b) => a.series.localeCompare(b.series) || a.x - b.x || a.y - b.y);

async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync('test-results/traxsystem', { recursive: true });
  for (const w of [390, 1024, 1920]) {
    await page.setViewportSize({ width: w, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `test-results/traxsystem/${name}-${w}.png`, fullPage: true });
  }
}

describe('traxsystem page', () => {
  it('a video-server link plots the engine\'s round times and shows its stream counts', async () => {
    const { hash, page, problems, setup, preset } = await openPreset('traxsystem-video', { rounds: '100', vstep: '10' });
    const want = finish(videoStream(await testEngine(), videoParams(setup, preset)));
    expect(byKey(await plotted(page, 'rounds'))).toEqual(byKey(want.points.map((p) => ({ series: p.alignment, x: p.v, y: p.roundMs }))));
    expect(Number(await page.getAttribute('[data-testid=streams-aligned]', 'data-value'))).toBe(want.aligned.streams);
    expect(Number(await page.getAttribute('[data-testid=streams-unaligned]', 'data-value'))).toBe(want.unaligned.streams);
    expect(await page.textContent('[data-testid=hard-aligned]')).toBe(String(want.info.hard.aligned.streams));
    expect(await page.evaluate(() => window.location.hash)).toBe(`#traxsystem?${new URLSearchParams(hash.split('?')[1]).toString()}`);
    await screenshots(page, 'traxsystem-video');
    expect(problems).toEqual([]);
  }, 240_000);

  it('an LFS link plots the engine\'s overall write costs', async () => {
    const { page, problems, setup, preset } = await openPreset('traxsystem-lfs', { n: '200', pts: '8' });
    const want = finish(lfsStream(await testEngine(), lfsParams(setup, preset)));
    const kb = want.info.sectorBytes / 1024;
    expect(byKey(await plotted(page, 'owc'))).toEqual(byKey([
      ...want.points.map((p) => ({ series: p.alignment, x: p.sectors * kb, y: p.owc })),
      ...want.zones.map((p) => ({ series: 'zone', x: p.sectors * kb, y: p.owc })),
    ]));
    expect(want.zones.length).toBeGreaterThan(1);
    expect(Number(await page.getAttribute('[data-testid=owc-matched]', 'data-value'))).toBe(want.whole.matched.owc);
    await screenshots(page, 'traxsystem-lfs');
    expect(problems).toEqual([]);
  }, 240_000);

  it('an FFS link plots the engine\'s progress of the diff and the copy and shows its run times', async () => {
    const { page, problems, setup, preset } = await openPreset('traxsystem-ffs', { fmb: '64', cmb: '96' });
    const { progress, result: want } = collect(ffsStream(await testEngine(), ffsParams(setup, preset)));
    for (const w of ['diff', 'copy'] as const) {
      const mine = progress.flatMap((m) => (m.kind === 'point' && m.point.workload === w ? [{ series: m.point.allocation, x: m.point.s, y: m.point.mb }] : []));
      expect(mine.length).toBeGreaterThan(10);
      expect(byKey(await plotted(page, `ffs-${w}`))).toEqual(byKey(mine));
      expect(Number(await page.getAttribute(`[data-testid=ffs-${w}-default]`, 'data-value'))).toBe(want[w].defaultMs);
      expect(Number(await page.getAttribute(`[data-testid=ffs-${w}-traxtent]`, 'data-value'))).toBe(want[w].traxtentMs);
      expect(Number(await page.getAttribute(`[data-testid=ffs-${w}-reduction]`, 'data-value'))).toBe(want[w].reduction);
    }
    // A setting typed on the page reaches the URL and reruns: one request in all.
    const one = finish(ffsStream(await testEngine(), ffsParams({ ...setup, out: 'one' }, preset)));
    expect(one.diff.traxtentMs).not.toBe(want.diff.traxtentMs);
    await page.selectOption('#ts-out', 'one');
    await page.waitForFunction((v) => document.querySelector('[data-testid=ffs-diff-traxtent]')?.getAttribute('data-value') === v,
      String(one.diff.traxtentMs), { timeout: 120_000 });
    expect(await page.evaluate(() => window.location.hash)).toContain('out=one');
    await screenshots(page, 'traxsystem-ffs');
    expect(problems).toEqual([]);
  }, 240_000);
});
