/*
 * ladder.ts — the model-ladder rows (Ruemmler & Wilkes 1994, Figures 4 and
 * 6): the HP C2200A's rungs run on the calibrated HP-UX-like workload of its
 * ladder file (presets/ladders/), each against the final model (the HP-UX
 * traces are not available, so the final model stands in for the real
 * drive), and the "average 8KB access" of Table 1 for both drives.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DiskParam, WorkloadParam, type Engine } from '../../engine-wasm/binding';
import { configureDisk } from '../../web/state/diskPreset';
import { parseLadder, type LadderFile } from '../../web/pages/ladder/ladderFile';
import { mean, runLadder, runRung, type RungResult } from '../../web/pages/ladder/ladder';
import { loadPreset } from './context';
import { table1BestReading } from './table1';
import type { FidelityRow } from './traxtents';

const LADDERS = fileURLToPath(new URL('../../presets/ladders/', import.meta.url));
const SEED = 1;

export function loadLadder(id: string): LadderFile {
  return parseLadder(JSON.parse(readFileSync(`${LADDERS}${id}.json`, 'utf8')));
}

/** Every rung of a ladder file on its own workload. */
export function ladderResults(e: Engine, id: string): { ladder: LadderFile; results: RungResult[] } {
  const ladder = loadLadder(id);
  return { ladder, results: runLadder(e, ladder, loadPreset(ladder.disk), ladder.workload, SEED) };
}

/** Where the time of a request goes (result fields, ms). */
const PARTS = ['overheadMs', 'seekMs', 'rotationMs', 'transferMs', 'switchMs', 'busMs'] as const;
type Parts = Record<(typeof PARTS)[number], number>;

/**
 * Random 8 KB reads over the whole disk, one at a time, the preset as
 * shipped: the mean response, the mean of each part of it, and the full
 * stroke's seek time (for the ways Table 1's "average" may have been taken).
 */
export function random8k(e: Engine, presetId: string, n = 3000): { meanMs: number; parts: Parts; fullStrokeMs: number } {
  const preset = loadPreset(presetId);
  const sim = e.createSim(SEED);
  try {
    const d = configureDisk(sim, preset);
    sim.workloadSet(WorkloadParam.Count, n);
    sim.workloadSet(WorkloadParam.SizeSectors, 8192 / preset.geometry.sectorBytes);
    sim.workloadSet(WorkloadParam.ReadFraction, 1);
    sim.outputConfigure(0, 4096);
    const t: number[] = [];
    const parts = Object.fromEntries(PARTS.map((k) => [k, 0])) as Parts;
    for (;;) {
      const st = sim.run();
      const r = sim.results();
      for (let i = 0; i < r.count; i++) {
        t.push(r.get(i, 'completeMs') - r.get(i, 'arrivalMs'));
        for (const k of PARTS) parts[k] += r.get(i, k);
      }
      if (st === 0) break;
    }
    for (const k of PARTS) parts[k] /= t.length;
    return { meanMs: mean(t), parts, fullStrokeMs: sim.seekTime(d, sim.diskCylinders(d) - 1) };
  } finally {
    sim.dispose();
  }
}

/**
 * Why a Table 1 row misses, measured: the model's parts, the seek the
 * paper's figure leaves once the other parts are the model's, and the sum
 * with the full stroke / 3 (one of the "average" seeks the paper's text
 * names) in place of the model's mean seek over random cylinder pairs.
 */
function table1Cause(r: ReturnType<typeof random8k>, paper: number): string {
  const p = r.parts, f = (x: number) => x.toFixed(2);
  const rest = r.meanMs - p.seekMs, third = r.fullStrokeMs / 3;
  return `Table 1 lists the figure among the drive's characteristics and does not say how it was taken. The model's ${f(r.meanMs)} ms: ` +
    `overhead ${f(p.overheadMs)} + seek ${f(p.seekMs)} (random cylinder pairs) + rotation ${f(p.rotationMs)} + media ${f(p.transferMs)} + ` +
    `switches ${f(p.switchMs)} + bus ${f(p.busMs)} ms. The paper's ${paper} ms leaves ${f(paper - rest)} ms for the seek ` +
    `(${f((paper - rest) / r.fullStrokeMs)} of the full stroke, ${f(r.fullStrokeMs)} ms); with the full stroke / 3 (${f(third)} ms, ` +
    `a datasheet "average" the paper's text names) the sum is ${f(rest + third)} ms (${(100 * ((rest + third) / paper - 1)).toFixed(1)} %)`;
}

