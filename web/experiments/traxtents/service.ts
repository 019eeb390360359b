/*
 * service.ts — the traxtent worker's work, without worker globals (so it runs
 * under Vitest too): a sweep or an extraction as an async generator of
 * messages, yielding to the event loop between points so a cancel gets in.
 */
import { DiskParam, type Engine } from '../../../engine-wasm/binding';
import { configureDisk, validateDiskPreset } from '../../state/diskPreset';
import { excludedBlocks } from './allocation';
import { maxStreamingEfficiency, sectorBytes, typicalTrackLbns, zoneRegion } from './disk';
import { extractSteps } from './extraction';
import type { FromWorker, ToWorker } from './protocol';
import { sweep, sweepSizes } from './sweep';

const tick = () => new Promise<void>((r) => setTimeout(r, 0));

export async function* serve(engine: Engine, msg: Exclude<ToWorker, { type: 'cancel' }>,
                             cancelled: () => boolean): AsyncGenerator<FromWorker, void, void> {
  const v = validateDiskPreset(msg.preset);
  if (!v.ok) {
    yield { type: 'error', id: msg.id, message: `invalid disk preset: ${v.errors.slice(0, 3).map((e) => `${e.field}: ${e.message}`).join('; ')}` };
    return;
  }
  const sim = engine.createSim(1);
  try {
    const disk = configureDisk(sim, v.preset);
    if (msg.type === 'sweep') {
      const region = zoneRegion(sim, disk);
      const trackLbns = typicalTrackLbns(sim, disk, region);
      const sizes = sweepSizes(trackLbns, 4 * trackLbns, msg.points);
      const zl = msg.zl === 'preset' ? undefined : msg.zl === 'on';
      yield {
        type: 'sweep-info', id: msg.id, info: {
          trackLbns, spt: region.spt, sizes, maxEfficiency: maxStreamingEfficiency(sim, disk, region),
          sectorBytes: sectorBytes(sim, disk), zeroLatency: zl ?? sim.diskGet(disk, DiskParam.ZeroLatency) === 1,
        },
      };
      const series = [{ alignment: 'aligned' as const, outstanding: msg.q, zeroLatency: zl }, { alignment: 'unaligned' as const, outstanding: msg.q, zeroLatency: zl }];
      for (const point of sweep(sim, disk, { region, requests: msg.n, seed: msg.seed }, sizes, series)) {
        yield { type: 'point', id: msg.id, point };
        await tick();
        if (cancelled()) return;
      }
      yield { type: 'done', id: msg.id };
    } else {
      const region = { firstLbn: 0, lbns: msg.lbns };
      const it = extractSteps(sim, disk, region, 50);
      let r = it.next();
      let steps = 0;
      while (!r.done) {
        if (steps++ % 4 === 0) yield { type: 'extract-progress', id: msg.id, report: r.value, probes: [] };
        await tick();
        if (cancelled()) return;
        r = it.next();
      }
      const o = r.value;
      const ex = excludedBlocks(o.found, 0, o.report.endLbn, 16);
      yield {
        type: 'extract-done', id: msg.id, report: o.report, found: o.found.length, truth: o.truth.length,
        missing: o.missing.slice(0, 20), extra: o.extra.slice(0, 20), excluded: { blocks: ex.blocks, excluded: ex.excluded },
      };
      yield { type: 'done', id: msg.id };
    }
  } catch (e) {
    yield { type: 'error', id: msg.id, message: e instanceof Error ? e.message : String(e) };
  } finally {
    sim.dispose();
  }
}
