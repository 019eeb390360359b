/*
 * The traxtent experiment page in real headless Chromium: the sweep chart
 * renders both curves point by point from the worker, the track-size numbers
 * equal the engine's in Node (same wasm, preset, seed), changing the disk
 * redraws it, the URL round-trips, a bad link says what it used instead (a
 * shingled drive, which the picker leaves out, says why), and
 * the extraction view finds every boundary. The work runs in the app's one
 * engine worker, streamed; a setting changed mid-sweep cancels the old sweep. Screenshots go to
 * test-results/traxtents-*.png. Any console error fails the test.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launch, openPage } from './browser';
import { testEngine } from '../helpers/engine';
import { DiskParam } from '../../engine-wasm/binding';
import { simWith } from '../fidelity/context';
import { runPoint, zoneRegion } from '../../web/pages/traxtents';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => { browser = await launch(); mkdirSync('test-results', { recursive: true }); });
afterAll(async () => { await browser?.close(); });

async function donePoints(page: Page, n: number): Promise<void> {
  await page.waitForSelector(`[data-testid=curve-aligned][data-points="${n}"]`, { timeout: 60_000 });
  await page.waitForSelector(`[data-testid=curve-unaligned][data-points="${n}"]`, { timeout: 60_000 });
}

describe('traxtent experiment page', () => {
  it('draws Figure 1 with both curves and the engine\'s numbers; the URL round-trips', async () => {
    const url = `${baseUrl}/#traxtents?disk=quantum-atlas-10k-ii&q=2&zl=preset&n=500&seed=1&points=8&view=sweep`;
    const { page, problems } = await openPage(browser, url);
    await donePoints(page, 9);                 // 8 geometric sizes + the track size
    // computed by the one engine worker the whole app uses
    const workers = page.workers().map((w) => w.url());
    expect(workers.length).toBeGreaterThan(0);
    for (const w of workers) expect(w).toMatch(/engine\.worker/);
    const head = Number(await page.getAttribute('[data-testid=head-aligned]', 'data-value'));
    const e = await testEngine('full');
    const { sim, disk } = simWith(e, 'quantum-atlas-10k-ii');
    const expected = runPoint(sim, disk, { region: zoneRegion(sim, disk), requests: 500, seed: 1 }, { size: 528, alignment: 'aligned', outstanding: 2 });
    sim.dispose();
    expect(head).toBeCloseTo(expected.headMs, 9);
    // the link had no adapter: the page writes the paper's, its default
    expect(await page.evaluate(() => window.location.hash)).toBe('#traxtents?disk=quantum-atlas-10k-ii&q=2&zl=preset&adapter=paper&n=500&seed=1&points=8&view=sweep');
    await page.screenshot({ path: 'test-results/traxtents-sweep.png', fullPage: true });
    // changing the disk redraws and rewrites the URL
    await page.selectOption('#trax-disk', 'quantum-atlas-10k');
    await page.waitForFunction(() => window.location.hash.includes('disk=quantum-atlas-10k&'));
    await donePoints(page, 9);
    expect(await page.textContent('[data-testid=track-size] + text')).toContain('334');
    // the Atlas 10K runs with the paper's adapter, the bus the fidelity rows set: the same numbers
    expect(await page.textContent('[data-testid=trax-adapter-line]')).toContain('80 MB/s');
    const head10k = Number(await page.getAttribute('[data-testid=head-aligned]', 'data-value'));
    const a = simWith(e, 'quantum-atlas-10k');
    a.sim.diskSet(a.disk, DiskParam.BusMsPerSector, 512 / 80e3);
    const want10k = runPoint(a.sim, a.disk, { region: zoneRegion(a.sim, a.disk), requests: 500, seed: 1 }, { size: 334, alignment: 'aligned', outstanding: 2 });
    a.sim.dispose();
    expect(head10k).toBeCloseTo(want10k.headMs, 9);
    // the drive's own bus: in the URL, and other numbers
    await page.selectOption('#trax-adapter', 'drive');
    await page.waitForFunction(() => window.location.hash.includes('&adapter=drive&'));
    await page.waitForFunction((old) => {
      const el = document.querySelector('[data-testid=head-aligned]');
      return !!el && Number(el.getAttribute('data-value')) !== old;
    }, head10k, { timeout: 60_000 });
    expect(problems).toEqual([]);
  });

  it('a setting changed mid-sweep cancels the sweep in the worker and draws only the new one', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}/#traxtents?disk=quantum-atlas-10k-ii&q=2&zl=preset&n=2000&seed=1&points=12&view=sweep`);
    await page.waitForSelector('[data-testid=curve-aligned]', { timeout: 60_000 });
    await page.selectOption('#trax-q', '1');
    await donePoints(page, 13);
    expect(await page.getAttribute('[data-testid=trax-status]', 'data-status')).toBe('done');
    const head = Number(await page.getAttribute('[data-testid=head-aligned]', 'data-value'));
    const e = await testEngine('full');
    const { sim, disk } = simWith(e, 'quantum-atlas-10k-ii');
    const expected = runPoint(sim, disk, { region: zoneRegion(sim, disk), requests: 2000, seed: 1 }, { size: 528, alignment: 'aligned', outstanding: 1 });
    sim.dispose();
    expect(head).toBeCloseTo(expected.headMs, 9);
    expect(problems).toEqual([]);
  });

  it('a bad link names the field and runs with the default', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}/#traxtents?disk=nope&q=7&n=500&points=4`);
    const text = await page.textContent('[data-testid=setup-problems]');
    expect(text).toContain('Disk preset: "nope" does not exist');
    expect(text).toContain('Requests outstanding: 7 is too large');
    await donePoints(page, 5);
    expect(problems).toEqual([]);
  });

  it('offers no shingled drive, which the extractor refuses; a link naming one says why and opens with the default', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}/#traxtents?disk=seagate-st5000as0011-smr&view=extract`);
    const text = await page.textContent('[data-testid=setup-problems]');
    expect(text).toContain('Disk preset: "seagate-st5000as0011-smr" is a shingled (SMR) drive, which the extractor cannot time');
    expect(text).toContain('(used quantum-atlas-10k-ii)');
    const options = await page.locator('#trax-disk option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(options).toContain('quantum-atlas-10k-ii');
    expect(options.length).toBeGreaterThan(10);
    expect(options.filter((id) => id.endsWith('-smr'))).toEqual([]);
    expect(await page.locator('#trax-disk option', { hasText: 'SMR' }).count()).toBe(0);
    await page.waitForSelector('[data-testid=extract-verdict]', { timeout: 60_000 });
    expect(problems).toEqual([]);
  });

  it('finds every track boundary of the Atlas 10K II as a black box', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}/#traxtents?disk=quantum-atlas-10k-ii&view=extract`);
    await page.waitForSelector('[data-testid=extract-verdict]', { timeout: 60_000 });
    expect(await page.getAttribute('[data-testid=extract-verdict]', 'data-exact')).toBe('true');
    expect(await page.textContent('[data-testid=excluded]')).toMatch(/one in \d/);
    await page.screenshot({ path: 'test-results/traxtents-extract.png', fullPage: true });
    expect(problems).toEqual([]);
  });
});
