/*
 * reorg.ts — the fidelity rows of the dynamic reorganization paper (Edwards
 * & Song; ../shared/seeds/001_…txt), as ../shared/specs/EXPERIMENTS.md
 * section 4.4 lists them, and the mechanism checks of issue 15. Every figure
 * comes from the wasm engine through the page's own worker service
 * (web/experiments/reorg/service.ts), so the rows check what the page shows.
 *
 * The paper's setup (presets/experiments/reorg-paper.json) is scaled by the
 * spec's ratios, not sizes: no 18 GB IDE preset exists, so the partition is
 * 28 % of the IBM Ultrastar 18ES (5 of 18 GB), the data 34 % of the
 * partition (1.7 of 5 GB), the page cache 23.5 % of the data (400 MB of
 * 1.7 GB), the log limit 5 MB scaled with the data, five-minute epochs, the
 * most-accessed-to-the-centre policy. The mechanism rows run the small
 * teaching setup (presets/experiments/reorg-teaching.json), with a uniform
 * workload where every file must be opened. Nothing is tuned to pass: a row
 * the model misses stays open with what is known.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FsParam, FsPolicy, Status, type Engine, type Sim } from '../../engine-wasm/binding';
import { decodeReorgSetup, runParams, type ReorgSetup } from '../../web/experiments/reorg/setup';
import { fsSim, reorgStream, runEpoch } from '../../web/experiments/reorg/service';
import { POLICIES, POLICY_CODE, type EpochStats, type PolicyName, type ReorgParams, type RunEpoch } from '../../web/experiments/reorg/protocol';
import { loadPreset } from './context';
import type { FidelityRow } from './traxtents';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const IDS = readdirSync(`${ROOT}presets/disks`).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
const MB = 1048576;

/** A published experiment link's setup (a problem in it is a broken preset: thrown). */
export function presetSetup(id: string): ReorgSetup {
  const url = String(JSON.parse(readFileSync(`${ROOT}presets/experiments/${id}.json`, 'utf8')).url);
  const { setup, problems } = decodeReorgSetup(url, IDS);
  if (problems.length) throw new Error(`${id}: ${problems.map((p) => p.message).join('; ')}`);
  return setup;
}

const paramsOf = (s: ReorgSetup): ReorgParams => runParams(s, JSON.parse(readFileSync(`${ROOT}presets/disks/${s.disk}.json`, 'utf8')));

/** Both runs of a setup, as the page receives them. */
export function runBoth(e: Engine, s: ReorgSetup): { baseline: EpochStats[]; reorg: EpochStats[] } {
  const out = { baseline: [] as EpochStats[], reorg: [] as EpochStats[] };
  const g = reorgStream(e, paramsOf(s));
  for (let r = g.next(); !r.done; r = g.next()) {
    if (r.value.kind === 'epoch') { out.baseline.push(r.value.baseline.stats); out.reorg.push(r.value.reorg.stats); }
  }
  return out;
}

/** The level a run settles at: the mean throughput of its last three epochs. */
export function finalLevel(es: readonly EpochStats[]): number {
  const tail = es.slice(-3);
  return tail.reduce((a, e) => a + e.reqPerS, 0) / tail.length;
}

/** Index of the first epoch from which every epoch is within `within` of the final level (epochs before it: the warm-up). */
export function stableFrom(es: readonly EpochStats[], within = 0.05): number {
  const f = finalLevel(es);
  let k = es.length;
  while (k > 0 && Math.abs(es[k - 1].reqPerS - f) <= within * f) k--;
  return k;
}

const row = (s: Omit<FidelityRow, 'pass'>): FidelityRow => ({ ...s, pass: Math.abs(s.model - s.paper) <= s.tolerance });
const open = (r: FidelityRow, what: string): FidelityRow => (r.pass ? r : { ...r, openMiss: what });
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** Runs a sim epoch by epoch to `epochs`, returning its epochs as the page receives them. */
function epochsOf(sim: Sim, epochMs: number, epochs: number, from = 0): RunEpoch[] {
  const out: RunEpoch[] = [];
  for (let k = from; k < epochs; k++) {
    while (sim.run((k + 1) * epochMs) !== Status.Ok) { /* bounded chunks */ }
    out.push(runEpoch(sim, k));
  }
  return out;
}

