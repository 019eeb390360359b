/*
 * The Atropos page in real headless Chromium: a row-access link and a
 * column-access link (the published presets) show the engine's response and
 * efficiency for every layout, equal to the same worker method run in Node
 * on the same wasm; the head path drawn for the semi-sequential batch has no
 * rotational wait after its first block (the only rotation after it longer
 * than the skew's excess over the switch is the quadrangle's slack after the
 * wrap back to row 0) and ends within one revolution; the stage plays the
 * access under Atropos and the naive layout, a platter per disk, its cells
 * lit on the platters only as the head reads them (counted in the canvases'
 * pixels); with both naive layouts beside Atropos, three runs share one
 * clock, a step moves all three and each run's statistics equal its run
 * streamed in Node; clicking a column in the table plays that scan on the stage; the
 * budget bar turns red past the exact check; Figure 9 fills in. Any console
 * error fails the test.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launch, NO_SERVICE_WORKER, openPage } from './browser';
import { clocks, type Clocks } from './stageClocks';
import { testEngine } from '../helpers/engine';
import { loadPresetJson } from '../helpers/presets';
import { atAccess } from '../../web/pages/atropos/service';
import { accessParams, decodeAtSetup, fig7Params, fig8Params, mixParams } from '../../web/pages/atropos/setup';
import { figureStream } from '../../web/pages/atropos/figures';
import type { AccessResult, FigureParams, FigureResult, Layout } from '../../web/pages/atropos/protocol';
import type { Segment } from '../../web/pages/atropos/geometry';
import type { StageMarks } from '../../web/pages/atropos/AtroposStage';
import { COLUMN_COLOURS } from '../../web/pages/atropos/columnColour';
import { atStageBegin } from '../../web/pages/atropos/stageRun';
import { RunService } from '../../web/worker/runService';
import { RunData } from '../../web/run/runData';
import { formatMs, formatPct } from '../../web/lib/format';

const baseUrl = inject('baseUrl');
const IDS = readdirSync('presets/disks').filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));
const link = (id: string) => String(JSON.parse(readFileSync(`presets/experiments/${id}.json`, 'utf8')).url);

let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

interface Figure<T> { points: T[]; done: boolean }
interface Hook {
  status(): { access: string; sweep: string }; result(): AccessResult | null; paths(): Segment[][]; skewToleranceMs(): number;
  fig7(): Figure<unknown> | null; fig8(): Figure<unknown> | null; table2(): { rows: unknown[]; done: boolean } | null; mixes(): { rows: unknown[]; done: boolean } | null;
  stage(): StageMarks[];
}

const marks = (page: Page): Promise<StageMarks[]> => page.evaluate(() => (window as unknown as { __spindleAtropos: Hook }).__spindleAtropos.stage());

/** After two frames: the stage has drawn what its clock shows. */
const drawn = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** Pixels of a stage run's platters painted in a table column's own colour: only a read cell is (unread ones are outlined, other records' faded). */
function litPixels(page: Page, layout: string, columns: number): Promise<number> {
  return page.evaluate(({ layout, colours }) => {
    const rgb = colours.map((c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)));
    let n = 0;
    for (const cv of document.querySelectorAll<HTMLCanvasElement>(`[data-testid=stage-run-${layout}] canvas`)) {
      const d = cv.getContext('2d')!.getImageData(0, 0, cv.width, cv.height).data;
      for (let i = 0; i < d.length; i += 4) if (d[i + 3] === 255 && rgb.some(([r, g, b]) => d[i] === r && d[i + 1] === g && d[i + 2] === b)) n++;
    }
    return n;
  }, { layout, colours: COLUMN_COLOURS.slice(0, columns) });
}

/** Steps the stage from completion to completion (Shift+→) until every run has finished; the marks after each step. */
async function stepToEnd(page: Page): Promise<StageMarks[][]> {
  await page.locator('h1').click();
  const seen: StageMarks[][] = [];
  for (let i = 0; i < 400; i++) {
    const m = await marks(page);
    seen.push(m);
    if (m.every((r) => r.finished)) return seen;
    await page.keyboard.press('Shift+ArrowRight');
  }
  throw new Error('the stage did not reach the end of its runs');
}

