/*
 * atropos.ts — the fidelity rows of the Atropos paper (Schindler, Schlosser,
 * Shao, Ailamaki, Ganger, FAST 2004; ../shared/seeds/002_…txt), as
 * ../shared/specs/EXPERIMENTS.md section 2.6 lists them, computed with the
 * wasm engine on the Maxtor Atlas 10K III preset, zone 0 (the outer zone,
 * N = 686). Semi-sequential rows: the batches of the Atropos page's Figure 9
 * (sweepBatches: records of d cells at rows the engine draws, SPTF disks,
 * read cache off), pre-scheduled (the paper's workaround), one batch at a
 * time on an idle disk; this file adds only what it reads from their results
 * (the anatomy of a missed wrap). The Figure 8 rows (Contiguous, the row
 * penalty, the naive layout) are the page's own Figure 8, run for the link
 * FIG8_LINK: one implementation for the page and the table.
 * Nothing is tuned to pass: a row the model misses stays, with what is known.
 */
import type { Engine, Sim } from '../../engine-wasm/binding';
import { DiskParam, HostParam } from '../../engine-wasm/binding';
import { loadPreset, simWith } from './context';
import { figureStream } from '../../web/pages/atropos/figures';
import { arraySim, exactBMax, quadVolume, sweepBatches } from '../../web/pages/atropos/service';
import { decodeAtSetup, fig8Params } from '../../web/pages/atropos/setup';
import type { Fig8Bar } from '../../web/pages/atropos/protocol';
import type { FidelityRow } from './traxtents';

const DISK = 'maxtor-atlas-10k-iii';
const SEED = 1;
const GAP_MS = 40;          // batches this far apart find the disk idle

type Spec = Omit<FidelityRow, 'pass'>;
const within = (s: Spec): FidelityRow => ({ ...s, pass: Math.abs(s.model - s.paper) <= s.tolerance });

/** A small deterministic generator (the requests' places; the engine draws nothing here). */
function rng(seed: number): () => number {
  let x = (seed * 2654435761) >>> 0 || 1;
  return () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x / 4294967296; };
}

function atlas(e: Engine): { sim: Sim; disk: number } {
  const s = simWith(e, DISK, SEED);
  s.sim.diskSet(s.disk, DiskParam.Scheduler, 4);        // SPTF
  s.sim.diskSet(s.disk, DiskParam.QueueDepth, 16);
  s.sim.diskSet(s.disk, DiskParam.CacheSegments, 0);
  return s;
}

interface Measured {
  meanMs: number; meanLessSeekMs: number; efficiency: number;
  /** Anatomy of the batches: the fraction whose first block served is on their lowest track (row 0), the
   *  fraction that waited more than half a revolution after their first block (a missed wrap), and that wait's mean. */
  row0: number; missed: number; missMs: number;
  revMs: number;
}

/** Runs the submitted requests; per logical request: response, response less the seek of its first part, S*sector/response. */
function measure(sim: Sim, sectorMs: number): Measured {
  sim.outputConfigure(0, 65536);
  const parts = new Map<number, { t: number; seek: number; rot: number; lbn: number; disk: number }[]>();
  const logical: { id: number; resp: number; sectors: number }[] = [];
  for (;;) {
    const st = sim.run();
    const r = sim.results();
    for (let i = 0; i < r.count; i++) {
      const x = r.at(i);
      if (r.disk(i) === -1) { logical.push({ id: r.logical(i), resp: x.responseMs, sectors: x.sectors }); continue; }
      const list = parts.get(r.logical(i)) ?? [];
      list.push({ t: x.dispatchMs, seek: x.seekMs, rot: x.rotationMs, lbn: x.lbn, disk: r.disk(i) });
      parts.set(r.logical(i), list);
    }
    if (st === 0) break;
  }
  let a = 0, b = 0, eff = 0, row0 = 0, missed = 0, missMs = 0;
  const rev = sim.revolutionMs(0);
  for (const l of logical) {
    const ps = (parts.get(l.id) ?? []).sort((x, y) => x.t - y.t);
    a += l.resp;
    b += l.resp - (ps[0]?.seek ?? 0);
    eff += (l.sectors * sectorMs) / l.resp;
    if (ps.length === 0) continue;
    const tracks = ps.map((p) => sim.trackOfLbn(p.disk, p.lbn));
    if (tracks[0] === Math.min(...tracks)) row0++;
    const later = ps.slice(1).reduce((s, p) => s + p.rot, 0);
    if (later > rev / 2) { missed++; missMs += later; }
  }
  const n = logical.length;
  return { meanMs: a / n, meanLessSeekMs: b / n, efficiency: eff / n, row0: row0 / n, missed: missed / n, missMs: missed ? missMs / missed : 0, revMs: rev };
}