/** The rows on the paper's scaled setup: warm-up, phases, memory, gain. */
export function paperRows(e: Engine): FidelityRow[] {
  const s = presetSetup('reorg-paper');
  const { baseline, reorg } = runBoth(e, s);
  const epochMin = s.epoch / 60;
  const warm = stableFrom(baseline);
  const logEnd = reorg.findIndex((x) => x.phase !== 'logging');
  const logMin = logEnd < 0 ? NaN : reorg[logEnd].startMs / 60000;
  const stableMin = stableFrom(reorg) * epochMin - logMin;
  const gain = 100 * (finalLevel(reorg) / finalLevel(baseline) - 1);
  const peakLog = Math.max(...reorg.map((x) => x.logBytes));
  const limit = s.logkb * 1024;
  const series = `baseline ${baseline.map((x) => x.reqPerS.toFixed(0)).join(' ')} req/s; reorganizing ${reorg.map((x) => `${x.reqPerS.toFixed(0)}${x.phase[0]}`).join(' ')} (l/p/m/s: the phase at the epoch's end)`;
  const hits = (es: readonly EpochStats[], from: number, to: number) => (es.slice(from, to).reduce((a, x) => a + x.hitRatio, 0) / Math.max(1, es.slice(from, to).length)).toFixed(2);
  const lastB = baseline[baseline.length - 1], lastR = reorg[reorg.length - 1];
  // The log as it stands after logging ended (sp_fs_epoch.logged_opens is the log now).
  const logged = logEnd >= 0 ? reorg[logEnd].loggedOpens : NaN;
  const knownWarm = `the page cache (${s.cache} MB, 23.5 % of the data) fills in the first epoch: hit ratio ${baseline[0].hitRatio.toFixed(2)} in epoch 1, ${hits(baseline, 1, baseline.length)} on average after; the paper's cache filled over about 4 epochs, at a request rate it does not give. ${series}`;
  const knownLog = `the ${(limit / MB).toFixed(2)} MB log held ${logged} opens when it filled, ${(logged / logMin).toFixed(0)} opens per simulated minute (${s.clients} clients, ${baseline[1]?.reqPerS.toFixed(0)} requests/s); the paper's open rate is not given, so its 30 minutes cannot be turned into a rate to compare`;
  const knownGain = `final throughput ${finalLevel(baseline).toFixed(1)} vs ${finalLevel(reorg).toFixed(1)} req/s; mean seek ${lastB.seekMeanCyl.toFixed(0)} → ${lastR.seekMeanCyl.toFixed(0)} cylinders (${lastB.seekMeanMs.toFixed(2)} → ${lastR.seekMeanMs.toFixed(2)} ms); hit ratio ${lastB.hitRatio.toFixed(2)} vs ${lastR.hitRatio.toFixed(2)}; ${lastR.filesToMove} files still to move at the end. The data is 34 % of the partition, so the target region (× 1.1) spans over a third of it and seeks shrink only to about that; the paper's disk, its IDE bus and its server's other costs are not modelled`;
  return [
    open(row({
      id: 'ro-baseline-warm', source: 'RO Fig. 3', what: `baseline ext2: epochs before throughput stays within 5 % of its final level (${s.epoch} s epochs)`,
      paper: 4.5, model: warm, tolerance: 1.5, unit: '',
      why: 'the paper: "about 4 epochs, or 20 minutes" while the page cache fills; the spec\'s band is 3-6 epochs (shown as its centre 4.5 ± 1.5); it depends on the cache-to-data ratio, scaled here',
    }), knownWarm),
    open(row({
      id: 'ro-phases-log', source: 'RO Fig. 4', what: `logging time against the paper's 30 min: log2(model / 30 min), model ${logMin.toFixed(0)} min (epoch resolution)`,
      paper: 0, model: Math.log2(logMin / 30), tolerance: 1, unit: '',
      why: 'the spec: the same order as the paper, within a factor of 2 either way; the log limit is the paper\'s 5 MB scaled with the data',
    }), knownLog),
    open(row({
      id: 'ro-phases-stable', source: 'RO Fig. 4', what: `from the end of logging to stable throughput against the paper's 90 min: log2(model / 90 min), model ${stableMin.toFixed(0)} min`,
      paper: 0, model: Math.log2(stableMin / 90), tolerance: 1, unit: '',
      why: 'the spec: within a factor of 2 either way ("after another 90 minutes, the throughput of the system stabilized")',
    }), series),
    open(row({
      id: 'ro-phases-order', source: 'RO Fig. 4', what: 'logging ends before throughput stabilises (1 = yes)',
      paper: 1, model: logMin < stableMin ? 1 : 0, tolerance: 0, unit: '', why: 'the spec: logging < stabilisation',
    }), series),
    open(row({
      id: 'ro-gain', source: 'RO text', what: 'reorganizing vs baseline, final throughput (requests/s), %',
      paper: 22, model: gain, tolerance: 4, unit: '%',
      why: 'the paper: "an improvement of about 18 to 26 percent" (averaged runs), shown as 22 ± 4',
    }), knownGain),
    {
      id: 'ro-mem', source: 'RO text', what: `log memory at its peak, MB, at most the limit (${(limit / MB).toFixed(2)} MB)`,
      paper: limit / MB, model: peakLog / MB, tolerance: 0, unit: 'MB', pass: peakLog <= limit,
      why: 'bookkeeping: 32 B per logged file + 16 B per sequence entry may never exceed the limit (one-sided: at most the paper value)',
    },
  ];
}

