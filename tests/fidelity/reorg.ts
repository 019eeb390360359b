/*
 * reorg.ts — the fidelity rows of the dynamic reorganization paper (Edwards
 * & Song; ../shared/seeds/001_…txt), as ../shared/specs/EXPERIMENTS.md
 * section 4.4 lists them, and the mechanism checks of issue 15. Every figure
 * comes from the wasm engine through the page's own worker service
 * (web/pages/reorg/service.ts), so the rows check what the page shows.
 *
 * The paper's setup (presets/experiments/reorg-paper.json) is scaled by the
 * spec's ratios, not sizes: no 18 GB IDE preset exists, so the partition is
 * 28 % of the IBM Ultrastar 18ES (5 of 18 GB), the data 34 % of the
 * partition (1.7 of 5 GB), the page cache 23.5 % of the data (400 MB of
 * 1.7 GB), the log limit 5 MB scaled with the data, five-minute epochs, the
 * most-accessed-to-the-centre policy. The mechanism rows run the small
 * teaching setup (presets/experiments/reorg-teaching.json), with a uniform
 * workload where every file must be opened. Nothing is tuned to pass: a row
 * the model misses stays open with what is known. To say why a row misses,
 * the notes run the paper's setup again with what the paper states and the
 * setup does not use (its 5 MB log unscaled, its 100 Mbps network), with a
 * host-side elevator, and with more clients, and break a read's disk time
 * into its parts (sp_stats); the rows themselves are the preset's runs.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FsParam, FsPolicy, Status, codeOf, type Engine, type Sim, type Stats } from '../../engine-wasm/binding';
import { decodeReorgSetup, runParams, type ReorgSetup } from '../../web/pages/reorg/setup';
import { fsSim, runEpoch } from '../../web/pages/reorg/service';
import { POLICIES, type EpochStats, type PolicyName, type ReorgParams, type RunEpoch } from '../../web/pages/reorg/protocol';
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

/** Means per disk request of the disk's time (sp_stats), over a window of epochs. */
export interface DiskTime { requests: number; queue: number; overhead: number; seek: number; rotation: number; transfer: number; bus: number; head: number }

/** Both runs of a setup, with the disk's time per request over their last `tail` epochs. */
export interface Pair { baseline: EpochStats[]; reorg: EpochStats[]; disk: { baseline: DiskTime; reorg: DiskTime } }

/** What a run may set beyond the page's setup: engine fs parameters. */
interface Beyond { fs?: readonly [FsParam, number][] }

/** The disk's means over the requests completed between two snapshots of sp_stats. */
function diskTime(a: Stats, b: Stats): DiskTime {
  const n = b.completed - a.completed;
  const m = (f: keyof Stats) => ((b[f] as number) * b.completed - (a[f] as number) * a.completed) / n;
  return {
    requests: n, queue: m('queueMeanMs'), overhead: m('overheadMeanMs'), seek: m('seekMeanMs'), rotation: m('rotationMeanMs'),
    transfer: m('transferMeanMs'), bus: m('busMeanMs'), head: m('headMeanMs'),
  };
}

/** One run, epoch by epoch (the service's sim and epoch records: what the page receives), and its disk's time over the last `tail` epochs. */
function runOne(e: Engine, s: ReorgSetup, policy: number, beyond: Beyond, tail: number): { epochs: EpochStats[]; disk: DiskTime } {
  const p = paramsOf(s);
  const sim = fsSim(e, loadPreset(s.disk), p, policy, beyond.fs);
  try {
    const d = sim.fsInfo().disk;
    const epochs: EpochStats[] = [];
    let from = sim.statsGet(d);
    for (let k = 0; k < p.epochs; k++) {
      if (k === Math.max(0, p.epochs - tail)) from = sim.statsGet(d);
      epochs.push(epochsOf(sim, p.epochMs, k + 1, k)[0].stats);
    }
    return { epochs, disk: diskTime(from, sim.statsGet(d)) };
  } finally {
    sim.dispose();
  }
}

/** Both runs of a setup (the baseline, policy none, and the setup's policy), as the page's service runs them. */
export function runBoth(e: Engine, s: ReorgSetup, beyond: Beyond = {}, tail = 6): Pair {
  const b = runOne(e, s, FsPolicy.None, beyond, tail);
  const r = runOne(e, s, codeOf('FsPolicy', s.pol), beyond, tail);
  return { baseline: b.epochs, reorg: r.epochs, disk: { baseline: b.disk, reorg: r.disk } };
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

/** The figures a pair of runs gives the rows and their notes. */
interface Figures { warm: number; logMin: number; stableMin: number; gain: number; logged: number; logBytes: number }
function figuresOf(s: ReorgSetup, { baseline, reorg }: Pair): Figures {
  const logEnd = reorg.findIndex((x) => x.phase !== 'logging');
  const logMin = logEnd < 0 ? NaN : reorg[logEnd].startMs / 60000;
  return {
    warm: stableFrom(baseline), logMin, stableMin: stableFrom(reorg) * (s.epoch / 60) - logMin,
    gain: 100 * (finalLevel(reorg) / finalLevel(baseline) - 1),
    // The log as it stands after logging ended (sp_fs_epoch.logged_opens and log_bytes are the log now).
    logged: logEnd >= 0 ? reorg[logEnd].loggedOpens : NaN, logBytes: logEnd >= 0 ? reorg[logEnd].logBytes : NaN,
  };
}

const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);
const pct = (x: number) => `${x.toFixed(1)} %`;
/** A read's head time, part by part. */
const parts = (d: DiskTime) => `seek ${f2(d.seek)} + rotation ${f2(d.rotation)} + bus ${f2(d.bus)} + media ${f2(d.transfer)} + overhead ${f2(d.overhead)} ≈ ${f2(d.head)} ms`;

