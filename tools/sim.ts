/*
 * sim.ts — the command-line runner: runs a saved setup (the explorer's
 * "Save setup" JSON, the same fields as a shared link) through the wasm engine
 * and prints the statistics, as a table or as JSON, for scripting and sweeps.
 *
 *   npm run sim -- setup.json [--json] [--seed N] [--trace requests.csv]
 *
 * A trace is CSV, one request a line: time_ms,lbn,sectors,R|W (a header line
 * is allowed). With a trace, only its requests run (the setup's synthetic
 * workload is switched off). Bad input is reported with the field or line at
 * fault and exit code 2; nothing runs on a setup that had to be repaired.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EngineError, loadEngine, WorkloadParam, type Sim, type Stats } from '../engine-wasm/binding';
import { configureSetup, SetupError, setupFieldOfError } from '../web/state/applySetup';
import { PresetError, validateDiskPreset, type DiskPreset } from '../web/state/diskPreset';
import { passThrough } from '../web/state/setup';
import { setupFromJson } from '../web/state/setupJson';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WASM = `${ROOT}engine-wasm/build/spindle.wasm`;
const PRESETS = `${ROOT}presets/disks/`;

class InputError extends Error {}

interface Args { setupFile: string; json: boolean; seed?: number; trace?: string }

function parseArgs(argv: string[]): Args {
  const args: Partial<Args> = { json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--json') args.json = true;
    else if (a === '--seed' || a === '--trace') {
      const v = argv[++i];
      if (v === undefined) throw new InputError(`${a}: needs a value`);
      if (a === '--trace') args.trace = v;
      else if (!/^\d+$/.test(v)) throw new InputError(`--seed: "${v}" is not a whole number >= 0`);
      else args.seed = Number(v);
    } else if (a.startsWith('--')) throw new InputError(`${a}: unknown option (use --json, --seed N, --trace FILE)`);
    else if (args.setupFile === undefined) args.setupFile = a;
    else throw new InputError(`${a}: only one setup file is run at a time`);
  }
  if (args.setupFile === undefined) throw new InputError('usage: npm run sim -- setup.json [--json] [--seed N] [--trace requests.csv]');
  return args as Args;
}

function readText(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new InputError(`${what} ${path}: cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
}

interface TraceRequest { time: number; lbn: number; sectors: number; write: boolean }

/** Parses a CSV trace; every problem names its line and column. */
export function parseTrace(text: string, file = 'trace'): TraceRequest[] {
  const out: TraceRequest[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((line, i) => {
    const where = `${file}:${i + 1}`;
    const cells = line.split(',').map((c) => c.trim());
    // Blank, or a header: a first line whose first cell is not a number ("1e3" is one).
    if (line.trim() === '' || (i === 0 && cells[0] !== '' && Number.isNaN(Number(cells[0])))) return;
    if (cells.length !== 4) throw new InputError(`${where}: expected 4 fields (time_ms,lbn,sectors,R|W), got ${cells.length}`);
    const [t, l, n, rw] = cells;
    const num = (v: string, name: string, whole: boolean) => {
      const x = Number(v);
      if (v === '' || !Number.isFinite(x) || x < 0 || (whole && !Number.isInteger(x)))
        throw new InputError(`${where}: ${name} "${v}" must be a ${whole ? 'whole number' : 'number'} >= 0`);
      return x;
    };
    if (!/^[RrWw]$/.test(rw)) throw new InputError(`${where}: direction "${rw}" must be R or W`);
    out.push({ time: num(t, 'time_ms', false), lbn: num(l, 'lbn', true), sectors: num(n, 'sectors', true), write: /w/i.test(rw) });
  });
  return out;
}

function runToEnd(sim: Sim, onProgress: (done: number) => void): void {
  for (let chunk = 0; sim.run() !== 0; chunk++) if (chunk % 16 === 0) onProgress(sim.statsGet(-1).completed);
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

/** The sim methods of engine API 2 the runner uses when the engine has them. */
interface VolumeSubmit { submit?(arrivalMs: number, vlbn: number, sectors: number, flags?: number): number }

async function main(): Promise<void> {
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
  const trace = args.trace ? parseTrace(readText(args.trace, 'trace'), args.trace) : undefined;

  const engine = await loadEngine(readFileSync(WASM));
  const seed = args.seed ?? setup.seed;
  const sim = engine.createSim(seed);
  const name = setup.devices.length === 1 ? setup.devices[0].preset : `${setup.devices.length} devices (${setup.host.policy})`;
  try {
    const { devices } = configureSetup(sim, setup, (id) => presets.get(id));
    if (trace) {
      sim.workloadSet(WorkloadParam.Count, 0);
      const volume = sim as unknown as VolumeSubmit;
      if (!volume.submit && !passThrough(setup)) throw new InputError(`${args.trace}: this engine replays a trace on one disk only (engine API 1)`);
      trace.forEach((r, i) => {
        try {
          if (volume.submit) volume.submit(r.time, r.lbn, r.sectors, r.write ? 1 : 0);
          else sim.requestSubmit(devices[0], r.time, r.lbn, r.sectors, r.write);
        } catch (e) {
          throw new InputError(`${args.trace}: request ${i + 1}: ${(e as Error).message}`);
        }
      });
    }
    const tty = process.stderr.isTTY && !args.json;
    runToEnd(sim, (done) => { if (tty) process.stderr.write(`\r${done} requests done`); });
    if (tty) process.stderr.write('\r');
    const stats = sim.statsGet(-1);
    if (args.json) console.log(JSON.stringify({ preset: setup.devices[0].preset, devices: setup.devices.map((d) => d.preset), seed, stats }, null, 2));
    else console.log(`${name}, seed ${seed}\n${table(stats)}`);
  } finally {
    sim.dispose();
  }
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
