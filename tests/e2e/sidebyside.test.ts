/*
 * The side-by-side view in real headless Chromium: one setup run unaligned
 * and track-aligned, both platters turning and both arms moving on one clock
 * (read through window.__spindleSide, not pixels), the difference table equal
 * to the engine's statistics recomputed here in Node (same wasm, preset,
 * seed, the two variants), and the URL round-trips. Screenshot at 1280×720
 * to test-results/sidebyside.png. Any console error fails the test.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launch, openPage } from './browser';
import { testEngine } from '../helpers/engine';
import { loadPresetJson } from '../helpers/presets';
import type { Engine, Stats } from '../../engine-wasm/binding';
import { RunService } from '../../web/worker/runService';
import { decodeSideHash, diffRows, encodeSideHash, variants, withAdapter, type DiffRow } from '../../web/pages/sidebyside/sidebyside';
import type { DiskPreset } from '../../web/state/diskPreset';
import type { Setup } from '../../web/state/setup';

const baseUrl = inject('baseUrl');
let browser: Browser;
let engine: Engine;
beforeAll(async () => { browser = await launch(); engine = await testEngine(); mkdirSync('test-results', { recursive: true }); });
afterAll(async () => { await browser?.close(); });

interface Frame { platterAngle: number; armAngle: number; timeMs: number; cursor: number; atEnd: boolean }
type Frames = { unaligned: Frame | null; aligned: Frame | null };

function finalStats(setup: Setup): Stats {
  const svc = new RunService(engine);
  svc.runBegin({ setup, preset: loadPresetJson(setup.devices[0].preset) });
  let stats: Stats | undefined;
  for (;;) {
    const c = svc.runNext({});
    if (c.snapshots.length) stats = c.snapshots[c.snapshots.length - 1].stats;
    if (c.done) break;
  }
  svc.runEnd();
  return stats!;
}

const frames = (page: Page) => page.evaluate('window.__spindleSide.frames()') as Promise<Frames>;

describe('aligned vs unaligned, side by side', () => {
  it('plays both runs, states the engine\'s difference, and its URL round-trips', async () => {
    const preset = JSON.parse(readFileSync(new URL('../../presets/experiments/sidebyside-tworeq.json', import.meta.url), 'utf8')) as { url: string };
    const hash = preset.url.replace('n=300', 'n=120').replace('seed=1', 'seed=7');
    const { page, problems } = await openPage(browser, `${baseUrl}${hash}`);
    await page.waitForFunction(() => {
      const s = (window as unknown as { __spindleSide?: { frames(): Frames } }).__spindleSide;
      const f = s?.frames();
      return !!f?.unaligned && !!f.aligned && f.unaligned.cursor > 0 && f.aligned.cursor > 0;
    }, undefined, { timeout: 60_000 });
    // both sims move: platter angles turn and arms swing
    const f0 = await frames(page);
    const seen = { u: new Set<number>(), a: new Set<number>() };
    const ang = { u: new Set<number>(), a: new Set<number>() };
    for (let i = 0; i < 150 && (seen.u.size < 2 || seen.a.size < 2 || ang.u.size < 2 || ang.a.size < 2); i++) {
      await page.waitForTimeout(100);
      const f = await frames(page);
      seen.u.add(f.unaligned!.armAngle); seen.a.add(f.aligned!.armAngle);
      ang.u.add(f.unaligned!.platterAngle); ang.a.add(f.aligned!.platterAngle);
    }
    const f1 = await frames(page);
    expect(f1.unaligned!.timeMs).toBeGreaterThan(f0.unaligned!.timeMs);
    expect(f1.aligned!.timeMs).toBeGreaterThan(f0.aligned!.timeMs);
    expect(ang.u.size).toBeGreaterThan(1);
    expect(ang.a.size).toBeGreaterThan(1);
    expect(seen.u.size).toBeGreaterThan(1);
    expect(seen.a.size).toBeGreaterThan(1);
    // one clock: once both runs are computed, both sides show the same simulated time (a side that
    // has played all its events waits at its last one)
    await page.waitForFunction(() => {
      const st = (window as unknown as { __spindleSide: { status(): Record<string, string> } }).__spindleSide.status();
      return st.unaligned === 'done' && st.aligned === 'done';
    }, undefined, { timeout: 60_000 });
    const f2 = await frames(page);
    const [early, late] = f2.unaligned!.timeMs <= f2.aligned!.timeMs ? [f2.unaligned!, f2.aligned!] : [f2.aligned!, f2.unaligned!];
    if (!early.atEnd) expect(early.timeMs).toBe(late.timeMs);

    // the difference numbers are the engine's
    await page.waitForSelector('[data-testid=diff-table]', { timeout: 60_000 });
    const { setup, adapter } = decodeSideHash(hash);
    expect(adapter).toBe('paper');            // the link has none: the paper's adapter
    expect(await page.textContent('[data-testid=side-adapter-line]')).toContain('80 MB/s');
    const v = variants(withAdapter(setup, adapter, (id) => loadPresetJson(id) as DiskPreset));
    const expected = diffRows(finalStats(v.unaligned), finalStats(v.aligned));
    const shown = await page.evaluate('window.__spindleSide.diff()') as DiffRow[];
    expect(shown).toEqual(expected);
    for (const r of expected) {
      const row = page.locator(`[data-testid=diff-${r.key}]`);
      expect(Number(await row.getAttribute('data-unaligned'))).toBe(r.unaligned);
      expect(Number(await row.getAttribute('data-aligned'))).toBe(r.aligned);
    }
    const head = expected.find((r) => r.key === 'headMeanMs')!;
    expect(head.changePct).toBeLessThan(0);      // track-sized aligned reads take less head time
    expect(await page.textContent('[data-testid=diff-sentence]')).toContain(`${Math.abs(head.changePct).toFixed(1)} %`);

    // the URL round-trips (canonical form of the same setup)
    expect(await page.evaluate(() => window.location.hash)).toBe(encodeSideHash(setup, adapter));
    // (the link opened is version 1; its canonical form is version 2, of the same setup)
    expect(decodeSideHash(encodeSideHash(setup)).setup).toEqual(setup);
    await page.screenshot({ path: 'test-results/sidebyside.png' });
    await page.screenshot({ path: '/tmp/sidebyside-1280x720.png' });
    expect(problems).toEqual([]);
  });
});
