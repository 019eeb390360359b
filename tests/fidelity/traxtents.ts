/*
 * traxtents.ts — the fidelity rows of the track-aligned extents paper
 * (Schindler, Griffin, Lumb, Ganger, FAST 2002; ../shared/seeds/000_…txt) and
 * of the 1994 disk-modeling paper's HP C2200A seek curve: each row computes the
 * model's value with the real wasm engine and holds the paper's value, the
 * tolerance and why that tolerance. Nothing here is tuned to pass: a row the
 * model misses says so (knownMiss, with the cause found) and stays in the table.
 *
 * Workload of section 5.1: 5,000 random reads in the first zone, onereq (one
 * outstanding) or tworeq (two outstanding, the disk queueing one), seed 1.
 */
import type { Engine, Sim } from '../../engine-wasm/binding';
import { DiskParam } from '../../engine-wasm/binding';
import {
  excludedBlocks, headSwitchProbability, headTimeReduction, latencyCurve, maxStreamingEfficiency, runExtraction,
  runPoint, trackMap, zoneRegion, type PointResult, type RunSpec,
} from '../../web/pages/traxtents';
import { presetExists, simWith } from './context';

export interface FidelityRow {
  id: string;
  /** Where the paper's value is: section, figure, table. */
  source: string;
  what: string;
  paper: number;
  model: number;
  /** |model - paper| <= tolerance passes. */
  tolerance: number;
  unit: string;
  why: string;
  pass: boolean;
  /** The model misses this value for a reason found and stated (not a tolerance to widen). */
  knownMiss?: string;
  /** The model misses this value and the cause is not established: what is known. */
  openMiss?: string;
}

type Spec = Omit<FidelityRow, 'pass'>;
const row = (s: Spec): FidelityRow => ({ ...s, pass: Math.abs(s.model - s.paper) <= s.tolerance });

/** The paper's 80 MB/s Ultra2 Wide SCSI adapter (§5.1), ms per 512-byte sector. */
const PAPER_ADAPTER_MS = 512 / 80e3;
const REQUESTS = 5000;
const SEED = 1;

function firstZoneRun(sim: Sim, disk: number): RunSpec {
  return { region: zoneRegion(sim, disk), requests: REQUESTS, seed: SEED };
}

/** Track-sized reads, aligned and unaligned, onereq and tworeq, in the first zone. */
function trackSized(sim: Sim, disk: number, isWrite = false) {
  const run = firstZoneRun(sim, disk);
  const p = (alignment: 'aligned' | 'unaligned', outstanding: number): PointResult =>
    runPoint(sim, disk, run, { size: 'track', alignment, outstanding, isWrite });
  return { a1: p('aligned', 1), u1: p('unaligned', 1), a2: p('aligned', 2), u2: p('unaligned', 2), run };
}

const pct = (x: number) => 100 * x;