/** Whether one datasheet-style reading of "average 8KB access" (table1.ts) gives both drives' figures. */
function table1Reading(e: Engine): string {
  const best = table1BestReading(e, [{ preset: 'hp-c2200a', paperMs: 33.6 }, { preset: 'hp-97560', paperMs: 22.8 }]);
  const pc = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)} %`;
  return `Read as a datasheet figure (one of the paper's four "average" seeks, half a revolution, 8 KB off the media, with or ` +
    `without the controller overhead and the bus after or overlapped with the media: 24 readings from the presets), ` +
    `${best.worst <= 0.05 ? 'one fits both drives within 5 %' : 'none fits both drives within 5 %'}: the closest for both is ` +
    `${best.way} (C2200A ${pc(best.errors[0])}, 97560 ${pc(best.errors[1])})`;
}

/** Mean |linear - curve| seek time over the distances 1..C-1: each distance alike, and weighted as random pairs of cylinders (C - d). */
export function linearSeekError(e: Engine, presetId: string): { uniform: number; randomPairs: number } {
  const sim = e.createSim(SEED);
  try {
    const d = configureDisk(sim, loadPreset(presetId)), c = sim.diskCylinders(d);
    const curve = Array.from({ length: c - 1 }, (_, i) => sim.seekTime(d, i + 1));
    sim.diskSet(d, DiskParam.SeekLinear, 1);
    let u = 0, w = 0, ws = 0;
    for (let x = 1; x < c; x++) {
      const diff = Math.abs(sim.seekTime(d, x) - curve[x - 1]);
      u += diff; ws += (c - x) * diff; w += c - x;
    }
    return { uniform: u / (c - 1), randomPairs: ws / w };
  } finally {
    sim.dispose();
  }
}

