/*
 * The live explorer in real headless Chromium, against the built app. The
 * page's motion is read through window.__spindle (not pixels) and checked
 * against the engine's own event stream, recomputed here in Node from the
 * same wasm and the same setup: the platter's angle is the events' angle,
 * the arm follows each seek to its target, a step is exactly one event, a
 * shared link reproduces the statistics to the last digit, the CSV export
 * is the engine's per-request results, bad links and bad parameters are
 * named, and nothing logs a console error.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launch, NO_SERVICE_WORKER, openPage } from './browser';
import { engineRun, hook, waitDone } from './engineRun';
import { testEngine } from '../helpers/engine';
import { EventKind, type Engine, type EventRecord, type Stats } from '../../engine-wasm/binding';
import { decodeSetup, encodeSetup } from '../../web/state/urlCodec';
import { parseResultsCsv, CSV_COLUMNS } from '../../web/pages/explorer/exports';
import { splitEarlier } from '../../web/pages/explorer/earlierLink';
import { toTheEnd } from './whatifPage';
import { RESULT } from '../../engine-wasm/binding/layout';

const baseUrl = inject('baseUrl');
let browser: Browser;
let engine: Engine;

beforeAll(async () => {
  browser = await launch();
  engine = await testEngine();
});

afterAll(async () => {
  await browser?.close();
});

interface Frame {
  cursor: number; eventCount: number; timeMs: number; platterAngle: number; armAngle: number;
  headCyl: number; headSurface: number; completed: number; atEnd: boolean;
}

/** Waits until the explorer has a run and has drawn a frame of it. */
async function ready(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const s = (window as unknown as { __spindle?: { frame(): unknown; run(): unknown } }).__spindle;
    return !!s && !!s.run() && !!s.frame();
  });
}

const frameNow = (page: Page) => hook<Frame>(page, 'window.__spindle.now()');

