/*
 * firstDrawing.ts — navigation to each page's first meaningful drawing, in
 * headless Chromium against a production build (service worker blocked, so
 * every file comes from the network): each page opened first, in a fresh
 * context, `loads` times. The page itself says when its first engine-drawn
 * picture is on screen (web/lib/firstDrawing.ts: data-first-drawing-ms on
 * <html>, performance.now() at that moment, and what it was: a stage, a
 * platter, a chart); this reads it. A page that has drawn nothing within
 * the time allowed is reported so, and the others still measured. Figures,
 * printed; nothing here is asserted.
 */
import type { Browser } from 'playwright-core';

export interface FirstDrawingFigures {
  page: string;
  /** Median over the loads that drew, ms from navigation (NaN: none drew). */
  firstMs: number;
  runsMs: number[];
  /** What the page counted as its first drawing ('stage', 'platter', 'chart'). */
  what: string;
  /** Loads that drew nothing in time. */
  missed: number;
  targetMs: number;
}

/** The targets: every page's first meaningful drawing < 500 ms; the traxsystem page's first chart < 2 s. */
export const firstDrawingTarget = (page: string) => (page === 'traxsystem' ? 2000 : 500);

const DRAWN = `document.documentElement.dataset.firstDrawingMs !== undefined`;
const READ = `({ ms: Number(document.documentElement.dataset.firstDrawingMs), what: document.documentElement.dataset.firstDrawing })`;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** One load of `url` in a fresh context: when the page says its first drawing was on screen, and what it was (null: none in time). */
export async function firstDrawingOnce(browser: Browser, url: string, timeoutMs: number): Promise<{ ms: number; what: string } | null> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  try {
    const p = await context.newPage();
    await p.goto(url);
    try {
      await p.waitForFunction(DRAWN, undefined, { timeout: timeoutMs, polling: 'raf' });
    } catch {
      return null;
    }
    return await p.evaluate(READ) as { ms: number; what: string };
  } finally {
    await context.close();
  }
}

/** Each page (its hash) opened first, `loads` times. */
export async function firstDrawings(browser: Browser, base: string, pages: string[], loads: number,
  log: (m: string) => void, timeoutMs = 30_000): Promise<FirstDrawingFigures[]> {
  log(`browser: navigation to each page's first meaningful drawing (${pages.length} pages, ${loads} loads each)`);
  const out: FirstDrawingFigures[] = [];
  for (const page of pages) {
    const seen: { ms: number; what: string }[] = [];
    let missed = 0;
    for (let i = 0; i < loads; i++) {
      const r = await firstDrawingOnce(browser, `${base}#${page}`, timeoutMs);
      if (r) seen.push(r); else missed++;
    }
    if (missed) log(`  #${page}: ${missed} of ${loads} loads drew nothing within ${timeoutMs / 1000} s`);
    const runsMs = seen.map((s) => s.ms);
    out.push({ page, firstMs: median(runsMs), runsMs, what: seen[0]?.what ?? '', missed, targetMs: firstDrawingTarget(page) });
  }
  return out;
}

/** One table row per page: `| #page: navigation to the first meaningful drawing (what) | figure | target |`. */
export function firstDrawingRows(figures: FirstDrawingFigures[]): string[] {
  return figures.map((f) => {
    const figure = Number.isNaN(f.firstMs) ? 'nothing drawn in time' : `${f.firstMs.toFixed(0)} ms${f.missed ? ` (${f.missed} loads drew nothing)` : ''}`;
    const target = f.targetMs >= 1000 ? `< ${f.targetMs / 1000} s` : `< ${f.targetMs} ms`;
    return `| #${f.page}: navigation to the first meaningful drawing${f.what ? ` (${f.what})` : ''} | ${figure} | ${target} |`;
  });
}
