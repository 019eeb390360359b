/*
 * The NVCache page in real headless Chromium: the published flush link shows
 * the engine's figures for the run with FQueues and its baseline (the same
 * worker method run in Node on the same wasm); both runs play on the stage,
 * which opens playing above the fold at 1920×1080 with the settings folded;
 * stepping the stage's one clock through the FQueue events (the page's "FQ
 * event" step) and through single events (→), both FQueue bars hold exactly
 * the sectors the engine's last FQ event at the stage's instant reports,
 * through fills and flush episodes; the "write" step moves the clock to the
 * next write decision and the decision card shows that write's
 * engine-recorded times; no text on the page is under 11 px; the sweep fills
 * its charts; a refused edit (a high watermark below the low one, an FQueue
 * larger than the NVCache) names the field and the last good run stays; a
 * good edit runs again and the table under the stage shows the new run's
 * figures. Any console error fails the test.
 */
import { OUTCOME_COLOUR } from '../../web/pages/nvcache/colours';
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launch, NO_SERVICE_WORKER, openPage, watchErrors } from './browser';
import { testEngine } from '../helpers/engine';
import { loadPresetJson } from '../helpers/presets';
import { nvRun } from '../../web/pages/nvcache/service';
import { decodeNvSetup, runParams } from '../../web/pages/nvcache/setup';
import { STATS_ROWS } from '../../web/pages/nvcache/StatsTable';
import type { RunResult } from '../../web/pages/nvcache/protocol';
import { fqAt } from '../../web/pages/nvcache/replay';

const baseUrl = inject('baseUrl');
const IDS = ['hp-c2247a'];
const link = (id: string) => String(JSON.parse(readFileSync(`presets/experiments/${id}.json`, 'utf8')).url);

let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

interface Hook { status(): { run: string; sweep: string; stage: string[] }; time(): number }
const hook = (page: Page) => page.evaluate(() => {
  const h = (window as unknown as { __spindleNvcache: Hook }).__spindleNvcache;
  return { status: h.status(), t: h.time() };
});

/** The page's part of the location's hash (the stage adds its moment when paused). */
const pagePart = (page: Page) => page.evaluate(() => window.location.hash.replace(/&(moment|present)=[^&]*/g, ''));

/** The stage's clock and each run's. */
const stageClocks = (page: Page) => page.evaluate(() => {
  const root = document.querySelector<HTMLElement>('[data-stage-time]')!;
  return { stage: Number(root.dataset.stageTime), runs: [...root.querySelectorAll<HTMLElement>('[data-stage-run]')].map((el) => Number(el.dataset.runTime)) };
});

/** What the page should show for a link, computed in Node by the same service. */
async function want(hash: string): Promise<RunResult> {
  const { setup, problems } = decodeNvSetup(hash, IDS);
  expect(problems).toEqual([]);
  const preset = loadPresetJson(setup.disk) as { geometry: { sectorBytes: number } };
  return nvRun(await testEngine(), runParams(setup, preset, preset.geometry.sectorBytes));
}

/** The engine's FQueue occupancy at t: the count in its last add/remove event at or before t. */
function engineOccupancy(r: RunResult, t: number): number {
  let occ = 0;
  for (const e of r.with.fq) {
    if (e.timeMs > t) break;
    if (e.kind === 'add' || e.kind === 'remove') occ = e.occupancy;
  }
  return occ;
}