/** The teaching setup with every file opened often: a uniform workload over a small file set. */
function mechanismSetup(): ReorgSetup {
  return { ...presetSetup('reorg-teaching'), zipf: 0 };
}

/** Groups the target region touches [first, last] of the sim now. */
function regionGroups(sim: Sim): { first: number; last: number; files: number } {
  const fi = sim.fsInfo();
  return { first: Math.floor(fi.regionFirst / fi.blocksPerGroup), last: Math.floor((fi.regionFirst + fi.regionBlocks - 1) / fi.blocksPerGroup), files: fi.files };
}

/** Files whose goal lies outside the region once the policy has placed them (+ files without a goal). */
function goalsOutside(e: Engine, policy: PolicyName): { outside: number; placed: boolean } {
  const s = mechanismSetup();
  const p = paramsOf(s);
  const sim = fsSim(e, loadPreset(s.disk), p, POLICY_CODE[policy]);
  try {
    for (let k = 0; k < p.epochs; k++) {
      const ep = epochsOf(sim, p.epochMs, k + 1, k)[0];
      if (ep.stats.phase === 'moving' || ep.stats.phase === 'steady') {
        const r = regionGroups(sim);
        const outside = sum(ep.filesGoal.filter((_, g) => g < r.first || g > r.last));
        return { outside: outside + Math.abs(sum(ep.filesGoal) - r.files), placed: true };
      }
    }
    return { outside: NaN, placed: false };
  } finally {
    sim.dispose();
  }
}

/** The mechanism rows (issue 15): compress of a compact layout, goals in the region, bytes stored. */
export function mechanismRows(e: Engine): FidelityRow[] {
  const rows: FidelityRow[] = [];
  for (const pol of POLICIES) {
    const g = goalsOutside(e, pol);
    rows.push(open(row({
      id: `ro-goals-${pol}`, source: 'issue 15', what: `${pol}: files whose goal is outside the target region after placement (or with no goal)`,
      paper: 0, model: g.outside, tolerance: 0, unit: '', why: 'mechanism: every goal lies in the region (data size × slack, centred)',
    }), g.placed ? 'goals outside the region' : 'placement never happened within the run'));
  }

  // Compress, cycle after cycle: once a cycle has ended with nothing left to move, the layout is
  // compact (every file where compress put it), and the next cycle's compress must move nothing.
  const s = mechanismSetup();
  const p = paramsOf(s);
  const cycle = 2 * p.epochMs;
  const sim = fsSim(e, loadPreset(s.disk), p, FsPolicy.Compress, [[FsParam.CycleMs, cycle]]);
  let second = NaN, first = 0, present = NaN, files = 0, compactAfter = 0;
  try {
    files = sim.fsInfo().files;
    // A cycle begins when the steady phase ends (logging again); the phase is the one at an epoch's end.
    let cycles = 1, prev: EpochStats | null = null;
    for (let k = 0; k < 6 * p.epochs; k++) {
      const ep = epochsOf(sim, p.epochMs, k + 1, k)[0].stats;
      if (prev?.phase === 'steady' && ep.phase !== 'steady') {
        cycles++;
        if (!compactAfter && first > 0 && prev.filesToMove === 0) { compactAfter = cycles - 1; second = 0; }
      }
      if (!compactAfter) first += ep.filesMoved;
      else second += ep.filesMoved;
      if (compactAfter && cycles > compactAfter && ep.phase === 'steady') break;
      prev = ep;
    }
    // Counted from the live file system: a file whose blocks were lost in a move starts in no group.
    present = sum(sim.fsGroupFiles().now);
  } finally {
    sim.dispose();
  }
  rows.push(open(row({
    id: 'ro-compress-compact', source: 'issue 15',
    what: compactAfter ? `compress of the compact layout left by ${compactAfter} cycle(s) of compress (${first} files moved, none left to move): files moved by the next cycle`
      : `compress, cycle after cycle (${first} files moved): no cycle left the layout compact`,
    paper: 0, model: second, tolerance: 0, unit: '', why: 'mechanism: a compact layout is already where compress wants it',
  }), Number.isNaN(second) ? 'no cycle ended with nothing left to move within the run' : `the compact layout came after ${first} moves`));
  rows.push(open(row({
    id: 'ro-bytes-stored', source: 'issue 15', what: `files whose data is on the partition after ${first} moves, minus the ${files} files stored`,
    paper: 0, model: first > 0 ? present - files : NaN, tolerance: 0, unit: '',
    why: 'mechanism: a move copies, then frees; nothing is lost or doubled (counted per file from the live file system; the API\'s bytes_stored is the count made when the files were written, so bytes are checked inside the engine, by its native tests)',
  }), first > 0 ? 'files lost or doubled across moves' : 'nothing moved, so nothing was checked'));
  return rows;
}

export function reorgRows(e: Engine): FidelityRow[] {
  return [...mechanismRows(e), ...paperRows(e)];
}