function atlas10kII(e: Engine): FidelityRow[] {
  const { sim, disk } = simWith(e, 'quantum-atlas-10k-ii', SEED);
  try {
    const { a1, u1, a2, u2, run } = trackSized(sim, disk);
    const max = maxStreamingEfficiency(sim, disk, run.region);
    const mb1 = runPoint(sim, disk, run, { size: 2048, alignment: 'unaligned', outstanding: 2 });
    const rows: FidelityRow[] = [];
    const D = 'Atlas 10K II, zone 0, 5,000 random track-sized reads';
    rows.push(row({
      id: 'a10k2-head-tworeq', source: '§5.1, Fig. 5/6', what: `${D}: head time, track-aligned, tworeq`,
      paper: 8.3, model: a2.headMs, tolerance: 0.25, unit: 'ms',
      why: 'the paper splits 8.3 ms into the 2.2 ms seek and 6.1 ms for a 6.0 ms revolution, leaving 0.1 ms it does not explain; the preset\'s seek curve is fitted to the 2.2 ms mean (±0.05 rounding); ±0.25 ms ≈ 3 %',
    }));
    rows.push(row({
      id: 'a10k2-red-onereq', source: '§5.1, Fig. 6', what: `${D}: head-time reduction aligned vs unaligned, onereq`,
      paper: 18, model: pct(headTimeReduction(a1, u1)), tolerance: 3, unit: '%',
      why: 'a rounded percentage of two measured means; 3 points ≈ 0.35 ms of a 12 ms head time',
    }));
    rows.push(row({
      id: 'a10k2-red-tworeq', source: '§5.1, Fig. 6', what: `${D}: head-time reduction aligned vs unaligned, tworeq`,
      paper: 32, model: pct(headTimeReduction(a2, u2)), tolerance: 3, unit: '%',
      why: 'as above; under tworeq the bus overlaps the next request, so head time is media access only',
    }));
    rows.push(row({
      id: 'a10k2-effinc-tworeq', source: '§5.1', what: `${D}: efficiency increase aligned vs unaligned, tworeq`,
      paper: 47, model: pct(a2.efficiency / u2.efficiency - 1), tolerance: 5, unit: '%',
      why: 'the same measurement as the 32 % reduction seen as 1/(1-r) - 1: ±3 points of reduction are about ±5 points here',
    }));
    rows.push(row({
      id: 'a10k2-effA', source: '§1, Fig. 1 point A', what: 'Atlas 10K II: track-aligned track-sized random reads (tworeq), efficiency as % of the maximum streaming efficiency',
      paper: 82, model: pct(a2.efficiency / max), tolerance: 3, unit: '%',
      why: `read off Fig. 1; maximum = sequential streaming with head switches (engine: ${max.toFixed(3)}); 3 points ≈ 0.3 ms of head time`,
    }));
    rows.push(row({
      id: 'a10k2-effA-unaligned', source: '§1, Fig. 1', what: 'Atlas 10K II: unaligned track-sized random reads (tworeq), % of maximum efficiency',
      paper: 56, model: pct(u2.efficiency / max), tolerance: 3, unit: '%',
      why: 'as point A',
    }));
    rows.push(row({
      id: 'a10k2-effB', source: '§2, Fig. 1 point B', what: 'Atlas 10K II: 1 MB unaligned random reads (tworeq), disk efficiency',
      paper: 75, model: pct(mb1.efficiency), tolerance: 3, unit: '%',
      why: 'read off Fig. 1 (absolute efficiency); 3 points ≈ 1 ms of a 32 ms head time',
    }));
    // Figure 8: response-time standard deviation (onereq) at 1 sector and at the track size
    const s1a = runPoint(sim, disk, run, { size: 1, alignment: 'aligned', outstanding: 1 });
    const s1u = runPoint(sim, disk, run, { size: 1, alignment: 'unaligned', outstanding: 1 });
    // Parts of these rows, request by request: npx tsx tools/traxtents-parts.ts (--set Param=value to take one out)
    const PARTS = 'npx tsx tools/traxtents-parts.ts';
    rows.push(row({
      id: 'a10k2-sd-aligned-track', source: '§5.1, Fig. 8', what: 'Atlas 10K II onereq: response-time s.d., aligned, track-sized',
      paper: 0.4, model: a1.responseSdMs, tolerance: 0.15, unit: 'ms',
      why: 'read off Fig. 8 (0.1 ms steps); the paper equates it with the seek s.d., 0.4 ms',
      knownMiss: `the excess is the disk's buffer: 52 of the 5,000 requests (29 whole, 23 partly) find their track still in one of the preset's 10 segments (zone 0 is 1,770 estimated tracks; cache size and zone are not in the paper), about 8 ms shorter than the rest; over the other 4,948 the s.d. is 0.389 ms and the seek's 0.386 ms (mean 2.204), what the paper says (its run had no such hits to speak of); the rest of the response is constant: the bus after the zero-latency read 2.006 ±0.005 ms, media 6.000 ±0.014 (cache off: response 0.391, seek 0.391; \`${PARTS} --points a1\`, \`--set CacheSegments=0\`)`,
    }));
    rows.push(row({
      id: 'a10k2-sd-unaligned-track', source: '§5.1, Fig. 8', what: 'Atlas 10K II onereq: response-time s.d., unaligned, track-sized',
      paper: 1.5, model: u1.responseSdMs, tolerance: 0.2, unit: 'ms', why: 'read off Fig. 8',
      openMiss: `parts (mean ±s.d., ms): seek 2.20 ±0.39, rotational wait 3.01 ±1.75, head and cylinder switches 0.86 ±0.38 (67 % of the requests cross a track), media 5.98 ±0.32 and 32 buffer hits (1.824 over the misses; with the cache off 1.818): the rotational wait alone is above the paper's 1.5, as is a uniform wait's 1.73, and the mean is right (the 18 % and 32 % reductions pass), so the drive's wait for a track-sized read started mid-track varies less than one uniform over a revolution: the paper does not say how (e.g. zero-latency access across both tracks); not established (\`${PARTS} --points u1\`)`,
    }));
    rows.push(row({
      id: 'a10k2-sd-1sector', source: '§5.1, Fig. 8', what: 'Atlas 10K II onereq: response-time s.d., 1-sector reads (aligned / unaligned alike)',
      paper: 1.8, model: (s1a.responseSdMs + s1u.responseSdMs) / 2, tolerance: 0.2, unit: 'ms',
      why: 'the paper gives 1.8 (aligned) and 2.0 (unaligned) for the same 1-sector workload, a difference that is sampling noise; 0.2 ms covers both',
    }));
    // P(head switch) for unaligned requests: (N-1)/SPT (section 2.3)
    const spt = zoneRegion(sim, disk).spt;
    for (const n of [Math.round(spt / 4), Math.round(spt / 2)]) {
      const r = runPoint(sim, disk, run, { size: n, alignment: 'unaligned', outstanding: 1 });
      const p = headSwitchProbability(n, spt);
      rows.push(row({
        id: `a10k2-phs-${n}`, source: '§2.3', what: `P(head switch), unaligned ${n}-sector reads, (N-1)/SPT with SPT = ${spt}`,
        paper: p, model: r.headSwitchFraction, tolerance: 3 * Math.sqrt(p * (1 - p) / REQUESTS) + 85 / spt / 10, unit: '',
        why: '3 binomial standard errors for 5,000 requests, plus the zone\'s spare sectors (tracks are SPT LBNs but the zone is not a whole number of them)',
      }));
    }
    // Writes (section 5.1, write performance): head times, onereq and tworeq
    const w = trackSized(sim, disk, true);
    const wNote = 'a measured mean quoted to 0.1 ms; ±0.5 ms ≈ 4 %, the size of the preset\'s estimated write settle and overheads';
    // What is established of the four write rows (measured with tools/traxtents-parts.ts), and what is not
    const wParts = 'model, aligned onereq: write overhead 0.497 + seek 2.202 + settle 0.487 + one revolution 6.000 = 9.192 ms; the 2.0 ms of data crosses the bus during the seek (0 exposed; with the media write waiting for all of it, --set WriteWatermark=1, 9.196), which is what the paper says the drive does; zero-latency writes as the paper says (without them, ZeroLatencyWrites=0, 12.18 ms)';
    const wQueue = 'model tworeq = onereq - 0.50 ms (aligned and unaligned): the queued write\'s command overhead is spent during the current write\'s media access; the paper\'s tworeq is +0.2 / -0.1 ms of its onereq, so the drive gains nothing from the queued write, which the paper does not explain';
    const wSwitch = 'the unaligned writes\' extra is the settle on the head switch inside the request: 0.6 + 0.487 ms outlasts the track skew (53 sectors, 0.60 ms; a cylinder switch\'s 1.33 + 0.487 its 118-sector skew, 1.34 ms), rotational wait 4.02 vs the reads\' 3.01 ms; held to the reads\' 0.6 ms (--set HeadSwitchMs=0.113) onereq gives 13.53 and tworeq 12.53 (the passing tworeq row would fail); the paper\'s alignment saving for writes, 3.9 / 3.6 ms, is what it saves on reads (tworeq, 8.3 ms at 32 %: 3.9 ms), the model\'s 5.3 ms for writes and 3.9 for reads';
    const wUnknown = 'the paper\'s aligned writes take 1.8 ms beyond the 2.2 ms seek and the 6 ms revolution, the model\'s settle and overhead 0.98: 0.81 ms is not established';
    rows.push(row({ id: 'a10k2-write-a1', source: '§5.1 writes', what: 'Atlas 10K II: track-sized writes, aligned, onereq: head time', paper: 10.0, model: w.a1.headMs, tolerance: 0.5, unit: 'ms', why: wNote,
      openMiss: `${wParts}; ${wUnknown} (\`${PARTS} --points wa1\`)` }));
    rows.push(row({ id: 'a10k2-write-u1', source: '§5.1 writes', what: 'Atlas 10K II: track-sized writes, unaligned, onereq: head time', paper: 13.9, model: w.u1.headMs, tolerance: 0.5, unit: 'ms', why: wNote,
      openMiss: `${wSwitch}; no source says the drive settles less on a head switch, so the preset keeps DiskSim's rule (\`${PARTS} --points wu1,wu2\`)` }));
    rows.push(row({ id: 'a10k2-write-a2', source: '§5.1 writes', what: 'Atlas 10K II: track-sized writes, aligned, tworeq: head time', paper: 10.2, model: w.a2.headMs, tolerance: 0.5, unit: 'ms', why: wNote,
      openMiss: `1.51 ms short = the 0.81 ms of the onereq row (${wUnknown}) + 0.70: ${wQueue} (\`${PARTS} --points wa1,wa2\`)` }));
    rows.push(row({ id: 'a10k2-write-u2', source: '§5.1 writes', what: 'Atlas 10K II: track-sized writes, unaligned, tworeq: head time', paper: 13.8, model: w.u2.headMs, tolerance: 0.5, unit: 'ms', why: wNote }));
    // Figure 3: expected rotational latency vs request size, on the first track of the disk
    const curve = latencyCurve(sim, disk, 0, [1, spt / 4, spt / 2, (3 * spt) / 4, spt].map(Math.round), 2000);
    for (const c of curve) {
      rows.push(row({
        id: `fig3-zl-${c.sectors}`, source: '§2.3, Fig. 3', what: `expected rotational latency, zero-latency access, ${c.sectors} of ${spt} sectors (revolutions; closed form (SPT²-N²)/(2 SPT²))`,
        paper: c.zeroLatencyFormula, model: c.zeroLatency, tolerance: 1 / spt, unit: 'rev',
        why: 'the closed form assumes the head lands on sector boundaries; the engine lands anywhere and waits for the next boundary: up to one sector',
      }));
    }
    const ord = curve[curve.length - 1];
    rows.push(row({
      id: 'fig3-ordinary', source: '§2.3, Fig. 3', what: `expected rotational latency without zero-latency access, any size ((SPT-1)/(2 SPT))`,
      paper: ord.ordinaryFormula, model: ord.ordinary, tolerance: 1 / spt, unit: 'rev', why: 'as above: continuous vs whole-sector landing',
    }));
    return rows;
  } finally {
    sim.dispose();
  }
}

