/*
 * The NVCache page in real headless Chromium: the published flush link shows
 * the engine's figures for the run with FQueues and its baseline (the same
 * worker method run in Node on the same wasm); stepping through the FQueue
 * events with Shift+→, both FQueue bars hold exactly the sectors the engine's
 * last FQ event at the page's clock reports, through fills and flush episodes;
 * → steps to the next write and the decision card shows that write's
 * engine-recorded times; the sweep fills its charts; a refused edit (a high
 * watermark below the low one, an FQueue larger than the NVCache) names the
 * field and the last good run stays. Any console error fails the test.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launch, openPage } from './browser';
import { testEngine } from '../helpers/engine';
import { loadPresetJson } from '../helpers/presets';
import { nvRun } from '../../web/pages/nvcache/service';
import { decodeNvSetup, runParams } from '../../web/pages/nvcache/setup';
import { STATS_ROWS } from '../../web/pages/nvcache/StatsTable';
import type { RunResult } from '../../web/pages/nvcache/protocol';

const baseUrl = inject('baseUrl');
const IDS = ['hp-c2247a'];
const link = (id: string) => String(JSON.parse(readFileSync(`presets/experiments/${id}.json`, 'utf8')).url);

let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

interface Hook { status(): { run: string; sweep: string }; time(): number }
const hook = (page: Page) => page.evaluate(() => {
  const h = (window as unknown as { __spindleNvcache: Hook }).__spindleNvcache;
  return { status: h.status(), t: h.time() };
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
    await page.waitForFunction(() => (window as unknown as { __spindleNvcache?: Hook }).__spindleNvcache?.status().run === 'done', null, { timeout: 60_000 });
    const r = await want(hash);
    expect(await page.evaluate(() => window.location.hash)).toBe(hash);

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

    // Step through FQueue events: both bars hold what the engine's events say, at the page's clock.
    const seen = new Set<number>();
    let flushingSeen = false;
    for (let k = 0; k < 80; k++) {
      await page.keyboard.press('Shift+ArrowRight');
      const { t } = await hook(page);
      const dram = Number(await page.getAttribute('[data-testid=fq-dram-with]', 'data-occupancy'));
      const flash = Number(await page.getAttribute('[data-testid=fq-flash-with]', 'data-occupancy'));
      expect(dram, `at ${t} ms`).toBe(engineOccupancy(r, t));
      expect(flash).toBe(dram);
      seen.add(dram);
      flushingSeen ||= (await page.locator('[data-testid=flushing-with]').count()) === 1;
    }
    expect(seen.size).toBeGreaterThan(5);
    expect(flushingSeen).toBe(true);
    expect(await page.locator('[data-testid=fq-none-without]').count()).toBe(1);

    // → : the next write's decision, with the engine's four times.
    const { t: t0 } = await hook(page);
    await page.keyboard.press('ArrowRight');
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

    // The sweep fills every chart.
    await page.waitForFunction(() => (window as unknown as { __spindleNvcache: Hook }).__spindleNvcache.status().sweep === 'done', null, { timeout: 120_000 });
    expect(Number(await page.getAttribute('[data-testid=fig7]', 'data-points'))).toBe(27);

    // Refused edits: the field is named, the link and the run stay.
    await page.fill('#nv-hi', '0.3');
    await page.click('[data-testid=apply]');
    await expect.poll(() => page.textContent('[data-testid=edit-problems]')).toContain('High watermark: 0.3 is below the low watermark 0.5');
    expect(await page.getAttribute('#nv-hi', 'aria-invalid')).toBe('true');
    await page.fill('#nv-hi', '0.9');
    await page.fill('#nv-fq', '300');
    await page.click('[data-testid=apply]');
    await expect.poll(() => page.textContent('[data-testid=edit-problems]')).toContain('FQueue size: 300 MB is larger than the NVCache (256 MB)');
    expect(await page.evaluate(() => window.location.hash)).toBe(hash);
    expect(Number(await page.getAttribute('[data-testid=stat-latency-mean-with]', 'data-value'))).toBe(r.with.latency.meanMs);
    expect(problems).toEqual([]);
  });
});
