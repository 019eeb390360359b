/*
 * The reorganization page in real headless Chromium: the published teaching
 * link runs both sims epoch by epoch in the worker; when it is done, every
 * cell of both heat strips (at the chosen epoch, stepped with the keys) and
 * every per-epoch throughput point of both runs equal the engine's numbers
 * computed here in Node by the same service on the same wasm; the phase bands
 * are the engine's phases; a refused edit names its field and the run stays.
 * The stage above plays the chosen epoch (kept in the link): each run's record
 * under its platter is the engine's for that epoch, the heat is drawn on the
 * platters' left side over the partition's cylinders (not on the right, where
 * the arm swings), and over the whole epoch the reorganizer's seeks are shorter;
 * at 1920×1080 and on a phone the page opens playing with the stage on the
 * first screen; presenting, a run still being built says so in its panel
 * ("building epoch k of N", the engine's share done), with no platter.
 * A link with a host elevator (sched=clook&qd=1) shows the engine's
 * throughput for that setup, which is not the in-order one.
 * The paper's link (three simulated hours) draws epoch by epoch as the worker
 * streams them, and Cancel stops it with the epochs drawn kept; the next run
 * starts at once. A link of 4 million files shows its file systems being
 * built, the share rising, and Cancel frees the worker between two slices.
 * Any console error fails the test.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launch, openPage, watchErrors, NO_SERVICE_WORKER } from './browser';
import { testEngine } from '../helpers/engine';
import { loadPresetJson } from '../helpers/presets';
import { reorgStream } from '../../web/pages/reorg/service';
import { decodeReorgSetup, runParams } from '../../web/pages/reorg/setup';
import type { RunEpoch } from '../../web/pages/reorg/protocol';
import { hotBand } from '../../web/pages/reorg/heat';
import { formatInt } from '../../web/lib/format';

const baseUrl = inject('baseUrl');
const IDS = ['ibm-ultrastar-18es'];
const link = (id: string) => String(JSON.parse(readFileSync(`presets/experiments/${id}.json`, 'utf8')).url);

let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

interface Hook { status(): string; selected(): number; run(): { reorg: unknown[] } | null }
const selected = (page: Page) => page.evaluate(() => (window as unknown as { __spindleReorg: Hook }).__spindleReorg.selected());

/** Both runs' epochs for a link, computed in Node by the worker's own service. */
async function want(hash: string): Promise<{ baseline: RunEpoch[]; reorg: RunEpoch[] }> {
  const { setup, problems } = decodeReorgSetup(hash, IDS);
  expect(problems).toEqual([]);
  const g = reorgStream(await testEngine('full'), runParams(setup, loadPresetJson(setup.disk)));
  const out = { baseline: [] as RunEpoch[], reorg: [] as RunEpoch[] };
  for (let r = g.next(); !r.done; r = g.next()) {
    if (r.value.kind === 'epoch') { out.baseline.push(r.value.baseline); out.reorg.push(r.value.reorg); }
  }
  return out;
}

const attrs = (page: Page, sel: string, name: string) => page.$$eval(sel, (els, n) => els.map((e) => Number(e.getAttribute(n))), name);

/** A statistic of a stage run's table (its number, as shown). */
const stageStat = (page: Page, run: string, row: string) => page.$eval(`[data-testid=stage-stats-${run}]`,
  (t, label) => Number([...t.querySelectorAll('tr')].find((tr) => tr.querySelector('th')?.textContent === label)?.querySelector('td')?.textContent?.replace(/[^0-9.]/g, '')), row);

/** The left and right side of a run's platter at the middle of the partition's cylinders: [r, g, b] each. */
const platterSides = (page: Page, run: string, midCyl: number, cylinders: number) => page.$eval(`[data-testid=stage-platter-${run}-0]`, (c, [mid, cyl]) => {
  const canvas = c as HTMLCanvasElement;
  const k = canvas.width / canvas.clientWidth;
  // The platter's geometry (web/panels/platter/geometry.ts): margin 8, data band from 38 % of the radius.
  const outer = canvas.clientWidth / 2 - 8, inner = outer * 0.38;
  const r = outer - (mid + 0.5) * ((outer - inner) / cyl);
  const px = (x: number, y: number) => [...canvas.getContext('2d')!.getImageData(Math.round(x * k), Math.round(y * k), 1, 1).data.slice(0, 3)];
  const c0 = canvas.clientWidth / 2;
  return { left: px(c0 - r, c0), right: px(c0 + r, c0) };
}, [midCyl, cylinders]);

