/*
 * main.ts — `npm run bench` (scripts/bench.sh builds and bundles this file).
 * Every figure is the median of several runs, all measured in this one
 * invocation, native and wasm runs interleaved so that a noisy machine
 * disturbs both alike. Prints a table and writes it as JSON to
 * bench-results/latest.json (and a dated copy).
 *
 *  1. Engine throughput, simulated requests per second, natively (gcc -O2,
 *     engine-wasm/build/native/bench) and as wasm in Node (the shipped
 *     builds through the TypeScript binding: spindle.wasm, with the
 *     experiments, and spindle-core.wasm, what most pages load), on the scenarios of
 *     engine-wasm/bench/scenarios.sps, on the Quantum Atlas 10K preset.
 *     Times are CPU time of the run loop (setup excluded): steadier than wall
 *     time when other processes share the cores; wall times are in the JSON.
 *  2. Sweep latency: the traxtents Figure-1 sweep, as the app runs it
 *     (web/pages/traxtents/sweep.ts), in wasm.
 *     The Atropos page's quadrangle sweep (Figure 9), in wasm (quadrangle.ts).
 *     The reorganization page's two runs, epoch by epoch, in wasm (reorg.ts).
 *  3. Peak engine memory for a 1,000,000-request run with events streamed.
 *  4. Size of the shipped JS and wasm, raw and gzipped (a production build),
 *     and the JavaScript each page loads when opened first (pageLoad.ts).
 *  5. Trace replay (trace.ts): parse, closed and open replay of a measured trace.
 *  6. In headless Chromium: navigation to first drawn platter, frame times
 *     while the explorer animates, main-thread long tasks while a
 *     100,000-request run is simulated in the worker; per comparison page,
 *     the first drawn stage and main-thread work per frame (stage.ts); the
 *     load's waterfall until the first drawing, phase by phase, of the
 *     explorer (with `browser`) and of #sidebyside (with `stage`; other
 *     pages with `--waterfall sidebyside,atropos,…`), and the
 *     main thread's CPU by script meanwhile (waterfall.ts); with `browser`
 *     (or `first` alone), each page's navigation to its first meaningful
 *     drawing, as the page marks it (firstDrawing.ts).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { cpus } from 'node:os';
import { HOST, loadEngine, Status, type Engine } from '../../engine-wasm/binding';
import { configureDisk, validateDiskPreset, type DiskPreset } from '../../web/state/diskPreset';
import { diskScript } from '../diskScript';
import { loadScript, scriptSetups } from '../../tests/helpers/script';
import { sweep, sweepSizes, type SweepSeries } from '../../web/pages/traxtents/sweep';
import { typicalTrackLbns, zoneRegion } from '../../web/pages/traxtents/disk';
import { browserFigures, withSite, type BrowserFigures } from './browser';
import { pageIds, pageLoads, type PageLoad } from './pageLoad';
import { baselineFigures, type BaselineFigures } from './baseline';
import { stageBaselineRows } from './stageBaseline';
import { stageFigures, type StageFigures } from './stage';
import { firstDrawingRows, firstDrawings, type FirstDrawingFigures } from './firstDrawing';
import { FIRST_PLATTER, FIRST_STAGE, waterfall, waterfallTable, type Waterfall } from './waterfall';
import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type { ShardDone } from './sweepWorker';
import { traceFigures, type TraceFigures } from './trace';
import { quadrangleSweep, type QuadrangleFigures } from './quadrangle';
import { reorgRun, type ReorgFigures } from './reorg';
import { instructionFigures, type InstructionFigures } from './instructions';
import { BENCH_USAGE, parseBenchArgs } from './options';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUT = join(ROOT, 'build/bench');
const ENGINE = join(ROOT, 'engine-wasm');
const NATIVE_BENCH = join(ENGINE, 'build/native/bench');
const WASM = join(ENGINE, 'build/spindle.wasm');
const WASM_CORE = join(ENGINE, 'build/spindle-core.wasm');

const args = parseBenchArgs(process.argv.slice(2));
if ('help' in args) { console.log(BENCH_USAGE); process.exit(0); }
if ('error' in args) { console.error(`[bench] ${args.error}\n${BENCH_USAGE}`); process.exit(2); }
const RUNS = args.options.runs;
const ONLY = args.options.only;
const wanted = (part: string) => !ONLY || ONLY.has(part);
const BROWSER = !args.options.noBrowser && (wanted('browser') || wanted('size') || wanted('stage') || wanted('first'));
const BASELINE = args.options.baseline;
/** The pages whose load's waterfall `stage` prints (`--waterfall sidebyside,atropos`; #sidebyside when not given). */
const WATERFALLS = args.options.waterfalls;
/** The stages `stage` measures (`--pages smr,reorg`; all when not given). */
const STAGE_KEYS = args.options.stagePages;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function log(msg: string): void {
  process.stderr.write(`[bench] ${msg}\n`);
}