describe('NVCache page', () => {
  it('the flush link: the engine\'s figures, FQueue bars that follow the engine\'s FQ events, the decision card, the sweep, refused edits', async () => {
    const hash = link('nvcache-flush-watermarks');
    const { page, problems } = await openPage(browser, `${baseUrl}${hash}`);
    await page.waitForFunction(() => {
      const s = (window as unknown as { __spindleNvcache?: Hook }).__spindleNvcache?.status();
      return s?.run === 'done' && s.stage.every((x) => x === 'done');
    }, null, { timeout: 60_000 });
    const r = await want(hash);
    expect(await pagePart(page)).toBe(hash);

    // Every figure in the table is the engine's, for both runs.
    for (const row of STATS_ROWS) {
      for (const [k, side] of [['with', r.with], ['without', r.without]] as const) {
        const cell = `[data-testid=stat-${row.key}-${k}]`;
        expect(Number(await page.getAttribute(cell, 'data-value')), `${row.key} ${k}`).toBe(row.get(side));
        expect(await page.textContent(cell)).toBe(row.fmt(row.get(side)));
      }
    }
    expect(Number(await page.getAttribute('[data-testid=normalized]', 'data-value'))).toBe(r.normalized);
    expect(r.with.stats.flushEpisodes).toBeGreaterThan(0);

    // Step the stage through FQueue events: both bars hold what the engine's events say, at the stage's clock.
    const bars = async () => {
      const { t } = await hook(page);
      const dram = Number(await page.getAttribute('[data-testid=fq-dram-with]', 'data-occupancy'));
      const flash = Number(await page.getAttribute('[data-testid=fq-flash-with]', 'data-occupancy'));
      expect(dram, `at ${t} ms`).toBe(engineOccupancy(r, t));
      expect(flash).toBe(dram);
      return { t, dram };
    };
    // Paused first (Space), so the clock stands still between reading it and stepping.
    await page.locator('h1').click();
    if (await page.evaluate(() => document.querySelector<HTMLElement>('[data-stage-time]')!.dataset.stagePlaying === 'true')) await page.keyboard.press(' ');
    expect(await page.evaluate(() => document.querySelector<HTMLElement>('[data-stage-time]')!.dataset.stagePlaying)).toBe('false');
    const seen = new Set<number>();
    let flushingSeen = false;
    for (let k = 0; k < 80; k++) {
      const before = (await hook(page)).t;
      await page.click('[data-testid=step-fq]');
      const { t, dram } = await bars();
      expect(t).toBe(r.with.fq.find((e) => e.timeMs > before)!.timeMs);
      seen.add(dram);
      flushingSeen ||= (await page.locator('[data-testid=flushing-with]').count()) === 1;
    }
    expect(seen.size).toBeGreaterThan(5);
    expect(flushingSeen).toBe(true);
    expect(await page.locator('[data-testid=fq-none-without]').count()).toBe(1);
    // The stage's own step (→): one event of either run at a time; both runs on the one clock, the bars still the engine's.
    await page.locator('h1').click();
    for (let k = 0; k < 12; k++) {
      const before = (await hook(page)).t;
      await page.keyboard.press('ArrowRight');
      const { t } = await bars();
      expect(t).toBeGreaterThan(before);
      const c = await stageClocks(page);
      expect(c.stage).toBe(t);
      expect(c.runs).toEqual([t, t]);
    }

    // The platter shows the FQueue: at the first write-back, the run with FQueues has its entries marked on their
    // tracks in the flash colour (filled while written back); the baseline's platter has none.
    const wb = r.with.fq.find((e) => e.kind === 'writeback')!;
    const at = await openPage(browser, `${baseUrl}${hash}&moment=${wb.timeMs + 1e-5}`);
    await at.page.waitForFunction((t) => Number(document.querySelector<HTMLElement>('[data-stage-time]')?.dataset.stageTime) >= t, wb.timeMs, { timeout: 60_000 });
    await at.page.waitForSelector('[data-testid=strip-with]', { timeout: 60_000 });
    await at.page.waitForTimeout(300);
    // Pixels of exactly the flash colour the page draws redirected writes in.
    const rgb = [1, 3, 5].map((k) => parseInt(OUTCOME_COLOUR.flash.slice(k, k + 2), 16));
    const flashPixels = (id: string) => at.page.evaluate(([testId, [r, g, b]]) => {
      const c = document.querySelector<HTMLCanvasElement>(`[data-testid=${testId}]`)!;
      const px = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < px.length; i += 4) if (px[i] === r && px[i + 1] === g && px[i + 2] === b) n++;
      return n;
    }, [id, rgb] as const);
    expect(fqAt(r.with.fq, wb.timeMs).entries.some((e) => e.writing)).toBe(true);
    expect(await flashPixels('stage-platter-with-0')).toBeGreaterThan(20);
    expect(await flashPixels('stage-platter-without-0')).toBe(0);
    expect(at.problems).toEqual([]);
    await at.page.context().close();

    // The "write" step: the next write's decision, with the engine's four times.
    const { t: t0 } = await hook(page);
    await page.click('[data-testid=step]');
    const { t: t1 } = await hook(page);
    const d = r.with.decisions.find((x) => x.timeMs > t0)!;
    expect(t1).toBe(d.timeMs);
    const shown = r.with.decisions.filter((x) => x.timeMs <= t1).pop()!;
    expect(Number(await page.getAttribute('[data-testid=decision]', 'data-req'))).toBe(shown.req);
    expect(await page.getAttribute('[data-testid=decision]', 'data-outcome')).toBe(shown.outcome);
    if (shown.times) {
      expect(Number(await page.getAttribute('[data-testid=d-hN]', 'data-value'))).toBe(shown.times.hN);
      expect(Number(await page.getAttribute('[data-testid=d-fN]', 'data-value'))).toBe(shown.times.fN);
    }
    // Read at two moments, the card names the write decided last: the next step's write replaces this one.
    const cardNames = (d: { req: number; lbn: number }) => `Write ${d.req} at LBA ${d.lbn} (`;
    expect(await page.locator('[data-testid=decision]').textContent()).toContain(cardNames(shown));
    await page.click('[data-testid=step]');
    const { t: t2 } = await hook(page);
    const later = r.with.decisions.filter((x) => x.timeMs <= t2).pop()!;
    expect(t2).toBeGreaterThan(t1);
    expect(later.req).not.toBe(shown.req);
    await page.waitForFunction((text) => document.querySelector('[data-testid=decision]')!.textContent!.includes(text), cardNames(later), { timeout: 10_000 });
    expect(await page.locator('[data-testid=decision]').textContent()).not.toContain(cardNames(shown));

    // The sweep fills every chart.
    await page.waitForFunction(() => (window as unknown as { __spindleNvcache: Hook }).__spindleNvcache.status().sweep === 'done', null, { timeout: 120_000 });
    expect(Number(await page.getAttribute('[data-testid=fig7]', 'data-points'))).toBe(27);

    // No text under 11 px on the page: its header, the stage's bar and statistics, the strips under the runs,
    // the figures and the sweeps. (The stage's shared request timeline sizes its rows to fit and is the stage's.)
    const small = await page.evaluate(() => [...document.querySelectorAll('main *')].filter((el) => {
      if (el.closest('[data-testid=timeline]')) return false;
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
      if (!own || el.getBoundingClientRect().width === 0) return false;
      const svg = el.closest('svg');
      const vb = svg?.viewBox.baseVal;
      const scale = svg && vb && vb.width > 0 ? svg.getBoundingClientRect().width / vb.width : 1;
      return parseFloat(getComputedStyle(el).fontSize) * scale < 11;
    }).map((el) => `${el.tagName} "${el.textContent!.trim().slice(0, 30)}" ${getComputedStyle(el).fontSize}`));
    expect(small).toEqual([]);

    // Refused edits (the settings open on demand): the field is named, the link and the run stay.
    expect(await page.locator('[data-testid=nv-settings]').getAttribute('open')).toBeNull();
    await page.click('[data-testid=nv-settings] summary');
    await page.fill('#nv-hi', '0.3');
    await page.click('[data-testid=apply]');
    await expect.poll(() => page.textContent('[data-testid=edit-problems]')).toContain('High watermark: 0.3 is below the low watermark 0.5');
    expect(await page.getAttribute('#nv-hi', 'aria-invalid')).toBe('true');
    await page.fill('#nv-hi', '0.9');
    await page.fill('#nv-fq', '300');
    await page.click('[data-testid=apply]');
    await expect.poll(() => page.textContent('[data-testid=edit-problems]')).toContain('FQueue size: 300 MB is larger than the NVCache (256 MB)');
    expect(await pagePart(page)).toBe(hash);
    expect(Number(await page.getAttribute('[data-testid=stat-latency-mean-with]', 'data-value'))).toBe(r.with.latency.meanMs);

    // A good edit runs again: the figures under the stage (drawn once per run, not with the clock) become the new run's.
    await page.fill('#nv-fq', '0.2');
    await page.click('[data-testid=apply]');
    await expect.poll(() => pagePart(page)).toContain('fq=0.2&');
    const r2 = await want(await pagePart(page));
    expect(r2.with.latency.meanMs).not.toBe(r.with.latency.meanMs);
    await expect.poll(() => page.getAttribute('[data-testid=stat-latency-mean-with]', 'data-value').then(Number), { timeout: 60_000 }).toBe(r2.with.latency.meanMs);
    for (const row of STATS_ROWS) {
      for (const [k, side] of [['with', r2.with], ['without', r2.without]] as const) {
        expect(await page.textContent(`[data-testid=stat-${row.key}-${k}]`), `${row.key} ${k}`).toBe(row.fmt(row.get(side)));
      }
    }
    expect(Number(await page.getAttribute('[data-testid=normalized]', 'data-value'))).toBe(r2.normalized);
    expect(problems).toEqual([]);
  }, 240_000);

  it('opens playing with the stage above the fold at 1920×1080, the settings folded', async () => {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, ...NO_SERVICE_WORKER });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${baseUrl}${link('nvcache-desktop')}`);
    await page.waitForFunction(() => Number(document.querySelector<HTMLElement>('[data-stage-time]')?.dataset.stageTime) > 0, null, { timeout: 60_000 });
    const first = await stageClocks(page);
    await page.waitForTimeout(300);
    expect((await stageClocks(page)).stage).toBeGreaterThan(first.stage);
    const top = await page.evaluate(() => ({
      bar: document.querySelector('.stage-bar')!.getBoundingClientRect().bottom,
      platters: [...document.querySelectorAll('[data-stage-run] canvas')].map((c) => c.getBoundingClientRect().bottom),
    }));
    expect(top.bar).toBeLessThan(1080);
    expect(top.platters).toHaveLength(2);
    for (const b of top.platters) expect(b).toBeLessThan(1080);
    expect(await page.locator('[data-testid=nv-settings]').getAttribute('open')).toBeNull();

    // Presentation mode (P): what the page draws on the stage (under each run: devices, FQueue bars, decision) is 16 px or more.
    await page.waitForSelector('[data-testid=strip-with]', { timeout: 60_000 });
    await page.locator('h1').click();
    await page.keyboard.press('p');
    expect(await page.evaluate(() => document.documentElement.dataset.present)).toBe('1');
    const small = await page.evaluate(() => [...document.querySelectorAll('[data-testid=stage] .nv-strip *, [data-testid=stage] .nv-current *')].filter((el) => {
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
      return own && el.getBoundingClientRect().width > 0 && parseFloat(getComputedStyle(el).fontSize) < 16;
    }).map((el) => `${el.tagName} "${el.textContent!.trim().slice(0, 30)}" ${getComputedStyle(el).fontSize}`));
    expect(small).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
