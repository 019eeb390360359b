/*
 * runService.ts — the explorer's run, inside the engine's worker: the setup
 * and its presets (one per device) become a sim (configureSetup: the devices,
 * the host and the volume, the workload), which runs in bounded slices; each slice hands back copies of the engine's event and
 * result records (transferable buffers) and statistics snapshots taken by the
 * engine (sp_stats_get + sp_response_histogram) every `stride` completions:
 * all devices, each device, and the volume (SP_HOST).
 *
 * The result buffer's capacity is the stride: sp_run stops (SP_MORE) when it
 * is full, which is exactly when a snapshot is due. Events past `eventLimit`
 * are no longer recorded (sp_output_configure(0, …)): a 100,000-request run
 * streams its results and statistics without holding every event.
 *
 * No worker globals: the same code runs under Vitest in Node.
 */
import { codeOf, DiskParam, EVENT, EngineError, HOST, HostParam, Policy, RESULT, Status, WorkloadParam, wordsOf, type Engine, type Sim } from '../../engine-wasm/binding';
import type { RunBeginParams, RunChunk, RunDisk, RunHost, RunInfo, Snapshot } from '../engine/runProtocol';
import { zoneBands } from './zoneBands';
import { configureSetup, SetupError } from '../state/applySetup';
import { validateDiskPreset, type DiskPreset } from '../state/diskPreset';
import { validateSetup } from '../state/setup';
import { TraceReplay } from '../trace/replay';

export const DEFAULT_EVENT_LIMIT = 400_000;
/** Snapshots per run, at most (each costs a scan of the engine's fine histogram). */
const MAX_SNAPSHOTS = 500;
const EVENT_CHUNK = 16_384;
const HIST_BINS_MAX = 120;

/**
 * Completions until the next snapshot, `completed` completions into a run whose steady stride
 * is `stride`: one at a time at first, then growing by an eighth, so the statistics follow the
 * first requests a long run plays (with a million requests the steady stride is 2,000).
 */
export function snapshotStride(completed: number, stride: number): number {
  return Math.min(stride, Math.max(1, Math.floor(completed / 8)));
}

const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/** Seek distances to sample: every one up to 512, then about 1500 more, spread out, ending at the full stroke. */
export function seekSampleDistances(cylinders: number): Int32Array {
  const maxD = Math.max(0, cylinders - 1);
  const out: number[] = [];
  for (let d = 0; d <= Math.min(maxD, 512); d++) out.push(d);
  if (maxD > 512) {
    const n = 1500;
    let last = 512;
    for (let i = 1; i <= n; i++) {
      const d = Math.round(512 + ((maxD - 512) * i) / n);
      if (d > last) out.push((last = d));
    }
  }
  return Int32Array.from(out);
}

/** A "nice" bin width (1, 2 or 5 × 10^k ms) so that `max` fits in about `bins` bins; at least the engine's 0.01 ms. */
export function niceBinMs(max: number, bins = 40): number {
  const raw = Math.max(max / bins, 0.01);
  const p = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw - 1e-12) return Math.max(0.01, m * p);
  return 10 * p;
}

/** One configured device as the page needs it: every number read from the engine. */
export function runDisk(sim: Sim, disk: number, preset: DiskPreset, approximations: string[]): RunDisk {
  const cylinders = sim.diskCylinders(disk);
  const seekDistances = seekSampleDistances(cylinders);
  const seekMs = Float64Array.from(seekDistances, (d) => sim.seekTime(disk, d));
  const params: Record<string, number> = {};
  for (const [name, p] of Object.entries(DiskParam)) if (p !== DiskParam.Count) params[name] = sim.diskGet(disk, p);
  return {
    presetId: preset.id,
    name: preset.name,
    capacity: sim.diskCapacity(disk),
    cylinders,
    surfaces: sim.diskGet(disk, DiskParam.Surfaces),
    revolutionMs: sim.revolutionMs(disk),
    rpm: sim.diskGet(disk, DiskParam.Rpm),
    sectorBytes: sim.diskGet(disk, DiskParam.SectorBytes),
    zones: zoneBands(sim, disk),
    seekDistances,
    seekMs,
    params,
    approximations,
    headCyl: sim.headCyl(disk),
    headSurface: sim.headSurface(disk),
    index: disk,
  };
}

/** A disk of a streamed run: the engine's index and the preset it was configured from. */
export interface StreamedDisk {
  index: number;
  preset: DiskPreset;
  approximations?: string[];
}