// ---- the disk: the Atlas 10K preset, as a call script both builds replay ----

/** The preset as the call script both builds replay. */
function recordDisk(preset: DiskPreset): string {
  return diskScript(preset, [
    `Generated by scripts/bench/main.ts from presets/disks/${preset.id}.json (configureDisk's calls).`,
    'DiskSim-derived data: see presets/disks/DISKSIM-NOTICE.',
  ]);
}

function loadPreset(id: string): DiskPreset {
  const v = validateDiskPreset(JSON.parse(readFileSync(join(ROOT, 'presets/disks', `${id}.json`), 'utf8')));
  if (!v.ok) throw new Error(`presets/disks/${id}.json: ${v.errors.slice(0, 3).map((e) => `${e.field}: ${e.message}`).join('; ')}`);
  return v.preset;
}

function prepareScripts(): { scenarios: string; memory: string; disk: string } {
  mkdirSync(OUT, { recursive: true });
  const preset = loadPreset('quantum-atlas-10k');
  writeFileSync(join(OUT, 'atlas10k.sps'), recordDisk(preset));
  for (const f of ['scenarios.sps', 'memory.sps']) copyFileSync(join(ENGINE, 'bench', f), join(OUT, f));
  return { scenarios: join(OUT, 'scenarios.sps'), memory: join(OUT, 'memory.sps'), disk: preset.name };
}

// ---- one run, natively and in wasm ------------------------------------------

interface RunFigures { name: string; ms: number; cpuMs: number; requests: number; events: number; meanResponseMs: number; simMs: number }

