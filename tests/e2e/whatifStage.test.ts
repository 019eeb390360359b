/*
 * The explorer's what-if comparison as a person watches it: the status
 * line's clock and the stage bar's clock read the same instant on every
 * sample while playing; a second change never shows, even for one frame,
 * the run that was before the first change beside the new titles; after a
 * change made at the setup form (far down on a phone) the stage comes into
 * view, at once when reduced motion is asked for; a change while a trace
 * replays says, where the comparison would be, why there is none.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launch, NO_SERVICE_WORKER, openPage, watchErrors } from './browser';
import { engineRun, waitDone } from './engineRun';
import { testEngine } from '../helpers/engine';
import type { Engine } from '../../engine-wasm/binding';
import { formatMs } from '../../web/lib/format';
import { clockText } from '../../web/stage/clockText';
import { changeSeed, openCompared, stageBegun, stageRuns } from './whatifPage';

const baseUrl = inject('baseUrl');
let browser: Browser;
let engine: Engine;
beforeAll(async () => { browser = await launch(); engine = await testEngine(); });
afterAll(async () => { await browser?.close(); });

const SETUP = 'v=2&d0=hp-97560&n=60&out=1';
type Frame = { top: number | null; bottom: number | null };

describe('the explorer while comparing', () => {
  it('the status line and the stage bar show one clock: the same t on every sample while playing', async () => {
    const { page, problems } = await openCompared(browser, `${baseUrl}?${SETUP}&seed=5&slow=1000`, 6);
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid=stage]')?.dataset.stagePlaying === 'true');
    // Ten samples, 37 ms of real time apart (the clock moves every frame; React renders the panels a few times a second).
    const samples = await page.evaluate(() => new Promise<{ line: string; bar: string; time: number }[]>((done) => {
      const out: { line: string; bar: string; time: number }[] = [];
      const sample = () => {
        const stage = document.querySelector<HTMLElement>('[data-testid=stage]')!;
        out.push({
          line: (document.querySelector('[data-testid=play-readout]')!.textContent ?? '').split(' · ')[0],
          bar: stage.querySelector('[data-testid=stage-clock]')!.textContent ?? '',
          time: Number(stage.dataset.stageTime),
        });
        if (out.length === 10) done(out); else setTimeout(sample, 37);
      };
      sample();
    }));
    for (const s of samples) expect(s).toEqual({ line: clockText(s.time), bar: clockText(s.time), time: s.time });
    expect(samples[9].time, 'the clock played between the samples').toBeGreaterThan(samples[0].time);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('a second change never shows the first run before beside the new titles, not for one frame', async () => {
    const seeds = [5, 6, 7].map((seed) => formatMs(engineRun(engine, `?${SETUP}&seed=${seed}`).stats.responseMeanMs, 2));
    expect(new Set(seeds).size, 'three seeds, three mean response times').toBe(3);
    const { page, problems } = await openCompared(browser, `${baseUrl}?${SETUP}&seed=5`, 6);
    await page.check('[data-stage-control=whole]');
    // Every state of the stage that could be painted: at each animation frame and after each change to its DOM.
    await page.evaluate(() => {
      const w = window as unknown as { seen: string[][] };
      w.seen = [];
      const column = (el: Element) => {
        const row = [...el.querySelectorAll('tr')].find((tr) => tr.querySelector('th')?.textContent === 'response mean');
        return [el.querySelector('h2')?.textContent ?? '', row?.querySelector('td')?.textContent ?? '(none)'];
      };
      const record = () => w.seen.push([...document.querySelectorAll('[data-stage-run]')].flatMap(column));
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
      const frame = () => { record(); requestAnimationFrame(frame); };
      requestAnimationFrame(frame);
    });
    await changeSeed(page, 7);
    await page.waitForFunction(() => {
      const titles = [...document.querySelectorAll('[data-stage-run] h2')].map((h) => h.textContent);
      return titles.join('|') === 'before: Seed 6|after: Seed 7';
    });
    await waitDone(page);
    await page.waitForFunction(() => !document.querySelector('[data-testid=stage-stats-after]')?.textContent?.includes('when the run has been simulated'));
    const seen = await page.evaluate(() => (window as unknown as { seen: string[][] }).seen);
    const second = seen.filter(([before]) => before === 'before: Seed 6');
    expect(second.length).toBeGreaterThan(0);
    for (const [, beforeMean, after, afterMean] of second) {
      expect(beforeMean.split(' (')[0], 'the run before is seed 6\'s whole run').toBe(seeds[1]);
      if (after === 'after: Seed 7') expect(afterMean, `after: Seed 7 shows ${afterMean}`).not.toBe(seeds[1]);
    }
    const last = second[second.length - 1];
    expect(last[3]).toBe(seeds[2]);
    expect(last[1].startsWith(`${seeds[1]} (`), 'the run before, compared with the run after').toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  for (const reducedMotion of ['reduce', 'no-preference'] as const) {
    it(`on a phone, a change made at the form brings the stage into view (${reducedMotion === 'reduce' ? 'at once, reduced motion' : 'scrolled to'})`, async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion, ...NO_SERVICE_WORKER });
      const page = await context.newPage();
      const problems = watchErrors(page);
      await page.goto(`${baseUrl}?${SETUP}&seed=5`);
      await waitDone(page);
      await page.click('[data-testid=tab-setup]');
      await page.locator('#f-seed').scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => window.scrollY), 'the form is below the first screen').toBeGreaterThan(844);
      // Each frame: is the stage on the page, where is its top.
      await page.evaluate(() => {
        const w = window as unknown as { frames: { top: number | null; bottom: number | null }[] };
        w.frames = [];
        const frame = () => {
          const box = document.querySelector('[data-testid=stage]')?.getBoundingClientRect();
          w.frames.push({ top: box?.top ?? null, bottom: box?.bottom ?? null });
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
      await page.fill('#f-seed', '6');
      await stageBegun(page, 2);
      // In sight: the stage spans the window's middle line (its bar sticks to the window's top).
      await page.waitForFunction(() => {
        const { top, bottom } = document.querySelector('[data-testid=stage]')!.getBoundingClientRect();
        return top <= window.innerHeight / 2 && bottom >= window.innerHeight / 2;
      });
      const frames = (await page.evaluate(() => (window as unknown as { frames: Frame[] }).frames)).filter((f) => f.top !== null);
      const inSight = (f: Frame) => f.top! <= 844 / 2 && f.bottom! >= 844 / 2;
      if (reducedMotion === 'reduce') expect(frames.length > 0 && frames.every(inSight), 'in sight from the first frame it is on the page').toBe(true);
      else expect(inSight(frames[frames.length - 1])).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('f-seed');
      expect(problems).toEqual([]);
      await context.close();
    }, 90_000);
  }

  it('a change while a trace replays says where the comparison would be that a link cannot carry the trace', async () => {
    const fixture = fileURLToPath(new URL('../fixtures/trace/atlas_III.head40.trace', import.meta.url));
    const { page, problems } = await openPage(browser, `${baseUrl}?v=2&d0=quantum-atlas-10k&seed=4&n=50`);
    await waitDone(page);
    await page.setInputFiles('[data-testid=trace-file]', fixture);
    await page.click('[data-testid=trace-run]');
    await page.waitForSelector('[data-testid=trace-active]');
    const traceDone = () => page.waitForFunction(() => {
      const s = (window as unknown as { __spindle: { status(): string; run(): { total: number } | null } }).__spindle;
      return s.status() === 'done' && s.run()?.total === 40;
    }, undefined, { timeout: 60_000 });
    await traceDone();
    expect(await page.locator('[data-testid=trace-no-compare]').count()).toBe(0);
    await page.click('[data-testid=tab-setup]');
    await page.fill('#f-seed', '5');
    await page.waitForSelector('[data-testid=trace-no-compare]');
    await traceDone();
    expect(await page.textContent('[data-testid=trace-no-compare]')).toMatch(/No before\/after comparison while a trace replays: .*a link cannot carry a trace/);
    expect(await stageRuns(page)).toEqual([]);
    expect(page.url()).not.toContain('before=');
    // Back to the setup's workload: the note goes.
    await page.click('[data-testid=trace-stop]');
    await page.waitForSelector('[data-testid=trace-no-compare]', { state: 'detached' });
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);
});
