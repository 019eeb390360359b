/*
 * service.ts — the traxtent experiment's work in the engine's worker (the
 * bridge methods traxSweep and traxExtract, see protocol.ts), without worker
 * globals so it runs under Vitest too. Each is a generator over its own sim:
 * one yield per sweep point (or per few extraction steps), so the worker
 * posts partial results as they come and can stop between any two; stopping
 * (return()) disposes what the generator holds.
 */
import { DiskParam, EngineError, Status, type Engine } from '../../../engine-wasm/binding';
import { configureDisk } from '../../state/diskPreset';
import { adapterArg, applyAdapter } from '../../experiments/adapter';
import { excludedBlocks } from './allocation';
import { maxStreamingEfficiency, sectorBytes, typicalTrackLbns, zoneRegion } from './disk';
import { extractSteps } from './extraction';
import type { ExtractParams, ExtractProgress, ExtractResult, SweepInfo, SweepParams, SweepProgress, SweepResult } from './protocol';
import { sweep, sweepSizes, type SweepPoint } from './sweep';
import { presetArg, wholeArg } from '../../worker/args';

/** Extraction: tracks per engine step, and steps per progress message. */
const TRACKS_PER_STEP = 50;
const STEPS_PER_PROGRESS = 4;

export function* sweepStream(engine: Engine, p: SweepParams): Generator<SweepProgress, SweepResult, void> {
  const q = wholeArg('q', p.q, 1, 2);
  const n = wholeArg('n', p.n, 1, 1_000_000);
  const seed = wholeArg('seed', p.seed, 0, Number.MAX_SAFE_INTEGER);
  const count = wholeArg('points', p.points, 2, 200);
  if (p.zl !== 'preset' && p.zl !== 'on' && p.zl !== 'off') throw new EngineError(Status.Range, `zl: "${String(p.zl)}" is not preset, on or off`);
  const adapter = adapterArg(p.adapter);
  let shard: { index: number; count: number } | undefined;
  if (p.shard !== undefined) {
    if (typeof p.shard !== 'object' || p.shard === null) throw new EngineError(Status.Range, 'shard: not an {index, count} object');
    const count = wholeArg('shard.count', p.shard.count, 1, 64);
    shard = { index: wholeArg('shard.index', p.shard.index, 0, count - 1), count };
  }
  const parsed = presetArg(p.preset);
  const sim = engine.createSim(1);
  try {
    const disk = configureDisk(sim, parsed);
    const driveBusMsPerSector = sim.diskGet(disk, DiskParam.BusMsPerSector);
    const busMsPerSector = applyAdapter(sim, disk, adapter);
    const region = zoneRegion(sim, disk);
    const trackLbns = typicalTrackLbns(sim, disk, region);
    const sizes = sweepSizes(trackLbns, 4 * trackLbns, count);
    const zl = p.zl === 'preset' ? undefined : p.zl === 'on';
    const info: SweepInfo = {
      trackLbns, spt: region.spt, sizes, maxEfficiency: maxStreamingEfficiency(sim, disk, region),
      sectorBytes: sectorBytes(sim, disk), zeroLatency: zl ?? sim.diskGet(disk, DiskParam.ZeroLatency) === 1,
      busMsPerSector, driveBusMsPerSector,
    };
    yield { kind: 'info', info };
    const series = [{ alignment: 'aligned' as const, outstanding: q, zeroLatency: zl }, { alignment: 'unaligned' as const, outstanding: q, zeroLatency: zl }];
    const points: SweepPoint[] = [];
    for (const point of sweep(sim, disk, { region, requests: n, seed }, sizes, series, undefined, shard)) {
      points.push(point);
      yield { kind: 'point', point };
    }
    return { info, points };
  } finally {
    sim.dispose();
  }
}

export function* extractStream(engine: Engine, p: ExtractParams): Generator<ExtractProgress, ExtractResult, void> {
  const lbns = wholeArg('lbns', p.lbns, 0, Number.MAX_SAFE_INTEGER);
  const adapter = adapterArg(p.adapter);
  const parsed = presetArg(p.preset);
  const sim = engine.createSim(1);
  try {
    const disk = configureDisk(sim, parsed);
    applyAdapter(sim, disk, adapter);
    const it = extractSteps(sim, disk, { firstLbn: 0, lbns }, TRACKS_PER_STEP);
    try {
      let r = it.next();
      for (let steps = 0; !r.done; steps++) {
        if (steps % STEPS_PER_PROGRESS === 0) yield { report: r.value };
        r = it.next();
      }
      const o = r.value;
      const ex = excludedBlocks(o.found, 0, o.report.endLbn, 16);
      return {
        report: o.report, found: o.found.length, truth: o.truth.length,
        missing: o.missing.slice(0, 20), extra: o.extra.slice(0, 20), excluded: { blocks: ex.blocks, excluded: ex.excluded },
      };
    } finally {
      // Stopped early: the extractor is freed before its sim.
      it.return(undefined as never);
    }
  } finally {
    sim.dispose();
  }
}