/** Other disks of section 5.1: the Atlas 10K (zero latency) and two without it. */
function otherDisks(e: Engine): FidelityRow[] {
  const rows: FidelityRow[] = [];
  const busNote = (mbs: number) => `bus set to the paper's ${mbs} MB/s adapter (§5.1) instead of the preset's DiskSim value`;
  const cases: { id: string; preset: string; name: string; bus?: number; mbs?: number; red1?: number; red2?: number; red?: number }[] = [
    { id: 'a10k', preset: 'quantum-atlas-10k', name: 'Atlas 10K', bus: 512 / 80e3, mbs: 80, red1: 16, red2: 32 },
    { id: 'us18es', preset: 'ibm-ultrastar-18es', name: 'Ultrastar 18ES', bus: 512 / 80e3, mbs: 80, red: 6 },
    { id: 'x15', preset: 'seagate-cheetah-x15', name: 'Cheetah X15', red: 8 },
  ];
  for (const c of cases) {
    if (!presetExists(c.preset)) continue;
    const { sim, disk } = simWith(e, c.preset, SEED);
    try {
      if (c.bus !== undefined) sim.diskSet(disk, DiskParam.BusMsPerSector, c.bus);
      const { a1, u1, a2, u2 } = trackSized(sim, disk);
      const note = c.bus !== undefined ? `; ${busNote(c.mbs!)}` : '';
      if (c.red1 !== undefined) rows.push(row({
        id: `${c.id}-red-onereq`, source: '§5.1', what: `${c.name}: head-time reduction, track-sized reads, onereq`,
        paper: c.red1, model: pct(headTimeReduction(a1, u1)), tolerance: 3, unit: '%', why: `as for the Atlas 10K II${note}`,
      }));
      if (c.red2 !== undefined) rows.push(row({
        id: `${c.id}-red-tworeq`, source: '§5.1', what: `${c.name}: head-time reduction, track-sized reads, tworeq`,
        paper: c.red2, model: pct(headTimeReduction(a2, u2)), tolerance: 3, unit: '%', why: `as for the Atlas 10K II${note}`,
      }));
      if (c.red !== undefined) rows.push(row({
        id: `${c.id}-red`, source: '§5.1', what: `${c.name} (no zero latency): head-time reduction, track-sized reads (tworeq)`,
        paper: c.red, model: pct(headTimeReduction(a2, u2)), tolerance: 3, unit: '%',
        why: `the paper does not say onereq or tworeq; tworeq isolates the head switch, which is all alignment saves without zero latency${note}`,
      }));
    } finally {
      sim.dispose();
    }
  }
  return rows;
}

