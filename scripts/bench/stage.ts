/*
 * stage.ts — the stage's figures in headless Chromium, per comparison page:
 *  - navigation to the first drawn stage: performance.now() (origin: the
 *    navigation) when every [data-stage-run] has a clock (its runs have
 *    begun and their platters been drawn), polled every animation frame
 *    (late by up to one); a page whose stage is not drawn within 60 s is
 *    reported as such, and the others still measured;
 *  - main-thread work per frame while the stage plays (4 s): from the
 *    frame's start to a message posted from its requestAnimationFrame
 *    callback (it runs once the frame's scripts, style, layout and paint are
 *    done), median and 95th percentile. The Atropos page draws the most:
 *    two runs of four disks, eight platters with their overlays.
 * Figures, printed; nothing here is asserted.
 */
import type { Browser } from 'playwright-core';

export interface StageFigures {
  page: string;
  firstStageMs: number;
  frames: number;
  frameWorkMedianMs: number;
  frameWorkP95Ms: number;
  platters: number;
}

/** The comparisons the bench opens: each page's own default link. */
export const STAGE_PAGES = ['sidebyside', 'atropos', 'nvcache', 'reorg', 'smr'];

const INIT = `
window.__stageBench = { first: null };
(function poll() {
  const runs = [...document.querySelectorAll('[data-stage-run]')];
  if (runs.length >= 1 && runs.every((el) => el.dataset.runTime)) { window.__stageBench.first = performance.now(); return; }
  requestAnimationFrame(poll);
})();
`;

const WORK = `new Promise((resolve) => {
  const work = [];
  const ch = new MessageChannel();
  let frameStart = 0;
  ch.port1.onmessage = () => work.push(performance.now() - frameStart);
  const t0 = performance.now();
  const f = (t) => {
    frameStart = t;
    ch.port2.postMessage(0);
    if (t - t0 < 4000) requestAnimationFrame(f);
    else resolve({ work, platters: document.querySelectorAll('[data-stage-run] canvas').length });
  };
  requestAnimationFrame(f);
})`;

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] : NaN;
};

export async function stageFigures(browser: Browser, base: string, log: (m: string) => void): Promise<StageFigures[]> {
  const out: StageFigures[] = [];
  for (const page of STAGE_PAGES) {
    log(`browser: the stage of #${page}: first drawn, then 4 s of frames`);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    try {
      const p = await context.newPage();
      await p.addInitScript(INIT);
      await p.goto(`${base}#${page}`);
      try {
        await p.waitForFunction('window.__stageBench.first !== null', undefined, { timeout: 60_000 });
      } catch {
        log(`  #${page}: no stage drawn within 60 s`);
        out.push({ page, firstStageMs: NaN, frames: 0, frameWorkMedianMs: NaN, frameWorkP95Ms: NaN, platters: 0 });
        continue;
      }
      const first = await p.evaluate('window.__stageBench.first') as number;
      const r = await p.evaluate(WORK) as { work: number[]; platters: number };
      out.push({ page, firstStageMs: first, frames: r.work.length, frameWorkMedianMs: quantile(r.work, 0.5), frameWorkP95Ms: quantile(r.work, 0.95), platters: r.platters });
    } finally {
      await context.close();
    }
  }
  return out;
}
