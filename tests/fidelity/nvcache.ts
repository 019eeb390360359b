/*
 * nvcache.ts — the fidelity rows of the flash-backed I/O requests paper
 * (Bisson & Brandt; ../shared/seeds/003_…txt), as ../shared/specs/EXPERIMENTS.md
 * section 3.4 lists them: shape and mechanism only, since the paper's traces
 * and its disk and flash timing tables are not available (its figures' values
 * were lost in the text). Every figure comes from the wasm engine.
 *
 * Setup: the Hitachi Travelstar 5K120 preset (every value estimated) with a
 * flash device of the engine's defaults (estimated from the paper's Fig. 2
 * axis ranges) beside it, the nvcache host policy (mimic estimator, the paper's
 * measured-table method; watermarks 100 % / 90 %, i.e. flush a tenth as in
 * Fig. 8(b); idle purge on) against a baseline of the same disk and host
 * scheduler without FQueues (identity policy, one request at the disk at a
 * time, as the nvcache policy keeps). Workload: the engine's desktop generator
 * at its defaults (bursts of 16 requests 2 ms apart, 1 s idle gaps, half the
 * writes within 1 MB of the previous one), 70 % writes, sizes exponential with
 * an 8 KB mean, 0.5-128 KB; 20,000 requests, seed 1: both sims draw the same
 * requests (open arrivals do not depend on service). The FQueue sweep is the
 * paper's x axis, 0.01-100 MB. Nothing is tuned to pass: a row the model
 * misses stays open with what is known.
 */
import type { Engine, NvcacheStats, Sim } from '../../engine-wasm/binding';
import {
  Arrivals, FlashParam, HOST_WRITES, HostParam, Pattern, Policy, Scheduler, SizeDist, WorkloadParam,
} from '../../engine-wasm/binding';
import { simWith } from './context';
import type { FidelityRow } from './traxtents';

const DISK = 'hitachi-travelstar-5k120';
const SEED = 1;
const REQUESTS = 20000;
const SIZES_MB = [0.01, 0.1, 1, 10, 100] as const;
const SECTORS_PER_MB = 2048;
const SCHEDULERS = [Scheduler.Fcfs, Scheduler.Sstf, Scheduler.Clook] as const;
const SCHED_NAME: Record<number, string> = { [Scheduler.Fcfs]: 'FCFS', [Scheduler.Sstf]: 'SSTF', [Scheduler.Clook]: 'C-LOOK' };

/** Workload settings beyond the shared ones (desktop generator parameters). */
type Shape = Partial<Record<WorkloadParam, number>>;
/** Isolated requests: one per burst, so no write ever waits behind another. */
const SPARSE: Shape = { [WorkloadParam.BurstRequests]: 1 };

function desktop(sim: Sim, shape: Shape): void {
  sim.workloadSet(WorkloadParam.Arrivals, Arrivals.Open);
  sim.workloadSet(WorkloadParam.Pattern, Pattern.Desktop);
  sim.workloadSet(WorkloadParam.Count, REQUESTS);
  sim.workloadSet(WorkloadParam.SizeDist, SizeDist.Exponential);
  sim.workloadSet(WorkloadParam.SizeSectors, 16);
  sim.workloadSet(WorkloadParam.SizeMaxSectors, 256);
  sim.workloadSet(WorkloadParam.ReadFraction, 0.3);
  for (const [k, v] of Object.entries(shape)) sim.workloadSet(Number(k) as WorkloadParam, v as number);
}

function runToEnd(sim: Sim): void {
  sim.outputConfigure(0, 0);
  while (sim.run() !== 0) { /* bounded chunks */ }
}

interface Baseline { writeTotalMs: number; writeMeanMs: number; writes: number; diskBusyMs: number; diskRequests: number }

