/*
 * ladder.ts — the model ladder of Ruemmler & Wilkes (1994): one disk preset
 * run at several levels of fidelity (rungs: sets of the engine's
 * reduced-fidelity disk parameters, set before the disk's commit) on the
 * same synthetic workload, each rung's response-time distribution compared
 * with a reference rung's by the demerit figure (the engine's sp_demerit).
 * Pure over an Engine: the worker service, the fidelity rows and the tests
 * use it.
 */
import { ParamTable, Status, WorkloadParam, type DiskParam, type Engine, type Sim } from '../../../engine-wasm/binding';
import { configureDisk, type DiskPreset, type DiskSink } from '../../state/diskPreset';

export interface PaperFigures { meanMs: number; demeritMs: number; relativePct: number; table3?: { demeritMs: number; relativePct: number } }

export interface Rung {
  id: string;
  figure: string;
  label: string;
  features: string;
  /** Engine disk parameters by their table names, set on the preset before commit. */
  disk: Record<string, number>;
  paper: PaperFigures;
}

export interface Ladder {
  id: string;
  disk: string;
  name: string;
  source: string;
  paper: { realMeanMs: number; realMeanPlusMinusMs: number };
  reference: string;
  notes: string[];
  rungs: Rung[];
}

/** The synthetic "HP-UX-like" workload: engine workload parameters by name. */
export type LadderWorkload = Record<string, number>;

export class LadderError extends Error {
  constructor(readonly field: string, message: string) {
    super(`${field}: ${message}`);
    this.name = 'LadderError';
  }
}

function paramIndex(engine: Engine, table: ParamTable, name: string, field: string): DiskParam {
  const i = engine.paramTable(table).findIndex((p) => p.name === name);
  if (i < 0) throw new LadderError(field, `'${name}' is not an engine parameter`);
  return i as DiskParam;
}

/** A rung's sink: the preset goes through as configureDisk writes it; the
 * rung's parameters are set just before the commit (the layout model is
 * fixed at commit). No diskCapacity: a simple layout holds more LBNs than
 * the preset states, and that is the point of it. */
function rungSink(engine: Engine, sim: Sim, rung: Rung): DiskSink {
  return {
    diskAdd: () => sim.diskAdd(),
    diskSet: (d, p, v) => sim.diskSet(d, p, v),
    diskAddZone: (d, z) => sim.diskAddZone(d, z),
    diskSetZone: (d, z, p, v) => sim.diskSetZone(d, z, p, v),
    diskAddDefect: (d, x) => sim.diskAddDefect(d, x),
    diskAddSeekPoint: (d, x, ms) => sim.diskAddSeekPoint(d, x, ms),
    diskCommit: (d) => {
      for (const [name, v] of Object.entries(rung.disk))
        sim.diskSet(d, paramIndex(engine, ParamTable.Disk, name, `rungs.${rung.id}.disk.${name}`), v);
      sim.diskCommit(d);
    },
  };
}

/** A sim holding the preset's disk at this rung, its workload set (not run). */
export function rungSim(engine: Engine, preset: DiskPreset, rung: Rung, workload: LadderWorkload, seed: number): Sim {
  const sim = engine.createSim(seed);
  try {
    configureDisk(rungSink(engine, sim, rung), preset);
    for (const [name, v] of Object.entries(workload))
      sim.workloadSet(paramIndex(engine, ParamTable.Workload, name, `workload.${name}`) as WorkloadParam, v);
    return sim;
  } catch (e) {
    sim.dispose();
    throw e;
  }
}

/**
 * Runs one rung: each request's disk I/O time (completion − arrival; the
 * workload is closed with one request outstanding, so no request waits in a
 * queue: the paper's times exclude the driver's queue). Yields the requests
 * done so far between chunks (progress and cancel points).
 */
export function* runRungSteps(engine: Engine, preset: DiskPreset, rung: Rung, workload: LadderWorkload,
                              seed: number): Generator<number, Float64Array, void> {
  const sim = rungSim(engine, preset, rung, workload, seed);
  try {
    const n = sim.workloadGet(WorkloadParam.Count);
    const out = new Float64Array(n);
    let filled = 0;
    sim.outputConfigure(0, 4096);
    for (;;) {
      const st = sim.run();
      const r = sim.results();
      for (let i = 0; i < r.count && filled < n; i++) out[filled++] = r.get(i, 'completeMs') - r.get(i, 'arrivalMs');
      if (st === Status.Ok) break;
      yield filled;
    }
    if (filled !== n) throw new LadderError(`rungs.${rung.id}`, `the run completed ${filled} of ${n} requests`);
    return out;
  } finally {
    sim.dispose();
  }
}

export function runRung(engine: Engine, preset: DiskPreset, rung: Rung, workload: LadderWorkload, seed: number): Float64Array {
  const steps = runRungSteps(engine, preset, rung, workload, seed);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

export function mean(a: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i];
  return a.length ? s / a.length : NaN;
}

export interface RungResult {
  id: string;
  meanMs: number;
  /** Demerit against the reference rung (ms; relative to the reference's mean). */
  demeritMs: number;
  relative: number;
  /** Sorted response times (the CDF). */
  sorted: Float64Array;
}

/** One rung set against the reference sample: mean and demerit (sp_demerit). */
export function compareRung(engine: Engine, id: string, reference: Float64Array, model: Float64Array): RungResult {
  const { demeritMs, relative } = engine.demerit(reference, model);
  return { id, meanMs: mean(model), demeritMs, relative, sorted: Float64Array.from(model).sort() };
}

export function referenceRung(ladder: Ladder): Rung {
  const r = ladder.rungs.find((x) => x.id === ladder.reference);
  if (!r) throw new LadderError('reference', `'${ladder.reference}' names no rung`);
  return r;
}

/** Every rung of the ladder on the same workload and seed, against its reference rung. */
export function runLadder(engine: Engine, ladder: Ladder, preset: DiskPreset, workload: LadderWorkload, seed: number): RungResult[] {
  const samples = new Map(ladder.rungs.map((r) => [r.id, runRung(engine, preset, r, workload, seed)] as const));
  const ref = samples.get(referenceRung(ladder).id)!;
  return ladder.rungs.map((r) => compareRung(engine, r.id, ref, samples.get(r.id)!));
}
