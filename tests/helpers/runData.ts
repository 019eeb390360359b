/*
 * runData — a setup run through the worker's run service in Node, streamed
 * chunk by chunk into the RunData the page plays back (every device's
 * preset JSON from presets/disks).
 */
import type { Engine } from '../../engine-wasm/binding';
import { RunService } from '../../web/worker/runService';
import { RunData } from '../../web/run/runData';
import type { Setup } from '../../web/state/setup';
import { loadPresetJson } from './presets';

export function runData(engine: Engine, setup: Setup, budgetMs = 2): RunData {
  const svc = new RunService(engine);
  const data = new RunData(svc.runBegin({ setup, presets: setup.devices.map((d) => loadPresetJson(d.preset)) }));
  for (;;) {
    const c = svc.runNext({ budgetMs });
    data.append(c);
    if (c.done) break;
  }
  svc.runEnd();
  return data;
}