/** The same disk, scheduler and requests without FQueues. */
function baseline(e: Engine, sched: Scheduler, shape: Shape): Baseline {
  const { sim, disk } = simWith(e, DISK, SEED);
  try {
    sim.hostSet(HostParam.QueueDepth, 1);
    sim.hostSet(HostParam.Scheduler, sched);
    desktop(sim, shape);
    runToEnd(sim);
    const w = sim.statsGet(HOST_WRITES), d = sim.statsGet(disk);
    // One request at the disk at a time: a device response is its service time.
    return { writeTotalMs: w.responseMeanMs * w.completed, writeMeanMs: w.responseMeanMs, writes: w.completed,
             diskBusyMs: d.responseMeanMs * d.completed, diskRequests: d.completed };
  } finally {
    sim.dispose();
  }
}

interface Point { mb: number; writeMeanMs: number; writes: number; spanMs: number; nv: NvcacheStats }

/** The nvcache policy at each FQueue size (one sim, rewound between sizes). */
function sweep(e: Engine, sched: Scheduler, shape: Shape, sizesMb: readonly number[], writeFactor = 1): Point[] {
  const { sim } = simWith(e, DISK, SEED);
  try {
    const f = sim.flashAdd();
    sim.hostSet(HostParam.Policy, Policy.Nvcache);
    sim.hostSet(HostParam.FlashDevice, f);
    sim.hostSet(HostParam.Scheduler, sched);
    sim.flashSet(f, FlashParam.WriteFactor, writeFactor);
    return sizesMb.map((mb) => {
      sim.reset(SEED);
      sim.flashSet(f, FlashParam.CapacitySectors, Math.round(mb * SECTORS_PER_MB));
      desktop(sim, shape);
      runToEnd(sim);
      const w = sim.statsGet(HOST_WRITES);
      return { mb, writeMeanMs: w.responseMeanMs, writes: w.completed, spanMs: sim.now(), nv: sim.nvcacheStats() };
    });
  } finally {
    sim.dispose();
  }
}

const pct = (x: number) => 100 * x;
const list = (xs: readonly number[], digits = 1) => xs.map((x) => x.toFixed(digits)).join(', ');
/** The largest rise from one value to the next (0 if none rises). */
const largestRise = (xs: readonly number[]) => Math.max(0, ...xs.slice(1).map((x, i) => x - xs[i]));

type Spec = Omit<FidelityRow, 'pass'>;
const within = (s: Spec): FidelityRow => ({ ...s, pass: Math.abs(s.model - s.paper) <= s.tolerance });
/** A one-sided row: passes when model <= bound (paper and tolerance say where the bound comes from). */
const atMost = (s: Spec, bound: number): FidelityRow => ({ ...s, pass: s.model <= bound });
const atLeast = (s: Spec, bound: number): FidelityRow => ({ ...s, pass: s.model >= bound });
const open = (r: FidelityRow, what: string): FidelityRow => (r.pass ? r : { ...r, openMiss: what });

