/*
 * The shingled-drive page in real headless Chromium, against the same worker
 * methods run in Node on the same wasm: the whole-run figures are the
 * engine's; opened at a moment inside the first band clean, the page shows
 * that clean (its band named under the drive, the band vermillion in the
 * lens of tracks, guard tracks white, the media cache's ring on the
 * platter) and the cache's fill bar holds the sectors the engine's events
 * say; the host-managed drive's refused write shows the engine's ZBC
 * message, and Reset calls the engine (the pointer back at the zone's start,
 * the command in the link); the what-if's table shows the worker's numbers,
 * which are Node's; the switch to sequential writes puts every write in
 * place (no appends, no cleans, as in Node); on a phone the zones' strip stays
 * inside the page's margins; a bad link names its fields. Any console error fails.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { NO_SERVICE_WORKER, launch, openPage, watchErrors } from './browser';
import { testEngine } from '../helpers/engine';
import { loadPresetJson } from '../helpers/presets';
import { RunService } from '../../web/worker/runService';
import { RunData } from '../../web/run/runData';
import { smrStageBegin } from '../../web/pages/smr/stageService';
import { smrFigures } from '../../web/pages/smr/figures';
import { smrSweepStream } from '../../web/pages/smr/sweep';
import { smrZoned } from '../../web/pages/smr/zoned';
import { SmrLog } from '../../web/pages/smr/smrLog';
import { trackKind } from '../../web/pages/smr/BandLens';
import { DM_PRESET, HM_PRESET, SWEEP_IDLE_MS, decodeSmrSetup, driveParams, sweepParams } from '../../web/pages/smr/setup';
import type { SweepPoint } from '../../web/pages/smr/protocol';
import { SMR_COLOUR } from '../../web/pages/smr/colours';

const baseUrl = inject('baseUrl');
const HASH = '#smr?pat=random&n=520&mc=1&clean=1000&wc=off&reg=0&seed=1&sw=200&sb=32&ops=w2@0:2048,w2@4096:8';

let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

interface Hook { status(): { figures: string; sweep: string; stage: string[]; zoned: string }; sweep(): { points: SweepPoint[] } }
const done = (page: Page) => page.waitForFunction(() => {
  const s = (window as unknown as { __spindleSmr?: Hook }).__spindleSmr?.status();
  return s?.figures === 'done' && s.sweep === 'done' && s.zoned === 'done' && s.stage.every((x) => x === 'done');
}, null, { timeout: 90_000 });

const hex = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));

/** The colour drawn at CSS pixel (x, y) of a canvas. */
const pixel = (page: Page, testid: string, x: number, y: number) => page.evaluate(({ testid, x, y }) => {
  const c = document.querySelector<HTMLCanvasElement>(`[data-testid="${testid}"]`)!;
  const k = c.width / c.getBoundingClientRect().width;
  return [...c.getContext('2d')!.getImageData(Math.round(x * k), Math.round(y * k), 1, 1).data].slice(0, 3);
}, { testid, x, y });

async function setupOf(hash: string) {
  const { setup, problems } = decodeSmrSetup(hash);
  expect(problems).toEqual([]);
  return setup;
}

