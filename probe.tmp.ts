import { testEngine } from './tests/helpers/engine';
import { loadPresetJson } from './tests/helpers/presets';
import { fsSim, runEpoch, reorgInfo } from './web/experiments/reorg/service';
import { decodeReorgSetup, runParams } from './web/experiments/reorg/setup';
import { validateDiskPreset } from './web/state/diskPreset';
import { readFileSync } from 'node:fs';
const id = process.argv[2] ?? 'reorg-teaching';
const n = Number(process.argv[3] ?? 0);
const url = JSON.parse(readFileSync(`presets/experiments/${id}.json`, 'utf8')).url;
const { setup } = decodeReorgSetup(url, ['ibm-ultrastar-18es']);
const p = runParams(setup, loadPresetJson(setup.disk));
const e = await testEngine();
const v = validateDiskPreset(p.preset); if (!v.ok) throw 1;
const t0 = performance.now();
const sim = fsSim(e, v.preset, p, 0);
console.log('commit', (performance.now() - t0).toFixed(0), 'ms', JSON.stringify(sim.fsInfo()));
const info = reorgInfo(sim, 'x'); console.log('groups', info.groups, 'cyl', info.firstCyl, info.lastCyl, info.groupCyl.slice(0, 5));
for (let k = 0; k < (n || p.epochs); k++) {
  const t = performance.now();
  while (sim.run((k + 1) * p.epochMs) !== 0) {}
  const ep = runEpoch(sim, k);
  const s = ep.stats;
  console.log(k, `${(performance.now() - t).toFixed(0)}ms`, s.phase, 'req/s', s.reqPerS.toFixed(1), 'MB/s', s.mbPerS.toFixed(2), 'hit', s.hitRatio.toFixed(3), 'seek', s.seekMeanCyl.toFixed(0), s.seekMeanMs.toFixed(2), 'reads', s.diskReads, 'groups>0', ep.groupAccesses.filter((x) => x > 0).length, 'resp', s.responseMeanMs.toFixed(1));
}