export function nvcacheRows(e: Engine): FidelityRow[] {
  const rows: FidelityRow[] = [];
  const D = 'Travelstar 5K120 + flash, desktop workload';

  // Fig. 7: normalized write latency vs FQueue size, per scheduler.
  const norm: Record<number, number[]> = {};
  const base: Record<number, Baseline> = {};
  const points: Record<number, Point[]> = {};
  for (const s of SCHEDULERS) {
    base[s] = baseline(e, s, {});
    points[s] = sweep(e, s, {}, SIZES_MB);
    norm[s] = points[s].map((p) => pct(p.writeMeanMs / base[s].writeMeanMs));
  }
  const cl = Scheduler.Clook, clook = norm[cl], clp = points[cl], clb = base[cl];
  for (const s of SCHEDULERS) if (points[s].some((p) => p.writes !== base[s].writes)) throw new Error('the two sims saw different writes');

  rows.push({
    id: 'fb-mono', source: 'Fig. 7(c)', unit: 'pp',
    what: `${D}, C-LOOK: normalized mean write latency at ${SIZES_MB.join('/')} MB = ${list(clook)} %: largest rise from one size to the next (and it must fall overall)`,
    paper: 0, model: largestRise(clook), tolerance: 2,
    why: 'the paper\'s curves fall as the FQueue grows: non-increasing within 2 pp (spec 3.4), and lower at 100 MB than at 0.01 MB',
    pass: largestRise(clook) <= 2 && clook[clook.length - 1] < clook[0],
  });

  const at80 = sweep(e, cl, {}, [80])[0];
  const reduction = 100 - pct(at80.writeMeanMs / clb.writeMeanMs);
  rows.push(open(within({
    id: 'fb-up-to-70', source: '§VI, Fig. 7', unit: '%',
    what: `${D}, C-LOOK, 80 MB of NVCache and DRAM: write latency reduction`,
    paper: 70, model: reduction, tolerance: 40,
    why: '"up to 70%" is the best of four traces; Fig. 7 puts the others\' 80-100 MB points between about 30 % and 70 % lower: a reduction of 30-110 % is read as agreeing (the upper side cannot exceed 100 %)',
  }), 'the reduction depends on how long writes queue in the baseline, which the traces set and the generator only imitates'));

  const spread = SIZES_MB.map((_, i) => Math.max(...SCHEDULERS.map((s) => norm[s][i])) - Math.min(...SCHEDULERS.map((s) => norm[s][i])));
  const worst = spread.indexOf(Math.max(...spread));
  rows.push(open(atMost({
    id: 'fb-schedulers', source: 'Fig. 7(a-c), §IV-B', unit: 'pp',
    what: `${D}: spread of the normalized write latency over FCFS/SSTF/C-LOOK (each normalized to itself), largest over the sizes ` +
          `(per size: ${list(spread)} pp; FCFS ${list(norm[Scheduler.Fcfs])} %, SSTF ${list(norm[Scheduler.Sstf])} %)`,
    paper: 0, model: spread[worst], tolerance: 10,
    why: '"the relative performance of individual I/O schedulers does not differ significantly": read as within 10 pp, an eighth of Fig. 7\'s 20-100 % axis',
  }, 10), `the spread peaks at ${SIZES_MB[worst]} MB, where FCFS's baseline queues longest (its baseline write latency ${base[Scheduler.Fcfs].writeMeanMs.toFixed(0)} ms vs C-LOOK's ${clb.writeMeanMs.toFixed(0)} ms) so a small FQueue saves it more; the paper's traces queue less or differently (not known)`));

  // Fig. 8(a): idle-time purging's disk time as a share of the baseline's total write latency.
  const idleShare = [3, 4].map((i) => pct(clp[i].nv.purgeDiskMs / clb.writeTotalMs));
  rows.push(open(atLeast({
    id: 'fb-idle-share', source: 'Fig. 8(a), §IV-B', unit: '%',
    what: `${D}, C-LOOK: disk time of idle-time purges / baseline total write latency, at 10 and 100 MB (${list(idleShare)} %): the smaller`,
    paper: 20, model: Math.min(...idleShare), tolerance: 5,
    why: '"at least 20% of total write latency work is performed by idle-time processing": one-sided, passes at 15 % or more (spec 3.4: qualitative)',
  }, 15), `the share is write-back service time over the baseline's write latency, queueing included: the default bursts (16 requests 2 ms apart against ` +
    `about ${(clb.diskBusyMs / clb.diskRequests).toFixed(0)} ms of service each) make the baseline's mean write latency ${clb.writeMeanMs.toFixed(0)} ms, so one write-back per ` +
    `redirected write is a small share; how long the paper's traces queued is not known`));

  // Fig. 9: including idle-time purge work, the sign depends on the workload.
  const incl = (p: Point, b: Baseline) => pct((p.writeMeanMs * p.writes + p.nv.purgeDiskMs) / b.writeTotalMs);
  const bursty = incl(clp[4], clb);
  const sb = baseline(e, cl, SPARSE), sp = sweep(e, cl, SPARSE, [100])[0], sparse = incl(sp, sb);
  rows.push(atMost({
    id: 'fb-idle-sign-bursty', source: 'Fig. 9', unit: '%',
    what: `${D} (bursts of 16), C-LOOK, 100 MB: normalized write latency including idle-time purge work (passes below 100 %)`,
    paper: 60, model: bursty, tolerance: 40,
    why: 'Eng and HP: "write latency decreases by 30-50%" with purges included; the check is the sign (below 100 %), as spec 3.4 asks',
  }, 100));
  rows.push(atLeast({
    id: 'fb-idle-sign-sparse', source: 'Fig. 9', unit: '%',
    what: `${D} (one request per burst), C-LOOK, 100 MB: normalized write latency including idle-time purge work (passes above 100 %)`,
    paper: 110, model: sparse, tolerance: 10,
    why: 'Mac and Win "actually increase write latency": "the cost of pushing requests out of flash and then back rotating media negates the benefit"; the check is the sign (above 100 %), Fig. 9\'s axis ends at 110 %',
  }, 100));

  // Fig. 12: in-memory overwrites.
  const ovw = clp.map((p) => pct(p.nv.fracOverwritten));
  const ovwRise = ovw[ovw.length - 1] - ovw[0];
  const ovwFall = Math.max(0, ...ovw.slice(1).map((x, i) => ovw[i] - x));
  rows.push(open({
    id: 'fb-overwrite-grows', source: 'Fig. 12', unit: 'pp',
    what: `${D}, C-LOOK: overwritten / redirected writes at ${SIZES_MB.join('/')} MB = ${list(ovw, 2)} %: rise from the smallest ` +
          `FQueue to the largest (passes above 0, with no fall over 0.5 pp between neighbours; largest fall ${ovwFall.toFixed(2)} pp)`,
    paper: 10, model: ovwRise, tolerance: 10,
    why: '"as the size of the FQueue grows more operations that are redirected to the FQueue result in overwrites" (Fig. 12: 0-15 %): ' +
         'the check is the direction, a rise above 0; 0.5 pp for a point that gains nothing more',
    pass: ovwRise > 0 && ovwFall <= 0.5,
  }, `the FQueue never holds more than about a burst's writes (peak ${clp[4].nv.fqPeakSectors} sectors at 100 MB: idle purge empties it in every 1 s gap), so beyond ` +
    'that size nothing changes, and the generator rewrites a whole earlier write only by chance (its near writes land next to, not on, the last one): ' +
    'a larger FQueue has few rewrites to catch'));
  rows.push(atMost({
    id: 'fb-overwrite-max', source: 'Fig. 12', unit: '%',
    what: `${D}, C-LOOK: largest overwritten / redirected fraction over the sweep`,
    paper: 15, model: Math.max(...ovw), tolerance: 5,
    why: '"at most 15%" (read as the overwrite fraction, spec 3.3); one-sided: passes at 20 % or less (spec 3.4)',
  }, 20));

  // Fig. 13: disk writes and disk time, normalized.
  const dw = clp.map((p) => pct(p.nv.diskWrites / clb.writes));
  rows.push(atMost({
    id: 'fb-disk-writes', source: 'Fig. 13(b)', unit: '%',
    what: `${D}, C-LOOK: disk writes / baseline disk writes at ${SIZES_MB.join('/')} MB = ${list(dw)} %: the largest`,
    paper: 100, model: Math.max(...dw), tolerance: 0,
    why: '"total normalized disk writes decreases slightly": one-sided, at most 100 % (coalesced and overwritten FQueue entries never reach the disk on their own)',
  }, 100));
  const dt = clp.map((p) => pct(p.nv.diskBusyMs / clb.diskBusyMs));
  const fc = Scheduler.Fcfs, dtFcfs = points[fc].map((p) => pct(p.nv.diskBusyMs / base[fc].diskBusyMs));
  rows.push(open(atMost({
    id: 'fb-disk-time', source: 'Fig. 13(a)', unit: '%',
    what: `${D}, C-LOOK: disk busy time / baseline's at ${SIZES_MB.join('/')} MB = ${list(dt)} %: the largest (FCFS: ${list(dtFcfs)} %)`,
    paper: 100, model: Math.max(...dt), tolerance: 0,
    why: 'Fig. 13(a)\'s normalized disk time stays between 30 % and 100 %: one-sided, at most 100 %',
  }, 100), 'write-backs leave one at a time, oldest first (the paper\'s FIFO order), each a random access on its own, while the ' +
    'baseline\'s C-LOOK sorts a burst\'s queued writes by LBN into short seeks; under FCFS, which does not sort, the ratio is the one in ' +
    'parentheses. The paper\'s simulator replayed measured access times (no rotational position) and merged flushed entries with ' +
    'queued writes; how much its traces\' bursts gained from sorting is not known'));

  // Fig. 11: a faster flash write lowers latency (100 MB).
  const factors = [1, 2, 3, 4, 5];
  const byFactor = factors.map((k) => pct(sweep(e, cl, {}, [100], k)[0].writeMeanMs / clb.writeMeanMs));
  rows.push({
    id: 'fb-flash-factor', source: 'Fig. 11', unit: 'pp',
    what: `${D}, C-LOOK, 100 MB: normalized write latency at flash write performance factor 1-5 = ${list(byFactor)} %: largest rise (and it must fall overall)`,
    paper: 0, model: largestRise(byFactor), tolerance: 2,
    why: 'Fig. 11\'s curves fall as the flash writes faster: non-increasing within 2 pp as fb-mono, and lower at factor 5 than at 1',
    pass: largestRise(byFactor) <= 2 && byFactor[byFactor.length - 1] < byFactor[0],
  });

  // Fig. 10: projected flash lifetime (per-write erase accounting, 100,000 cycles, ideal wear levelling).
  const life = clp.map((p) => p.nv.lifetimeYears);
  const slope = Math.log(life[4] / life[2]) / Math.log(SIZES_MB[4] / SIZES_MB[2]);
  rows.push(within({
    id: 'fb-life-linear', source: 'Fig. 10', unit: '',
    what: `${D}, C-LOOK: years to 100,000 erase cycles at ${SIZES_MB.join('/')} MB = ${life.map((y) => y.toPrecision(2)).join(', ')}: log-log slope from 1 to 100 MB`,
    paper: 1, model: slope, tolerance: 0.1,
    why: '"flash endurance increases linearly with respect to the flash size": slope 1 on the log-log axes; 0.1 allows the redirected-write count to change a little with size',
  }));
  const ratio = life[3] / SIZES_MB[3];
  rows.push(open(within({
    id: 'fb-life-ratio', source: 'Fig. 10, §IV-B', unit: 'y/MB',
    what: `${D}, C-LOOK, 10 MB: projected years per MB of NVCache`,
    paper: 0.1, model: ratio, tolerance: 0.05,
    why: '"a 10/1 ratio between the NVCache size (MB) and endurance years"; half of it either way, as Fig. 10\'s four traces spread on its log axis',
  }), `years per MB are inversely proportional to the rate of redirected writes (each one erases a block in per-write accounting): ` +
    `the generator redirects ${clp[3].nv.redirected} writes in ${(clp[3].spanMs / 1000).toFixed(0)} s of bursts and idle gaps ` +
    `(${(clp[3].nv.redirected / (clp[3].spanMs / 1000)).toFixed(1)} a second), ` +
    'a busy desktop; the traces\' rates over their 7 days (nights included) are not in the text'));

  return rows;
}
