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
 *    done), median and 95th percentile. The Atropos page draws the most
 *    of the comparison pages: two runs of four disks, eight platters with
 *    their overlays (three runs, twelve platters, with both naive layouts
 *    beside Atropos: cmp=both); the explorer comparing two runs of a 4-disk
 *    volume draws eight platters on its stage besides its own panels; the
 *    explorer with four runs (three earlier runs kept beside the setup's,
 *    opened by a link naming all four) is the stage at its fullest count of
 *    runs: four platters, four timelines, four statistics tables.
 *  - the main thread's CPU time per frame over the same kind of stretch
 *    (a Chrome trace: each task's thread time, the tasks since the previous
 *    frame's added to the task that runs the frame's animation callbacks),
 *    median and 95th percentile: unlike the wall time above, it holds when
 *    other processes share the cores.
 * Figures, printed; nothing here is asserted.
 */
import type { Browser } from 'playwright-core';
import type { StagePageKey } from './options';

export interface StageFigures {
  page: string;
  firstStageMs: number;
  frames: number;
  frameWorkMedianMs: number;
  frameWorkP95Ms: number;
  /** Main-thread CPU (thread time) per frame, median and p95. */
  frameCpuMedianMs: number;
  frameCpuP95Ms: number;
  runs: number;
  platters: number;
}

/** A 4-disk striped volume, as the explorer's what-if comparison shows it: the run before and after, 8 platters. */
const VOLUME = 'v=2&d0=hp-97560&devs=4&pol=stripe&n=300';

/** One disk, eight requests in its queue, four schedulers: the explorer's stage with four runs (three kept, the setup's own). */
const DISK = 'v=2&d0=hp-97560&n=300&out=8&d0.qd=8';
const FOUR_RUNS = `?${DISK}&d0.sched=sptf${['fcfs', 'sstf', 'clook'].map((s, i) => `&${i < 2 ? 'keep' : 'before'}=${encodeURIComponent(`${DISK}&d0.sched=${s}`)}`).join('')}`;

/** The stages the bench opens: each comparison page's own default link, Atropos beside both naive layouts, the explorer comparing two volume runs, and the explorer with four runs. */
export const STAGE_PAGES: readonly { key: StagePageKey; page: string; address: string }[] = [
  ...(['sidebyside', 'atropos', 'nvcache', 'reorg', 'smr'] as const).map((id) => ({ key: id, page: `#${id}`, address: `#${id}` })),
  { key: 'atropos-both', page: '#atropos, both naive layouts', address: '#atropos?cmp=both' },
  { key: 'explorer-comparing', page: 'explorer comparing', address: `?${VOLUME}&seed=7&before=${encodeURIComponent(`${VOLUME}&seed=6`)}` },
  { key: 'explorer-4-runs', page: 'explorer with 4 runs on the stage', address: FOUR_RUNS },
];

/** The stages `--pages` names (all when null). */
export const stagePagesOf = (keys: ReadonlySet<StagePageKey> | null) => STAGE_PAGES.filter((p) => !keys || keys.has(p.key));

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
    else resolve({ work, runs: document.querySelectorAll('[data-stage-run]').length, platters: document.querySelectorAll('[data-stage-run] canvas').length });
  };
  requestAnimationFrame(f);
})`;

export const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] : NaN;
};

/** Main-thread CPU per frame over `ms` of playing: from a trace's task thread times. */
async function frameCpu(p: import('playwright-core').Page, ms: number): Promise<number[]> {
  const cdp = await p.context().newCDPSession(p);
  type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string } };
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  await p.waitForTimeout(ms);
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await done;
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return [];
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const rafs = onMain.filter((e) => e.name === 'FireAnimationFrame');
  const frames: number[] = [];
  let cpu = 0;
  let r = 0;
  for (const task of onMain.filter((e) => e.name === 'RunTask')) {
    cpu += (task.tdur ?? 0) / 1000;
    let frame = false;
    for (; r < rafs.length && rafs[r].ts < task.ts + (task.dur ?? 0); r++) frame ||= rafs[r].ts >= task.ts;
    if (frame) { frames.push(cpu); cpu = 0; }
  }
  return frames.slice(1);
}

/** One stage's frames: what a page does while it plays, raw (the per-frame work and CPU of every frame measured). */
export interface StageSample {
  firstStageMs: number;
  /** Main-thread wall work per frame (ms). */
  work: number[];
  /** Main-thread CPU per frame (ms). */
  cpu: number[];
  runs: number;
  platters: number;
}

/** Opens `address` in a fresh context, waits for its first drawn stage, then measures 4 s of frames and 4 s of trace; null when no stage is drawn within 60 s. */
export async function sampleStage(browser: Browser, url: string): Promise<StageSample | null> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  try {
    const p = await context.newPage();
    await p.addInitScript(INIT);
    await p.goto(url);
    try {
      await p.waitForFunction('window.__stageBench.first !== null', undefined, { timeout: 60_000 });
    } catch {
      return null;
    }
    const firstStageMs = await p.evaluate('window.__stageBench.first') as number;
    const r = await p.evaluate(WORK) as { work: number[]; runs: number; platters: number };
    const cpu = await frameCpu(p, 4000);
    return { firstStageMs, work: r.work, cpu, runs: r.runs, platters: r.platters };
  } finally {
    await context.close();
  }
}

export function stageRow(page: string, s: StageSample | null): StageFigures {
  if (!s) return { page, firstStageMs: NaN, frames: 0, frameWorkMedianMs: NaN, frameWorkP95Ms: NaN, frameCpuMedianMs: NaN, frameCpuP95Ms: NaN, runs: 0, platters: 0 };
  return {
    page, firstStageMs: s.firstStageMs, frames: s.work.length, frameWorkMedianMs: quantile(s.work, 0.5), frameWorkP95Ms: quantile(s.work, 0.95),
    frameCpuMedianMs: quantile(s.cpu, 0.5), frameCpuP95Ms: quantile(s.cpu, 0.95), runs: s.runs, platters: s.platters,
  };
}

export async function stageFigures(browser: Browser, base: string, keys: ReadonlySet<StagePageKey> | null, log: (m: string) => void): Promise<StageFigures[]> {
  const out: StageFigures[] = [];
  for (const { page, address } of stagePagesOf(keys)) {
    log(`browser: the stage of ${page}: first drawn, then 4 s of frames`);
    const s = await sampleStage(browser, `${base}${address}`);
    if (!s) log(`  ${page}: no stage drawn within 60 s`);
    out.push(stageRow(page, s));
  }
  return out;
}