/** Section 4.2.2: excluded 8 KB blocks (those spanning a track boundary), whole disk. */
function excluded(e: Engine): FidelityRow[] {
  const rows: FidelityRow[] = [];
  for (const [preset, name, oneIn] of [['quantum-atlas-10k', 'Atlas 10K', 20], ['quantum-atlas-10k-ii', 'Atlas 10K II', 30]] as const) {
    if (!presetExists(preset)) continue;
    const { sim, disk } = simWith(e, preset, SEED);
    try {
      const starts = trackMap(sim, disk).map((t) => t.firstLbn);
      const r = excludedBlocks(starts, 0, sim.diskCapacity(disk), 16);
      rows.push(row({
        id: `excl-${preset}`, source: '§4.2.2', what: `${name}: excluded 8 KB blocks, one in N (whole disk)`,
        paper: oneIn, model: 1 / r.fraction, tolerance: oneIn * 0.1, unit: 'blocks',
        why: '"one in twenty / thirty" is a rounded ratio: ±10 % of N',
      }));
    } finally {
      sim.dispose();
    }
  }
  return rows;
}

/** Ruemmler & Wilkes 1994, Table 2: the HP C2200A seek curve, at every distance. */
function c2200aSeek(e: Engine): FidelityRow[] {
  const { sim, disk } = simWith(e, 'hp-c2200a', SEED);
  try {
    let worst = 0;
    let at = 0;
    const cyls = sim.diskCylinders(disk);
    for (let d = 1; d < cyls; d++) {
      const paper = d < 616 ? 3.45 + 0.597 * Math.sqrt(d) : 10.8 + 0.012 * d;
      const err = Math.abs(sim.seekTime(disk, d) - paper);
      if (err > worst) { worst = err; at = d; }
    }
    return [row({
      id: 'c2200a-seek', source: '1994 paper, Table 2 / Fig. 5', what: `HP C2200A seek curve, largest |model - paper| over every distance 1..${cyls - 1}${worst > 0 ? ` (at ${at})` : ''}`,
      paper: 0, model: worst, tolerance: 1e-9, unit: 'ms', why: 'the curve is the paper\'s formula: exact up to floating point',
    })];
  } finally {
    sim.dispose();
  }
}

