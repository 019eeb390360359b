/*
 * runData.ts — what the page holds of one run: the engine's event and result
 * records, appended chunk by chunk into growable buffers (read through the
 * binding's record views, never decoded into objects), the statistics
 * snapshots, and the run's disk. The playback and the panels read from here;
 * nothing in it is computed by the page.
 */
import { EventView, ResultView } from '../../engine-wasm/binding/records';
import { EVENT, RESULT } from '../../engine-wasm/binding/layout';
import type { RunChunk, RunInfo, Snapshot } from '../engine/runProtocol';

/** Records of one layout in a buffer that doubles when full. */
class Growable<V extends { count: number }> {
  private buf: ArrayBuffer;
  count = 0;
  view: V;

  constructor(private readonly size: number, private readonly make: (b: ArrayBuffer, n: number) => V, initial = 1024) {
    this.buf = new ArrayBuffer(initial * size);
    this.view = make(this.buf, 0);
  }

  append(bytes: ArrayBuffer, n: number): void {
    if (n === 0) return;
    const need = (this.count + n) * this.size;
    if (need > this.buf.byteLength) {
      let cap = this.buf.byteLength || this.size;
      while (cap < need) cap *= 2;
      const next = new ArrayBuffer(cap);
      new Uint8Array(next).set(new Uint8Array(this.buf, 0, this.count * this.size));
      this.buf = next;
    }
    new Uint8Array(this.buf, this.count * this.size, n * this.size).set(new Uint8Array(bytes, 0, n * this.size));
    this.count += n;
    this.view = this.make(this.buf, this.count);
  }
}

export class RunData {
  private ev = new Growable(EVENT.size, (b, n) => new EventView(b, 0, n));
  private res = new Growable(RESULT.size, (b, n) => new ResultView(b, 0, n));
  /** Index in `results` of each request id (-1: not completed yet). */
  private byId = new Int32Array(1024).fill(-1);
  readonly snapshots: Snapshot[] = [];
  done = false;
  cancelled = false;
  eventsStopped = false;
  simTimeMs = 0;
  /** Completions the engine has reported so far (all of them, not just those played). */
  completed = 0;

  constructor(readonly info: RunInfo) {}

  get events(): EventView {
    return this.ev.view;
  }
  get eventCount(): number {
    return this.ev.count;
  }
  get results(): ResultView {
    return this.res.view;
  }
  get resultCount(): number {
    return this.res.count;
  }

  append(c: RunChunk): void {
    this.ev.append(c.events, c.eventCount);
    const first = this.res.count;
    this.res.append(c.results, c.resultCount);
    const r = this.res.view;
    for (let i = first; i < this.res.count; i++) {
      const id = r.get(i, 'id');
      if (id >= this.byId.length) {
        let cap = this.byId.length;
        while (cap <= id) cap *= 2;
        const next = new Int32Array(cap).fill(-1);
        next.set(this.byId);
        this.byId = next;
      }
      this.byId[id] = i;
    }
    for (const s of c.snapshots) this.snapshots.push(s);
    this.done = c.done;
    this.eventsStopped = c.eventsStopped;
    this.simTimeMs = c.simTimeMs;
    if (c.completed >= 0) this.completed = c.completed;
    else this.completed = this.res.count;
  }

  /** Index of a request's result, or -1 if it has not completed (in what was received). */
  resultIndex(id: number): number {
    return id >= 0 && id < this.byId.length ? this.byId[id] : -1;
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
