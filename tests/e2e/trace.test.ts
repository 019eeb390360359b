/*
 * Trace import through the page, in headless Chromium: a DiskSim validation
 * trace is picked with "Load trace…", parsed in the worker, previewed (count
 * and measured mean as the module computes them here), run closed; the
 * explorer then replays it, and its statistics are the engine's for the same
 * replay computed here in Node. A bad file dropped on the import shows the
 * line and the field at fault. Any console error fails the test.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launch, openPage } from './browser';
import { testEngine } from '../helpers/engine';
import { loadPresetJson } from '../helpers/presets';
import { RunService } from '../../web/worker/runService';
import { decodeSetup } from '../../web/state/urlCodec';
import { parseTrace } from '../../web/trace/parse';
import { tracePreview } from '../../web/trace/preview';
import type { Stats } from '../../engine-wasm/binding';

const baseUrl = inject('baseUrl');
const FIXTURE = fileURLToPath(new URL('../fixtures/trace/atlas_III.head40.trace', import.meta.url));
const QUERY = 'v=2&d0=quantum-atlas-10k&seed=4&n=50';
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

const hook = <T>(page: Page, js: string): Promise<T> => page.evaluate(js) as Promise<T>;

/** The engine's statistics for the closed replay of the fixture under QUERY's setup, through the worker's run service. */
async function engineStats(): Promise<Stats> {
  const parsed = parseTrace(readFileSync(FIXTURE));
  if (!parsed.ok) throw new Error('fixture');
  const svc = new RunService(await testEngine());
  const { setup } = decodeSetup(QUERY);
  svc.runBegin({ setup, preset: loadPresetJson('quantum-atlas-10k'), trace: { name: 'atlas', mode: 'closed', columns: parsed.trace } });
  let stats: Stats | undefined;
  for (;;) {
    const c = svc.runNext({});
    if (c.snapshots.length) stats = c.snapshots[c.snapshots.length - 1].stats;
    if (c.done) break;
  }
  svc.runEnd();
  return stats!;
}

describe('trace import on the explorer', () => {
  it('loads a DiskSim trace, previews it, replays it closed: the engine\'s statistics for that replay', async () => {
    const want = await engineStats();
    const parsed = parseTrace(readFileSync(FIXTURE));
    if (!parsed.ok) throw new Error('fixture');
    const preview = tracePreview(parsed.trace);
    const { page, problems } = await openPage(browser, `${baseUrl}?${QUERY}`);
    await page.waitForFunction(() => (window as unknown as { __spindle?: { status(): string } }).__spindle?.status() === 'done', undefined, { timeout: 60_000 });

    await page.setInputFiles('[data-testid=trace-file]', FIXTURE);
    await page.waitForSelector('[data-testid=trace-preview]');
    expect(await page.getAttribute('[data-testid=trace-count]', 'data-value')).toBe('40');
    expect(Number(await page.getAttribute('[data-testid=trace-measured]', 'data-value'))).toBe(preview.serviceMeanMs);
    expect(await page.inputValue('[data-testid=trace-mode]')).toBe('closed');
    expect(await page.locator('.trace-rows tbody tr').count()).toBe(8);

    await page.click('[data-testid=trace-run]');
    await page.waitForSelector('[data-testid=trace-active]');
    await page.waitForFunction(() => {
      const s = (window as unknown as { __spindle: { status(): string; run(): { total: number } | null } }).__spindle;
      return s.status() === 'done' && s.run()?.total === 40;
    }, undefined, { timeout: 60_000 });
    const shown = await hook<Stats>(page, 'window.__spindle.finalStats()');
    expect(shown.completed).toBe(40);
    expect(shown).toEqual(want);

    // Back to the synthetic workload: n=50 of the link.
    await page.click('[data-testid=trace-stop]');
    await page.waitForFunction(() => {
      const s = (window as unknown as { __spindle: { status(): string; run(): { total: number } | null } }).__spindle;
      return s.status() === 'done' && s.run()?.total === 50;
    }, undefined, { timeout: 60_000 });
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('a bad file dropped on the import names the line and the field', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}?${QUERY}`);
    await page.waitForSelector('[data-testid=trace-import]');
    await page.evaluate(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['R Hit 100 8 1000 1000\nR Hit 200 8 1000 1000\nW Hit 300 -4 1000 1000\n'], 'bad.trace'));
      document.querySelector('[data-testid=trace-import]')!.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    await page.waitForSelector('[data-testid=trace-error]');
    expect(await page.textContent('[data-testid=trace-error]')).toBe("bad.trace: line 3, field sectors: '-4' is not a positive number of sectors");
    expect(problems).toEqual([]);
    await page.context().close();
  }, 60_000);
});
