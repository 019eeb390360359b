/*
 * engineService.ts — what the worker does for each method of the protocol,
 * over one Engine: the locator's sim of the current disk, the explorer's run
 * (runService.ts) and the experiments' streamed methods (their service.ts).
 * No worker globals, so the same code runs under Vitest in Node
 * (tests/engineService.test.ts). host.ts turns messages into calls.
 */
import { DiskParam, EngineError, Status, type Engine, type Sim } from '../../engine-wasm/binding';
import type { DiskSummary, EngineApi, LocateQuery, LocateResult, Method, Params, PickQuery, PickResult, ZoneBand } from '../engine/protocol';
import { validateDiskPreset, type DiskPreset } from '../state/diskPreset';
import { checkOverrides, configureDevice } from '../state/applySetup';
import type { DeviceOverrides } from '../state/setup';
import { angleToSlot } from '../lib/angle';
import { RunService } from './runService';
import type { RunBeginParams, RunChunk, RunInfo } from '../engine/runProtocol';
import type { ExtractParams, ExtractProgress, ExtractResult, SweepParams, SweepProgress, SweepResult } from '../pages/traxtents/protocol';
import { extractStream, sweepStream } from '../pages/traxtents/service';
import type { FfsParams, FfsProgress, FfsResult, LfsParams, LfsProgress, LfsResult, VideoParams, VideoProgress, VideoResult } from '../pages/traxsystem/protocol';
import { ffsStream, lfsStream, videoStream } from '../pages/traxsystem/service';
import type {
  AccessParams, AccessResult, FigureParams, FigureProgress, FigureResult, SweepParams as AtSweepParams, SweepProgress as AtSweepProgress, SweepResult as AtSweepResult,
} from '../pages/atropos/protocol';
import { atAccess, sweepStream as atSweepStream } from '../pages/atropos/service';
import { figureStream as atFigureStream } from '../pages/atropos/figures';
import type { RunParams as NvRunParams, RunResult as NvRunResult, SweepParams as NvSweepParams, SweepProgressNv, SweepResultNv } from '../pages/nvcache/protocol';
import { nvRun, nvSweepStream } from '../pages/nvcache/service';
import type { TraceParseParams, TraceParsed } from '../trace/protocol';
import type { ParseProgress } from '../trace/parse';
import { traceParseStream } from '../trace/service';
import type { ValProgress, ValRunParams, ValRunResult } from '../pages/validate/protocol';
import { valRunStream } from '../pages/validate/service';
import type { HomeworkRun } from '../pages/homework/run';
import { hwRun } from '../pages/homework/service';
import type { StepAnswer } from '../pages/learn/answer';
import { lessonStep } from '../pages/learn/service';
import type { LadderProgress, LadderRunParams } from '../pages/ladder/protocol';
import { ladderRunStream } from '../pages/ladder/service';
import type { RungResult } from '../pages/ladder/ladder';
import type { ReorgParams, ReorgProgress, ReorgResult } from '../pages/reorg/protocol';
import { reorgStream } from '../pages/reorg/service';

/** Zone bands of a committed disk, read track by track from the engine (surface 0). */
export function zoneBands(sim: Sim, disk: number): ZoneBand[] {
  const cylinders = sim.diskCylinders(disk);
  const surfaces = sim.diskGet(disk, DiskParam.Surfaces);
  const bands: ZoneBand[] = [];
  for (let cyl = 0; cyl < cylinders; cyl++) {
    const t = sim.trackInfo(disk, cyl * surfaces);
    const last = bands[bands.length - 1];
    if (last && last.zone === t.zone && last.slotsPerTrack === t.slots) {
      last.lastCyl = cyl;
    } else {
      bands.push({ zone: t.zone, firstCyl: cyl, lastCyl: cyl, slotsPerTrack: t.slots, lbnsPerTrack: t.lbnCount });
    }
  }
  return bands;
}

/** A preset the page sent, checked: its errors name their fields. */
export function parsePreset(json: unknown): DiskPreset {
  const v = validateDiskPreset(json);
  if (v.ok) return v.preset;
  const list = v.errors.slice(0, 5).map((e) => `${e.field}: ${e.message}`).join('; ');
  const more = v.errors.length > 5 ? ` (and ${v.errors.length - 5} more)` : '';
  throw new Error(`invalid disk preset: ${list}${more}`);
}

/** The methods the bridge may call: every one of the protocol, nothing else. */
const METHODS: Record<Method, true> = {
  loadPreset: true, locate: true, pick: true, runBegin: true, runNext: true, runEnd: true, traxSweep: true, traxExtract: true, traceParse: true,
  atAccess: true, atSweep: true, valRun: true, atFigure: true, nvRun: true, nvSweep: true, hwRun: true, lessonStep: true, tsVideo: true, tsLfs: true, tsFfs: true, ladderRun: true, reorgRun: true,
};

export class EngineService implements EngineApi {
  private sim: Sim | undefined;
  private disk = 0;

  /** The explorer's run (its own sim), in its own module. */
  private readonly runs: RunService;

  constructor(readonly engine: Engine) {
    this.runs = new RunService(engine);
  }

  runBegin(params: RunBeginParams): RunInfo {
    return this.runs.runBegin(params);
  }

  runNext(params: { budgetMs?: number }): RunChunk {
    return this.runs.runNext(params);
  }

