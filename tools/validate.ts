/*
 * validate.ts — `npm run validate -- <preset> <trace> [--json]`: replays a
 * measured trace (a DiskSim validate trace: the measured response time of each
 * request) through a disk preset as DiskSim's validate mode does (closed, one
 * outstanding, the trace's think times) and prints measured vs simulated
 * mean, the demerit figure (ms and % of the measured mean), where the model's
 * time goes, and DiskSim's own rms on the same trace where known.
 * <preset> is a preset id (presets/disks/<id>.json) or a path to a preset file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EngineError, loadEngine, WorkloadParam } from '../engine-wasm/binding';
import { PresetError, configureDisk, validateDiskPreset, type DiskPreset } from '../web/state/diskPreset';
import { validateTrace, validationDriveOf, ValidationError } from '../web/pages/validate/validate';
import { TraceReplayError } from '../web/trace/replay';
import { describeClass, largestShares, requestClasses } from '../web/pages/validate/classes';
import { disksimRms } from '../web/pages/validate/disksimRms';
import { describeRevolutions, revolutions } from '../web/pages/validate/revolutions';
import { isUserError, loadTrace } from './sim';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WASM = `${ROOT}engine-wasm/build/spindle.wasm`;
const USAGE = 'usage: npm run validate -- <preset id or preset.json> <trace> [--json]';

class InputError extends Error {}

function loadPresetArg(arg: string): DiskPreset {
  const path = /[\\/]|\.json$/.test(arg) ? arg : `${ROOT}presets/disks/${arg}.json`;
  if (!existsSync(path)) throw new InputError(`preset ${arg}: no such preset (${path})`);
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new InputError(`preset ${path}: ${(e as Error).message}`);
  }
  const r = validateDiskPreset(doc);
  if (!r.ok) throw new InputError(r.errors.map((e) => `preset ${arg}: ${e.field}: ${e.message}`).join('\n'));
  return r.preset;
}

const ms = (x: number) => `${x.toFixed(3)} ms`;
const pct = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(2)} %`;

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const json = argv.includes('--json');
  const pos = argv.filter((a) => a !== '--json');
  const bad = pos.find((a) => a.startsWith('--'));
  if (bad) throw new InputError(`${bad}: unknown option (${USAGE})`);
  if (pos.length !== 2) throw new InputError(USAGE);
  const [presetArg, traceFile] = pos;
  const preset = loadPresetArg(presetArg);
  const trace = loadTrace(traceFile);
  if (!trace.hasService) throw new InputError(`${traceFile}: the trace records no measured response times (a DiskSim validate trace does)`);
  const drive = validationDriveOf(traceFile);
  const engine = await loadEngine(readFileSync(WASM));
  const sim = engine.createSim(1);
  try {
    configureDisk(sim, preset);
    sim.workloadSet(WorkloadParam.Count, 0);
    const tty = process.stderr.isTTY && !json;
    let v;
    try {
      v = validateTrace(engine, sim, trace, (done) => { if (tty) process.stderr.write(`\r${done} of ${trace.count} requests`); });
    } catch (e) {
      if (e instanceof TraceReplayError || e instanceof ValidationError) throw new InputError(`${traceFile}: ${e.message}`);
      throw e;
    }
    if (tty) process.stderr.write('\r');
    const disksim = drive ? { drive: drive.drive, model: drive.disksimModel, rmsMs: drive.disksimRmsMs, samePreset: drive.preset === preset.id } : null;
    const rmsDiskSimWay = disksimRms(v.measuredMs, v.simulatedMs);
    const revs = revolutions(v, 60_000 / preset.geometry.rpm, (m, s) => engine.demerit(m, s).demeritMs);
    if (json) {
      const { measuredMs: _m, simulatedMs: _s, cache: _c, seekMs: _k, isWrite: _w, sectors: _n, ...summary } = v;
      console.log(JSON.stringify({ preset: preset.id, trace: traceFile, requests: v.count, ...summary, disksimMethodRmsMs: rmsDiskSimWay, disksim, classes: requestClasses(v), revolutions: revs }, null, 2));
      return;
    }
    const b = v.breakdown;
    const rows: [string, string][] = [
      ['requests', `${v.count} (closed replay: one outstanding, think times from the trace)`],
      ['measured mean', ms(v.measuredMeanMs)],
      ['model mean', `${ms(v.modelMeanMs)} (${pct(v.meanError)} of measured)`],
      ['demerit', `${ms(v.demeritMs)} (${(100 * v.demeritRelative).toFixed(2)} % of the measured mean)`],
      ['the same, as DiskSim computes rms', `${ms(rmsDiskSimWay)} (statdefs' buckets, 1 % wide, and rms.c's interpolation)`],
      ['DiskSim rms, same trace', disksim
        ? `${ms(disksim.rmsMs)} (DiskSim's ${disksim.model}, ${disksim.drive}${disksim.samePreset ? '' : `; not the drive of preset ${preset.id}`})`
        : 'not known for this trace'],
      ['model: overhead / seek / rotation', [b.overheadMs, b.seekMs, b.rotationMs].map(ms).join(' / ')],
      ['model: transfer / switch / bus', [b.transferMs, b.switchMs, b.busMs].map(ms).join(' / ')],
      ['model: cache hits', `${b.cacheHits} of ${v.count}`],
      ...(['cache', 'after', 'seek'] as const).flatMap((split) => largestShares(requestClasses(v), split, split === 'cache' ? 3 : 2))
        .map((c, i): [string, string] => [i ? '' : 'largest shares of the difference', describeClass(c)]),
      ['a revolution off', `${revs.later} requests end half a revolution or more later in the model, ${revs.earlier} earlier; ` +
        `demerit with them at the drive's times ${ms(revs.demeritWithoutMs)}`],
      ...[...revs.byOrder].sort((a, b) => b.later + b.earlier - a.later - a.earlier)
        .map((c): [string, string] => ['', describeRevolutions(c)]),
    ];
    const w = Math.max(...rows.map(([k]) => k.length));
    console.log(`${preset.id} (${preset.name}) vs ${traceFile}\n${rows.map(([k, x]) => `${k.padEnd(w)}  ${x}`).join('\n')}`);
  } finally {
    sim.dispose();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((e: unknown) => {
    if (e instanceof InputError || isUserError(e) || e instanceof PresetError) {
      console.error(e instanceof EngineError ? `the engine refused it: ${e.message}` : (e as Error).message);
      process.exitCode = 2;
    } else {
      console.error(e);
      process.exitCode = 1;
    }
  });
}
