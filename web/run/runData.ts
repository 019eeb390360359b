/*
 * runData.ts — what the page holds of one run: the engine's event and result
 * records as they arrived, chunk by chunk (each chunk's transferred buffer is
 * kept as is and read through the binding's record views: no copy, no
 * decoding into objects), the statistics snapshots, and the run's devices
 * and host. Device requests and logical requests (records with disk = -1)
 * are indexed apart: their ids count separately. The
 * playback and the panels read from here; nothing in it is computed by the page.
 */
import { EventView, ResultView, type RecordView } from '../../engine-wasm/binding/records';
import type { RunChunk, RunInfo, Snapshot } from '../engine/runProtocol';

/** Records spread over chunks, indexed as one sequence. Sequential reads find their chunk at once. */
class Chunked<V extends { count: number }> {
  readonly views: V[] = [];
  private starts: number[] = [];
  count = 0;
  private last = 0;

  push(v: V): void {
    if (v.count === 0) return;
    this.views.push(v);
    this.starts.push(this.count);
    this.count += v.count;
  }

  /** The chunk holding record i (0 <= i < count). */
  protected chunk(i: number): number {
    const s = this.starts;
    let c = this.last;
    if (i >= s[c] && (c + 1 >= s.length || i < s[c + 1])) return c;
    if (c + 1 < s.length && i >= s[c + 1] && (c + 2 >= s.length || i < s[c + 2])) return (this.last = c + 1);
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (s[mid] <= i) lo = mid;
      else hi = mid - 1;
    }
    return (this.last = lo);
  }

  protected at0(i: number): [V, number] {
    if (i < 0 || i >= this.count) throw new RangeError(`record ${i} outside 0..${this.count - 1}`);
    const c = this.chunk(i);
    return [this.views[c], i - this.starts[c]];
  }
}

type EventKey = Parameters<EventView['get']>[1];
type ResultKey = Parameters<ResultView['get']>[1];

/** The run's events (sp_event), read like an EventView. */
export class EventSeq extends Chunked<EventView> {
  time(i: number): number { const [v, j] = this.at0(i); return v.time(j); }
  dur(i: number): number { const [v, j] = this.at0(i); return v.dur(j); }
  angle(i: number): number { const [v, j] = this.at0(i); return v.angle(j); }
  req(i: number): number { const [v, j] = this.at0(i); return v.req(j); }
  kind(i: number): number { const [v, j] = this.at0(i); return v.kind(j); }
  cyl(i: number): number { const [v, j] = this.at0(i); return v.cyl(j); }
  surface(i: number): number { const [v, j] = this.at0(i); return v.surface(j); }
  a(i: number): number { const [v, j] = this.at0(i); return v.a(j); }
  b(i: number): number { const [v, j] = this.at0(i); return v.b(j); }
  /** Device index (0xFFFF for the host's events). */
  disk(i: number): number { const [v, j] = this.at0(i); return v.disk(j); }
  /** The logical request the event belongs to (0xFFFFFFFF: none). */
  logical(i: number): number { const [v, j] = this.at0(i); return v.logical(j); }
  get(i: number, key: EventKey): number { const [v, j] = this.at0(i); return v.get(j, key); }
  at(i: number): ReturnType<EventView['at']> { const [v, j] = this.at0(i); return v.at(j); }
}

/** The run's results (sp_result), in completion order, read like a ResultView. */
export class ResultSeq extends Chunked<ResultView> {
  get(i: number, key: ResultKey): number { const [v, j] = this.at0(i); return v.get(j, key); }
  at(i: number): ReturnType<ResultView['at']> { const [v, j] = this.at0(i); return v.at(j); }
  /** -1 for a logical (volume) request's record. */
  disk(i: number): number { const [v, j] = this.at0(i); return v.disk(j); }
  logical(i: number): number { const [v, j] = this.at0(i); return v.logical(j); }
  parts(i: number): number { const [v, j] = this.at0(i); return v.parts(j); }
}

/** Request id → record index, growing as ids arrive. */
class IdIndex {
  private at: Int32Array;
  constructor(size: number) {
    this.at = new Int32Array(Math.min(Math.max(size, 1024), 1 << 20)).fill(-1);
  }
  set(id: number, index: number): void {
    if (id >= this.at.length) {
      let cap = this.at.length;
      while (cap <= id) cap *= 2;
      const next = new Int32Array(cap).fill(-1);
      next.set(this.at);
      this.at = next;
    }
    this.at[id] = index;
  }
  get(id: number): number {
    return id >= 0 && id < this.at.length ? this.at[id] : -1;
  }
}

/** Anything with per-record getters over sp_result fields (a ResultView or a ResultSeq). */
export type ResultsLike = Pick<RecordView<ResultKey>, 'get' | 'count'>;

export class RunData {
  readonly events = new EventSeq();
  readonly results = new ResultSeq();
  /** Index in `results` of each device request id (-1: not completed yet). */
  private byId: IdIndex;
  /** Index in `results` of each logical request's record (outside pass-through). */
  private byLogical: IdIndex;
  /** Logical records received (disk = -1). */
  logicalCount = 0;
  readonly snapshots: Snapshot[] = [];
  done = false;
  cancelled = false;
  eventsStopped = false;
  simTimeMs = 0;
  /** Completions the engine has reported so far (all of them, not just those played). */
  completed = 0;

  constructor(readonly info: RunInfo) {
    this.byId = new IdIndex(info.total);
    this.byLogical = new IdIndex(info.host?.passThrough === false ? info.total : 0);
  }

  get eventCount(): number {
    return this.events.count;
  }
  get resultCount(): number {
    return this.results.count;
  }

  append(c: RunChunk): void {
    this.events.push(new EventView(c.events, 0, c.eventCount));
    const first = this.results.count;
    const view = new ResultView(c.results, 0, c.resultCount);
    this.results.push(view);
    for (let j = 0; j < view.count; j++) {
      const id = view.get(j, 'id');
      // Logical ids count from 0 on their own: their records have an index of their own.
      if (view.disk(j) < 0) {
        this.byLogical.set(id, first + j);
        this.logicalCount++;
      } else this.byId.set(id, first + j);
    }
    for (const s of c.snapshots) this.snapshots.push(s);
    this.done = c.done;
    this.eventsStopped = c.eventsStopped;
    this.simTimeMs = c.simTimeMs;
    this.completed = c.completed >= 0 ? c.completed : this.results.count;
  }

  /** Index of a device request's result, or -1 if it has not completed (in what was received). */
  resultIndex(id: number): number {
    return this.byId.get(id);
  }

  /**
   * Index of a logical request's record, or -1 if it has not completed. In
   * pass-through a logical request is its device request (same id, no record of its own).
   */
  logicalIndex(id: number): number {
    return this.info.host?.passThrough === false ? this.byLogical.get(id) : this.byId.get(id);
  }

  /** The engine's latest statistics snapshot taken after at most `completed` completions. */
  snapshotAt(completed: number): Snapshot | undefined {
    const s = this.snapshots;
    let lo = 0;
    let hi = s.length - 1;
    let best = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (s[mid].stats.completed <= completed) {
        best = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return best >= 0 ? s[best] : undefined;
  }

  /** The final snapshot, once the run is done. */
  get finalSnapshot(): Snapshot | undefined {
    return this.done ? this.snapshots[this.snapshots.length - 1] : undefined;
  }
}