export interface StreamOptions {
  /** Requests the run will complete. */
  total: number;
  eventLimit?: number;
  /** A trace replay that drives the sim (runs instead of sim.run). */
  replay?: TraceReplay;
  /** The volume's capacity, when the caller knows it (else sp_volume_capacity). */
  capacity?: number;
  /** The run ends at this simulated time (a workload that never stops, as the file-system experiment's clients). */
  untilMs?: number;
}

export class RunService {
  private sim: Sim | undefined;
  /** The engine's index of each device of the run. */
  private devices: number[] = [];
  private info: RunInfo | undefined;
  private recordEvents = true;
  private eventsKept = 0;
  /** The trace replayed instead of the synthetic workload, if any (it drives the sim). */
  private replay: TraceReplay | undefined;
  /** Completions between snapshots now (the results chunk's size): grows to the run's stride. */
  private resultCap = 1;
  /** Results streamed so far; equal to the engine's completions when none is carried over. */
  private delivered = 0;
  /** The snapshot stride still grows (one-disk runs of the synthetic workload). */
  private growing = false;
  /** Where the run ends (-1: when its requests are done). */
  private untilMs = -1;

  constructor(readonly engine: Engine) {}

  runBegin({ setup, presets, preset, eventLimit = DEFAULT_EVENT_LIMIT, trace }: RunBeginParams): RunInfo {
    this.runEnd();
    const errors = validateSetup(setup);
    if (errors.length) throw new SetupError(errors[0].field, errors.map((e) => e.message).join('; '));
    // Every device's preset, validated once per preset id.
    const byId = new Map<string, DiskPreset>();
    const jsons = setup.devices.map((d, i) => presets?.[i] ?? (presets ? undefined : preset));
    setup.devices.forEach((d, i) => {
      if (byId.has(d.preset)) return;
      const json = jsons[i] ?? jsons.find((_, k) => setup.devices[k].preset === d.preset && jsons[k] !== undefined);
      if (json === undefined) throw new SetupError(`devices[${i}].preset`, `no preset JSON sent for "${d.preset}"`);
      const v = validateDiskPreset(json);
      if (!v.ok) {
        throw new SetupError(`devices[${i}].preset`, `preset ${d.preset}: ${v.errors.slice(0, 3).map((e) => `${e.field}: ${e.message}`).join('; ')}`);
      }
      if (v.preset.id !== d.preset) throw new SetupError(`devices[${i}].preset`, `asked for "${d.preset}", got "${v.preset.id}"`);
      byId.set(d.preset, v.preset);
    });
    const sim = this.engine.createSim(setup.seed);
    try {
      const approximations: string[][] = setup.devices.map(() => []);
      const built = configureSetup(sim, setup, (id) => byId.get(id), {
        onApproximation: (i, a) => { approximations[i]?.push(`${a.field}: ${a.message}`); },
      });
      let replay: TraceReplay | undefined;
      if (trace) {
        sim.workloadSet(WorkloadParam.Count, 0);
        replay = new TraceReplay(sim, trace.columns, trace.mode);
      }
      const devices = built.devices.map((index, i) => ({ index, preset: byId.get(setup.devices[i].preset)!, approximations: approximations[i] }));
      return this.adopt(sim, devices, { total: replay ? replay.total : setup.workload.count, eventLimit, replay, capacity: built.capacity });
    } catch (e) {
      sim.dispose();
      throw e;
    }
  }

  /**
   * Streams a sim the caller configured (a page's own experiment: its
   * devices, policy and requests), exactly as a setup's run is streamed; the
   * service owns the sim from here (runEnd or the next run disposes it).
   * `devices`: the disks the stage draws, with their presets; `total`: the
   * requests the run will complete (for the snapshot stride and progress).
   */
  adopt(sim: Sim, devices: readonly StreamedDisk[], options: StreamOptions): RunInfo {
    this.runEnd();
    try {
      const { total, eventLimit = DEFAULT_EVENT_LIMIT, replay } = options;
      const stride = Math.max(1, Math.ceil(total / MAX_SNAPSHOTS));
      // Snapshots come often at first and then every `stride` completions. The chunk size only
      // changes when no result is held over (reconfiguring the output drops those), which the
      // statistics show for a one-disk run: completions = results streamed.
      const growing = !replay && sim.hostGet(HostParam.Policy) === Policy.Identity && sim.hostGet(HostParam.QueueDepth) === 0 && stride > 1;
      const resultCap = growing ? snapshotStride(0, stride) : stride;
      (replay ?? sim).outputConfigure(eventLimit > 0 ? EVENT_CHUNK : 0, resultCap);
      const runDisks = devices.map((d) => runDisk(sim, d.index, d.preset, d.approximations ?? []));
      const policy = wordsOf('Policy').find((name) => codeOf('Policy', name) === sim.hostGet(HostParam.Policy)) ?? 'identity';
      const hostQueueDepth = sim.hostGet(HostParam.QueueDepth);
      const host: RunHost = {
        policy,
        capacity: options.capacity ?? sim.volumeCapacity(),
        firstDevice: sim.hostGet(HostParam.FirstDevice),
        devices: sim.hostGet(HostParam.Devices),
        stripeSectors: sim.hostGet(HostParam.StripeSectors),
        stripeTracks: sim.hostGet(HostParam.StripeTracks),
        scheduler: sim.hostGet(HostParam.Scheduler),
        queueDepth: hostQueueDepth,
        passThrough: policy === 'identity' && hostQueueDepth === 0,
      };
      const info: RunInfo = {
        disk: runDisks[0],
        devices: runDisks,
        host,
        total,
        stride,
        eventLimit,
        startMs: sim.now(),
      };
      this.sim = sim;
      this.devices = devices.map((d) => d.index);
      this.replay = replay;
      this.info = info;
      this.recordEvents = eventLimit > 0;
      this.eventsKept = 0;
      this.resultCap = resultCap;
      this.growing = growing;
      this.delivered = 0;
      this.untilMs = options.untilMs ?? -1;
      return info;
    } catch (e) {
      sim.dispose();
      throw e;
    }
  }

