/*
 * trace.ts — the trace-replay row of `npm run bench`: a DiskSim validate
 * trace of REPEAT copies of the HP C2247A's measured trace (the committed
 * fixture), parsed from its bytes (web/trace/parse.ts), then replayed through
 * the HP C2247A preset closed (DiskSim's validate mode, web/pages/validate) and
 * open (arrival times, web/trace/replay.ts). Requests per second of CPU
 * time for each, parse and simulate separately; median of `runs`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Status, WorkloadParam, type Engine } from '../../engine-wasm/binding';
import { configureDisk, validateDiskPreset, type DiskPreset } from '../../web/state/diskPreset';
import { parseTrace } from '../../web/trace/parse';
import { TraceReplay } from '../../web/trace/replay';
import type { Trace } from '../../web/trace/types';
import { validateTrace } from '../../web/pages/validate/validate';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const REPEAT = 20;

export interface TraceFigures {
  requests: number;
  bytes: number;
  preset: string;
  parseReqPerS: number;
  closedReqPerS: number;
  openReqPerS: number;
  /** The closed replay's demerit (ms): the same every run. */
  demeritMs: number;
}

function cpuMs<T>(f: () => T): [T, number] {
  const c0 = process.cpuUsage();
  const v = f();
  const c = process.cpuUsage(c0);
  return [v, (c.user + c.system) / 1000];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

export function traceFigures(engine: Engine, runs: number, log: (m: string) => void): TraceFigures {
  const one = readFileSync(`${ROOT}tests/fixtures/validation/hp_c2247a.trace`, 'utf8');
  const bytes = new TextEncoder().encode(one.endsWith('\n') ? one.repeat(REPEAT) : `${one}\n`.repeat(REPEAT));
  const v = validateDiskPreset(JSON.parse(readFileSync(`${ROOT}presets/disks/hp-c2247a.json`, 'utf8')));
  if (!v.ok) throw new Error('presets/disks/hp-c2247a.json does not validate');
  const preset: DiskPreset = v.preset;
  const sim = () => {
    const s = engine.createSim(1);
    configureDisk(s, preset);
    s.workloadSet(WorkloadParam.Count, 0);
    return s;
  };
  const parse: number[] = [], closed: number[] = [], open: number[] = [];
  let trace: Trace | undefined;
  let demeritMs = NaN;
  for (let r = 0; r < runs; r++) {
    log(`trace replay: run ${r + 1} of ${runs}`);
    const [parsed, pMs] = cpuMs(() => parseTrace(bytes));
    if (!parsed.ok) throw new Error(`the bench trace does not parse: ${JSON.stringify(parsed.error)}`);
    trace = parsed.trace;
    parse.push(pMs);
    const t = trace;
    const s1 = sim();
    const [res, cMs] = cpuMs(() => validateTrace(engine, s1, t));
    s1.dispose();
    demeritMs = res.demeritMs;
    closed.push(cMs);
    const s2 = sim();
    const [, oMs] = cpuMs(() => {
      const replay = new TraceReplay(s2, t, 'open');
      replay.outputConfigure(0, 65536);
      while (replay.run() !== Status.Ok) replay.results();
    });
    s2.dispose();
    open.push(oMs);
  }
  const n = trace!.count;
  return {
    requests: n, bytes: bytes.length, preset: preset.name, demeritMs,
    parseReqPerS: n / (median(parse) / 1000), closedReqPerS: n / (median(closed) / 1000), openReqPerS: n / (median(open) / 1000),
  };
}
