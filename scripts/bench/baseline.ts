/*
 * baseline.ts — `npm run bench -- --only size,browser --baseline DIST`: the
 * same load figures for another build (DIST: a `vite build` of the code
 * before a change, kept in a folder of its own) in the same run, so a
 * change's gain is read from one table on one machine's load: each page's
 * first-load JavaScript for both builds, and the navigation to the first
 * drawn platter measured alternately, one load of each build in turn; and,
 * with `first` or `stage`, each comparison page's first drawing (its stage,
 * as the page marks it: firstDrawing.ts) and the explorer's, the two builds
 * loaded in turn; with `stage`, each comparison page's frame cost, in turn
 * (stageBaseline.ts).
 */
import type { Browser } from 'playwright-core';
import { pageLoads, type PageLoad } from './pageLoad';
import { withSite } from './browser';
import { firstDrawingOnce } from './firstDrawing';
import { stageBaseline, type StageComparison } from './stageBaseline';
import type { StagePageKey } from './options';

/** The pages whose first drawing the baseline comparison measures: the comparison pages' stages and the explorer. */
export const BASELINE_FIRST_PAGES = ['sidebyside', 'smr', 'nvcache', 'atropos', 'reorg', 'explorer'];

export interface BaselineFigures {
  dist: string;
  pages?: PageLoad[];
  /** Navigation to the first drawn platter, per load: this build's and the baseline's, taken in turn. */
  firstPlatterMs?: { build: number[]; baseline: number[] };
  /** Per page, navigation to its first drawing per load (NaN: none within 30 s): this build's and the baseline's, in turn. */
  firstDrawingMs?: { page: string; build: number[]; baseline: number[] }[];
  /** Each comparison page's frame cost, both builds in turn. */
  stage?: StageComparison[];
}

const FIRST = `new Promise((resolve) => {
  (function poll() {
    const h = window.__spindle;
    if (h && typeof h.frame === 'function' && h.frame()) return resolve(performance.now());
    requestAnimationFrame(poll);
  })();
})`;

async function firstPlatter(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const p = await context.newPage();
    await p.goto(url);
    return await p.evaluate(FIRST) as number;
  } finally {
    await context.close();
  }
}

export async function baselineFigures(browser: Browser, base: string, dist: string, pages: string[] | null, loads: number,
  log: (m: string) => void, firstLoads = 0, stageRounds = 0, stagePages: ReadonlySet<StagePageKey> | null = null): Promise<BaselineFigures> {
  return withSite(dist, async (other, baseOld) => {
    const out: BaselineFigures = { dist };
    if (pages) out.pages = await pageLoads(other, baseOld, pages, (m) => log(`baseline ${m}`));
    if (loads > 0) {
      log(`browser: first drawn platter, this build and the baseline in turn (${loads} loads each)`);
      const build: number[] = [], baseline: number[] = [];
      for (let i = 0; i < loads; i++) {
        build.push(await firstPlatter(browser, `${base}#explorer`));
        baseline.push(await firstPlatter(other, `${baseOld}#explorer`));
      }
      out.firstPlatterMs = { build, baseline };
    }
    if (firstLoads > 0) {
      log(`browser: each comparison page's first drawing and the explorer's, this build and the baseline in turn (${firstLoads} loads each)`);
      const once = async (b: Browser, url: string) => (await firstDrawingOnce(b, url, 30_000))?.ms ?? NaN;
      out.firstDrawingMs = [];
      for (const page of BASELINE_FIRST_PAGES) {
        const build: number[] = [], baseline: number[] = [];
        for (let i = 0; i < firstLoads; i++) {
          build.push(await once(browser, `${base}#${page}`));
          baseline.push(await once(other, `${baseOld}#${page}`));
        }
        out.firstDrawingMs.push({ page, build, baseline });
      }
    }
    if (stageRounds > 0) out.stage = await stageBaseline({ browser, base }, { browser: other, base: baseOld }, stageRounds, stagePages, log);
    return out;
  });
}
