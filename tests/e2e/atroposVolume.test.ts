/*
 * The Atropos stage's volume in headless Chromium: each run shows one platter
 * per disk of the volume, laid out by the column's measured width in even rows
 * (never three across over one), in every frame from the page's first one; and
 * the stage's legend says which disks the access reads under each layout (on
 * the default link, record 1000 lies on disk 3 alone: its is the one platter
 * with marks), from the engine's cells.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, NO_SERVICE_WORKER, watchErrors } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

/** 1100×700: a column wide enough for three platters of the height left, the case that wrapped three over one. */
const SIZES = [{ width: 1100, height: 700 }, { width: 1920, height: 1080 }, { width: 1024, height: 768 }] as const;

interface Window { unevenRows?: string[]; platterRows?: number[][] }

describe.each(SIZES)('the Atropos volume at $width×$height', (size) => {
  it('each run\'s platters sit in even rows in every frame; the legend names the disks read', async () => {
    const context = await browser.newContext({ viewport: size, ...NO_SERVICE_WORKER });
    const page = await context.newPage();
    const problems = watchErrors(page);
    // In every frame from the first: each run's platters grouped into rows by their top; no row longer than another by more than one (three over one is uneven).
    await page.addInitScript(() => {
      const w = window as unknown as Window;
      w.unevenRows = [];
      const look = () => {
        for (const run of document.querySelectorAll('[data-stage-run]')) {
          const tops = [...run.querySelectorAll('canvas[data-testid^="stage-platter-"]')].map((c) => Math.round(c.getBoundingClientRect().top));
          if (tops.length < 2) continue;
          const rows = [...new Set(tops)].map((t) => tops.filter((x) => x === t).length);
          w.platterRows = [...(w.platterRows ?? []).slice(-8), rows];
          if (Math.max(...rows) - Math.min(...rows) > 1) w.unevenRows!.push(rows.join('+'));
        }
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await page.goto(`${baseUrl}#atropos`);
    await page.waitForFunction(() => [...document.querySelectorAll('[data-stage-run]')].every((r) => r.querySelectorAll('canvas').length === 4)
      && document.querySelectorAll('[data-stage-run]').length >= 2, undefined, { timeout: 60_000 });
    const note = page.locator('[data-testid=stage-disks-read]');
    await note.waitFor({ timeout: 60_000 });
    await page.evaluate(() => new Promise((done) => setTimeout(done, 500)));
    const w = await page.evaluate(() => ({ uneven: (window as unknown as Window).unevenRows!, last: (window as unknown as Window).platterRows!.at(-1) }));
    expect(w.uneven).toEqual([]);
    expect(w.last!.reduce((a, b) => a + b, 0)).toBe(4);
    // Record 1000's cells are all on disk 3 under each layout: the engine's cells, said on screen.
    const cells = await page.evaluate(() => {
      const r = (window as unknown as { __spindleAtropos: { result(): { row: number; runs: { cells: { disk: number; accessed: boolean }[] }[] } } }).__spindleAtropos.result();
      return { row: r.row, disks: [...new Set(r.runs.flatMap((run) => run.cells.filter((c) => c.accessed).map((c) => c.disk)))] };
    });
    expect(cells.disks).toEqual([3]);
    expect(await note.innerText()).toBe(`Record ${cells.row}'s cells lie on disk 3 under every layout shown: only those platters carry marks; the other disks' heads stay idle.`);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