describe('the shingled-drive page', () => {
  it('the engine\'s figures; a moment in the first clean: the band, the lens, the cache ring and its fill bar', async () => {
    const engine = await testEngine();
    const setup = await setupOf(HASH);
    const params = driveParams(setup, loadPresetJson(DM_PRESET), 512);
    const figures = smrFigures(engine, params);
    // The shingled run as the stage streams it, and its first clean.
    const runs = new RunService(engine);
    const data = new RunData(smrStageBegin(engine, runs, { run: params, drive: 'smr' }));
    while (!data.done) data.append(runs.runNext({ budgetMs: 20 }));
    runs.runEnd();
    const log = new SmrLog();
    log.update(data.events);
    const clean = log.cleans[0];
    expect(clean).toBeDefined();
    const at = clean.startMs + clean.durMs / 2;

    const { page, problems } = await openPage(browser, `${baseUrl}${HASH}&moment=${at}`);
    await done(page);
    await page.waitForFunction((t) => Number(document.querySelector<HTMLElement>('[data-stage-time]')!.dataset.stageTime) === t, at, { timeout: 30_000 });
    await page.waitForTimeout(400);   /* the panels follow the clock a few times a second */
    for (const d of ['cmr', 'smr'] as const) {
      const row = page.locator(`[data-testid=figures] tr[data-drive=${d}]`);
      expect(Number(await row.getAttribute('data-completed'))).toBe(figures[d].completed);
      expect(Number(await row.getAttribute('data-cleans'))).toBe(figures[d].smr?.cleans ?? 0);
    }
    // Under the shingled drive: the clean named, the fill the engine's at that instant.
    expect(await page.locator('[data-testid=cleaning]').getAttribute('data-band')).toBe(String(clean.band));
    await expect(page.locator('[data-testid=cleaning]').textContent()).resolves.toMatch(new RegExp(`Cleaning band ${clean.band}: reading its 16 tracks`));
    expect(Number(await page.locator('[data-testid=mc-fill]').getAttribute('data-used'))).toBe(log.fillAt(at));
    const barW = await page.locator('[data-testid=mc-fill] span').evaluate((el) => el.getBoundingClientRect().width / el.parentElement!.getBoundingClientRect().width);
    expect(barW).toBeCloseTo(log.fillAt(at) / figures.layout.mcSectors, 2);

    // The lens: the head is in the band being cleaned, drawn vermillion; its guard track white.
    const lens = page.locator('[data-testid=lens-smr]');
    const first = Number(await lens.getAttribute('data-first-track'));
    const px = Number(await lens.getAttribute('data-px'));
    const tracks = Number(await lens.getAttribute('data-tracks'));
    const band = figures.layout.bands[clean.band];
    const inWindow = (k: number) => k >= first && k < first + tracks;
    expect(inWindow(band.firstTrack)).toBe(true);
    expect(await pixel(page, 'lens-smr-canvas', (band.firstTrack - first + 0.5) * px, 23)).toEqual(hex(SMR_COLOUR.cleaning));
    const guard = Array.from({ length: tracks }, (_, i) => first + i).find((k) => trackKind(figures.layout, k).kind === 'guard' && k !== band.firstTrack + band.tracks - 1);
    expect(guard).toBeDefined();
    expect(await pixel(page, 'lens-smr-canvas', (guard! - first + 0.5) * px, 23)).toEqual(hex(SMR_COLOUR.guard));
    // The platter: the media cache's ring at the outer edge, in its colour (no write has landed in it for a revolution: they wait).
    expect(log.recentAppends(at, data.info.disk.revolutionMs)).toEqual([]);
    const size = await page.locator('[data-testid=stage-platter-smr-0]').evaluate((c) => c.getBoundingClientRect().width);
    expect(await pixel(page, 'stage-platter-smr-0', size / 2, 8 + 2)).toEqual(hex(SMR_COLOUR.cache));
    expect(problems).toEqual([]);
    await page.context().close();
  }, 180_000);

  it('the host-managed drive: the refused write\'s ZBC message, Reset through the engine, the what-if\'s numbers', async () => {
    const engine = await testEngine();
    const { page, problems } = await openPage(browser, `${baseUrl}${HASH}`);
    await done(page);
    const want = smrZoned(engine, { preset: loadPresetJson(HM_PRESET), ops: decodeSmrSetup(HASH).ops });
    expect(want.outcomes[1].status).toBe('unaligned-write');
    await expect(page.locator('[data-testid=refused]').textContent()).resolves.toContain(want.outcomes[1].message);
    expect(want.outcomes[1].message).toMatch(/UNALIGNED WRITE COMMAND \(ASC\/ASCQ 21h\/04h\)/);
    expect(Number(await page.locator('[data-testid=zone-strip] [data-zone="2"]').getAttribute('data-wp'))).toBe(2048);
    await page.locator('[data-testid=zone-select]').selectOption('2');
    await page.locator('[data-testid=zone-reset]').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=ops] li').length === 3);
    expect(await page.locator('[data-testid=ops] li').nth(2).textContent()).toBe('reset zone 2: done');
    expect(Number(await page.locator('[data-testid=zone-strip] [data-zone="2"]').getAttribute('data-wp'))).toBe(0);
    expect(await page.evaluate(() => window.location.hash)).toContain('ops=w2@0:2048,w2@4096:8,r2');

    // The what-if: the table's numbers are the worker's, and the worker's are the engine's in Node.
    const shown = await page.locator('[data-testid=sweep-table] tbody tr td[data-value]').evaluateAll((tds) => tds.map((td) => Number(td.getAttribute('data-value'))));
    const worker = await page.evaluate(() => (window as unknown as { __spindleSmr: Hook }).__spindleSmr.sweep().points.map((p) => p.mbPerS));
    expect(shown).toEqual(worker);
    const g = smrSweepStream(engine, sweepParams(await setupOf(HASH), loadPresetJson(DM_PRESET), 512));
    const node: number[] = [];
    for (let r = g.next(); !r.done; r = g.next()) node.push(r.value.point.mbPerS);
    expect(worker).toEqual(node);
    expect(await page.locator('[data-testid=sweep-chart]').getAttribute('data-points')).toBe(String(node.length + SWEEP_IDLE_MS.length));   /* the shingled drive's points, and two per twin's flat line */

    // The switch to sequential writes: every write goes to its band's end, in place, on the shingled drive too.
    await page.locator('[data-testid=pattern-sequential]').check();
    await page.waitForFunction(() => window.location.hash.includes('pat=sequential'));
    const seq = smrFigures(engine, driveParams({ ...(await setupOf(HASH)), pat: 'sequential' }, loadPresetJson(DM_PRESET), 512));
    expect(seq.smr.smr).toMatchObject({ mcAppends: 0, cleans: 0, inPlaceWrites: 520 });
    await page.waitForFunction((c) => document.querySelector('[data-testid=figures] tr[data-drive=smr]')?.getAttribute('data-completed') === String(c)
      && document.querySelector('[data-testid=figures] tr[data-drive=smr]')?.getAttribute('data-cleans') === '0', seq.smr.completed, { timeout: 60_000 });
    await page.waitForFunction(() => /^0\.00 of 1\.95 MB .* 0 writes appended/.test(document.querySelector('[data-testid=mc-text]')?.textContent ?? ''), null, { timeout: 30_000 });
    expect(problems).toEqual([]);
    await page.context().close();
  }, 180_000);

  it('on a phone the zones\' strip keeps the page\'s margins: every column inside them, nothing to scroll sideways', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, ...NO_SERVICE_WORKER });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${baseUrl}${HASH}`);
    await done(page);
    const fit = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const box = main.getBoundingClientRect();
      const pad = getComputedStyle(main);
      const [left, right] = [box.left + parseFloat(pad.paddingLeft), box.right - parseFloat(pad.paddingRight)];
      const cols = [...document.querySelectorAll('[data-testid=zone-strip] [data-zone]')].map((z) => z.getBoundingClientRect());
      return { left, right, cols: cols.length, outside: cols.filter((r) => r.left < left || r.right > right).length,
        rows: new Set(cols.map((r) => r.top)).size, scroll: document.documentElement.scrollWidth - window.innerWidth };
    });
    expect(fit.left).toBeGreaterThan(0);
    expect(fit.cols).toBeGreaterThan(100);
    expect(fit).toMatchObject({ outside: 0, scroll: 0, rows: 2 });
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('a bad link names its fields and opens with what it could use', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}#smr?mc=lots&pat=zigzag&ops=w2@0:8,x9`);
    await page.waitForSelector('[data-testid=setup-problems]');
    const text = await page.locator('[data-testid=setup-problems]').textContent();
    expect(text).toContain('Media cache: "lots" is not a number');
    expect(text).toContain('Writes: "zigzag" is not a known value');
    expect(text).toContain('Zone commands: item 2, "x9", is not a command');
    await done(page);
    expect(await page.locator('[data-testid=ops] li').count()).toBe(1);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);
});
