/*
 * waterfall.ts — where a page's load spends its time until its first
 * drawing, in headless Chromium (service worker blocked, so every file comes
 * from the network): for each load, the moments the app marks
 * (web/engine/loadMarks.ts, `spindle:<phase>`, in the page and in the
 * engine's worker), when each file was asked for and received (Resource
 * Timing, the page's and the worker's), the first paint, and the main
 * thread's CPU time by script until the first drawing (a CDP sampling
 * profile, stopped at the drawing: up to a frame late). The worker's moments
 * are moved to the page's time origin (performance.timeOrigin of each).
 * Printed as a table of phase → median ms from navigation over the loads;
 * figures only, nothing here is asserted.
 */
import type { Browser, Page } from 'playwright-core';

/** What counts as drawn: the explorer's first platter frame, or every run of a stage with its clock. */
export const FIRST_PLATTER = `!!(window.__spindle && window.__spindle.frame && window.__spindle.frame())`;
export const FIRST_STAGE = `(() => { const r = [...document.querySelectorAll('[data-stage-run]')]; return r.length > 0 && r.every((el) => el.dataset.runTime); })()`;

export interface WaterfallRow {
  /** A mark ('page: run-setup', 'worker: wasm-compiled'), a file ('fetch Explorer.js') or a paint. */
  phase: string;
  /** Median over the loads that had it, ms from navigation; a file's from when it was asked for to its last byte. */
  startMs: number;
  endMs: number;
  /** How many of the loads had it. */
  loads: number;
}

export interface Waterfall {
  address: string;
  loads: number;
  firstDrawnMs: number[];
  rows: WaterfallRow[];
  /** Main-thread CPU until the first drawing, by script file (hash dropped) or V8's own categories, median ms. */
  cpu: { what: string; ms: number }[];
}

interface Sample { phase: string; startMs: number; endMs: number }

/** Runs in the page before its own scripts: the first drawing's time, polled every animation frame. */
const init = (drawn: string) => `
window.__waterfall = { first: null };
(function poll() {
  if (${drawn}) { window.__waterfall.first = performance.now(); return; }
  requestAnimationFrame(poll);
})();
`;

/** In the page or the worker: its spindle marks and its fetched files, on its own clock. */
const TIMINGS = `(() => ({
  origin: performance.timeOrigin,
  marks: performance.getEntriesByType('mark').filter((m) => m.name.startsWith('spindle:')).map((m) => ({ name: m.name.slice(8), t: m.startTime })),
  files: performance.getEntriesByType('resource').map((r) => ({ name: r.name, start: r.startTime, end: r.responseEnd })),
  paints: typeof document === 'undefined' ? [] : performance.getEntriesByType('paint').map((p) => ({ name: p.name, t: p.startTime })),
  html: typeof document === 'undefined' ? 0 : performance.getEntriesByType('navigation')[0].responseEnd,
}))()`;

interface Timings {
  origin: number;
  marks: { name: string; t: number }[];
  files: { name: string; start: number; end: number }[];
  paints: { name: string; t: number }[];
  html: number;
}

/** A file's name without its folder, query and content hash: `assets/Explorer-Bz_GyqrH.js` → `Explorer.js`. */
export function fileKey(url: string): string {
  const file = url.split(/[?#]/)[0].split('/').pop() ?? url;
  return file.replace(/-[A-Za-z0-9_-]{8}(\.[a-z0-9]+)$/, '$1');
}

interface ProfileNode { id: number; callFrame: { url: string; functionName: string } }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

/** Self time of a CDP CPU profile by script file (or '(garbage collector)', '(program)', '(idle)'), ms. */
export function cpuByScript(profile: Profile): Map<string, number> {
  const what = new Map<number, string>();
  for (const n of profile.nodes) {
    const f = n.callFrame;
    what.set(n.id, f.url ? fileKey(f.url) : f.functionName.startsWith('(') ? f.functionName : '(browser)');
  }
  const out = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    // A sample's time is the gap to the next one (the last sample's is unknown: left out).
    const dt = profile.timeDeltas[i + 1];
    if (dt === undefined) return;
    const k = what.get(id) ?? '(unknown)';
    out.set(k, (out.get(k) ?? 0) + dt / 1000);
  });
  return out;
}

function samplesOf(t: Timings, who: string, shift: number, untilMs: number): Sample[] {
  const out: Sample[] = [];
  for (const m of t.marks) out.push({ phase: `${who}: ${m.name}`, startMs: m.t + shift, endMs: m.t + shift });
  for (const f of t.files) {
    if (f.start + shift > untilMs) continue;         // asked for after the first drawing: not on its path
    out.push({ phase: `${who} fetch ${fileKey(f.name)}`, startMs: f.start + shift, endMs: f.end + shift });
  }
  for (const p of t.paints) out.push({ phase: `page: ${p.name}`, startMs: p.t, endMs: p.t });
  if (who === 'page') out.push({ phase: 'page: HTML received', startMs: t.html, endMs: t.html });
  return out;
}