  /** One bounded slice of the run: runs until about `budgetMs` of work is done, or the run ends. */
  runNext({ budgetMs = 30 }: { budgetMs?: number } = {}): RunChunk {
    const sim = this.sim;
    const info = this.info;
    if (!sim || !info) throw new EngineError(Status.State, 'no run in progress (runBegin first)');
    const src = this.replay ?? sim;
    const t0 = now();
    const eventParts: ArrayBuffer[] = [];
    const resultParts: ArrayBuffer[] = [];
    let eventCount = 0;
    let resultCount = 0;
    const snapshots: Snapshot[] = [];
    let status: Status;
    do {
      status = this.replay ? this.replay.run() : sim.run(this.untilMs);
      const res = src.results();
      const full = res.count === this.resultCap;
      if (res.count > 0) {
        resultParts.push(res.copyBytes());
        resultCount += res.count;
        this.delivered += res.count;
      }
      if (this.recordEvents) {
        const ev = src.events();
        if (ev.count > 0) {
          eventParts.push(ev.copyBytes());
          eventCount += ev.count;
          this.eventsKept += ev.count;
        }
        // Reconfiguring clears both output buffers: only after both are copied.
        if (this.eventsKept >= info.eventLimit) {
          this.recordEvents = false;
          src.outputConfigure(0, this.resultCap);
        }
      }
      if (status === Status.Ok || full) {
        const snap = this.snapshot();
        snapshots.push(snap);
        const next = snapshotStride(snap.stats.completed, info.stride);
        if (this.growing && status === Status.More && next !== this.resultCap && snap.stats.completed === this.delivered) {
          src.outputConfigure(this.recordEvents ? EVENT_CHUNK : 0, next);
          this.resultCap = next;
          this.growing = next < info.stride;
        }
      }
    } while (status === Status.More && now() - t0 < budgetMs && eventCount < 200_000);
    const done = status === Status.Ok;
    const events = concat(eventParts, eventCount * EVENT.size);
    const results = concat(resultParts, resultCount * RESULT.size);
    const last = snapshots[snapshots.length - 1];
    return {
      events,
      eventCount,
      results,
      resultCount,
      snapshots,
      completed: last ? last.stats.completed : -1,
      simTimeMs: sim.now(),
      done,
      eventsStopped: !this.recordEvents,
    };
  }

  runEnd(): null {
    this.sim?.dispose();
    this.sim = undefined;
    this.replay = undefined;
    this.info = undefined;
    return null;
  }

  private snapshot(): Snapshot {
    const sim = this.sim!;
    const stats = sim.statsGet(-1);
    const binMs = niceBinMs(stats.responseMaxMs > 0 ? stats.responseMaxMs : 1);
    const bins = Math.min(HIST_BINS_MAX, Math.floor(Math.max(stats.responseMaxMs, 0) / binMs) + 1);
    const hist = sim.responseHistogram(-1, binMs, bins);
    return { stats, histBinMs: binMs, hist, devices: this.devices.map((d) => sim.statsGet(d)), volume: sim.statsGet(HOST) };
  }
}

function concat(parts: ArrayBuffer[], bytes: number): ArrayBuffer {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(bytes);
  let at = 0;
  for (const p of parts) {
    out.set(new Uint8Array(p), at);
    at += p.byteLength;
  }
  return out.buffer;
}