/** Section 4.1: black-box extraction finds every track boundary (whole disk). */
export function extractionRows(e: Engine, presets: readonly string[]): FidelityRow[] {
  const rows: FidelityRow[] = [];
  for (const p of presets) {
    if (!presetExists(p)) continue;
    const { sim, disk } = simWith(e, p, SEED);
    try {
      // The paper ran its extractor through an 80 MB/s Ultra2 adapter (§5.1); a preset carries its
      // drive's own, slower, validated bus, so this experiment's setup sets the paper's adapter.
      if (sim.diskGet(disk, DiskParam.BusMsPerSector) > PAPER_ADAPTER_MS) sim.diskSet(disk, DiskParam.BusMsPerSector, PAPER_ADAPTER_MS);
      let o;
      try {
        o = runExtraction(sim, disk, { firstLbn: 0, lbns: 0 });
      } catch (err) {
        rows.push(row({
          id: `extract-${p}`, source: '§4.1', what: `${p}: black-box extraction stopped: ${String(err)}`,
          paper: 0, model: 1, tolerance: 0, unit: 'boundaries', why: 'traxtents need the exact boundaries (§4.1)',
        }));
        continue;
      }
      rows.push(row({
        id: `extract-${p}`, source: '§4.1', what: `${p}: track boundaries found by black-box extraction, wrong or missing (of ${o.truth.length}; ${o.report.requests} requests, ${(o.report.simMs / 1000).toFixed(0)} s simulated)`,
        paper: 0, model: o.missing.length + o.extra.length + (o.report.done ? 0 : 1), tolerance: 0, unit: 'boundaries',
        why: 'traxtents need the exact boundaries (§4.1)',
      }));
    } finally {
      sim.dispose();
    }
  }
  return rows;
}

export const EXTRACTION_PRESETS = ['quantum-atlas-10k-ii', 'quantum-atlas-10k', 'ibm-ultrastar-18es', 'seagate-cheetah-x15',
  'seagate-cheetah-9lp', 'hp-c2200a', 'hp-97560', 'maxtor-atlas-10k-iii'];

export function traxtentRows(e: Engine, opts: { extraction?: boolean } = {}): FidelityRow[] {
  return [
    ...atlas10kII(e),
    ...otherDisks(e),
    ...excluded(e),
    ...c2200aSeek(e),
    ...(opts.extraction === false ? [] : extractionRows(e, EXTRACTION_PRESETS)),
  ];
}
