/*
 * The stage first (web/stage/stageFirst.ts): on each comparison page that
 * also draws figures from the engine, the stage's runs are the first thing
 * the page asks the engine for, its figures, sweeps and tables are asked for
 * only once those runs are answered (or, on a machine too busy for that, the
 * wait's limit has passed), and the figures still appear. Read from the
 * page's own marks (web/engine/loadMarks.ts: when the page first asked for
 * each bridge method, when the stage's runs were all answered) and from what
 * the figures put on the page.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, openPage } from './browser';
import { WAIT_LIMIT_MS } from '../../web/stage/stageFirst';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

/** Each page: the method that begins a run of its stage, the figures' methods, and an element a figure fills. */
const PAGES = [
  { id: 'nvcache', stage: 'nvStageBegin', figures: ['nvRun', 'nvSweep'], shown: '[data-testid=strip-with]' },
  { id: 'smr', stage: 'smrStageBegin', figures: ['smrFigures', 'smrZoned', 'smrSweep'], shown: '[data-testid=figures] tr[data-drive=smr]' },
  { id: 'atropos', stage: 'atStageBegin', figures: ['atAccess', 'atSweep'], shown: '[data-testid=resp-atropos]' },
  { id: 'reorg', stage: 'reorgStageBegin', figures: ['reorgRun'], shown: '[data-testid=tp-reorg] circle' },
];

/** The page's spindle marks: name → ms from navigation. */
const MARKS = `Object.fromEntries(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('spindle:')).map((m) => [m.name.slice(8), m.startTime]))`;

describe('the stage first, then the figures', () => {
  for (const p of PAGES) {
    it(`#${p.id}: the stage's runs are asked for first, the figures once those are answered, and the figures appear`, async () => {
      const { page, problems } = await openPage(browser, `${baseUrl}#${p.id}`);
      try {
        await page.waitForFunction((names) => names.every((n) => performance.getEntriesByName(`spindle:asked ${n}`).length > 0),
          p.figures, { timeout: 60_000 });
        const marks = await page.evaluate(MARKS) as Record<string, number>;
        const asked = Object.entries(marks).filter(([k]) => k.startsWith('asked ')).sort((a, b) => a[1] - b[1]);
        expect(asked[0][0], 'the first method the page asked the engine for').toBe(`asked ${p.stage}`);
        const stageAsked = marks[`asked ${p.stage}`];
        // The figures wait for the stage's runs to be answered, or for the wait's limit on a busy machine.
        const released = Math.min(marks['stage-answered'] ?? Infinity, stageAsked + WAIT_LIMIT_MS);
        for (const f of p.figures) expect(marks[`asked ${f}`], `${f} asked after the stage's runs were answered`).toBeGreaterThanOrEqual(released - 1);
        await page.locator(p.shown).first().waitFor({ timeout: 60_000 });
        expect(await page.locator(p.shown).count(), 'a figure drawn from the engine').toBeGreaterThan(0);
        expect(problems).toEqual([]);
      } finally {
        await page.context().close();
      }
    });
  }
});