  runEnd(): null {
    return this.runs.runEnd();
  }

  traxSweep(params: SweepParams): Generator<SweepProgress, SweepResult, void> {
    return sweepStream(this.engine, params);
  }

  traxExtract(params: ExtractParams): Generator<ExtractProgress, ExtractResult, void> {
    return extractStream(this.engine, params);
  }

  atAccess(params: AccessParams): AccessResult {
    return atAccess(this.engine, params);
  }

  atSweep(params: AtSweepParams): Generator<AtSweepProgress, AtSweepResult, void> {
    return atSweepStream(this.engine, params);
  }

  atFigure(params: FigureParams): Generator<FigureProgress, FigureResult, void> {
    return atFigureStream(this.engine, params);
  }

  nvRun(params: NvRunParams): NvRunResult {
    return nvRun(this.engine, params);
  }

  nvSweep(params: NvSweepParams): Generator<SweepProgressNv, SweepResultNv, void> {
    return nvSweepStream(this.engine, params);
  }

  tsVideo(params: VideoParams): Generator<VideoProgress, VideoResult, void> {
    return videoStream(this.engine, params);
  }

  tsLfs(params: LfsParams): Generator<LfsProgress, LfsResult, void> {
    return lfsStream(this.engine, params);
  }

  tsFfs(params: FfsParams): Generator<FfsProgress, FfsResult, void> {
    return ffsStream(this.engine, params);
  }

  hwRun(params: { values: Record<string, string> }): HomeworkRun {
    return hwRun(this.engine, params);
  }

  lessonStep(params: { step: unknown; presets?: Record<string, unknown> }): StepAnswer {
    return lessonStep(this.engine, params);
  }

  traceParse(params: TraceParseParams): Generator<ParseProgress, TraceParsed, void> {
    return traceParseStream(params);
  }

  valRun(params: ValRunParams): Generator<ValProgress, ValRunResult, void> {
    return valRunStream(this.engine, params);
  }

  ladderRun(params: LadderRunParams): Generator<LadderProgress, RungResult[], void> {
    return ladderRunStream(this.engine, params);
  }

  reorgRun(params: ReorgParams): Generator<ReorgProgress, ReorgResult, void> {
    return reorgStream(this.engine, params);
  }

  /**
   * Dispatches one bridge call by name; an unknown name is an error, not a
   * crash. A streamed method returns its generator, not yet started.
   */
  call<M extends Method>(method: M, params: Params<M>): ReturnType<EngineApi[M]> {
    if (typeof method !== 'string' || !Object.prototype.hasOwnProperty.call(METHODS, method)) {
      throw new Error(`unknown engine method: ${String(method)}`);
    }
    const fn = this[method] as unknown as (p: Params<M>) => ReturnType<EngineApi[M]>;
    return fn.call(this, params);
  }

  private current(): Sim {
    if (!this.sim) throw new EngineError(Status.State, 'no disk loaded yet (loadPreset first)');
    return this.sim;
  }

  loadPreset({ preset, overrides }: { preset: unknown; overrides?: DeviceOverrides }): DiskSummary {
    const parsed = parsePreset(preset);
    const device = { kind: 'disk' as const, preset: parsed.id, overrides: checkOverrides(overrides) };
    const sim = this.engine.createSim(0);
    let disk: number;
    try {
      disk = configureDevice(sim, device, parsed);
    } catch (e) {
      sim.dispose();
      throw e;
    }
    this.sim?.dispose();
    this.sim = sim;
    this.disk = disk;
    return {
      name: parsed.name,
      capacity: sim.diskCapacity(disk),
      cylinders: sim.diskCylinders(disk),
      surfaces: sim.diskGet(disk, DiskParam.Surfaces),
      trackCount: sim.diskTrackCount(disk),
      revolutionMs: sim.revolutionMs(disk),
      rpm: sim.diskGet(disk, DiskParam.Rpm),
      sectorBytes: sim.diskGet(disk, DiskParam.SectorBytes),
      zones: zoneBands(sim, disk),
    };
  }

  locate(query: LocateQuery): LocateResult {
    const sim = this.current();
    const d = this.disk;
    const phys = sim.lbnToPhys(d, query.lbn);
    const endPhys = sim.lbnToPhys(d, query.lbn + query.sectors - 1);
    const track = sim.trackInfo(d, sim.trackOfLbn(d, query.lbn));
    const breakdown = sim.accessTime(d, {
      fromCyl: query.fromCyl, fromSurface: query.fromSurface, startMs: query.startMs,
      lbn: query.lbn, sectors: query.sectors,
    });
    return { query, phys, endPhys, track, angleAtStart: sim.angleAt(d, query.startMs), breakdown };
  }

  pick(query: PickQuery): PickResult {
    const sim = this.current();
    const d = this.disk;
    const surfaces = sim.diskGet(d, DiskParam.Surfaces);
    if (!Number.isInteger(query.surface) || query.surface < 0 || query.surface >= surfaces) {
      throw new EngineError(Status.Range, `surface: ${query.surface} is outside 0..${surfaces - 1}`);
    }
    const track = sim.trackInfo(d, query.cyl * surfaces + query.surface);
    const slot = angleToSlot(query.angle, track.slot0Angle, track.slots);
    return { query, slot, lbn: sim.physToLbn(d, query.cyl, query.surface, slot) };
  }
}
