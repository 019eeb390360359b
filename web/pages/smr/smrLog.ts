/*
 * smrLog.ts — the shingled drive's media cache and cleaning over time, read
 * from the engine's events as a run streams in: each MC_APPEND (a write put
 * in the media cache: its sectors, the cache's fill after it, the band it
 * belongs to), each BAND_CLEAN start (the band, its length) and end (the
 * cached sectors it merged, which the cache frees). The fill at an instant
 * is the last append's, less what the cleans ended since freed; a band's
 * cached sectors are its appends since its last clean; a write's stall is
 * the time from its arrival (its result) to its append. Pure: the playback
 * and the tests read it the same way.
 */
import { EventKind } from '../../../engine-wasm/binding/constants';

/** The event fields read (an EventSeq or an EventView). */
export interface EventsLike {
  count: number;
  kind(i: number): number;
  time(i: number): number;
  dur(i: number): number;
  req(i: number): number;
  cyl(i: number): number;
  a(i: number): number;
  b(i: number): number;
  get(i: number, key: 'c'): number;
}

export interface Append { timeMs: number; req: number; cyl: number; sectors: number; band: number }
export interface Clean { startMs: number; durMs: number; band: number; merged: number; ended: boolean }

export class SmrLog {
  readonly appends: Append[] = [];
  readonly cleans: Clean[] = [];
  /** The cache's fill after each change, in time order (the engine's figures). */
  private fillTimes: number[] = [];
  private fillUsed: number[] = [];
  private appendTimes: number[] = [];
  /** Band changes in event order: sectors appended (> 0) or the band cleaned (-1). */
  private bandTimes: number[] = [];
  private bandOf: number[] = [];
  private bandAdd: number[] = [];
  private read = 0;

  /** Reads the events that arrived since the last call. */
  update(ev: EventsLike): void {
    for (; this.read < ev.count; this.read++) {
      const i = this.read;
      const kind = ev.kind(i);
      if (kind === EventKind.McAppend) {
        const t = ev.time(i);
        this.appends.push({ timeMs: t, req: ev.req(i), cyl: ev.cyl(i), sectors: ev.a(i), band: ev.get(i, 'c') });
        this.appendTimes.push(t);
        this.pushFill(t, ev.b(i));
        this.pushBand(t, ev.get(i, 'c'), ev.a(i));
      } else if (kind === EventKind.BandClean && ev.b(i) === 1) {
        this.cleans.push({ startMs: ev.time(i), durMs: ev.dur(i), band: ev.a(i), merged: ev.get(i, 'c'), ended: false });
      } else if (kind === EventKind.BandClean) {
        const t = ev.time(i);
        for (let k = this.cleans.length - 1; k >= 0; k--) {
          if (this.cleans[k].band === ev.a(i) && !this.cleans[k].ended) { this.cleans[k].ended = true; break; }
        }
        this.pushFill(t, this.fillAt(t) - ev.get(i, 'c'));
        this.pushBand(t, ev.a(i), -1);
      }
    }
  }

  private pushFill(t: number, used: number): void {
    this.fillTimes.push(t);
    this.fillUsed.push(used);
  }

  private pushBand(t: number, band: number, add: number): void {
    this.bandTimes.push(t);
    this.bandOf.push(band);
    this.bandAdd.push(add);
  }

  /** Changes at or before t (binary search over times in order). */
  private countTo(times: readonly number[], t: number): number {
    let lo = 0;
    let hi = times.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (times[mid] <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Sectors in the media cache at t. */
  fillAt(t: number): number {
    const k = this.countTo(this.fillTimes, t);
    return k > 0 ? this.fillUsed[k - 1] : 0;
  }

  /** Appends and cleans ended by t. */
  appendsTo(t: number): number {
    return this.countTo(this.appendTimes, t);
  }

  cleansEndedTo(t: number): number {
    return this.cleans.filter((c) => c.ended && c.startMs + c.durMs <= t).length;
  }

  /** The clean under way at t, if any. */
  cleanAt(t: number): Clean | null {
    for (let k = this.cleans.length - 1; k >= 0; k--) {
      const c = this.cleans[k];
      if (c.startMs <= t) return t < c.startMs + c.durMs ? c : null;
    }
    return null;
  }

  /** Each band's sectors in the cache, as of the first `k` band changes (kept: the clock moves forward a few changes per frame). */
  private held = { k: 0, bands: new Map<number, number>() };

  /** Band changes (a band's sectors added to or written back from the cache) at or before t. */
  bandChangesTo(t: number): number {
    return this.countTo(this.bandTimes, t);
  }

  /**
   * Each band's sectors in the cache at t (bands with none left out). The log's own map, brought
   * forward from the last instant asked (from the start when t is earlier): read it before asking again.
   */
  bandsAt(t: number): ReadonlyMap<number, number> {
    const k = this.bandChangesTo(t);
    if (k < this.held.k) this.held = { k: 0, bands: new Map() };
    const out = this.held.bands;
    for (let i = this.held.k; i < k; i++) {
      const band = this.bandOf[i];
      if (this.bandAdd[i] < 0) out.delete(band);
      else out.set(band, (out.get(band) ?? 0) + this.bandAdd[i]);
    }
    this.held.k = k;
    return out;
  }

  /** Appends within `windowMs` before t (the ones to light up). */
  recentAppends(t: number, windowMs: number): Append[] {
    const out: Append[] = [];
    for (let k = this.appends.length - 1; k >= 0 && this.appends[k].timeMs > t - windowMs; k--) {
      if (this.appends[k].timeMs <= t) out.push(this.appends[k]);
    }
    return out;
  }

  /**
   * Time writes waited for a clean by t: each append's time less its write's
   * arrival (0 for a write appended as it arrived); `arrival` gives a
   * request's arrival from its result (undefined: not received yet, counted 0).
   */
  stallTo(t: number, arrival: (req: number) => number | undefined): { ms: number; writes: number } {
    let ms = 0;
    let writes = 0;
    for (const a of this.appends) {
      if (a.timeMs > t) break;
      const at = arrival(a.req);
      if (at !== undefined && a.timeMs > at) {
        ms += a.timeMs - at;
        writes++;
      }
    }
    return { ms, writes };
  }
}