describe('the live explorer', () => {
  it('loads the default preset and plays: the clock, the events and the platter move', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}#explorer`);
    await ready(page);
    expect(await page.getAttribute('.explorer', 'data-playing')).toBe('true');
    const a = await hook<Frame>(page, 'window.__spindle.frame()');
    // However slowly frames come, the clock and the platter move on.
    await page.waitForFunction((t) => {
      const f = (window as unknown as { __spindle: { frame(): { timeMs: number } } }).__spindle.frame();
      return f.timeMs > t;
    }, a.timeMs);
    const b = await hook<Frame>(page, 'window.__spindle.frame()');
    expect(b.timeMs).toBeGreaterThan(a.timeMs);
    expect(b.cursor).toBeGreaterThanOrEqual(a.cursor);
    expect(b.platterAngle).not.toBe(a.platterAngle);
    // The URL now holds the whole setup.
    expect(new URL(page.url()).search).toBe(`?${encodeSetup(decodeSetup('').setup)}`);
    expect(await page.locator('[data-testid=live-platter]').isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('opens an explorer link written #explorer?… or #?… at its setup, and the address keeps it', async () => {
    const query = 'v=2&d0=hp-97560&seed=7&n=123&out=4';
    const want = encodeSetup(decodeSetup(query).setup);
    for (const [link, hash] of [[`#explorer?${query}`, '#explorer'], [`#?${query}`, '']]) {
      const { page, problems } = await openPage(browser, `${baseUrl}${link}`);
      await ready(page);
      expect(await hook(page, 'window.__spindle.query()'), link).toBe(want);
      expect(await page.locator('[data-testid=link-problems]').count(), link).toBe(0);
      // The setup moves to the address's query, the published form; a hash naming the page stays.
      await page.waitForFunction((w) => window.location.search === `?${w}`, want);
      expect(new URL(page.url()).hash, link).toBe(hash);
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });

  it('plays the engine\'s own event stream; the platter\'s angle is the events\' angle and the arm follows each seek', async () => {
    const query = 'v=1&disk=hp-c2200a&seed=5&n=60&out=3&qd=2&sched=sstf';
    const want = engineRun(engine, query);
    const { page, problems } = await openPage(browser, `${baseUrl}?${query}`);
    await ready(page);
    await waitDone(page);
    await hook(page, 'window.__spindle.pause()');
    const run = await hook<{ events: number; revolutionMs: number }>(page, 'window.__spindle.run()');
    expect(run.events).toBe(want.events.length);
    // Same events, field for field.
    for (const i of [0, 1, 2, 17, 100, want.events.length - 1]) {
      expect(await hook(page, `window.__spindle.event(${i})`)).toEqual(want.events[i]);
    }
    // Restart, then step through the first seeks, checking angles and the arm.
    await page.keyboard.press('r');
    let seeks = 0;
    const armAngles = new Set<number>();
    for (let step = 0; step < 400 && seeks < 4; step++) {
      await page.click('[data-testid=step-event]');
      const f = await frameNow(page);
      const e = want.events[f.cursor - 1];
      if (e.timeMs === f.timeMs) expect(f.platterAngle).toBe(e.angle);
      if (e.kind !== EventKind.Seek || e.a === e.cyl || e.durMs <= 0) continue;
      seeks++;
      // At the seek's start the head is where it came from ...
      expect(f.headCyl).toBe(e.a);
      const start = f.armAngle;
      // ... half-way through it is on its way, and the platter has turned as the engine's clock says ...
      await hook(page, `window.__spindle.seek(${e.timeMs + e.durMs / 2})`);
      const mid = await frameNow(page);
      if (mid.cursor === f.cursor) {
        expect((mid.headCyl - e.a) * Math.sign(e.cyl - e.a)).toBeGreaterThan(0);
        expect((e.cyl - mid.headCyl) * Math.sign(e.cyl - e.a)).toBeGreaterThan(0);
        const turned = (e.angle + (e.durMs / 2) / run.revolutionMs) % 1;
        expect(mid.platterAngle).toBeCloseTo(turned, 9);
        expect(mid.armAngle).not.toBe(start);
      }
      // ... and when it ends, the head is on the target cylinder.
      await hook(page, `window.__spindle.seek(${e.timeMs + e.durMs})`);
      const end = await frameNow(page);
      expect(end.headCyl).toBe(e.cyl);
      expect(end.armAngle).not.toBe(start);
      armAngles.add(start).add(end.armAngle);
    }
    expect(seeks).toBe(4);
    expect(armAngles.size).toBeGreaterThan(2);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('a step advances exactly one event (button and key); a request step stops after a completion', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}?v=1&disk=hp-97560&seed=2&n=40`);
    await ready(page);
    await hook(page, 'window.__spindle.pause()');
    const c0 = (await frameNow(page)).cursor;
    await page.click('[data-testid=step-event]');
    expect((await frameNow(page)).cursor).toBe(c0 + 1);
    await page.keyboard.press('.');
    expect((await frameNow(page)).cursor).toBe(c0 + 2);
    await page.keyboard.press('ArrowRight');
    expect((await frameNow(page)).cursor).toBe(c0 + 3);
    expect(await page.getAttribute('.explorer', 'data-playing')).toBe('false');
    await page.waitForTimeout(300);
    expect((await frameNow(page)).cursor).toBe(c0 + 3); // paused: nothing moves by itself
    const before = (await frameNow(page)).completed;
    await page.click('[data-testid=step-request]');
    const f = await frameNow(page);
    expect(f.completed).toBe(before + 1);
    expect((await hook<EventRecord>(page, `window.__spindle.event(${f.cursor - 1})`)).kind).toBe(EventKind.Complete);
    await page.waitForFunction((c) => (document.querySelector('[data-testid=play-readout]') as HTMLElement | null)?.dataset.cursor === String(c), f.cursor);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('a copied link opened in a fresh page gives identical statistics, equal to the engine\'s', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}?v=1&disk=hp-97560&seed=11&n=150&out=4&qd=4&sched=sptf&read=0.7&size=16`);
    await ready(page);
    // Change a parameter in the editor: the URL follows.
    await page.click('[data-testid=tab-setup]');
    await page.fill('#f-seed', '12');
    await page.waitForFunction(() => window.location.search.includes('seed=12'));
    await waitDone(page);
    await page.click('[data-testid=copy-link]');
    const link = await page.inputValue('[data-testid=share-link]');
    expect(link).toContain('seed=12');
    const first = await hook<Stats>(page, 'window.__spindle.finalStats()');

    const other = await openPage(browser, link);
    await ready(other.page);
    await waitDone(other.page);
    const second = await hook<Stats>(other.page, 'window.__spindle.finalStats()');
    expect(second).toEqual(first);
    expect(second.completed).toBe(150);
    // The link holds the run before the change too (the explorer's comparison): the engine runs the setup's part.
    expect(engineRun(engine, splitEarlier(new URL(link).search).query).stats).toEqual(first);
    // The statistics panel, once everything is played (the run before too, simulated again), shows those numbers.
    await toTheEnd(other.page);
    await other.page.waitForSelector('[data-testid=stats][data-final=true]', { state: 'attached' });
    expect(Number(await other.page.getAttribute('[data-testid=stat-responseMeanMs]', 'data-value'))).toBe(first.responseMeanMs);
    expect(Number(await other.page.getAttribute('[data-testid=stat-p95Ms]', 'data-value'))).toBe(first.p95Ms);
    expect(problems).toEqual([]);
    expect(other.problems).toEqual([]);
    await page.context().close();
    await other.page.context().close();
  });

  it('a broken or hostile link shows what was wrong and runs a working default; no markup gets in', async () => {
    const bad = `${baseUrl}?v=1&disk=%3Cimg%20src%3Dx%20onerror%3D%22window.__pwned%3D1%22%3E&n=lots&qd=99999&sched=%3Cscript%3Ewindow.__pwned%3D2%3C%2Fscript%3E&colour=red`;
    const { page, problems } = await openPage(browser, bad);
    await ready(page);
    const banner = page.locator('[data-testid=link-problems]');
    await banner.waitFor();
    const text = await banner.innerText();
    expect(text).toContain('Disk preset: "<img src=x onerror=\\"window.__pwned=1\\">" is not a preset id');
    expect(text).toContain('Requests: "lots" is not a number');
    expect(text).toContain('Queue depth: 99\u202f999 is too large');
    expect(text).toContain('"colour" is not a setting this page knows');
    expect(await page.locator('[data-testid=link-problems] li').count()).toBe(5);
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.locator('.explorer script').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    // What was used instead: version 1's defaults, which run.
    expect(await hook(page, 'window.__spindle.query()')).toBe(encodeSetup(decodeSetup('v=1').setup));
    await page.waitForFunction(() => (window as unknown as { __spindle: { now(): { cursor: number } } }).__spindle.now().cursor > 0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('an invalid parameter shows the field\'s error and keeps the last good run', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}?v=1&disk=hp-c2200a&seed=1&n=80&tab=setup`);
    await ready(page);
    await waitDone(page);
    const url = page.url();
    const run = await hook(page, 'window.__spindle.run()');
    await page.fill('#f-devices-0-overrides-queueDepth', '0');
    const err = page.locator('[data-testid="error-devices[0].overrides.queueDepth"]');
    await err.waitFor();
    expect(await err.innerText()).toBe('Queue depth: 0 is too small; enter a whole number from 1 to 1024');
    expect(await page.getAttribute('#f-devices-0-overrides-queueDepth', 'aria-invalid')).toBe('true');
    await page.fill('#f-workload-readFraction', '1.5');
    expect(await page.locator('[data-testid="error-workload.readFraction"]').innerText()).toBe('Read fraction: 1.5 is too large; enter a number from 0 to 1');
    expect(await page.locator('[data-testid=editor-summary]').innerText()).toContain('2 fields need fixing');
    await page.waitForTimeout(600);
    expect(page.url()).toBe(url);
    expect(await hook(page, 'window.__spindle.run()')).toEqual(run);
    // Fixing the fields runs the new setup.
    await page.fill('#f-devices-0-overrides-queueDepth', '4');
    await page.fill('#f-workload-readFraction', '0.5');
    await page.waitForFunction(() => window.location.search.includes('qd=4') && window.location.search.includes('read=0.5'));
    expect(await page.locator('[data-testid=editor-summary]').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('the shared-bus field puts the disk on a bus of DiskSim\'s kind, runs it as the engine does, and names a bus out of range', async () => {
    // The disk's own queue under open arrivals: on a shared bus a command's overhead holds the bus, so waits for a read's data.
    const own = 'v=2&d0=hp-c3323a&d0.qd=8&d0.dq=0&seed=1&n=80&arrive=open&rate=60';
    const want = engineRun(engine, `${own}&d0.sbus=1`).stats;
    const before = engineRun(engine, own).stats.responseMeanMs;
    expect(want.responseMeanMs).not.toBe(before);
    const { page, problems } = await openPage(browser, `${baseUrl}?${own}&tab=setup`);
    await ready(page);
    await waitDone(page);
    const field = '#f-devices-0-overrides-sharedBus';
    expect(await page.getAttribute(field, 'placeholder')).toBe('preset: 0');
    await page.fill(field, '17');
    const err = page.locator('[data-testid="error-devices[0].overrides.sharedBus"]');
    await err.waitFor();
    expect(await err.innerText()).toBe('Shared bus: 17 is too large; enter a whole number from 0 to 16');
    await page.fill(field, '1');
    await page.waitForFunction(() => /[?&]d0\.sbus=1(&|$)/.test(window.location.search));
    // The new run, to its end: its statistics are no longer those of the disk's own bus.
    await page.waitForFunction((m) => {
      const s = (window as unknown as { __spindle: { status(): string; finalStats(): Stats | null } }).__spindle;
      return s.status() === 'done' && s.finalStats()?.responseMeanMs !== m;
    }, before, { timeout: 60_000 });
    await hook(page, 'window.__spindle.seek(1e9)');
    await page.waitForFunction(() => document.querySelector('[data-testid=stats]')?.getAttribute('data-final') === 'true');
    expect(await hook<Stats>(page, 'window.__spindle.finalStats()')).toEqual(want);
    expect(Number(await page.getAttribute('[data-testid=stat-responseMeanMs]', 'data-value'))).toBe(want.responseMeanMs);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('saves the setup as JSON and loads one back, naming what a file gets wrong', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}?v=1&disk=hp-c2200a&seed=3&n=50&tab=setup&sched=look&qd=2`);
    await ready(page);
    const [saved] = await Promise.all([page.waitForEvent('download'), page.click('text=Save setup (JSON)')]);
    const text = readFileSync((await saved.path())!, 'utf8');
    const doc = JSON.parse(text);
    expect(doc).toMatchObject({ format: 'spindle-setup', version: 2, seed: 3,
      devices: [{ kind: 'disk', preset: 'hp-c2200a', overrides: { scheduler: 'look', queueDepth: 2 } }] });
    const edited = { ...doc, seed: 8, colour: 'red',
      devices: [{ ...doc.devices[0], preset: 'hp-97560', overrides: { ...doc.devices[0].overrides, queueDepth: 'deep' } }] };
    await page.setInputFiles('[data-testid=load-json]', { name: 'setup.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(edited)) });
    await page.waitForFunction(() => window.location.search.includes('d0=hp-97560') && window.location.search.includes('seed=8'));
    const banner = await page.locator('[data-testid=link-problems]').innerText();
    expect(banner).toContain('Queue depth: "deep" is not a number');
    expect(banner).toContain('"colour" is not a setting this page knows');
    expect(await page.inputValue('#f-devices-0-overrides-queueDepth')).toBe('');   // the preset's value
    expect(await page.inputValue('#f-devices-0-overrides-scheduler')).toBe('look');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  for (const [width, height] of [[1024, 768], [1920, 1080]]) {
    it(`at ${width}×${height} the top bar's Export menu is as tall as the buttons beside it, on their line`, async () => {
      const context = await browser.newContext({ viewport: { width, height }, ...NO_SERVICE_WORKER });
      const page = await context.newPage();
      await page.goto(`${baseUrl}#explorer`);
      await page.waitForSelector('.topbar .exports summary');
      const boxes = await page.evaluate(() => [...document.querySelectorAll('.topbar .share > button, .topbar .share summary')]
        .map((el) => { const r = el.getBoundingClientRect(); return { text: el.textContent!.trim(), top: Math.round(r.top), height: Math.round(r.height) }; }));
      expect(boxes.map((b) => b.text)).toContain('Export');
      const copy = boxes.find((b) => b.text === 'Copy link')!;
      for (const b of boxes) expect(b, b.text).toEqual({ text: b.text, top: copy.top, height: copy.height });
      await context.close();
    });
  }

  it('exports a CSV whose rows are the engine\'s per-request results', async () => {
    const query = 'v=1&disk=hp-97560&seed=4&n=120&out=2&read=0.5&dist=uniform&size=4&max=64';
    const want = engineRun(engine, query);
    const { page, problems } = await openPage(browser, `${baseUrl}?${query}`);
    await ready(page);
    await waitDone(page);
    await page.click('.exports summary');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-csv]')]);
    const text = readFileSync((await download.path())!, 'utf8');
    const rows = parseResultsCsv(text);
    expect(text.split('\n')[0]).toBe(CSV_COLUMNS.join(','));
    expect(rows).toHaveLength(120);
    const keys = Object.keys(RESULT.fields) as (keyof typeof RESULT.fields)[];
    rows.forEach((row, i) => {
      for (const k of keys) expect(row[RESULT.fields[k].cField], `${i}.${k}`).toBe(want.results[i][k]);
    });
    // Statistics as JSON: the engine's final statistics and the link that reproduces them.
    await page.click('.exports summary');
    const [statsFile] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-stats]')]);
    const doc = JSON.parse(readFileSync((await statsFile.path())!, 'utf8'));
    expect(doc.stats).toEqual(want.stats);
    expect(doc.link).toBe(`?${encodeSetup(want.setup)}`);
    // A chart as SVG (a standalone document) and as PNG.
    await page.click('.exports summary');
    const [svgFile] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-hist-svg]')]);
    const svg = readFileSync((await svgFile.path())!, 'utf8');
    expect(svg.startsWith('<?xml')).toBe(true);
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toContain('cumulative fraction');
    await page.click('.exports summary');
    const [pngFile] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-hist-png]')]);
    expect(pngFile.suggestedFilename()).toMatch(/histogram\.png$/);
    expect(Array.from(readFileSync((await pngFile.path())!).subarray(0, 4))).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('runs 100,000 requests in the engine worker, shows progress, and can cancel a long run', async () => {
    // Speed and main-thread long tasks are measured by the benchmark (scripts/bench/browser.ts), not here.
    const { page, problems } = await openPage(browser, `${baseUrl}?v=1&disk=hp-c2200a&seed=1&n=100000`);
    await ready(page);
    // The run is computed in the engine's worker (the page starts no other).
    const workers = page.workers().map((w) => w.url());
    expect(workers.length).toBeGreaterThan(0);
    for (const url of workers) expect(url).toMatch(/engine\.worker/);
    await waitDone(page);
    const stats = await hook<Stats>(page, 'window.__spindle.finalStats()');
    expect(stats.completed).toBe(100_000);

    // A million requests: cancel part-way; the page keeps what it has and can run again.
    await page.goto(`${baseUrl}?v=1&disk=hp-c2200a&seed=1&n=1000000`);
    await ready(page);
    // Progress is shown while the worker computes: some, not all, of the requests.
    await page.waitForFunction(() => {
      const bar = document.querySelector('[data-testid=progress]') as HTMLProgressElement | null;
      return !!bar && bar.value > 0 && bar.value < bar.max;
    });
    expect(await page.textContent('[data-testid=run-status]')).toMatch(/^simulating: [\d\u202f]+ of 1\u202f000\u202f000 requests/);
    await page.click('[data-testid=cancel]');
    await page.waitForSelector('[data-testid=run-status][data-status=cancelled]');
    const kept = await hook<{ results: number; done: boolean }>(page, 'window.__spindle.run()');
    expect(kept.done).toBe(false);
    expect(kept.results).toBeGreaterThan(0);
    expect(kept.results).toBeLessThan(1_000_000);
    expect(await page.textContent('[data-testid=run-status]')).toContain(`cancelled after`);
    await page.click('[data-testid=tab-setup]');
    await page.fill('#f-workload-count', '30');
    await waitDone(page);
    expect((await hook<Stats>(page, 'window.__spindle.finalStats()')).completed).toBe(30);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
