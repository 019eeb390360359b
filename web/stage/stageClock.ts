/*
 * stageClock.ts — one simulated clock for every run on the stage. Each run is
 * a Playback of the engine's events; the clock moves them all to the same
 * instant, so two runs of different lengths stay in step and a finished run
 * holds its last state. While a run is still streaming, the clock waits at
 * the last event that run has sent (it never shows one run ahead of what
 * another can show).
 *
 * Stepping moves the clock to the next event of ANY run (or the next
 * completion), so every run is shown at that instant; back replays the runs
 * from their start to the previous event's instant (playbacks only move
 * forward). With a single run a step is exactly one event, and back undoes
 * one, so events that share an instant are seen one by one. Pure: no DOM,
 * the frame loop and the unit tests drive it.
 *
 * A run is a ClockRun: the explorer's Playback of the engine's event stream
 * by default, or any run that lists its events' instants the same way (the
 * homework's and the lessons' requests, phase by phase: phasePlayback.ts).
 */
import { EventKind } from '../../engine-wasm/binding/constants';
import { Playback } from '../run/playback';
import type { RunData } from '../run/runData';
import { fasterSpeed, slowerSpeed } from '../run/panelState';

/** What the clock reads of a run's data: its start, whether every event has arrived, and each event's instant and kind. */
export interface ClockRunData {
  readonly info: { readonly startMs?: number };
  readonly done: boolean;
  readonly eventsStopped?: boolean;
  readonly eventCount: number;
  readonly events: { time(i: number): number; kind(i: number): number };
}

/** A run the clock can play: a cursor over its events that only moves forward (Playback is one). */
export interface ClockRun {
  readonly data: ClockRunData;
  readonly cursor: number;
  readonly timeMs: number;
  readonly horizonMs: number;
  readonly finished: boolean;
  advanceTo(t: number): number;
  stepEvent(): boolean;
  stepRequest(): number;
}

/** The default run: the explorer's playback of the engine's events. */
const openPlayback = (data: RunData) => new Playback(data);

export class StageClock<R extends ClockRun = Playback> {
  /** The one clock, simulated ms. */
  timeMs = 0;
  playing = true;
  /** Slow-motion factor: simulated time runs 1/slow of real time. */
  slow: number;
  /** One playback per run slot; null until that run has begun. */
  readonly runs: (R | null)[];
  /** A run of `data` at its start: the clock makes one when a run joins and whenever it replays from the start. */
  private readonly open: (data: R['data']) => R;
  /** Why each slot's run could not begin (null: it has not failed). */
  private readonly failures: (string | null)[];

  /** `open` makes a run from its data; a Playback of the engine's events when not given. */
  constructor(slots: number, slow: number, open?: (data: R['data']) => R) {
    this.runs = Array.from({ length: slots }, () => null);
    this.failures = this.runs.map(() => null);
    this.slow = slow;
    // Without `open` the runs are Playbacks (R's default): the one place the default type is assumed.
    this.open = open ?? (openPlayback as unknown as (data: R['data']) => R);
  }

  /** A run began (or was replaced): it joins the clock at its current instant (the runs' start, if later). */
  setRun(slot: number, data: R['data'] | null): void {
    const p = data ? this.open(data) : null;
    this.runs[slot] = p;
    if (p) this.failures[slot] = null;
    this.timeMs = Math.max(this.timeMs, this.startMs);
    if (p) p.advanceTo(this.timeMs);
  }

  /**
   * The earliest instant the runs stream (0 for a run from the sim's start; later for an
   * experiment that ran to a point of interest before handing its sim over): the clock
   * never shows a time before it, so no stretch with nothing recorded is played.
   */
  get startMs(): number {
    const starts = this.present().map((p) => p.data.info.startMs ?? 0);
    return starts.length > 0 ? Math.min(...starts) : 0;
  }

  /** Every run leaves; the clock goes back to 0, playing (the runs of a new setup will join). */
  clear(): void {
    this.runs.fill(null);
    this.failures.fill(null);
    this.timeMs = 0;
    this.playing = true;
  }

  /** A slot's run could not begin (the engine refused it, or could not load): the clock will not move until a new run joins. */
  fail(slot: number, message: string): void {
    if (!this.runs[slot]) this.failures[slot] = message;
  }

  /** Why the first slot whose run could not begin failed; null when none has failed. */
  get failure(): string | null {
    return this.failures.find((f) => f !== null) ?? null;
  }

  /** Why `slot`'s run could not begin; null when it has not failed. */
  failureOf(slot: number): string | null {
    return this.failures[slot] ?? null;
  }

  /** A slot's run has not begun: the clock cannot move yet, and has no instant to show. */
  get loading(): boolean {
    return this.runs.some((p) => p === null);
  }

  private present(): R[] {
    return this.runs.filter((p): p is R => p !== null);
  }