/** Semi-sequential batches (records of d cells of b sectors) as the page's Figure 9 places them, p = 1, pre-scheduled. */
function semiseq(e: Engine, b: number, d: number, n: number): Measured & { cyclicOk: boolean } {
  const sim = arraySim(e, loadPreset(DISK), 1, SEED);
  try {
    const info = sweepBatches(sim, d, b, n, SEED, 'on');
    return { ...measure(sim, sim.revolutionMs(0) / info.N), cyclicOk: info.cyclicOk === 1 };
  } finally {
    sim.dispose();
  }
}

/** Track-aligned reads of S sectors from random zone-0 track starts (identity policy, one at a time). */
function trackAligned(e: Engine, sectors: number, n: number): Measured {
  const { sim, disk } = atlas(e);
  try {
    sim.hostSet(HostParam.QueueDepth, 1);              // logical records, one at a time
    const starts: number[] = [];
    for (let t = 0; starts.length < 4000; t++) {
      const tr = sim.trackInfo(disk, t);
      if (tr.zone > 0) break;
      if (tr.lbnCount === 686) starts.push(tr.firstLbn);
    }
    const r = rng(sectors);
    for (let k = 0; k < n; k++) sim.submit(k * GAP_MS, starts[Math.floor(r() * starts.length)], sectors, 0);
    return measure(sim, sim.revolutionMs(disk) / 686);
  } finally {
    sim.dispose();
  }
}

/** Figure 8 as the Atropos page draws it for this link: 3,000 random 8 KB chunks per bar (1,000 requests
 *  per figure point), one disk, the outer zone. */
export const FIG8_LINK = `#atropos?disk=${DISK}&fn=1000&seed=${SEED}`;

/** The page's own Figure 8 (the worker's atFigure stream, run here): its bars, looked up by name and d. */
export function figure8(e: Engine): (bar: Fig8Bar['bar'], d: number) => number {
  const { setup, problems } = decodeAtSetup(FIG8_LINK, [DISK]);
  if (problems.length > 0) throw new Error(`${FIG8_LINK}: ${JSON.stringify(problems)}`);
  const stream = figureStream(e, fig8Params(setup, loadPreset(DISK)));
  const bars: Fig8Bar[] = [];
  for (let r = stream.next(); !r.done; r = stream.next()) if (r.value.kind === 'fig8-bar') bars.push(r.value.bar);
  return (bar, d) => {
    const x = bars.find((b) => b.bar === bar && b.d === d);
    if (!x) throw new Error(`Figure 8 has no ${bar} bar at d = ${d}`);
    return x.responseMs;
  };
}