/** A figure's final result, computed in Node by the worker's own method. */
async function figureInNode(params: FigureParams): Promise<FigureResult> {
  const g = figureStream(await testEngine('full'), params);
  for (;;) { const r = g.next(); if (r.done) return r.value; }
}

/** A layout's stage run streamed in Node through the worker's own method, as the page's worker streams it. */
async function stageRunInNode(hash: string, layout: Layout): Promise<RunData> {
  const engine = await testEngine('full');
  const { setup } = decodeAtSetup(hash, IDS);
  const runs = new RunService(engine);
  const data = new RunData(atStageBegin(engine, runs, { ...accessParams(setup, loadPresetJson(setup.disk)), layout }));
  while (!data.done) data.append(runs.runNext({ budgetMs: 5 }));
  runs.runEnd();
  return data;
}


/** A stage run's statistics table as shown: [label, value] rows. */
const statsShown = (page: Page, layout: string) => page.$$eval(`[data-testid=stage-stats-${layout}] tr`,
  (trs) => trs.map((tr) => [tr.querySelector('th')?.textContent ?? '', tr.querySelector('td')?.textContent ?? '']));

async function settled(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid=compare]', { timeout: 60_000 });
  await page.waitForFunction(() => (window as unknown as { __spindleAtropos?: Hook }).__spindleAtropos?.status().access === 'done', null, { timeout: 60_000 });
}

/** The numbers on screen (data-value of each layout's cells) against the worker method run in Node. */
async function expectEngineNumbers(page: Page, hash: string): Promise<AccessResult> {
  const e = await testEngine('full');
  const { setup } = decodeAtSetup(hash, IDS);
  const want = atAccess(e, accessParams(setup, loadPresetJson(setup.disk)));
  for (const r of want.runs) {
    expect(Number(await page.getAttribute(`[data-testid=resp-${r.layout}]`, 'data-value'))).toBe(r.responseMs);
    expect(Number(await page.getAttribute(`[data-testid=eff-${r.layout}]`, 'data-value'))).toBe(r.efficiency);
    expect(await page.textContent(`[data-testid=resp-${r.layout}]`)).toBe(r.responseMs.toFixed(2));
  }
  expect(Number(await page.getAttribute('[data-testid=budget-bar]', 'data-slack'))).toBe(want.info.slackSectors);
  return want;
}