/** The stage at epoch k: the picker, each run's record of the epoch (the engine's), the heat on the platters' left. */
async function checkStage(page: Page, k: number, r: { baseline: RunEpoch[]; reorg: RunEpoch[] }) {
  expect(await page.inputValue('[data-testid=stage-epoch]')).toBe(String(k + 1));
  const info = await page.evaluate(() => (window as unknown as { __spindleReorg: { run(): { info: { groupCyl: number[]; cylinders: number } } } }).__spindleReorg.run().info);
  for (const [run, es] of [['baseline', r.baseline], ['reorg', r.reorg]] as const) {
    const band = hotBand(es[k].groupAccesses)!;
    await expect.poll(() => page.getAttribute(`[data-testid=stage-epoch-${run}]`, 'data-first'), { timeout: 30_000 }).toBe(String(info.groupCyl[band.first]));
    expect(await page.getAttribute(`[data-testid=stage-epoch-${run}]`, 'data-last')).toBe(String(info.groupCyl[band.last + 1] - 1));
    expect(await page.textContent(`[data-testid=stage-epoch-${run}]`)).toContain(`${formatInt(es[k].stats.requests)} file requests`);
    // The heat (warm colours) on the left, over the partition's middle cylinder; the zones on the right.
    const mid = Math.round((info.groupCyl[0] + info.groupCyl[info.groupCyl.length - 1]) / 2);
    // The platter is painted on the frame after the epoch's record shows, so wait for its paint.
    await expect.poll(async () => { const s = await platterSides(page, run, mid, info.cylinders); return s.left[0] - s.left[2]; }, { message: `${run} left`, timeout: 10_000 }).toBeGreaterThan(40);
    const sides = await platterSides(page, run, mid, info.cylinders);
    expect(sides.right, `${run} right`).not.toEqual(sides.left);
  }
}