export function ladderRows(e: Engine): FidelityRow[] {
  const { ladder, results } = ladderResults(e, 'hp-c2200a');
  const by = (id: string) => results.find((r) => r.id === id)!;
  const order = ['a', 'b', 'c'].map((id) => by(id).relative);
  const decreasing = order[0] > order[1] && order[1] > order[2] && order[2] > by('d').relative;
  const posMean = 100 * (by('c').meanMs / by('d').meanMs - 1);
  const rows: FidelityRow[] = [
    {
      id: 'rw-c2200-order', source: 'Fig. 4a-d captions: 35 > 15 > 6.2 > 2.6 %',
      what: `demerit of rungs a-c against rung d, strictly decreasing (model: ${order.map((x) => `${(100 * x).toFixed(1)} %`).join(' > ')})`,
      paper: 1, model: decreasing ? 1 : 0, tolerance: 0, unit: 'ordered',
      why: 'only the order is comparable: the reference is the final model on a synthetic workload, not the HP-UX traces', pass: decreasing,
    },
    {
      id: 'rw-c2200-pos-mean', source: 'Fig. 4c vs 4: 24.31 vs 25.36 ms',
      what: 'rung c mean / rung d mean - 1', paper: -4.1, model: posMean, tolerance: 4, unit: '%',
      why: 'the range [-8, 0] %: rung c lacks only rotational position and layout detail, which the paper found to cost a few percent of the mean',
      pass: posMean >= -8 && posMean <= 0,
    },
  ];
  if (!rows[1].pass) {
    // The cause, measured: rung c with rung d's (detailed) transfer, and rung d with a 4-sector (1 KB) fence.
    const preset = loadPreset(ladder.disk), c = ladder.rungs.find((r) => r.id === 'c')!;
    const cDetailed = mean(runRung(e, preset, { ...c, disk: { ...c.disk, transfer_model: 0 } }, ladder.workload, SEED));
    const dFence = mean(runRung(e, preset, { ...ladder.rungs.find((r) => r.id === 'd')!, disk: { read_fence_sectors: 4 } }, ladder.workload, SEED));
    rows[1].knownMiss = `rung d transfers 8 KB reads without overlap: the preset's read fence (8 KB, an estimate: Table 2 lost its digit) ` +
      `is the whole request, so the bus starts only after the media has read it all (media then bus), where rungs b and c transfer ` +
      `linearly at the bus rate. Rung c with rung d's transfer: ${cDetailed.toFixed(2)} ms (${(100 * (cDetailed / by('d').meanMs - 1)).toFixed(1)} %, ` +
      `in range); rung d with a 1 KB fence: ${dFence.toFixed(2)} ms. The calibrated workload's seeks are short ` +
      `(region_lbns ${ladder.workload.region_lbns}), so transfer weighs more than in the paper's traces`;
  }
  const lin = linearSeekError(e, 'hp-c2200a');
  rows.push({
    id: 'rw-c2200-linear-seek', source: '"A simple model": the mean difference between the linear seek model and the real one is 2.66 ms',
    what: `mean |linear - curve| over seek distances 1..1448, each distance alike (weighted as random cylinder pairs: ${lin.randomPairs.toFixed(2)} ms); the line through the curve's own ends (4.05, 28.18 ms)`,
    paper: 2.66, model: lin.uniform, tolerance: 0.266, unit: 'ms',
    why: '10 %: the paper averages over its traces\' seek distances, which are not available, and its line runs through published end times that were lost in the extraction',
    pass: Math.abs(lin.uniform - 2.66) <= 0.266,
  });
  const c8r = random8k(e, 'hp-c2200a'), h8r = random8k(e, 'hp-97560');
  const c8 = c8r.meanMs, h8 = h8r.meanMs;
  rows.push({
    id: 'rw-c2200-8k', source: 'Table 1: average 8KB access 33.6 ms', what: 'random 8 KB reads over the disk, one at a time, full model',
    paper: 33.6, model: c8, tolerance: 33.6 * 0.05, unit: 'ms',
    why: '5 %: informative; Table 1 does not say how its average was measured, and the preset\'s read fence (8 KB) is an estimate (its digit was lost)',
    pass: Math.abs(c8 - 33.6) <= 33.6 * 0.05,
  });
  rows.push({
    id: 'rw-97560-8k', source: 'Table 1: average 8KB access 22.8 ms', what: 'random 8 KB reads over the disk, one at a time, full model',
    paper: 22.8, model: h8, tolerance: 22.8 * 0.05, unit: 'ms',
    why: '5 %: informative; Table 1 does not say how its average was measured',
    pass: Math.abs(h8 - 22.8) <= 22.8 * 0.05,
  });
  const row = (id: string) => rows.find((r) => r.id === id)!;
  const reading = row('rw-c2200-8k').pass && row('rw-97560-8k').pass ? '' : table1Reading(e);
  if (!row('rw-c2200-8k').pass)
    row('rw-c2200-8k').openMiss = `${table1Cause(c8r, 33.6)}. The spec's probe: 38.0 ms with the preset's 8 KB fence, 33.7 ms with a 1 KB fence, ` +
      `34.2 ms with 2 KB: Table 2's lost fence digit may be 1, but no source confirms it, so the preset keeps 8 KB. ${reading}`;
  if (!row('rw-97560-8k').pass)
    row('rw-97560-8k').openMiss = `${table1Cause(h8r, 22.8)}. ${reading}`;
  if (!row('rw-c2200-linear-seek').pass)
    row('rw-c2200-linear-seek').openMiss = `the distances the paper averaged over are its traces'; over random cylinder pairs the mean is ${lin.randomPairs.toFixed(2)} ms`;
  return rows;
}
