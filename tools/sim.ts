/*
 * sim.ts — the command-line runner: runs a saved setup (the explorer's
 * "Save setup" JSON, the same fields as a shared link) through the wasm engine
 * and prints the statistics, as a table or as JSON, for scripting and sweeps.
 *
 *   npm run sim -- setup.json [--json] [--seed N] [--trace FILE [--replay open|closed] [--format NAME]]
 *   npm run sim -- homework [question.json] [disk.py flags: -a -A -s -p -w -o -S -R -z -l -L -c]   (web/pages/homework/cli.ts)
 *   npm run sim -- homework -A 5,-1,0 -p SATF --variants 30 --key key.csv   (a link per student, and the answer key)
 *
 * A trace is any format the importer reads (web/trace: DiskSim validate and
 * ascii, blkparse text, MSR Cambridge CSV, Spindle's results export, or the
 * request CSV time_ms,lbn,sectors,R|W), detected from its first data line
 * unless --format names it. With a trace, only its requests run (the setup's
 * synthetic workload is switched off), open (arrival times from the trace)
 * or closed (one outstanding, think time from the trace: DiskSim's validate
 * mode, the default for DiskSim validate traces). Bad input is reported with
 * the field or line at fault and exit code 2; nothing runs on a setup that
 * had to be repaired.
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EngineError, loadEngine, WorkloadParam, type Sim, type Stats } from '../engine-wasm/binding';
import { parseTrace, sizeProblem } from '../web/trace/parse';
import { TraceReplay, TraceReplayError } from '../web/trace/replay';
import { describeProblem, FORMAT_NAMES, type ReplayMode, type Trace, type TraceFormat } from '../web/trace/types';
import { configureSetup, SetupError, setupFieldOfError } from '../web/state/applySetup';
import { PresetError, validateDiskPreset, type DiskPreset } from '../web/state/diskPreset';
import { setupFromJson } from '../web/state/setupJson';
import { homeworkMain } from '../web/pages/homework/cli';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WASM = `${ROOT}engine-wasm/build/spindle.wasm`;
const PRESETS = `${ROOT}presets/disks/`;

class InputError extends Error {}

interface Args { setupFile: string; json: boolean; seed?: number; trace?: string; replay?: ReplayMode; format?: TraceFormat }

const USAGE = 'usage: npm run sim -- setup.json [--json] [--seed N] [--trace FILE [--replay open|closed] [--format NAME]]';

function parseArgs(argv: string[]): Args {
  const args: Partial<Args> = { json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--json') args.json = true;
    else if (a === '--seed' || a === '--trace' || a === '--replay' || a === '--format') {
      const v = argv[++i];
      if (v === undefined) throw new InputError(`${a}: needs a value`);
      if (a === '--trace') args.trace = v;
      else if (a === '--replay') {
        if (v !== 'open' && v !== 'closed') throw new InputError(`--replay: "${v}" is neither open nor closed`);
        args.replay = v;
      } else if (a === '--format') {
        if (!Object.prototype.hasOwnProperty.call(FORMAT_NAMES, v)) throw new InputError(`--format: "${v}" is not one of ${Object.keys(FORMAT_NAMES).join(', ')}`);
        args.format = v as TraceFormat;
      } else if (!/^\d+$/.test(v)) throw new InputError(`--seed: "${v}" is not a whole number >= 0`);
      else args.seed = Number(v);
    } else if (a.startsWith('--')) throw new InputError(`${a}: unknown option (use --json, --seed N, --trace FILE, --replay open|closed, --format NAME)`);
    else if (args.setupFile === undefined) args.setupFile = a;
    else throw new InputError(`${a}: only one setup file is run at a time`);
  }
  if (args.setupFile === undefined) throw new InputError(USAGE);
  if ((args.replay || args.format) && !args.trace) throw new InputError(`--replay and --format go with --trace (${USAGE})`);
  return args as Args;
}

function readText(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new InputError(`${what} ${path}: cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
}

function writeText(path: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch (e) {
    throw new InputError(`${path}: cannot be written (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
}

/** Reads and parses a trace file; a problem names the file, the line and the field. */
export function loadTrace(path: string, format?: TraceFormat): Trace {
  let bytes: Uint8Array;
  try {
    // The size first, as the page does: a file past the importer's cap is refused before it is read.
    const tooLarge = sizeProblem(statSync(path).size);
    if (tooLarge) throw new InputError(`${path}: ${describeProblem(tooLarge)}`);
    bytes = new Uint8Array(readFileSync(path));
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(`trace ${path}: cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  const r = parseTrace(bytes, { format });
  if (!r.ok) throw new InputError(`${path}: ${describeProblem(r.error)}`);
  return r.trace;
}

function runToEnd(sim: Sim | TraceReplay, stats: () => Stats, onProgress: (done: number) => void): void {
  for (let chunk = 0; sim.run() !== 0; chunk++) if (chunk % 16 === 0) onProgress(stats().completed);
}

function table(s: Stats): string {
  const rows: [string, string][] = [
    ['requests completed', `${s.completed} (${s.reads} reads, ${s.writes} writes, ${s.cacheHits} cache hits)`],
    ['response mean / s.d.', `${s.responseMeanMs.toFixed(3)} / ${s.responseSdMs.toFixed(3)} ms`],
    ['response min / p50 / p90 / p95 / p99 / max', [s.responseMinMs, s.p50Ms, s.p90Ms, s.p95Ms, s.p99Ms, s.responseMaxMs].map((v) => v.toFixed(3)).join(' / ') + ' ms'],
    ['throughput', `${s.throughputPerS.toFixed(1)} requests/s, ${s.mbPerS.toFixed(2)} MB/s`],
    ['head time mean / s.d.', `${s.headMeanMs.toFixed(3)} / ${s.headSdMs.toFixed(3)} ms`],
    ['mean queue / overhead / seek', [s.queueMeanMs, s.overheadMeanMs, s.seekMeanMs].map((v) => v.toFixed(3)).join(' / ') + ' ms'],
    ['mean rotation / transfer / switch / bus', [s.rotationMeanMs, s.transferMeanMs, s.switchMeanMs, s.busMeanMs].map((v) => v.toFixed(3)).join(' / ') + ' ms'],
    ['efficiency (media transfer / head time)', s.efficiency.toFixed(4)],
    ['requests with a head or cylinder switch', `${(100 * s.headSwitchFraction).toFixed(2)} %`],
  ];
  const w = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${k.padEnd(w)}  ${v}`).join('\n');
}

async function main(): Promise<void> {
  if (process.argv[2] === 'homework') {
    const r = homeworkMain(await loadEngine(readFileSync(WASM)), process.argv.slice(3), (path) => readText(path, 'question'));
    if ('error' in r) throw new InputError(r.error);
    for (const f of r.files ?? []) writeText(f.path, f.text);
    process.stdout.write(r.out);
    if (r.note) process.stderr.write(r.note + '\n');
    return;
  }
  const args = parseArgs(process.argv.slice(2));
  const presetIds = readdirSync(PRESETS).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
  const { setup, problems } = setupFromJson(readText(args.setupFile, 'setup'), { presetIds });
  if (problems.length)
    throw new InputError(problems.map((p) => `${args.setupFile}: ${p.field}: ${p.message}`).join('\n'));
  const presets = new Map<string, DiskPreset>();
  for (const id of new Set(setup.devices.map((d) => d.preset))) {
    const checked = validateDiskPreset(JSON.parse(readText(`${PRESETS}${id}.json`, 'preset')));
    if (!checked.ok) throw new InputError(checked.errors.map((e) => `preset ${id}: ${e.field}: ${e.message}`).join('\n'));
    presets.set(id, checked.preset);
  }
  const trace = args.trace ? loadTrace(args.trace, args.format) : undefined;
  const mode: ReplayMode = args.replay ?? (trace?.format === 'disksim-validate' ? 'closed' : 'open');

  const engine = await loadEngine(readFileSync(WASM));
  const seed = args.seed ?? setup.seed;
  const sim = engine.createSim(seed);
  const name = setup.devices.length === 1 ? setup.devices[0].preset : `${setup.devices.length} devices (${setup.host.policy})`;
  try {
    const { devices } = configureSetup(sim, setup, (id) => presets.get(id));
    let replay: TraceReplay | undefined;
    if (trace) {
      sim.workloadSet(WorkloadParam.Count, 0);
      try {
        replay = new TraceReplay(sim, trace, mode);
      } catch (e) {
        if (e instanceof TraceReplayError) throw new InputError(`${args.trace}: ${e.message}`);
        throw e;
      }
      replay.outputConfigure(0, 4096);
    }
    const tty = process.stderr.isTTY && !args.json;
    try {
      runToEnd(replay ?? sim, () => sim.statsGet(-1), (done) => { if (tty) process.stderr.write(`\r${done} requests done`); });
    } catch (e) {
      if (e instanceof EngineError && args.trace) throw new InputError(`${args.trace}: ${e.message}`);
      throw e;
    }
    if (tty) process.stderr.write('\r');
    const stats = sim.statsGet(-1);
    const traceInfo = trace && args.trace ? { file: args.trace, format: trace.format, requests: trace.count, replay: mode, measuredMeanMs: measuredMean(trace) } : undefined;
    if (args.json) console.log(JSON.stringify({ preset: setup.devices[0].preset, devices: setup.devices.map((d) => d.preset), seed, ...(traceInfo ? { trace: traceInfo } : {}), stats }, null, 2));
    else {
      const head = traceInfo
        ? `\ntrace ${traceInfo.file}: ${FORMAT_NAMES[traceInfo.format]}, ${traceInfo.requests} requests, ${mode} replay` +
          (Number.isFinite(traceInfo.measuredMeanMs) ? `; measured response mean ${traceInfo.measuredMeanMs!.toFixed(3)} ms` : '')
        : '';
      console.log(`${name}, seed ${seed}${head}\n${table(stats)}`);
    }
  } finally {
    sim.dispose();
  }
}

/** The trace's measured mean response (service) time, null without one. */
function measuredMean(t: Trace): number | null {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < t.count; i++) if (Number.isFinite(t.serviceMs[i])) { sum += t.serviceMs[i]; n++; }
  return n ? sum / n : null;
}

/** What the user can fix (bad input, or a setup the engine refuses): a message and exit code 2. */
export function isUserError(e: unknown): e is Error {
  return e instanceof InputError || e instanceof SetupError || e instanceof PresetError || e instanceof EngineError;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((e: unknown) => {
    if (isUserError(e)) {
      // An engine failure names its field (EngineError.field); say which setup field that is.
      const field = e instanceof EngineError ? setupFieldOfError(e) : undefined;
      console.error(e instanceof InputError ? e.message
        : `${e instanceof EngineError ? 'the engine refused it: ' : ''}${e.message}${field ? ` (the setup's ${field})` : ''}`);
      process.exitCode = 2;
    } else {
      console.error(e);
      process.exitCode = 1;
    }
  });
}
