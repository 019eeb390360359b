/*
 * ladder-calibrate.ts — `npx tsx tools/ladder-calibrate.ts [--write]`: for
 * each ladder file (presets/ladders/), the hot-region span (region_lbns) that
 * makes the reference rung's mean equal the paper's measured mean
 * (web/pages/ladder/calibrate.ts); --write stores it in the file.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadEngine } from '../engine-wasm/binding';
import { configureDisk, validateDiskPreset } from '../web/state/diskPreset';
import { parseLadder } from '../web/pages/ladder/ladderFile';
import { calibrateRegion } from '../web/pages/ladder/calibrate';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const engine = await loadEngine(readFileSync(`${ROOT}engine-wasm/build/spindle.wasm`));
for (const f of readdirSync(`${ROOT}presets/ladders`).filter((x) => x.endsWith('.json'))) {
  const path = `${ROOT}presets/ladders/${f}`, doc = JSON.parse(readFileSync(path, 'utf8'));
  const ladder = parseLadder(doc);
  const r = validateDiskPreset(JSON.parse(readFileSync(`${ROOT}presets/disks/${ladder.disk}.json`, 'utf8')));
  if (!r.ok) throw new Error(`preset ${ladder.disk}: ${JSON.stringify(r.errors)}`);
  const sim = engine.createSim(1), capacity = sim.diskCapacity(configureDisk(sim, r.preset));
  sim.dispose();
  const c = calibrateRegion(engine, ladder, r.preset, ladder.workload, capacity, 1, ladder.calibration.targetMeanMs);
  console.log(`${ladder.id}: region_lbns ${c.regionLbns} of ${capacity} -> mean ${c.meanMs.toFixed(3)} ms (target ${c.targetMs} ms)${c.reached ? '' : ' NOT REACHED'}`);
  if (process.argv.includes('--write')) {
    doc.workload.region_lbns = c.regionLbns;
    writeFileSync(path, `${JSON.stringify(doc, null, 2)}\n`);
  }
}