describe('reorganization page', () => {
  it('the teaching link: heat strips and per-epoch throughput are the engine\'s, epoch by epoch', async () => {
    const hash = link('reorg-teaching');
    const { page, problems } = await openPage(browser, `${baseUrl}${hash}`);
    await page.waitForFunction(() => (window as unknown as { __spindleReorg?: Hook }).__spindleReorg?.status() === 'done', null, { timeout: 120_000 });
    const r = await want(hash);
    const n = r.reorg.length;
    expect(n).toBeGreaterThan(2);
    expect(await page.evaluate(() => window.location.hash)).toBe(hash);

    // Every throughput point of both runs, in req/s and in MB/s.
    for (const [run, es] of [['baseline', r.baseline], ['reorg', r.reorg]] as const) {
      expect(await attrs(page, `[data-testid=tp-${run}] circle`, 'data-v')).toEqual(es.map((e) => e.stats.reqPerS));
      expect(await attrs(page, `[data-testid=tp-${run}] circle`, 'data-epoch')).toEqual(es.map((e) => e.stats.index));
    }
    await page.check('input[name=ro-measure] >> nth=1');
    expect(await attrs(page, '[data-testid=tp-reorg] circle', 'data-v')).toEqual(r.reorg.map((e) => e.stats.mbPerS));
    // The phase bands are the engine's phases (the reorganizer's run moved files: a moving band).
    const phases = await page.$$eval('[data-testid=phase-bands] rect', (els) => els.map((e) => e.getAttribute('data-phase')));
    const enginePhases = r.reorg.map((e) => e.stats.phase).filter((p, i, a) => p !== 'baseline' && p !== a[i - 1]);
    expect(phases).toEqual(enginePhases);
    expect(phases).toContain('moving');

    // The stage plays the last epoch: under each platter, the engine's record of it; over the
    // whole epoch (its statistics, the engine's) the reorganizer's arm seeks for less time.
    await checkStage(page, n - 1, r);
    await page.check('[data-stage-control=whole]');
    await expect.poll(async () => Number.isFinite(await stageStat(page, 'reorg', 'seek mean')) && Number.isFinite(await stageStat(page, 'baseline', 'seek mean')), { timeout: 60_000 }).toBe(true);
    expect(await stageStat(page, 'reorg', 'seek mean') * 1.5).toBeLessThan(await stageStat(page, 'baseline', 'seek mean'));
    await page.uncheck('[data-stage-control=whole]');

    // The heat strips at the latest epoch, then stepping back with , and to the first with
    // Home (from the page, not from the measure's radio buttons, which take keys themselves).
    await page.click('h1');
    expect(await selected(page)).toBe(n - 1);
    const checkStrips = async (k: number) => {
      for (const [run, es] of [['baseline', r.baseline], ['reorg', r.reorg]] as const) {
        expect(Number(await page.getAttribute(`[data-testid=strip-${run}]`, 'data-epoch'))).toBe(k);
        expect(await attrs(page, `[data-testid=strip-${run}] rect[data-v]`, 'data-v'), `${run} epoch ${k}`).toEqual(es[k].groupAccesses);
        expect(await attrs(page, `[data-testid=files-${run}] rect`, 'data-v')).toEqual(es[k].filesNow);
      }
    };
    await checkStrips(n - 1);
    await page.keyboard.press(',');
    expect(await selected(page)).toBe(n - 2);
    await checkStrips(n - 2);
    await page.keyboard.press('Home');
    await checkStrips(0);
    // The chosen epoch is the link's and the stage's.
    expect(await page.evaluate(() => window.location.hash)).toBe(`${hash}&ep=1`);
    await checkStage(page, 0, r);
    // The reorganizing run's reads moved: at the end the band holding 90 % of them is far narrower than the baseline's.
    const width = (es: RunEpoch[]) => { const b = hotBand(es[n - 1].groupAccesses)!; return b.last - b.first + 1; };
    expect(width(r.reorg) * 4).toBeLessThan(width(r.baseline));

    // A refused edit (in the settings, folded until opened): the field is named, the link and the run stay.
    expect(await page.isVisible('#ro-part')).toBe(false);
    await page.click('.ro-setup summary');
    await page.fill('#ro-part', '50');
    await page.click('[data-testid=apply]');
    await expect.poll(() => page.textContent('[data-testid=edit-problems]')).toContain('File set size:');
    expect(await page.getAttribute('#ro-copymb', 'aria-invalid')).toBe('true');
    expect(await page.evaluate(() => window.location.hash)).toBe(`${hash}&ep=1`);
    expect(await attrs(page, '[data-testid=tp-baseline] circle', 'data-v')).toEqual(r.baseline.map((e) => e.stats.mbPerS));
    expect(problems).toEqual([]);
  });

  it('at 1920×1080 and on a phone: opens playing with the stage\'s controls and platters on the first screen, no console error', async () => {
    for (const viewport of [{ width: 1920, height: 1080 }, { width: 390, height: 844 }]) {
      const context = await browser.newContext({ viewport, ...NO_SERVICE_WORKER });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${baseUrl}${link('reorg-teaching')}`);
      // Playing: the clock moves past the last epoch's start (580 s) while the page's own run goes on.
      await page.waitForFunction(() => {
        const root = document.querySelector<HTMLElement>('[data-stage-time]');
        return !!root && root.dataset.stagePlaying === 'true' && Number(root.dataset.stageTime) > 580_000;
      }, undefined, { timeout: 60_000 });
      const top = await page.evaluate(() => ({
        bar: document.querySelector('.stage-bar')!.getBoundingClientRect().bottom,
        platters: [...document.querySelectorAll('[data-stage-run] canvas')].map((c) => c.getBoundingClientRect().top),
      }));
      expect(top.bar).toBeLessThan(viewport.height);
      expect(top.platters).toHaveLength(2);
      expect(top.platters[0]).toBeLessThan(viewport.height);
      if (viewport.width > 1000) expect(top.platters[1]).toBeLessThan(viewport.height);
      await page.waitForFunction(() => (window as unknown as { __spindleReorg?: Hook }).__spindleReorg?.status() === 'done', null, { timeout: 120_000 });
      await page.screenshot({ path: `test-results/reorg-stage-${viewport.width}.png` });
      expect(errors, `${viewport.width}`).toEqual([]);
      await context.close();
    }
  });

  it('presenting, each run shows what it waits for while its worker builds it ("building epoch k of N", the share done), never an empty platter', async () => {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, ...NO_SERVICE_WORKER });
    const page = await context.newPage();
    const errors = watchErrors(page);
    // Every state of each run's panel, as the page changes it: what it says it waits for and the platters it shows meanwhile.
    await page.addInitScript(() => {
      const seen: { run: string; text: string; progress: number | null; platters: number }[] = [];
      (window as unknown as { __waitingSeen: typeof seen }).__waitingSeen = seen;
      new MutationObserver(() => {
        for (const w of document.querySelectorAll<HTMLElement>('[data-testid^="stage-waiting-"]')) {
          const run = w.closest('[data-stage-run]')!;
          const bar = w.querySelector('progress');
          const entry = {
            run: w.dataset.testid!.slice('stage-waiting-'.length), text: w.querySelector('.stage-waiting-text')?.textContent ?? '',
            progress: bar?.hasAttribute('value') ? bar.value : null, platters: run.querySelectorAll('canvas').length,
          };
          const last = seen.filter((x) => x.run === entry.run).pop();
          if (!last || last.text !== entry.text || last.progress !== entry.progress) seen.push(entry);
        }
      }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await page.goto(`${baseUrl}${link('reorg-teaching')}&present=1`);
    await page.waitForFunction(() => document.documentElement.dataset.present === '1');
    // Both runs begun: the stage plays the last epoch (from 580 s), each run with its platter and no waiting panel.
    await page.waitForFunction(() => Number(document.querySelector<HTMLElement>('[data-stage-time]')?.dataset.stageTime) > 580_000, undefined, { timeout: 60_000 });
    await page.waitForFunction(() => document.querySelectorAll('[data-stage-run] canvas').length === 2, undefined, { timeout: 30_000 });
    expect(await page.locator('[data-testid^="stage-waiting-"]').count()).toBe(0);
    const seen = await page.evaluate(() => (window as unknown as { __waitingSeen: { run: string; text: string; progress: number | null; platters: number }[] }).__waitingSeen);
    for (const run of ['baseline', 'reorg']) {
      const mine = seen.filter((x) => x.run === run);
      // Its worker's reports, in order: the epochs before the 30th being run, each named with the count of them.
      const epochs = mine.map((x) => /^Building epoch (\d+) of 29…$/.exec(x.text)).filter((m) => m !== null).map((m) => Number(m![1]));
      expect(epochs.length, run).toBeGreaterThan(0);
      expect(epochs, run).toEqual([...epochs].sort((a, b) => a - b));
      const shares = mine.filter((x) => x.text.startsWith('Building epoch')).map((x) => x.progress!);
      expect(shares.every((v) => v >= 0 && v <= 1), run).toBe(true);
      expect(shares, run).toEqual([...shares].sort((a, b) => a - b));
      // Meanwhile the run showed no platter.
      expect(mine.filter((x) => x.platters > 0), run).toEqual([]);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a host elevator link: the throughput shown is the engine\'s for that setup, not the in-order one', async () => {
    const inOrder = link('reorg-teaching').replace('epochs=30', 'epochs=4');
    const hash = `${inOrder}&sched=clook&qd=1`;
    const { page, problems } = await openPage(browser, `${baseUrl}${hash}`);
    await page.waitForFunction(() => (window as unknown as { __spindleReorg?: Hook }).__spindleReorg?.status() === 'done', null, { timeout: 120_000 });
    const r = await want(hash);
    expect(await page.evaluate(() => window.location.hash)).toBe(hash);
    for (const [run, es] of [['baseline', r.baseline], ['reorg', r.reorg]] as const) {
      expect(await attrs(page, `[data-testid=tp-${run}] circle`, 'data-v')).toEqual(es.map((e) => e.stats.reqPerS));
    }
    expect(r.baseline.map((e) => e.stats.reqPerS)).not.toEqual((await want(inOrder)).baseline.map((e) => e.stats.reqPerS));
    await page.click('.ro-setup summary');
    expect(await page.inputValue('#ro-sched')).toBe('clook');
    expect(await page.inputValue('#ro-qd')).toBe('1');
    expect(await page.textContent('[data-testid=queue-trade]')).toContain('less left to win');
    expect(problems).toEqual([]);
  });

  it('the paper\'s link streams epoch by epoch; Cancel stops it and keeps what was drawn', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}${link('reorg-paper')}`);
    const epochs = () => page.evaluate(() => (window as unknown as { __spindleReorg: Hook }).__spindleReorg.run()?.reorg.length ?? 0);
    await page.waitForFunction(() => ((window as unknown as { __spindleReorg?: Hook }).__spindleReorg?.run()?.reorg.length ?? 0) >= 2, null, { timeout: 120_000 });
    expect(await page.getAttribute('main.reorg', 'data-run')).toBe('running');
    await page.click('[data-testid=cancel]');
    await expect.poll(() => page.getAttribute('[data-testid=run-status]', 'data-status')).toBe('cancelled');
    const kept = await epochs();
    expect(kept).toBeGreaterThanOrEqual(2);
    expect(kept).toBeLessThan(36);
    expect(Number(await page.getAttribute('[data-testid=tp-reorg]', 'data-points'))).toBe(kept);
    // The worker is free again: the teaching preset runs to its end.
    await page.click('text=Reorganization: a small data set');
    await page.waitForFunction(() => (window as unknown as { __spindleReorg: Hook }).__spindleReorg.status() === 'done', null, { timeout: 120_000 });
    expect(await epochs()).toBe(30);
    expect(problems).toEqual([]);
  });

  it('a link of 4 million files shows its file systems being built, rising, and Cancel stops the build', async () => {
    // Building these took one engine call of minutes; now it is built a bounded slice at a time.
    const big = '#reorg?disk=hitachi-travelstar-5k120&part=65600&bpg=1048576&copies=1&copymb=50000&files=4194284&cache=100&clients=16&epochs=1&epoch=1';
    const { page, problems } = await openPage(browser, `${baseUrl}${big}`);
    const shown = () => page.textContent('[data-testid=run-status]');
    const percent = async () => Number(/Building the file systems: (\d+) %/.exec((await shown()) ?? '')?.[1] ?? NaN);
    await expect.poll(percent, { timeout: 120_000 }).toBeGreaterThanOrEqual(0);
    const first = await percent();
    await expect.poll(percent, { timeout: 120_000 }).toBeGreaterThan(first);
    // The bar shows the same share (of 1), not the epochs that have not begun.
    const bar = async () => [Number(await page.getAttribute('[data-testid=progress]', 'max')), Number(await page.getAttribute('[data-testid=progress]', 'value'))];
    const [max, value] = await bar();
    expect(max).toBe(1);
    expect(value).toBeGreaterThan(first / 100);
    await page.click('[data-testid=cancel]');
    await expect.poll(() => page.getAttribute('[data-testid=run-status]', 'data-status')).toBe('cancelled');
    expect(await shown()).toMatch(/^Building the file systems: \d+ % — cancelled$/);
    // The worker is free again between two slices: the teaching preset runs to its end.
    await page.click('text=Reorganization: a small data set');
    await page.waitForFunction(() => (window as unknown as { __spindleReorg: Hook }).__spindleReorg.status() === 'done', null, { timeout: 120_000 });
    expect(problems).toEqual([]);
  });
});