  /** Every slot has a run and every run has been played to its end. */
  get ended(): boolean {
    const all = this.present();
    return all.length === this.runs.length && all.every((p) => p.finished);
  }

  /** The latest instant every run can show now: a streaming run's last event bounds it. */
  get limitMs(): number {
    let limit = Infinity;
    for (const p of this.runs) {
      if (!p) return this.timeMs;
      if (!p.data.done && !p.data.eventsStopped) limit = Math.min(limit, p.horizonMs);
    }
    return limit;
  }

  /** The end of the longest run once every run has streamed its events (for the scrubber); null before. */
  get endMs(): number | null {
    const all = this.present();
    if (all.length < this.runs.length || all.some((p) => !p.data.done)) return null;
    return Math.max(0, ...all.map((p) => p.horizonMs));
  }

  /** Moves every run to `t` (never past what they can all show, never back). */
  private moveTo(t: number): void {
    const target = Math.max(this.timeMs, Math.min(t, this.limitMs, this.endMs ?? Infinity));
    this.timeMs = target;
    for (const p of this.present()) p.advanceTo(target);
  }

  /** One animation frame of `dtRealMs` real time. True when the clock moved. */
  tick(dtRealMs: number): boolean {
    if (!this.playing || this.present().length < this.runs.length) return false;
    const before = this.timeMs;
    this.moveTo(this.timeMs + dtRealMs / this.slow);
    if (this.ended) this.playing = false;
    return this.timeMs !== before;
  }

  /** The earliest time, over all runs, of an event not yet applied and satisfying `want` (from each cursor on). */
  private nextTime(want: (p: R, i: number) => boolean): number | null {
    let best: number | null = null;
    for (const p of this.present()) {
      const ev = p.data.events;
      for (let i = p.cursor; i < p.data.eventCount; i++) {
        if (best !== null && ev.time(i) >= best) break;
        if (want(p, i)) { best = ev.time(i); break; }
      }
    }
    return best;
  }

  /** Pauses and moves to the next event of any run: every run is shown at that instant. */
  stepEvent(): void {
    this.playing = false;
    const only = this.runs.length === 1 ? this.runs[0] : null;
    if (only) {
      if (only.stepEvent()) this.timeMs = Math.max(this.timeMs, only.timeMs);
      return;
    }
    const t = this.nextTime(() => true);
    if (t !== null) this.moveTo(t);
  }

  /** Pauses and moves to the next completion of any run. */
  stepRequest(): void {
    this.playing = false;
    const only = this.runs.length === 1 ? this.runs[0] : null;
    if (only) {
      // One run: every event up to and including its next completion, the instant's others after.
      if (only.stepRequest() > 0) this.timeMs = Math.max(this.timeMs, only.timeMs);
      return;
    }
    const t = this.nextTime((p, i) => p.data.events.kind(i) === EventKind.Complete);
    if (t !== null) this.moveTo(t);
  }

  /** Pauses and goes back to the latest event instant before now (the start when there is none). */
  back(): void {
    this.playing = false;
    const only = this.runs.length === 1 ? this.runs[0] : null;
    if (only) {
      this.openAtEvents(only.cursor - 1);
      return;
    }
    let t = this.startMs;
    for (const p of this.present()) {
      const ev = p.data.events;
      for (let i = p.cursor - 1; i >= 0; i--) {
        const ti = ev.time(i);
        if (ti < this.timeMs) { t = Math.max(t, ti); break; }
      }
    }
    this.seek(t);
  }

  /** A single run, paused after exactly `events` of its events (as far as they have arrived). */
  openAtEvents(events: number): void {
    const p = this.runs[0];
    if (!p) return;
    this.playing = false;
    const fresh = this.open(p.data);
    while (fresh.cursor < events && fresh.stepEvent()) { /* one event at a time, as a step would */ }
    this.runs[0] = fresh;
    this.timeMs = fresh.timeMs;
  }

  /** Shows every run at `t`: forward plays on, backward replays from the start. */
  seek(t: number): void {
    const to = Math.max(this.startMs, t);
    if (to < this.timeMs) this.rewind();
    this.moveTo(to);
  }

  /** Every run from its start, playing. */
  restart(): void {
    this.rewind();
    this.playing = true;
  }

  /** Play or pause; playing a finished stage starts it again. */
  togglePlay(): void {
    if (!this.playing && this.ended) this.rewind();
    this.playing = !this.playing;
  }

  faster(): void { this.slow = fasterSpeed(this.slow); }
  slower(): void { this.slow = slowerSpeed(this.slow); }

  private rewind(): void {
    this.timeMs = this.startMs;
    this.runs.forEach((p, i) => {
      if (!p) return;
      const fresh = this.open(p.data);
      fresh.advanceTo(this.timeMs);
      this.runs[i] = fresh;
    });
  }
}