/** Every engine worker's timings, in the order the page started them: a page may run several (its stage's runs, its figures). */
async function workerTimings(page: Page): Promise<Timings[]> {
  const workers = page.workers().filter((x) => /engine\.worker/.test(x.url()));
  const out: Timings[] = [];
  for (const w of workers) {
    try {
      out.push(await w.evaluate(TIMINGS) as Timings);
    } catch {
      // closed meanwhile (a cancelled run's worker): nothing to read
    }
  }
  return out.sort((a, b) => a.origin - b.origin);
}

async function oneLoad(browser: Browser, url: string, drawn: string): Promise<{ first: number; samples: Sample[]; cpu: Map<string, number> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
    await page.addInitScript(init(drawn));
    await cdp.send('Profiler.start');
    await page.goto(url);
    await page.waitForFunction('window.__waterfall.first !== null', undefined, { timeout: 60_000, polling: 'raf' });
    const { profile } = await cdp.send('Profiler.stop') as { profile: Profile };
    const first = await page.evaluate('window.__waterfall.first') as number;
    const mine = await page.evaluate(TIMINGS) as Timings;
    const theirs = await workerTimings(page);
    const samples = samplesOf(mine, 'page', 0, first);
    theirs.forEach((t, i) => samples.push(...samplesOf(t, i === 0 ? 'worker' : `worker ${i + 1}`, t.origin - mine.origin, first)));
    return { first, samples, cpu: cpuByScript(profile) };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Opens `address` `loads` times, each in a fresh context, and reduces what each load saw to medians. */
export async function waterfall(browser: Browser, base: string, address: string, drawn: string, loads: number,
  log: (m: string) => void): Promise<Waterfall> {
  log(`browser: the load of ${address || 'the explorer'} until its first drawing, phase by phase (${loads} loads)`);
  const runs: Awaited<ReturnType<typeof oneLoad>>[] = [];
  for (let i = 0; i < loads; i++) runs.push(await oneLoad(browser, `${base}${address}`, drawn));
  const byPhase = new Map<string, Sample[]>();
  for (const r of runs) {
    // A file fetched twice in one load (a chunk both the page and the worker import) counts by its first fetch.
    const once = new Map<string, Sample>();
    for (const s of [...r.samples].sort((a, b) => a.startMs - b.startMs)) if (!once.has(s.phase)) once.set(s.phase, s);
    for (const [phase, s] of once) byPhase.set(phase, [...(byPhase.get(phase) ?? []), s]);
  }
  const first = runs.map((r) => r.first);
  const rows: WaterfallRow[] = [...byPhase].map(([phase, xs]) => ({
    phase, startMs: median(xs.map((x) => x.startMs)), endMs: median(xs.map((x) => x.endMs)), loads: xs.length,
  }));
  rows.push({ phase: 'first drawing seen (polled each frame)', startMs: median(first), endMs: median(first), loads: runs.length });
  rows.sort((a, b) => a.endMs - b.endMs || a.startMs - b.startMs);
  const keys = new Set(runs.flatMap((r) => [...r.cpu.keys()]));
  const cpu = [...keys].map((what) => ({ what, ms: median(runs.map((r) => r.cpu.get(what) ?? 0)) }))
    .filter((c) => c.ms >= 1).sort((a, b) => b.ms - a.ms);
  return { address, loads: runs.length, firstDrawnMs: first, rows, cpu };
}

/** The waterfall as a markdown table, and the CPU by script as a second one. */
export function waterfallTable(w: Waterfall): string {
  const ms = (x: number) => x.toFixed(0);
  const out = [
    `Load of ${w.address || 'the explorer'} until its first drawing: median of ${w.loads} loads (first drawing at ${w.firstDrawnMs.map(ms).join(', ')} ms), ms from navigation`,
    '',
    '| phase | start | end | loads |',
    '|---|---:|---:|---:|',
    ...w.rows.map((r) => `| ${r.phase} | ${r.startMs === r.endMs ? '' : ms(r.startMs)} | ${ms(r.endMs)} | ${r.loads} |`),
    '',
    '| main-thread CPU until the first drawing, by script | ms |',
    '|---|---:|',
    ...w.cpu.map((c) => `| ${c.what} | ${c.ms.toFixed(0)} |`),
  ];
  return out.join('\n');
}
