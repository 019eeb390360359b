/*
 * replay.ts — a parsed trace run through the engine, open or closed, with
 * the same calls as a Sim's own run loop (outputConfigure, run, events,
 * results), so a run loop written for a synthetic workload replays a trace
 * unchanged (the worker's run, the command line).
 *
 *  - open: each request arrives at its trace time. Requests are submitted a
 *    window ahead; the sim runs until the next unsubmitted arrival
 *    (sp_run's until), so no arrival is ever in the simulated past and the
 *    engine never holds the whole trace at once.
 *  - closed (DiskSim's validate mode): one request outstanding; request 0
 *    is issued at 0, request k at completion(k−1) + think(k−1): each is
 *    submitted with SP_SUBMIT_AFTER_PREVIOUS and its think time, a window
 *    ahead, and the engine issues it at its predecessor's completion, so the
 *    sim runs in ordinary chunks.
 * Results are gathered across those runs into chunks of exactly the size
 * the caller configured, so its "one snapshot per full chunk" logic holds.
 */
import { EngineError, EVENT, EventView, RESULT, ResultView, Status, SubmitFlag, type Sim } from '../../engine-wasm/binding';
import type { ReplayMode, TraceColumns } from './types';

/** The columns a replay needs. */
export type ReplayColumns = Pick<TraceColumns, 'count' | 'arrivalMs' | 'thinkMs' | 'lbn' | 'sectors' | 'isWrite'> & { line?: Uint32Array };

/**
 * The one place a trace request enters the engine: a logical request to the volume (sp_submit).
 * afterPrevious: arrivalMs is a think time after the previous request's completion (closed replay).
 */
export function submitRequest(sim: Sim, arrivalMs: number, lbn: number, sectors: number, isWrite: boolean,
                              afterPrevious = false): number {
  return sim.submit(arrivalMs, lbn, sectors, (isWrite ? SubmitFlag.Write : 0) | (afterPrevious ? SubmitFlag.AfterPrevious : 0));
}

/** Blocks a trace may address: the volume's (commits the host settings). */
export function replayCapacity(sim: Sim): number {
  return sim.volumeCapacity();
}

export class TraceReplayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TraceReplayError';
  }
}

/** Requests submitted ahead of the completions in open replay. */
const WINDOW = 8192;
/** sp_run calls one run() makes at most before handing back (the caller's loop checks its time budget). */
const RUNS_PER_CALL = 4096;

class Growable {
  bytes = new Uint8Array(0);
  count = 0;
  constructor(private readonly size: number) {}
  add(src: Uint8Array, n: number): void {
    const need = (this.count + n) * this.size;
    if (need > this.bytes.length) {
      const b = new Uint8Array(Math.max(need, this.bytes.length * 2, 64 * this.size));
      b.set(this.bytes.subarray(0, this.count * this.size));
      this.bytes = b;
    }
    this.bytes.set(src, this.count * this.size);
    this.count += n;
  }
}

export class TraceReplay {
  private next = 0;
  private completed = 0;
  private evcap = 0;
  private rescap = 1024;
  /** The result capacity the sim is configured with now. */
  private simRescap = -1;
  private simEvcap = -1;
  private ev = new Growable(EVENT.size);
  private res = new Growable(RESULT.size);
  private finished = false;

  constructor(readonly sim: Sim, readonly trace: ReplayColumns, readonly mode: ReplayMode) {
    const cap = replayCapacity(sim);
    for (let i = 0; i < trace.count; i++) {
      if (trace.lbn[i] + trace.sectors[i] > cap) {
        throw new TraceReplayError(`${this.where(i)}: lbn ${trace.lbn[i]} + ${trace.sectors[i]} sectors runs past the last block of the volume (${cap - 1}); ` +
          `the trace needs a volume of at least ${(trace.lbn[i] + trace.sectors[i]).toLocaleString('en')} blocks`);
      }
    }
    this.configure();
  }

  /** Requests the replay will issue. */
  get total(): number {
    return this.trace.count;
  }

  private where(i: number): string {
    return this.trace.line ? `trace line ${this.trace.line[i]}` : `trace request ${i + 1}`;
  }

  /** Like Sim.outputConfigure: the event and result chunk sizes the caller reads. */
  outputConfigure(eventCapacity: number, resultCapacity: number): void {
    this.evcap = Math.max(0, eventCapacity);
    this.rescap = Math.max(1, resultCapacity);
    this.ev.count = 0;
    this.res.count = 0;
    this.configure();
  }

  private configure(want = this.rescap - this.res.count): void {
    if (want === this.simRescap && this.evcap === this.simEvcap) return;
    this.sim.outputConfigure(this.evcap > 0 ? this.evcap : 0, want);
    this.simRescap = want;
    this.simEvcap = this.evcap;
  }

  private submit(i: number, at: number, afterPrevious: boolean): void {
    try {
      submitRequest(this.sim, at, this.trace.lbn[i], this.trace.sectors[i], this.trace.isWrite[i] === 1, afterPrevious);
    } catch (e) {
      if (e instanceof EngineError) throw new EngineError(e.code, `${this.where(i)}: ${e.message}`, e.fn, e.field);
      throw e;
    }
  }

  /** Like Sim.run(): Status.Ok once every request of the trace completed, Status.More when a chunk is ready or work remains. */
  run(): typeof Status.Ok | typeof Status.More {
    this.ev.count = 0;
    this.res.count = 0;
    if (this.finished) return Status.Ok;
    const t = this.trace;
    for (let calls = 0; calls < RUNS_PER_CALL; calls++) {
      let until = -1;
      const end = Math.min(t.count, this.completed + WINDOW);
      if (this.mode === 'open') {
        while (this.next < end) { this.submit(this.next, t.arrivalMs[this.next], false); this.next++; }
        if (this.next < t.count) until = t.arrivalMs[this.next];
      } else {
        // Request k arrives think(k−1) after request k−1 completes (request 0 at the start).
        while (this.next < end) { this.submit(this.next, this.next === 0 ? 0 : t.thinkMs[this.next - 1], true); this.next++; }
      }
      // Closed: at most half a window of results per sp_run, so the list never runs dry
      // mid-trace (a request submitted to an empty list would count its think time from
      // sp_now(), not from its predecessor's completion).
      this.configure(this.mode === 'open' ? this.rescap - this.res.count : Math.min(this.rescap - this.res.count, WINDOW / 2));
      const st = this.sim.run(until);
      const evs = this.sim.events();
      if (this.evcap > 0 && evs.count > 0) this.ev.add(new Uint8Array(evs.buffer, evs.byteOffset, evs.count * EVENT.size), evs.count);
      const rs = this.sim.results();
      if (rs.count > 0) {
        this.res.add(new Uint8Array(rs.buffer, rs.byteOffset, rs.count * RESULT.size), rs.count);
        this.completed += rs.count;
      }
      if (st === Status.Ok && this.next >= t.count && this.sim.done()) {
        this.finished = true;
        this.configure(this.rescap);
        return Status.Ok;
      }
      if (this.res.count >= this.rescap || (this.evcap > 0 && this.ev.count >= this.evcap)) {
        this.configure(this.rescap);
        return Status.More;
      }
    }
    this.configure(this.rescap);
    return Status.More;
  }

  /** The events of the last run() (a view over the replay's own copy). */
  events(): EventView {
    return new EventView(this.ev.bytes.buffer, 0, this.ev.count);
  }

  /** The results of the last run(). */
  results(): ResultView {
    return new ResultView(this.res.bytes.buffer, 0, this.res.count);
  }

  /** Requests completed so far. */
  get completedCount(): number {
    return this.completed;
  }
}