describe('Atropos page', () => {
  it('opens playing with the stage first: its controls and every platter of both runs in the window at 1024×768 and 1920×1080, the settings folded', async () => {
    for (const viewport of [{ width: 1024, height: 768 }, { width: 1920, height: 1080 }]) {
      const context = await browser.newContext({ viewport, ...NO_SERVICE_WORKER });
      const page = await context.newPage();
      await page.goto(`${baseUrl}${link('atropos-sidebyside')}`);
      await page.waitForFunction(() => Number(document.querySelector<HTMLElement>('[data-stage-time]')?.dataset.stageTime) > 0, null, { timeout: 60_000 });
      const seen = await page.evaluate(() => ({
        playing: document.querySelector<HTMLElement>('[data-stage-time]')!.dataset.stagePlaying,
        bar: document.querySelector('.stage-bar')!.getBoundingClientRect().bottom,
        platters: [...document.querySelectorAll('[data-stage-run] canvas')].map((c) => c.getBoundingClientRect().bottom),
        settingsOpen: document.querySelector<HTMLDetailsElement>('[data-testid=settings]')!.open,
      }));
      expect(seen.playing).toBe('true');
      expect(seen.settingsOpen).toBe(false);
      expect(seen.bar).toBeLessThan(viewport.height);
      expect(seen.platters).toHaveLength(8);                 // two runs, a platter per disk of the 4-disk volume
      for (const b of seen.platters) expect(b).toBeLessThanOrEqual(viewport.height);
      await context.close();
    }
  });

  it('both naive layouts beside Atropos: three runs of four platters on one clock, a step moves all three, each run\'s statistics the engine\'s', async () => {
    const hash = link('atropos-sidebyside').replace('cmp=naive-column', 'cmp=both');
    expect(hash).toContain('cmp=both');
    const { page, problems } = await openPage(browser, `${baseUrl}${hash}&moment=0`);
    await settled(page);
    const layouts = ['atropos', 'naive-column', 'naive-row'] as const;
    expect(await page.inputValue('[data-testid=stage-beside]')).toBe('both');
    await page.waitForFunction(() => {
      const runs = [...document.querySelectorAll<HTMLElement>('[data-stage-run]')];
      return runs.length === 3 && runs.every((el) => el.dataset.runTime === '0');
    }, null, { timeout: 60_000 });
    expect(await page.locator('[data-stage-run]').count()).toBe(3);
    for (const l of layouts) await expect.poll(() => page.locator(`[data-testid=stage-run-${l}] canvas`).count()).toBe(4);
    expect((await marks(page)).map((m) => m.layout)).toEqual([...layouts]);
    // Playing: at each sample every run (none has finished yet) is at the stage's instant, and the instant moves on.
    await page.locator('h1').click();
    await page.keyboard.press(' ');
    const samples: Clocks[] = [];
    for (let i = 0; i < 6; i++) {
      const c = await clocks(page);
      expect(c.playing).toBe(true);
      expect(c.runs).toHaveLength(3);
      for (const r of c.runs) {
        expect(r.finished).toBe(false);
        expect(r.time).toBe(c.stage);
      }
      samples.push(c);
      await drawn(page);
    }
    expect(samples[samples.length - 1].stage).toBeGreaterThan(samples[0].stage);
    // Paused, one step (→) moves all three runs to the next event's instant.
    await page.keyboard.press(' ');
    const paused = await clocks(page);
    expect(paused.playing).toBe(false);
    await page.keyboard.press('ArrowRight');
    const stepped = await clocks(page);
    expect(stepped.stage).toBeGreaterThan(paused.stage);
    stepped.runs.forEach((r, k) => {
      expect(r.time).toBe(stepped.stage);
      expect(r.time).toBeGreaterThan(paused.runs[k].time);
    });
    // Played to the end: every cell read, and each run's statistics are the engine's (its run streamed in Node).
    const end = (await stepToEnd(page)).pop()!;
    for (const m of end) expect(m.read).toBe(m.cells);
    await drawn(page);
    for (const l of layouts) {
      const s = (await stageRunInNode(hash, l)).finalSnapshot!.stats;
      expect(await page.textContent(`[data-testid=stage-stats-${l}] caption`)).toBe('whole run (played to its end)');
      expect(await statsShown(page, l)).toEqual([
        ['device requests done', String(s.completed)],
        ['response mean', formatMs(s.responseMeanMs, 2)],
        ['seek mean', formatMs(s.seekMeanMs, 2)],
        ['rotational wait mean', formatMs(s.rotationMeanMs, 2)],
        ['efficiency', formatPct(s.efficiency)],
      ]);
    }
    expect(problems).toEqual([]);
  });

  it('a row-access link: the engine\'s numbers, and a semi-sequential head path with no rotational wait after its first block', async () => {
    const hash = link('atropos-row');
    const { page, problems } = await openPage(browser, `${baseUrl}${hash}`);
    await settled(page);
    const want = await expectEngineNumbers(page, hash);
    expect(await page.evaluate(() => window.location.hash)).toBe(hash);
    // The drawn path (the data the SVG is drawn from) of the Atropos layout's batch.
    const { paths, tol } = await page.evaluate(() => {
      const h = (window as unknown as { __spindleAtropos: Hook }).__spindleAtropos;
      return { paths: h.paths(), tol: h.skewToleranceMs() };
    });
    expect(paths).toHaveLength(1);                       // one disk holds the record's quadrangle column
    const path = paths[0];
    const transfers = path.filter((s) => s.kind === 'transfer');
    expect(transfers).toHaveLength(4);
    const first = path.indexOf(transfers[0]);
    const rotates = path.slice(first + 1).filter((s) => s.event === 'rotate');
    const slackMs = (want.slack.cyclic * want.revolutionMs) / want.info.N;
    // After the first block: every rotation is the skew's excess over the switch, but at most one (after
    // the wrap back to row 0), which is no longer than the quadrangle's slack.
    const waits = rotates.filter((s) => s.durMs > tol);
    expect(waits.length).toBeLessThanOrEqual(1);
    for (const s of waits) {
      expect(s.durMs).toBeLessThanOrEqual(slackMs + 1e-9);
      expect(path[path.indexOf(s) - 1].kind).toBe('switch');
      expect(s.y1).toBe(0);
    }
    const last = transfers[transfers.length - 1];
    expect(last.timeMs + last.durMs - transfers[0].timeMs).toBeLessThan(want.revolutionMs);
    // the diagonal: one transfer per track of the quadrangle
    expect(new Set(transfers.map((s) => s.y1))).toEqual(new Set([0, 1, 2, 3]));
    expect(await page.locator('[data-testid=path-3] line[data-kind=transfer]').count()).toBeGreaterThanOrEqual(4);
    // the naive column-major layout waits: a rotational wait after its first block
    await page.click('[data-testid=show-naive-column]');
    await page.waitForFunction(() => window.location.hash.includes('show=naive-column'));
    const naive = await page.evaluate(() => (window as unknown as { __spindleAtropos: Hook }).__spindleAtropos.paths());
    const naiveWaits = naive.flat().filter((s) => s.kind === 'wait');
    expect(naiveWaits.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it('a side-by-side link: Atropos beside the naive layout, and Figures 7 and 8, the queries and Table 2 hold the engine\'s points', async () => {
    const hash = link('atropos-sidebyside');
    const { page, problems } = await openPage(browser, `${baseUrl}${hash}&moment=0`);
    await settled(page);
    const want = await expectEngineNumbers(page, hash);
    for (const l of ['atropos', 'naive-column'] as const) {
      const r = want.runs.find((x) => x.layout === l)!;
      expect(Number(await page.getAttribute(`[data-testid=sbs-resp-${l}]`, 'data-value'))).toBe(r.responseMs);
    }
    // The stage: Atropos and the naive layout, one platter per disk of the volume, opened paused at 0 (the link's moment).
    const { setup: sbs } = decodeAtSetup(hash, IDS);
    await page.waitForFunction(() => (window as unknown as { __spindleAtropos: Hook }).__spindleAtropos.stage().every((m) => m.timeMs === 0 && m.cells > 0));
    // Until a run's first events arrive the stage knows one device; from then on, one platter per disk.
    for (const l of ['atropos', 'naive-column']) await expect.poll(() => page.locator(`[data-testid=stage-run-${l}] canvas`).count()).toBe(sbs.p);
    await drawn(page);
    const cells = (l: string) => new Set(want.runs.find((r) => r.layout === l)!.cells.filter((c) => c.accessed).map((c) => `${c.row}:${c.column}`)).size;
    expect((await marks(page)).map((m) => [m.layout, m.read, m.cells])).toEqual([['atropos', 0, cells('atropos')], ['naive-column', 0, cells('naive-column')]]);
    for (const l of ['atropos', 'naive-column']) expect(await litPixels(page, l, sbs.cols)).toBe(0);
    // Completion by completion: cells light up as they are read, never go dark, and all are read by the end.
    const steps = await stepToEnd(page);
    for (let i = 1; i < steps.length; i++) steps[i].forEach((m, k) => expect(m.read).toBeGreaterThanOrEqual(steps[i - 1][k].read));
    await drawn(page);
    for (const m of steps[steps.length - 1]) {
      expect(m.read).toBe(m.cells);
      expect(await page.textContent(`[data-testid=cells-read-${m.layout}]`)).toBe(`${m.cells} of ${m.cells}`);
      expect(await litPixels(page, m.layout, sbs.cols)).toBeGreaterThan(0);
    }
    // Table 2 loads every disk preset once the reader scrolls near it: until then it is not computed.
    expect(await page.evaluate(() => (window as unknown as { __spindleAtropos: Hook }).__spindleAtropos.table2())).toBeNull();
    await page.locator('section.at-table2').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => {
      const h = (window as unknown as { __spindleAtropos: Hook }).__spindleAtropos;
      return h.fig7()?.done && h.fig8()?.done && h.table2()?.done && h.mixes()?.done;
    }, null, { timeout: 180_000 });
    const got = await page.evaluate(() => {
      const h = (window as unknown as { __spindleAtropos: Hook }).__spindleAtropos;
      return { fig7: h.fig7()!.points, fig8: h.fig8()!.points, table2: h.table2()!.rows, mixes: h.mixes()!.rows };
    });
    const { setup } = decodeAtSetup(hash, IDS);
    const preset = loadPresetJson(setup.disk);
    expect(got.fig7).toEqual(await figureInNode(fig7Params(setup, preset)));
    expect(got.fig8).toEqual(await figureInNode(fig8Params(setup, preset)));
    expect(got.mixes).toEqual(await figureInNode(mixParams(setup, preset)));
    const table2 = await figureInNode({ figure: 'table2', presets: IDS.map((id) => ({ id, json: loadPresetJson(id) })) }) as { id: string }[];
    const byId = (rows: unknown[]) => Object.fromEntries((rows as { id: string }[]).map((r) => [r.id, r]));
    expect(byId(got.table2)).toEqual(byId(table2));
    // drawn: one circle per Figure 7 point, one bar per Figure 8 bar, one table row per preset
    expect(await page.locator('[data-testid=fig7] circle').count()).toBe(got.fig7.length);
    expect(await page.locator('[data-testid=fig8] rect').count()).toBe(got.fig8.length);
    expect(await page.locator('[data-testid=table2] tbody tr').count()).toBe(IDS.length);
    expect(await page.locator('[data-testid=mixes] tbody tr').count()).toBe(5);
    expect(problems).toEqual([]);
  });

  it('a column-access link: the engine\'s numbers; a click on a column header runs that scan; the budget bar goes red past the exact check', async () => {
    const hash = link('atropos-column');
    const { page, problems } = await openPage(browser, `${baseUrl}${hash}`);
    await settled(page);
    const want = await expectEngineNumbers(page, hash);
    expect(want.runs[0].disks).toHaveLength(4);          // a whole track on every disk
    expect(await page.locator('[data-testid^=quad-disk-]').count()).toBe(4);
    await page.click('[data-testid=grid-col-2]');
    await page.waitForFunction(() => window.location.hash.includes('col=2'));
    await settled(page);
    await page.waitForFunction(() => (window as unknown as { __spindleAtropos: Hook }).__spindleAtropos.result()?.column === 2);
    // The stage (this link puts nothing beside Atropos) plays the scan: every cell of column 2's stripe read by its end.
    const scan = await page.evaluate(() => (window as unknown as { __spindleAtropos: Hook }).__spindleAtropos.result()!);
    const scanPieces = scan.runs[0].cells.filter((c) => c.accessed);
    expect(new Set(scanPieces.map((c) => c.column))).toEqual(new Set([2]));
    const scanCells = new Set(scanPieces.map((c) => c.row)).size;
    expect(scanCells).toBe(scan.scan);
    await page.waitForFunction((n) => (window as unknown as { __spindleAtropos: Hook }).__spindleAtropos.stage().every((m) => m.cells === n), scanCells);
    const end = (await stepToEnd(page)).pop()!;
    expect(end.map((m) => [m.layout, m.read])).toEqual([['atropos', scanCells]]);
    await page.click('[data-testid=settings] summary');
    expect(await page.getAttribute('[data-testid=budget-bar]', 'data-ok')).toBe('true');
    await page.fill('#at-b', '60');
    await page.waitForFunction(() => window.location.hash.includes('b=60'));
    await page.waitForFunction(() => (window as unknown as { __spindleAtropos: Hook }).__spindleAtropos.result()?.info.b === 60);
    expect(await page.getAttribute('[data-testid=budget-bar]', 'data-ok')).toBe('false');
    expect(await page.locator('[data-testid=budget-overflow]').count()).toBe(1);
    await page.waitForSelector('[data-testid=fig9-d4] circle', { timeout: 60_000 });
    expect(problems).toEqual([]);
  });

  it('says so when Table 2\'s disk presets cannot be loaded, with no page error', async () => {
    // Its own page, without openPage's watch: the cut downloads are meant, and would fill the log.
    const page = await (await browser.newContext(NO_SERVICE_WORKER)).newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(`${baseUrl}#atropos`);
    await settled(page);
    await page.route(/\/assets\/[^/]+\.js$/, (route) => route.abort());
    await page.locator('section.at-table2').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('section.at-table2 [role=alert]').textContent(), { timeout: 30_000 })
      .toMatch(/^Error: the disk presets could not be loaded \(.+\); reload the page to try again$/);
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });
});
