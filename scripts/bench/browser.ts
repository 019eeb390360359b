/*
 * browser.ts — the benchmark's figures in headless Chromium (Debian's
 * chromium through playwright-core, the app served from a production build
 * by `vite preview`), read through the explorer's window.__spindle hook:
 *  - navigation to first drawn platter: performance.now() (whose origin is
 *    the navigation) when __spindle.frame() first returns a frame, polled
 *    every animation frame (so it may be late by up to one frame);
 *  - frame intervals (requestAnimationFrame timestamps) while the explorer
 *    plays its run: median, 95th percentile, longest;
 *  - main-thread long tasks (PerformanceObserver 'longtask', > 50 ms) from
 *    navigation until a 100,000-request run simulated in the worker is done.
 */
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { launch } from '../../tests/e2e/browser';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface BrowserFigures {
  firstPlatterMs: number; firstPlatterRunsMs: number[];
  frames: number; frameMedianMs: number; frameP95Ms: number; frameMaxMs: number; droppedFrames: number; animated: boolean;
  runRequests: number; runMs: number; runDone: boolean; longTasks: number; longestTaskMs: number;
  longTaskList: { startMs: number; durationMs: number }[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] : NaN;
};

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

export async function browserFigures(dist: string, log: (m: string) => void): Promise<BrowserFigures> {
  const { preview } = await import('vite');
  const port = await freePort();
  const server = await preview({
    root: join(ROOT, 'web'), configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn',
    build: { outDir: dist }, preview: { host: '127.0.0.1', port, strictPort: true, open: false },
  });
  const base = `http://127.0.0.1:${port}/`;
  const browser = await launch();
  try {
    log('browser: time to first drawn platter (3 loads)');
    const firsts: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { p, close } = await page(browser, base);
      await p.waitForFunction(() => (window as unknown as { __bench: { first: number | null } }).__bench.first !== null, undefined, { timeout: 60_000 });
      firsts.push(await p.evaluate(() => (window as unknown as { __bench: { first: number } }).__bench.first));
      if (i < 2) await close();
      else {
        log('browser: frame intervals while the explorer plays (4 s)');
        const r = await p.evaluate(async () => {
          const h = (window as unknown as { __spindle: { play(): void; frame(): { cursor: number } | null } }).__spindle;
          const c0 = h.frame()?.cursor ?? 0;
          h.play();
          const d: number[] = [];
          await new Promise<void>((res) => {
            let last: number | null = null;
            const t0 = performance.now();
            const f = (t: number) => {
              if (last !== null) d.push(t - last);
              last = t;
              if (t - t0 < 4000) requestAnimationFrame(f); else res();
            };
            requestAnimationFrame(f);
          });
          return { d, moved: (h.frame()?.cursor ?? 0) !== c0 };
        });
        (globalThis as unknown as { __frames: typeof r }).__frames = r;
        await close();
      }
    }
    const fr = (globalThis as unknown as { __frames: { d: number[]; moved: boolean } }).__frames;

    const n = 100_000;
    log(`browser: long tasks during a ${n.toLocaleString('en-US')}-request run in the worker`);
    const { p, close } = await page(browser, `${base}?v=1&n=${n}`);
    const t0 = Date.now();
    let done = false;
    try {
      await p.waitForFunction(() => {
        const h = (window as unknown as { __spindle?: { run(): { done: boolean } | null } }).__spindle;
        return !!h?.run()?.done;
      }, undefined, { timeout: 300_000, polling: 250 });
      done = true;
    } catch { /* reported as not done */ }
    const runMs = Date.now() - t0;
    const info = await p.evaluate(() => {
      const w = window as unknown as { __bench: { long: { startMs: number; durationMs: number }[] }; __spindle?: { run(): { results: number } | null } };
      return { long: w.__bench.long, results: w.__spindle?.run()?.results ?? 0 };
    });
    await close();
    const long = info.long.filter((t) => t.durationMs > 50);
    return {
      firstPlatterMs: quantile(firsts, 0.5), firstPlatterRunsMs: firsts,
      frames: fr.d.length, frameMedianMs: quantile(fr.d, 0.5), frameP95Ms: quantile(fr.d, 0.95), frameMaxMs: Math.max(...fr.d),
      droppedFrames: fr.d.filter((x) => x > 1.5 * (1000 / 60)).length, animated: fr.moved,
      runRequests: n, runMs, runDone: done, longTasks: long.length,
      longestTaskMs: long.reduce((m, t) => Math.max(m, t.durationMs), 0), longTaskList: long,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