/**
 * The paper's stated values the scaled setup does not use, tried as the
 * paper gives them, as page settings (a link can show them): its 5 MB log
 * limit unscaled (the setup scales it with the data) and its 100 Mbps
 * Ethernet (net=100).
 */
const paperStated = (s: ReorgSetup): ReorgSetup => ({ ...s, logkb: 5 * 1024, net: 100 });
/** Linux 2.4 before an IDE disk without command queueing: the kernel's elevator holds the queue, the disk takes one read at a time (sched=clook&qd=1). */
const elevatorOf = (s: ReorgSetup): ReorgSetup => ({ ...s, sched: 'clook', qd: 1 });

/** The rows on the paper's scaled setup: warm-up, phases, memory, gain; the notes say why a miss is a miss, from the engine's own figures. */
export function paperRows(e: Engine): FidelityRow[] {
  const s = presetSetup('reorg-paper');
  const pair = runBoth(e, s);
  const { baseline, reorg } = pair;
  const fig = figuresOf(s, pair);
  const stated = figuresOf(s, runBoth(e, paperStated(s)));
  const elevator = runBoth(e, elevatorOf(s));
  const elev = figuresOf(s, elevator);
  // The paper ran "the maximum allowed" client threads: the baseline with four times the setup's, in order and with the elevator.
  const many = runOne(e, { ...s, clients: 4 * s.clients }, FsPolicy.None, {}, 6);
  const manyElev = runOne(e, elevatorOf({ ...s, clients: 4 * s.clients }), FsPolicy.None, {}, 6);
  const peakLog = Math.max(...reorg.map((x) => x.logBytes));
  const limit = s.logkb * 1024;
  const series = `baseline ${baseline.map((x) => x.reqPerS.toFixed(0)).join(' ')} req/s; reorganizing ${reorg.map((x) => `${x.reqPerS.toFixed(0)}${x.phase[0]}`).join(' ')} (l/p/m/s: the phase at the epoch's end)`;
  const hits = (es: readonly EpochStats[], from: number, to: number) => f2(es.slice(from, to).reduce((a, x) => a + x.hitRatio, 0) / Math.max(1, es.slice(from, to).length));
  const lastB = baseline[baseline.length - 1], lastR = reorg[reorg.length - 1];
  const db = pair.disk.baseline, dr = pair.disk.reorg;
  const b0 = baseline[0];
  const missMbPerS = (b0.diskBlocks * 4096 / MB) / s.epoch;
  const readsPerReq = (x: EpochStats) => x.diskReads / x.requests;
  const partCyl = Math.round(lastB.seekMeanCyl / lastB.seekMeanFrac);
  const preset = loadPreset(s.disk);
  const diskCyl = preset.geometry.cylinders;

  const knownWarm = `the page cache (${s.cache} MB, 23.5 % of the data) fills within the first epoch: the disk delivers ${f2(missMbPerS)} MB/s of misses in it, so the cache is full after about ${(s.cache / missMbPerS).toFixed(0)} s of the ${s.epoch} s epoch; `
    + `the usage skew puts the hot classes in the cache at once (hit ratio ${f2(b0.hitRatio)} in epoch 1, ${hits(baseline, 1, baseline.length)} on average after), so only epoch 1 is below the level. `
    + `The paper's 4 epochs mean its ~400 MB filled at about ${f2(400 / 1200)} MB/s or less (or its cache grew as the kernel gave it memory); the model's warm-up is the cache size over the disk's miss rate, and the paper gives neither its request rate nor its disk's. `
    + `The paper's 100 Mbps network and 5 MB log do not change this (${stated.warm} epoch(s)); a host elevator neither (${elev.warm}). ${series}`;
  const knownLog = `the log costs ${f1(fig.logBytes / fig.logged)} B per logged open (32 B per new file + 16 B per new predecessor entry: with ${s.clients} clients interleaved, most opens bring a new predecessor) and opens come at the disk-bound request rate (${baseline[1]?.reqPerS.toFixed(0)}/s), `
    + `so the ${(limit / MB).toFixed(2)} MB log held ${fig.logged} opens when it filled, ${(fig.logged / fig.logMin).toFixed(0)} per simulated minute. The setup scales the limit with the data (half the paper's), but the open rate is set by the disk, not by the data's size, so scaling halves the time. `
    + `With the paper's own 5 MB (and its 100 Mbps network, which carries ${f2(lastB.mbPerS)} MB/s here, far below 12.5): logging ends at ${stated.logMin.toFixed(0)} min (the paper: 30; ${stated.logged} opens, ${f1(stated.logBytes / stated.logged)} B each, as repeated pairs cost nothing), so the miss is the limit's scaling, not the logging`;
  const savedNeed = (g: number) => f2((g / 100) * dr.head);
  const knownGain = `final throughput ${f1(finalLevel(baseline))} vs ${f1(finalLevel(reorg))} req/s, the cache's hit ratio the same (${f2(lastB.hitRatio)} vs ${f2(lastR.hitRatio)}), ${f2(readsPerReq(lastB))} vs ${f2(readsPerReq(lastR))} disk reads per request: the disk is the bottleneck (${s.clients} clients wait ${f1(db.queue)} ms per read in its queue), so throughput follows a read's head time. `
    + `Seeks shrink from ${lastB.seekMeanCyl.toFixed(0)} to ${lastR.seekMeanCyl.toFixed(0)} cylinders (${pct(100 * (1 - lastR.seekMeanCyl / lastB.seekMeanCyl))} shorter) but only from ${f2(db.seek)} to ${f2(dr.seek)} ms (${pct(100 * (1 - dr.seek / db.seek))}): the partition spans ${partCyl} of the disk's ${diskCyl} cylinders, so even the baseline's seeks are short, and a short seek is mostly acceleration and settling. `
    + `A read's head time (last 6 epochs): baseline ${parts(db)}; reorganizing ${parts(dr)}; the seek is ${pct(100 * db.seek / db.head)} of it, rotation and this preset's bus (${preset.controller.busMsPerSector} ms per sector) most of the rest, so head time falls ${pct(100 * (1 - dr.head / db.head))}. `
    + `The paper's 18-26 % would need ${savedNeed(18)}-${savedNeed(26)} ms saved per read on this disk; its IDE disk is not named, so its seek curve is unknown. `
    + `With the paper's 100 Mbps network (the page's net=100) and unscaled 5 MB log: ${pct(stated.gain)}. With a host elevator (C-LOOK, one read at the disk at a time, as Linux 2.4 before an IDE disk; the page's sched=clook&qd=1): baseline seeks are already ${elevator.baseline[elevator.baseline.length - 1].seekMeanCyl.toFixed(0)} cylinders, gain ${pct(elev.gain)}; `
    + `with ${4 * s.clients} clients instead of ${s.clients} the baseline gives ${f1(finalLevel(many.epochs))} req/s on the preset's FCFS disk (${f1(finalLevel(baseline))} with ${s.clients}), ${f1(finalLevel(manyElev.epochs))} with the elevator (${f1(finalLevel(elevator.baseline))}): the paper found throughput rising with threads, roughly logarithmically, which a queue the disk serves in order cannot give. ${lastR.filesToMove} files still to move at the end`;
  return [
    open(row({
      id: 'ro-baseline-warm', source: 'RO Fig. 3', what: `baseline ext2: epochs before throughput stays within 5 % of its final level (${s.epoch} s epochs)`,
      paper: 4.5, model: fig.warm, tolerance: 1.5, unit: '',
      why: 'the paper: "about 4 epochs, or 20 minutes" while the page cache fills; the spec\'s band is 3-6 epochs (shown as its centre 4.5 ± 1.5); it depends on the cache-to-data ratio, scaled here',
    }), knownWarm),
    open(row({
      id: 'ro-phases-log', source: 'RO Fig. 4', what: `logging time against the paper's 30 min: log2(model / 30 min), model ${fig.logMin.toFixed(0)} min (epoch resolution)`,
      paper: 0, model: Math.log2(fig.logMin / 30), tolerance: 1, unit: '',
      why: 'the spec: the same order as the paper, within a factor of 2 either way; the log limit is the paper\'s 5 MB scaled with the data',
    }), knownLog),
    open(row({
      id: 'ro-phases-stable', source: 'RO Fig. 4', what: `from the end of logging to stable throughput against the paper's 90 min: log2(model / 90 min), model ${fig.stableMin.toFixed(0)} min`,
      paper: 0, model: Math.log2(fig.stableMin / 90), tolerance: 1, unit: '',
      why: 'the spec: within a factor of 2 either way ("after another 90 minutes, the throughput of the system stabilized")',
    }), `${series}; with the paper's 5 MB log and network: ${stated.stableMin.toFixed(0)} min`),
    open(row({
      id: 'ro-phases-order', source: 'RO Fig. 4', what: 'logging ends before throughput stabilises (1 = yes)',
      paper: 1, model: fig.logMin < fig.stableMin ? 1 : 0, tolerance: 0, unit: '', why: 'the spec: logging < stabilisation',
    }), series),
    open(row({
      id: 'ro-gain', source: 'RO text', what: 'reorganizing vs baseline, final throughput (requests/s), %',
      paper: 22, model: fig.gain, tolerance: 4, unit: '%',
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
  const sim = fsSim(e, loadPreset(s.disk), p, codeOf('FsPolicy', policy));
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