function runNative(file: string, name: string, memory = false): RunFigures & { heapPeakBytes?: number; heapSetupBytes?: number } {
  const r = spawnSync(NATIVE_BENCH, [...(memory ? ['--memory'] : []), file, name, '1'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`native bench ${name}: ${r.stderr || r.error}`);
  const j = JSON.parse(r.stdout.trim().split('\n').pop()!);
  return {
    name, ms: j.ms, cpuMs: j.cpu_ms, requests: j.requests, events: j.events, meanResponseMs: j.mean_response_ms,
    simMs: j.sim_ms, heapPeakBytes: j.heap_peak_bytes, heapSetupBytes: j.heap_setup_bytes,
  };
}

function runWasm(engine: Engine, file: string, name: string): RunFigures {
  const sim = engine.createSim(0);
  try {
    loadScript(sim, file, name);
    let events = 0;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (;;) {
      const st = sim.run(-1);
      events += sim.events().count;
      if (st === Status.Ok) break;
    }
    const t1 = performance.now();
    const c = process.cpuUsage(c0);
    const s = sim.statsGet(HOST);      // logical requests, as the native bench counts them
    return { name, ms: t1 - t0, cpuMs: (c.user + c.system) / 1000, requests: s.completed, events, meanResponseMs: s.responseMeanMs, simMs: sim.now() };
  } finally {
    sim.dispose();
  }
}

// ---- 1. throughput -----------------------------------------------------------

interface Throughput {
  name: string; requests: number; events: number;
  nativeReqPerS: number; wasmReqPerS: number; ratio: number;
  nativeUsPerReq: number; wasmUsPerReq: number;
  nativeWallMs: number[]; wasmWallMs: number[]; nativeCpuMs: number[]; wasmCpuMs: number[];
  /** The core build (spindle-core.wasm), run in turn with the others. */
  coreReqPerS: number; coreRatio: number; coreCpuMs: number[];
  sameResults: boolean;
}

function throughput(engine: Engine, core: Engine, file: string): Throughput[] {
  const names = scriptSetups(file);
  log(`throughput: ${names.length} scenarios x ${RUNS} runs, native and both wasm builds (wasm warm-up run first)`);
  for (const n of names) { runWasm(engine, file, n); runWasm(core, file, n); }    // warm-up: lets V8 tier the engine up
  const nat = new Map<string, RunFigures[]>(), was = new Map<string, RunFigures[]>(), cor = new Map<string, RunFigures[]>();
  for (let rep = 0; rep < RUNS; rep++) {
    for (const n of names) {
      (nat.get(n) ?? nat.set(n, []).get(n)!).push(runNative(file, n));
      (was.get(n) ?? was.set(n, []).get(n)!).push(runWasm(engine, file, n));
      (cor.get(n) ?? cor.set(n, []).get(n)!).push(runWasm(core, file, n));
    }
    log(`  run ${rep + 1}/${RUNS} done`);
  }
  return names.map((n) => {
    const a = nat.get(n)!, b = was.get(n)!, c = cor.get(n)!;
    const req = a[0].requests;
    const nCpu = median(a.map((r) => r.cpuMs)), wCpu = median(b.map((r) => r.cpuMs)), cCpu = median(c.map((r) => r.cpuMs));
    const same = [...a, ...b, ...c].every((r) => r.requests === req && r.meanResponseMs === a[0].meanResponseMs && r.events === a[0].events);
    return {
      name: n, requests: req, events: a[0].events,
      nativeReqPerS: req / nCpu * 1000, wasmReqPerS: req / wCpu * 1000, ratio: nCpu / wCpu,
      nativeUsPerReq: nCpu * 1000 / req, wasmUsPerReq: wCpu * 1000 / req,
      nativeWallMs: a.map((r) => r.ms), wasmWallMs: b.map((r) => r.ms),
      nativeCpuMs: a.map((r) => r.cpuMs), wasmCpuMs: b.map((r) => r.cpuMs),
      coreReqPerS: req / cCpu * 1000, coreRatio: nCpu / cCpu, coreCpuMs: c.map((r) => r.cpuMs),
      sameResults: same,
    };
  });
}

// ---- 2. sweep latency ----------------------------------------------------------

interface SweepFigures {
  preset: string; sizes: number; series: number; points: number; requestsPerPoint: number; requests: number;
  wasmMs: number[]; medianMs: number; medianCpuMs: number; pointsPerS: number;
  /** Split over one engine per core (worker threads), each setting up its disk in the call. */
  parallel?: { engines: number; wallMs: number[]; medianMs: number; pointsPerS: number };
}

function sweepLatency(engine: Engine): SweepFigures {
  const preset = loadPreset('quantum-atlas-10k-ii');
  const requests = 5000;
  const series: SweepSeries[] = [{ alignment: 'aligned', outstanding: 2 }, { alignment: 'unaligned', outstanding: 2 }];
  const once = () => {
    const sim = engine.createSim(1);
    try {
      const disk = configureDisk(sim, preset);            // setup: not timed (the app builds the disk once)
      const region = zoneRegion(sim, disk);
      const trackLbns = typicalTrackLbns(sim, disk, region);
      const sizes = sweepSizes(trackLbns, 4 * trackLbns, 30);
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      let points = 0;
      for (const p of sweep(sim, disk, { region, requests, seed: 1 }, sizes, series)) {
        if (p.completed !== requests) throw new Error(`sweep point ${p.size}: ${p.completed} of ${requests} completed`);
        points++;
      }
      const c = process.cpuUsage(c0);
      return { ms: performance.now() - t0, cpuMs: (c.user + c.system) / 1000, points, sizes: sizes.length };
    } finally {
      sim.dispose();
    }
  };
  log(`sweep: traxtents Figure 1 on ${preset.name}, ${RUNS} runs`);
  once();
  const runs = Array.from({ length: RUNS }, once);
  const medianMs = median(runs.map((r) => r.ms));
  return {
    preset: preset.name, sizes: runs[0].sizes, series: series.length, points: runs[0].points, requestsPerPoint: requests,
    requests: runs[0].points * requests, wasmMs: runs.map((r) => r.ms), medianMs,
    medianCpuMs: median(runs.map((r) => r.cpuMs)), pointsPerS: runs[0].points / (medianMs / 1000),
  };
}

/**
 * The same sweep as the traxtents page runs it: split over one engine per core (Node worker
 * threads standing in for the page's engine workers), each computing its interleaved share with
 * the app's sweep service, its disk set up in the call as the page's are. Wall time from the
 * moment all are asked to the last share's answer.
 */
async function sweepParallel(serial: SweepFigures): Promise<SweepFigures['parallel']> {
  const engines = Math.max(1, Math.min(8, cpus().length));
  const preset = JSON.parse(readFileSync(join(ROOT, 'presets/disks/quantum-atlas-10k-ii.json'), 'utf8')) as unknown;
  const api = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/esm/api/index.mjs')).href;
  const entry = new URL('./sweepWorker.ts', import.meta.url).href;
  const boot = `const { register } = await import(${JSON.stringify(api)}); register(); await import(${JSON.stringify(entry)});`;
  const workers = Array.from({ length: engines }, () => new Worker(new URL('data:text/javascript,' + encodeURIComponent(boot))));
  const next = (w: Worker) => new Promise<unknown>((resolve, reject) => { w.once('message', resolve); w.once('error', reject); });
  try {
    await Promise.all(workers.map(next));                  // engines loaded: the page starts them on mount
    const once = async () => {
      const t0 = performance.now();
      const answers = workers.map(next);
      workers.forEach((w, index) => w.postMessage({
        params: { preset, q: 2, zl: 'preset', n: serial.requestsPerPoint, seed: 1, points: 30, shard: { index, count: engines } },
      }));
      const done = (await Promise.all(answers)) as ShardDone[];
      const points = done.reduce((a, d) => a + d.points, 0);
      if (points !== serial.points) throw new Error(`parallel sweep: ${points} points, expected ${serial.points}`);
      log(`  shards: ${done.map((d) => `${d.ms.toFixed(0)} ms (setup ${d.setupMs.toFixed(0)})`).join(', ')}`);
      return performance.now() - t0;
    };
    log(`sweep: the same split over ${engines} engine threads, ${RUNS} runs`);
    await once();
    const ms: number[] = [];
    for (let r = 0; r < RUNS; r++) ms.push(await once());
    const medianMs = median(ms);
    return { engines, wallMs: ms, medianMs, pointsPerS: serial.points / (medianMs / 1000) };
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

// ---- 3. memory -------------------------------------------------------------------

interface MemoryFigures { requests: number; events: number; wasmInitialBytes: number; wasmAfterSetupBytes: number; wasmPeakBytes: number; nativeHeapSetupBytes: number; nativeHeapPeakBytes: number; wasmMs: number }

async function memory(wasmBytes: Buffer, file: string): Promise<MemoryFigures> {
  log('memory: 1,000,000 requests with events streamed, natively and in a fresh wasm instance');
  const engine = await loadEngine(wasmBytes);
  const mem = () => engine.wasm.memory.buffer.byteLength;
  const initial = mem();
  const sim = engine.createSim(0);
  loadScript(sim, file, 'memory_1m_events');
  const afterSetup = mem();
  let events = 0;
  const t0 = performance.now();
  for (;;) {
    const st = sim.run(-1);
    events += sim.events().count;
    if (st === Status.Ok) break;
  }
  const ms = performance.now() - t0;
  const requests = sim.statsGet(-1).completed;
  sim.dispose();
  const n = runNative(file, 'memory_1m_events', true);
  return {
    requests, events, wasmInitialBytes: initial, wasmAfterSetupBytes: afterSetup, wasmPeakBytes: mem(),
    nativeHeapSetupBytes: n.heapSetupBytes ?? 0, nativeHeapPeakBytes: n.heapPeakBytes ?? 0, wasmMs: ms,
  };
}

// ---- 4. size ------------------------------------------------------------------------

interface SizeFigures {
  files: { file: string; raw: number; gzip: number }[]; jsRaw: number; jsGzip: number; wasmRaw: number; wasmGzip: number;
  totalRaw: number; totalGzip: number;
  /** Every file of the engine worker (its script, the run's chunks, each page's methods) and the wasm. */
  engineRaw: number; engineGzip: number;
  /** Per page, measured in the browser: the JS it loads when opened first. */
  pages?: PageLoad[];
}

async function buildApp(): Promise<string> {
  const dist = join(OUT, 'dist');
  log('size: production build of the app (vite build)');
  const prev = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  await build({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } });
  process.env.NODE_ENV = prev;
  return dist;
}

function sizes(dist: string): SizeFigures {
  const files: SizeFigures['files'] = [];
  const walk = (dir: string) => {
    for (const f of readdirSync(dir)) {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(js|mjs|wasm)$/.test(f)) {
        const b = readFileSync(p);
        files.push({ file: relative(dist, p), raw: b.length, gzip: gzipSync(b, { level: 9 }).length });
      }
    }
  };
  walk(dist);
  const sum = (re: RegExp, k: 'raw' | 'gzip') => files.filter((f) => re.test(f.file)).reduce((a, f) => a + f[k], 0);
  return {
    files, jsRaw: sum(/\.m?js$/, 'raw'), jsGzip: sum(/\.m?js$/, 'gzip'), wasmRaw: sum(/\.wasm$/, 'raw'),
    wasmGzip: sum(/\.wasm$/, 'gzip'), totalRaw: sum(/./, 'raw'), totalGzip: sum(/./, 'gzip'),
    engineRaw: sum(/^assets\/worker\/|\.wasm$/, 'raw'), engineGzip: sum(/^assets\/worker\/|\.wasm$/, 'gzip'),
  };
}

// ---- the table -------------------------------------------------------------------------

const fmtInt = (x: number) => Math.round(x).toLocaleString('en-US');
const fmtK = (x: number) => (x >= 1e6 ? `${(x / 1e6).toFixed(2)} M` : `${(x / 1e3).toFixed(1)} k`);
const fmtKB = (b: number) => `${(b / 1024).toFixed(1)} KB`;
const fmtMB = (b: number) => `${(b / 1048576).toFixed(1)} MB`;

const LABELS: Record<string, string> = {
  rand4k_fcfs_onereq: 'random 4 KB reads, FCFS, 1 outstanding',
  track_tworeq: 'random track-sized reads, tworeq',
  mixed64k_sptf_q16: 'random 64 KB reads+writes, 16 outst., SPTF',
  seq1m_cache: 'sequential 1 MB reads, cache + read-ahead',
  size_64k_onereq: 'random 64 KB reads, 1 outstanding',
  size_256k_onereq: 'random 256 KB reads, 1 outstanding',
  size_1m_onereq: 'random 1 MB reads, 1 outstanding',
  rand4k_fcfs_onereq_events: 'random 4 KB reads, event stream on',
  nvcache_desktop: 'nvcache policy, desktop bursts, idle purge',
  nvcache_full_fqueue: 'nvcache policy, full FQueue (no idle purge)',
};

function table(r: Report): string {
  const out: string[] = [];
  out.push(`Spindle benchmarks — ${r.date} — ${r.machine} — median of ${r.runs} runs (CPU time), one invocation`);
  out.push(`Disk: ${r.disk} preset. Native: gcc -O2; wasm: build/spindle.wasm (full) and build/spindle-core.wasm (core) in Node ${process.version}.`);
  out.push('');
  out.push('| workload | requests | native req/s | wasm req/s | wasm/native | core wasm/native | µs/req native | µs/req wasm | same results |');
  out.push('|---|---:|---:|---:|---:|---:|---:|---:|:-:|');
  for (const t of r.throughput) {
    out.push(`| ${LABELS[t.name] ?? t.name} | ${fmtInt(t.requests)} | ${fmtK(t.nativeReqPerS)} | ${fmtK(t.wasmReqPerS)} | ${t.ratio.toFixed(2)} | ${t.coreRatio.toFixed(2)} | ${t.nativeUsPerReq.toFixed(2)} | ${t.wasmUsPerReq.toFixed(2)} | ${t.sameResults ? 'yes' : 'NO'} |`);
  }
  if (r.instructions?.length) {
    out.push('');
    out.push('| workload (native, callgrind) | instructions per simulated request |');
    out.push('|---|---:|');
    for (const i of r.instructions) out.push(`| ${LABELS[i.name] ?? i.name} | ${fmtInt(Math.round(i.instructionsPerRequest))} |`);
  } else if (r.instructionsSkipped) {
    out.push('', `Instructions per request: not measured (${r.instructionsSkipped}).`);
  }
  out.push('');
  out.push('| figure | value | target |');
  out.push('|---|---:|---|');
  const s = r.sweep;
  if (s) {
    out.push(`| traxtents Fig. 1 sweep in wasm, one engine (${s.sizes} sizes × ${s.series} series × ${fmtInt(s.requestsPerPoint)} req = ${fmtInt(s.requests)} req, ${s.preset}) | ${s.medianMs.toFixed(0)} ms (${s.pointsPerS.toFixed(0)} points/s) | < 100 ms |`);
    if (s.parallel) out.push(`| the same sweep split over ${s.parallel.engines} engines (worker threads, one per core; disk set up in each call, as the page does) | ${s.parallel.medianMs.toFixed(0)} ms (${s.parallel.pointsPerS.toFixed(0)} points/s) | < 100 ms |`);
  }
  for (const g of r.reorg ?? []) out.push(`| reorganization page's run in wasm (baseline + reorganizing sims, ${g.epochs} epochs of ${g.epochMs / 1000} s, the ${g.preset} link) | ${g.epochsPerS.toFixed(1)} simulated epochs/s (${g.simMinPerS.toFixed(1)} simulated min/s, ${g.medianMs.toFixed(0)} ms in all) | |`);
  if (r.quadrangle) out.push(`| Atropos Fig. 9 quadrangle sweep in wasm (${r.quadrangle.points} points × ${r.quadrangle.batchesPerPoint} semi-sequential batches, ${r.quadrangle.preset}) | ${r.quadrangle.medianMs.toFixed(0)} ms (${r.quadrangle.pointsPerS.toFixed(0)} points/s) | |`);
  const m = r.memory;
  if (m) {
    out.push(`| peak engine memory, ${fmtInt(m.requests)} requests, ${fmtInt(m.events)} events streamed: wasm linear memory | ${fmtMB(m.wasmPeakBytes)} (initial ${fmtMB(m.wasmInitialBytes)}) | bounded |`);
    out.push(`| same run natively: heap in use at peak (after setup) | ${fmtKB(m.nativeHeapPeakBytes)} (${fmtKB(m.nativeHeapSetupBytes)}) | bounded |`);
  }
  const t = r.trace;
  if (t) out.push(`| trace replay, ${fmtInt(t.requests)} measured requests (DiskSim validate text, ${fmtMB(t.bytes)}), ${t.preset}, wasm: parse / closed replay (validate mode) / open replay | ${fmtK(t.parseReqPerS)} / ${fmtK(t.closedReqPerS)} / ${fmtK(t.openReqPerS)} req/s | |`);
  if (r.size) {
    out.push(`| shipped JS, raw / gzipped | ${fmtKB(r.size.jsRaw)} / ${fmtKB(r.size.jsGzip)} | |`);
    out.push(`| shipped wasm, both builds, raw / gzipped | ${fmtKB(r.size.wasmRaw)} / ${fmtKB(r.size.wasmGzip)} | |`);
    for (const f of r.size.files.filter((x) => x.file.endsWith('.wasm'))) {
      out.push(`| ${f.file.startsWith('assets/spindle-core-') ? 'core' : 'full'} build (${f.file}), raw / gzipped | ${fmtKB(f.raw)} / ${fmtKB(f.gzip)} | |`);
    }
    out.push(`| JS + wasm, raw / gzipped | ${fmtKB(r.size.totalRaw)} / ${fmtKB(r.size.totalGzip)} | < 250 KB gzipped |`);
    out.push(`| engine worker, every file (the run, each page's methods), + both wasm builds, raw / gzipped | ${fmtKB(r.size.engineRaw)} / ${fmtKB(r.size.engineGzip)} | |`);
    for (const p of r.size.pages ?? []) {
      const name = p.page === 'home' ? 'home view' : `#${p.page} page`;
      out.push(`| JS the ${name} loads when opened first (${p.scripts} files; headless Chromium), raw / gzipped | ${fmtKB(p.jsRaw)} / ${fmtKB(p.jsGzip)} | ≤ 120 KB gzipped |`);
      if (p.engineFiles) out.push(`| engine worker + wasm the ${name} loads (${p.engineFiles} files), gzipped | ${fmtKB(p.engineGzip)} | ≤ 100 KB gzipped |`);
    }
  }
  if (r.browser) {
    const b = r.browser;
    out.push(`| navigation to first drawn platter (headless Chromium) | ${b.firstPlatterMs.toFixed(0)} ms | |`);
    out.push(`| frame interval while animating, median / p95 / max (${b.frames} frames, ${b.droppedFrames} late) | ${b.frameMedianMs.toFixed(1)} / ${b.frameP95Ms.toFixed(1)} / ${b.frameMaxMs.toFixed(1)} ms | p95 < 16.7 ms |`);
    out.push(`| main-thread work per animated frame, median / p95 | ${b.frameWorkMedianMs.toFixed(1)} / ${b.frameWorkP95Ms.toFixed(1)} ms | < 16.7 ms |`);
    const before = b.longTaskList.filter((t) => t.durationMs > 50).length - b.longTasksAfterFirstDraw;
    out.push(`| main-thread long tasks while a ${fmtInt(b.runRequests)}-request run is simulated in the worker (from the first draw until done, ${(b.runMs / 1000).toFixed(1)} s after navigation) | ${b.longTasksAfterFirstDraw} over 50 ms${b.longTasksAfterFirstDraw ? ` (longest ${b.longestAfterFirstDrawMs.toFixed(0)} ms)` : ''} | none over 50 ms |`);
    out.push(`| main-thread long tasks during page load, before the first draw (script evaluation, first render) | ${before} over 50 ms (longest ${b.longestTaskMs.toFixed(0)} ms) | |`);
  } else if (r.browserSkipped) {
    out.push(`| browser figures | not measured: ${r.browserSkipped} | |`);
  }
  if (r.baseline) {
    const bl = r.baseline;
    for (const p of r.size?.pages ?? []) {
      const old = bl.pages?.find((q) => q.page === p.page);
      if (old) out.push(`| JS the ${p.page === 'home' ? 'home view' : `#${p.page} page`} loads first, gzipped: this build / baseline (${bl.dist}) | ${fmtKB(p.jsGzip)} / ${fmtKB(old.jsGzip)} | ≤ 120 KB |`);
    }
    const ms = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
    const f = bl.firstPlatterMs;
    if (f) {
      out.push(`| navigation to first drawn platter, median: this build / baseline, loads in turn (${ms(f.build)} / ${ms(f.baseline)}) | ${median(f.build).toFixed(0)} / ${median(f.baseline).toFixed(0)} ms | < 300 ms |`);
    }
    for (const d of bl.firstDrawingMs ?? []) {
      const drawn = (xs: number[]) => median(xs.filter(Number.isFinite)).toFixed(0);
      out.push(`| #${d.page}: navigation to the first drawing, median: this build / baseline, loads in turn (${ms(d.build)} / ${ms(d.baseline)}) | ${drawn(d.build)} / ${drawn(d.baseline)} ms | < 500 ms |`);
    }
  }
  out.push(...firstDrawingRows(r.firstDrawings ?? []));
  for (const st of r.stage ?? []) {
    out.push(`| ${st.page}: navigation to the first drawn stage | ${st.firstStageMs.toFixed(0)} ms | < 500 ms |`);
    out.push(`| ${st.page}: main-thread work per frame while the stage plays (${st.runs} runs, ${st.platters} platters), median / p95 | ${st.frameWorkMedianMs.toFixed(1)} / ${st.frameWorkP95Ms.toFixed(1)} ms | p95 < 16.7 ms |`);
    out.push(`| ${st.page}: main-thread CPU per frame (thread time, a trace), median / p95 | ${st.frameCpuMedianMs.toFixed(1)} / ${st.frameCpuP95Ms.toFixed(1)} ms | p95 < 16.7 ms |`);
  }
  return out.join('\n');
}

interface Report {
  date: string; machine: string; runs: number; disk: string; node: string;
  throughput: Throughput[]; sweep?: SweepFigures; quadrangle?: QuadrangleFigures; reorg?: ReorgFigures[]; memory?: MemoryFigures;
  size?: SizeFigures; browser?: BrowserFigures; stage?: StageFigures[]; browserSkipped?: string; trace?: TraceFigures;
  firstDrawings?: FirstDrawingFigures[];
  waterfalls?: Waterfall[];
  baseline?: BaselineFigures;
  instructions?: InstructionFigures[]; instructionsSkipped?: string;
}

async function main(): Promise<void> {
  if (!existsSync(NATIVE_BENCH) || !existsSync(WASM) || !existsSync(WASM_CORE)) throw new Error('run through `npm run bench` (scripts/bench.sh builds the engine first)');
  const files = prepareScripts();
  const wasmBytes = readFileSync(WASM);
  const engine = await loadEngine(wasmBytes);
  const report: Report = {
    date: new Date().toISOString().slice(0, 16).replace('T', ' '),
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}`,
    runs: RUNS, disk: files.disk, node: process.version,
    throughput: wanted('throughput') ? throughput(engine, await loadEngine(readFileSync(WASM_CORE)), files.scenarios) : [],
    sweep: wanted('sweep') ? sweepLatency(engine) : undefined,
    quadrangle: wanted('quadrangle') ? quadrangleSweep(engine, loadPreset('maxtor-atlas-10k-iii'), RUNS, log) : undefined,
    reorg: wanted('reorg') ? ['reorg-teaching', 'reorg-paper'].map((id) => reorgRun(engine, ROOT, id, RUNS, log)) : undefined,
    memory: wanted('memory') ? await memory(wasmBytes, files.memory) : undefined,
    trace: wanted('trace') ? traceFigures(engine, RUNS, log) : undefined,
  };
  if (report.sweep) report.sweep.parallel = await sweepParallel(report.sweep);
  if (wanted('instructions')) {
    try {
      report.instructions = instructionFigures(NATIVE_BENCH, files.scenarios, scriptSetups(files.scenarios), log);
    } catch (e) {
      report.instructionsSkipped = String(e instanceof Error ? e.message : e).split('\n')[0];
      log(`instruction counts skipped: ${report.instructionsSkipped}`);
    }
  }
  if (BROWSER) {
    try {
      const dist = await buildApp();
      const size = sizes(dist);
      report.size = size;
      await withSite(dist, async (browser, base) => {
        if (wanted('size')) size.pages = await pageLoads(browser, base, pageIds(ROOT), log);
        if (wanted('browser')) report.browser = await browserFigures(browser, base, log);
        if (wanted('browser') || wanted('first')) report.firstDrawings = await firstDrawings(browser, base, pageIds(ROOT), RUNS, log);
        // With a baseline, the stage's frames are measured in turn with the baseline's (stageBaseline.ts).
        if (wanted('stage') && !BASELINE) report.stage = await stageFigures(browser, base, STAGE_KEYS, log);
        report.waterfalls = [];
        if (wanted('browser')) report.waterfalls.push(await waterfall(browser, base, '#explorer', FIRST_PLATTER, RUNS, log));
        if (wanted('stage')) {
          for (const page of WATERFALLS) report.waterfalls.push(await waterfall(browser, base, `#${page}`, page === 'explorer' ? FIRST_PLATTER : FIRST_STAGE, RUNS, log));
        }
        if (BASELINE) {
          report.baseline = await baselineFigures(browser, base, BASELINE, wanted('size') ? pageIds(ROOT) : null,
            wanted('browser') ? RUNS : 0, log, wanted('first') || (wanted('stage') && !STAGE_KEYS) ? RUNS : 0, wanted('stage') ? RUNS : 0, STAGE_KEYS);
        }
      });
    } catch (e) {
      report.browserSkipped = String(e instanceof Error ? e.message : e).split('\n')[0];
      log(`browser figures skipped: ${report.browserSkipped}`);
    }
  } else {
    report.browserSkipped = '--no-browser';
  }
  const text = [[table(report), ...stageBaselineRows(report.baseline?.stage ?? [], BASELINE ?? '')].join('\n'), ...(report.waterfalls ?? []).map(waterfallTable)].join('\n\n');
  console.log(text);
  const dir = join(ROOT, 'bench-results');
  mkdirSync(dir, { recursive: true });
  const json = JSON.stringify({ ...report, table: text }, null, 2);
  writeFileSync(join(dir, 'latest.json'), json);
  writeFileSync(join(dir, `bench-${report.date.replace(/[ :]/g, '-')}.json`), json);
  log(`written: ${relative(ROOT, join(dir, 'latest.json'))}`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.stack ?? e.message : e);
  process.exit(1);
});

