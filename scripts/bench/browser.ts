/*
 * browser.ts — the benchmark's figures in headless Chromium (Debian's
 * chromium through playwright-core, the app served from a production build
 * by `vite preview`), read through the explorer's window.__spindle hook:
 *  - navigation to first drawn platter: performance.now() (whose origin is
 *    the navigation) when __spindle.frame() first returns a frame, polled
 *    every animation frame (so it may be late by up to one frame);
 *  - frame intervals (requestAnimationFrame timestamps) while the explorer
 *    plays its run: median, 95th percentile, longest; and each frame's
 *    main-thread work: from the frame's start to a message posted from a
 *    requestAnimationFrame callback (it runs once the frame's scripts, style,
 *    layout and paint are done);
 *  - main-thread long tasks (PerformanceObserver 'longtask', > 50 ms) from
 *    navigation until a 100,000-request run simulated in the worker is done.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { freePort, launch } from '../../tests/e2e/browser';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface BrowserFigures {
  firstPlatterMs: number; firstPlatterRunsMs: number[];
  frames: number; frameMedianMs: number; frameP95Ms: number; frameMaxMs: number; droppedFrames: number; animated: boolean;
  frameWorkMedianMs: number; frameWorkP95Ms: number;
  runRequests: number; runMs: number; runDone: boolean; longTasks: number; longestTaskMs: number;
  longTasksAfterFirstDraw: number; longestAfterFirstDrawMs: number;
  longTaskList: { startMs: number; durationMs: number }[];
}


const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] : NaN;
};

/* Plays the explorer for 4 s and collects the intervals between animation frames. */
const FRAMES = `new Promise((resolve) => {
  const h = window.__spindle;
  const c0 = (h.frame() || { cursor: 0 }).cursor;
  h.play();
  const d = [], work = [];
  const ch = new MessageChannel();
  let frameStart = 0;
  ch.port1.onmessage = () => work.push(performance.now() - frameStart);
  let last = null;
  const t0 = performance.now();
  const f = (t) => {
    if (last !== null) d.push(t - last);
    last = t;
    frameStart = t;
    ch.port2.postMessage(0);          // runs once this frame's work (scripts, style, layout, paint) is done
    if (t - t0 < 4000) requestAnimationFrame(f);
    else resolve({ d, work, moved: (h.frame() || { cursor: 0 }).cursor !== c0 });
  };
  requestAnimationFrame(f);
})`;

/* Runs in the page before its own scripts. */
const INIT = `
window.__bench = { first: null, long: [] };
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.long.push({ startMs: e.startTime, durationMs: e.duration });
  }).observe({ type: 'longtask', buffered: true });
} catch (e) { window.__bench.noLongTaskApi = String(e); }
(function poll() {
  const h = window.__spindle;
  if (h && typeof h.frame === 'function' && h.frame()) { window.__bench.first = performance.now(); return; }
  requestAnimationFrame(poll);
})();
`;

async function page(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const p = await context.newPage();
  await p.addInitScript(INIT);
  await p.goto(url);
  return { p, close: () => context.close() };
}

/** Serves the build with `vite preview` and opens headless Chromium for `use`; closes both after. */
export async function withSite<T>(dist: string, use: (browser: Browser, base: string) => Promise<T>): Promise<T> {
  const { preview } = await import('vite');
  const port = await freePort();
  const server = await preview({
    root: join(ROOT, 'web'), configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn',
    build: { outDir: dist }, preview: { host: '127.0.0.1', port, strictPort: true, open: false },
  });
  try {
    const browser = await launch();
    try {
      return await use(browser, `http://127.0.0.1:${port}/`);
    } finally {
      await browser.close();
    }
  } finally {
    await server.close();
  }
}

export async function browserFigures(browser: Browser, base: string, log: (m: string) => void): Promise<BrowserFigures> {
  log('browser: time to first drawn platter (3 loads)');
  const firsts: number[] = [];
  for (let i = 0; i < 3; i++) {
    const { p, close } = await page(browser, `${base}#explorer`);
    await p.waitForFunction('window.__bench.first !== null', undefined, { timeout: 60_000 });
    firsts.push(await p.evaluate('window.__bench.first') as number);
    if (i < 2) await close();
    else {
      log('browser: frame intervals while the explorer plays (4 s)');
      // A string, not a function: tsx's transform would add helpers the page lacks.
      const r = await p.evaluate(FRAMES) as { d: number[]; work: number[]; moved: boolean };
      (globalThis as unknown as { __frames: typeof r }).__frames = r;
      await close();
    }
  }
  const fr = (globalThis as unknown as { __frames: { d: number[]; work: number[]; moved: boolean } }).__frames;

  const n = 100_000;
  log(`browser: long tasks during a ${n.toLocaleString('en-US')}-request run in the worker`);
  const { p, close } = await page(browser, `${base}?v=1&n=${n}`);
  const t0 = Date.now();
  let done = false;
  try {
    await p.waitForFunction('!!(window.__spindle && window.__spindle.run() && window.__spindle.run().done)', undefined,
      { timeout: 300_000, polling: 250 });
    done = true;
  } catch { /* reported as not done */ }
  const runMs = Date.now() - t0;
  const info = await p.evaluate('({ long: window.__bench.long, first: window.__bench.first, results: (window.__spindle && window.__spindle.run() || { results: 0 }).results })') as
    { long: { startMs: number; durationMs: number }[]; first: number | null; results: number };
  await close();
  const long = info.long.filter((t) => t.durationMs > 50);
  const firstDraw = info.first ?? Infinity;
  const during = long.filter((t) => t.startMs >= firstDraw);    // after the page has drawn: the run's time
  return {
    firstPlatterMs: quantile(firsts, 0.5), firstPlatterRunsMs: firsts,
    frames: fr.d.length, frameMedianMs: quantile(fr.d, 0.5), frameP95Ms: quantile(fr.d, 0.95), frameMaxMs: Math.max(...fr.d),
    frameWorkMedianMs: quantile(fr.work, 0.5), frameWorkP95Ms: quantile(fr.work, 0.95),
    droppedFrames: fr.d.filter((x) => x > 1.5 * (1000 / 60)).length, animated: fr.moved,
    runRequests: n, runMs, runDone: done, longTasks: long.length,
    longestTaskMs: long.reduce((m, t) => Math.max(m, t.durationMs), 0), longTaskList: long,
    longTasksAfterFirstDraw: during.length, longestAfterFirstDrawMs: during.reduce((m, t) => Math.max(m, t.durationMs), 0),
  };
}