export function atroposRows(e: Engine): FidelityRow[] {
  const rows: FidelityRow[] = [];
  const N = 686, kb = (sectors: number) => sectors / 2;
  const D = 'Atlas 10K III, zone 0';

  const fig8 = figure8(e);
  const contiguous = fig8('contiguous', 0);
  rows.push(within({
    id: 'at-contig-8k', source: '§5.2.2, Fig. 8', what: `${D}: random 8 KB reads, onereq, mean response ("Contiguous"; the page's Figure 8 at ${FIG8_LINK})`,
    paper: 5.93, model: contiguous, tolerance: 0.15, unit: 'ms',
    why: 'a calibration input, not an independent check: the preset\'s 0.23 ms read overhead was derived from this value; 0.15 ms covers 3,000-request sampling',
  }));

  // The knee at d = 3: the largest b the exact cyclic check passes (the page's Table 2 search), measured
  // just below and 4 sectors above.
  const d = 3;
  const bStar = (() => {
    const sim = arraySim(e, loadPreset(DISK), 1, SEED);
    try {
      const info = quadVolume(sim, 1, d, 1, 'on');
      return exactBMax(sim, d, info.bMax, info.N, 'on');
    } finally {
      sim.dispose();
    }
  })();
  const below = semiseq(e, bStar, d, 600), above = semiseq(e, bStar + 4, d, 600);
  rows.push(within({
    id: 'at-knee-below', source: '§5.2.3, Fig. 9', what: `${D}: semi-sequential d = 3, b = ${bStar} (last b the exact check passes): response less seek`,
    paper: 6.25, model: below.meanLessSeekMs, tolerance: 1.25, unit: 'ms',
    why: 'Fig. 9\'s "6 ms region" read as [5.0, 7.5] ms (spec 2.6): the model includes the 0.23 ms overhead and the bus tail, which Fig. 9 may not',
  }));
  const kneeAbove = within({
    id: 'at-knee-above', source: '§5.2.3, Fig. 9', what: `${D}: semi-sequential d = 3, b = ${bStar + 4} (past the constraint): response less seek`,
    paper: 11, model: above.meanLessSeekMs, tolerance: 1.5, unit: 'ms',
    why: 'Fig. 9\'s "10-12 ms regions" read as [9.5, 12.5] ms (spec 2.6)',
  });
  if (!kneeAbove.pass) {
    // The anatomy of the step, from the engine's device results (which block each batch served first, the
    // rotation after it): what a model value in the paper's region would need.
    const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
    kneeAbove.openMiss = `the step is ${(above.meanLessSeekMs - below.meanLessSeekMs).toFixed(2)} ms (from ` +
      `${below.meanLessSeekMs.toFixed(2)} ms): ${pct(above.row0)} of the batches start at row 0 and need no wrap (the linear ` +
      `form still holds), ${pct(above.missed)} miss the wrap back to row 0, and a miss costs ${above.missMs.toFixed(2)} ms of ` +
      `rotation after the first block, not a revolution (${(above.meanMs - above.meanLessSeekMs).toFixed(2)} ms first seek ` +
      `aside), because SPTF, which estimates a zero-latency access to a block's last sector, serves the blocks left after the ` +
      'miss in the best order. The spec\'s analytic model (2.2) charges every start below row 0 about a revolution less ' +
      `the last gap (+4.5 ms); reaching 9.5 ms would take ${pct((9.5 - below.meanLessSeekMs) / above.missMs)} of the batches ` +
      `missing at this cost, or ${((9.5 - below.meanLessSeekMs) / Math.max(above.missed, 1e-9)).toFixed(2)} ms per miss at this rate ` +
      `(a revolution: ${above.revMs.toFixed(2)} ms). The paper does not say ` +
      'how its firmware ordered an over-budget batch, nor whether Fig. 9 subtracts the overhead and bus tail';
  }
  rows.push(kneeAbove);
  const knee = within({
    id: 'at-knee-124', source: '§5.2.1, Fig. 7', what: `${D}: largest semi-sequential I/O S = d·b within one revolution, d = 3 (exact cyclic check, H = 145)`,
    paper: 124, model: kb(d * bStar), tolerance: 6, unit: 'KB',
    why: 'the paper gives the knee, not the d of Fig. 7; with d = 3 the cyclic form of Equation 1 puts it at 124.5 KB; ±6 KB is one step of b at d = 3 and d = 4 rounding',
  });
  if (!knee.pass) knee.openMiss = 'Fig. 7\'s d is not stated; with d = 4 and H = 145 the knee is at 52 KB (spec 2.2)';
  else knee.why += '. OPEN all the same: Fig. 7\'s d is inferred (d = 3), not stated; d = 4 would put the knee at 52 KB';
  rows.push(knee);

  const t343 = trackAligned(e, N, 400), t400 = trackAligned(e, 800, 400);
  rows.push({
    id: 'at-line1-drop', source: '§5.2.1, Fig. 7', what: `${D}: track-aligned reads, efficiency at 343 KB (${t343.efficiency.toFixed(3)}) minus at 400 KB (${t400.efficiency.toFixed(3)})`,
    paper: 0, model: t343.efficiency - t400.efficiency, tolerance: 0, unit: 'sign > 0',
    why: 'qualitative: "the drop ... at the 343 KB mark is due to rotational latency and an additional track switch"; passes when the efficiency drops past one track',
    pass: t343.efficiency > t400.efficiency,
  });

  const t124 = trackAligned(e, 248, 400), s120 = semiseq(e, 80, d, 600), s240 = semiseq(e, 160, d, 600);
  const ratio = s120.efficiency / t124.efficiency;
  const line2: FidelityRow = {
    id: 'at-line2-below-line1', source: '§5.2.1, Fig. 7',
    what: `${D}: semi-sequential (d = 3, S = 120 KB) efficiency ${s120.efficiency.toFixed(3)} / track-aligned (124 KB) efficiency ${t124.efficiency.toFixed(3)}`,
    paper: 1, model: ratio, tolerance: 0.25, unit: 'ratio',
    why: '"only slightly smaller": passes when the ratio is in [0.75, 1] (spec 2.6)',
    pass: ratio >= 0.75 && ratio <= 1,
  };
  if (!line2.pass) {
    line2.openMiss = `the semi-sequential side (${s120.efficiency.toFixed(3)}) matches the spec's probe (0.223); the ` +
      `track-aligned 124 KB side is ${t124.efficiency.toFixed(3)} here against the probe's 0.277 (read cache off and ` +
      'zero-latency access here; the probe\'s conditions for line 1 are not recorded). Fig. 7\'s values are lost, so ' +
      'which side is off is not established';
  }
  rows.push(line2);
  rows.push({
    id: 'at-line2-recovers', source: '§5.2.1, Fig. 7', what: `${D}: semi-sequential d = 3 efficiency at 240 KB (${s240.efficiency.toFixed(3)}) minus at 120 KB (${s120.efficiency.toFixed(3)})`,
    paper: 0, model: s240.efficiency - s120.efficiency, tolerance: 0, unit: 'sign > 0',
    why: '"eventually surpassing the efficiency value at the 124 KB mark": passes when larger I/Os past the knee recover the efficiency',
    pass: s240.efficiency > s120.efficiency,
  });

  // The row penalty of section 1 ("reading a single row costs only 16%-38% more than if it had been the
  // optimized order"): Figure 8's Atropos row bar (an 8 KB record of d cells as one semi-sequential batch)
  // over its Contiguous bar (8 KB at consecutive LBNs).
  for (const [dd, paper] of [[2, 16], [4, 38]] as const) {
    const row = fig8('atropos-row', dd);
    rows.push(within({
      id: `at-row-penalty-d${dd}`, source: '§1, §5.2.2, §5.4 (Fig. 8)',
      what: `${D}: a random 8 KB record of ${dd} cells as one semi-sequential batch (${row.toFixed(2)} ms) over 8 KB at consecutive LBNs (${contiguous.toFixed(2)} ms)`,
      paper, model: (row / contiguous - 1) * 100, tolerance: 5, unit: '% more',
      why: 'the paper gives the range 16 %-38 % for its two depths; which d gives which end is inferred (d = 2 and 4 are the depths of §5.4, whose record times, +14 % and +44 % over NSM, agree); ' +
        '5 points cover the sampling of 3,000 records per bar and the contiguous bar being a calibration input',
    }));
  }

  // Figure 8's naive bars: a record's d cells on d adjacent tracks at random places, one at a time.
  for (const dd of [2, 4]) {
    const naive = fig8('naive-serial', dd), atropos = fig8('atropos-row', dd);
    const rr = naive / atropos;
    rows.push({
      id: `at-naive-much-lower-d${dd}`, source: '§5.2.2, Fig. 8', what: `${D}: random 8 KB record, d = ${dd}: naive-serial ${naive.toFixed(2)} ms / Atropos ${atropos.toFixed(2)} ms`,
      paper: 1.2, model: rr, tolerance: 0, unit: 'ratio ≥',
      why: 'no paper value survives ("a large response time"); passes when naive ≥ 1.2 × Atropos (spec 2.6)',
      pass: rr >= 1.2,
    });
  }
  return rows;
}
