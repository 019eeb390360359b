/*
 * usePlaybackClock.ts — the explorer's runs on the stage's clock: one run,
 * or two in a what-if comparison (the run before the change, then the run
 * of the setup), on one StageClock. The last slot is the setup's run, the
 * one the explorer's own panels show. Play/pause, the speed (simulated time
 * runs 1/slow of real time), stepping by event or by request, back one
 * event, restart and seek act on every run. Every animation frame advances
 * the clock while playing and, when something changed, calls `draw` with the
 * setup's run (canvases and readouts, written without React) and paints the
 * stage's runs (paintStage: its hooks and each run's drawings); while the
 * clock moves, the page's panels (`tick`) and each stage run's panels
 * render a few times a second each, one of them per frame (the stage's
 * PanelPulse), and all at once after a control (`changes`). A link to a
 * moment opens the runs paused at that instant (or, in older links, after
 * that many events of the one run); a seek past what the runs have streamed
 * goes on there once they have.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Playback } from '../../run/playback';
import type { RunData } from '../../run/runData';
import { useFrameLoop } from '../../run/useFrameLoop';
import { StageClock } from '../../stage/stageClock';
import { PanelPulse } from '../../stage/panelPulse';
import { paintStage, UI_EVERY_MS } from '../../stage/useStage';

type Target = { events: number } | { timeMs: number };

/** `runs`: the data of each slot (null until that run has begun); a new list starts them all from their start. */
export function usePlaybackClock(slow: number, draw: (p: Playback, timeMs: number) => void, runs: readonly (RunData | null)[]) {
  const slots = runs.length;
  // A new clock (a comparison came or went) has its runs from its first render: the panels never
  // see a slot without its run (they would leave the page for a render, and the form its focus).
  const clock = useMemo(() => {
    const c = new StageClock(slots, slow);
    runs.forEach((data, slot) => c.setRun(slot, data));
    return c;
  }, [slots]); // eslint-disable-line react-hooks/exhaustive-deps
  clock.slow = slow;
  const [playing, setPlayingState] = useState(true);
  const [tick, setTick] = useState(0);
  const [changes, setChanges] = useState(0);
  /** Draw on the next frame even if the clock did not move. */
  const dirty = useRef(true);
  /** A moment to open at, once the runs have streamed that far. */
  const target = useRef<Target | null>(null);
  /** The stage's root (its hooks are written there) and the drawings of its runs. */
  const rootRef = useRef<HTMLDivElement | null>(null);
  const painters = useMemo(() => new Set<(c: StageClock) => void>(), []);
  const pulse = useMemo(() => new PanelPulse(UI_EVERY_MS), []);
  useLayoutEffect(() => pulse.add(() => setTick((t) => t + 1)), [pulse]);
  const main = () => clock.runs[slots - 1];

  /** Play or pause: the animation loop sees it at once (the clock), the buttons on the next render. */
  const setPlaying = useCallback((v: boolean) => {
    clock.playing = v;
    setPlayingState(v);
  }, [clock]);

  // The runs joined (a run began, a comparison came or went): every run from its start, playing.
  // Before the browser paints, and React renders again at once: no frame shows the runs they replaced.
  useLayoutEffect(() => {
    clock.clear();
    runs.forEach((data, slot) => clock.setRun(slot, data));
    dirty.current = true;
    setPlaying(true);
    setTick((t) => t + 1);
    setChanges((c) => c + 1);
  }, [clock, setPlaying, ...runs]); // eslint-disable-line react-hooks/exhaustive-deps

  /** Every run has begun and has streamed to `t` (or to its end). */
  const reached = (want: Target): boolean => {
    if (!clock.runs.every((p) => p)) return false;
    if ('events' in want) return main()!.data.eventCount >= want.events || main()!.data.done;
    return clock.limitMs >= want.timeMs || clock.endMs !== null;
  };

  useFrameLoop((now, dt) => {
    const p = main();
    if (!p) return;
    const want = target.current;
    if (want && reached(want)) {
      target.current = null;
      if ('events' in want && slots === 1) clock.openAtEvents(want.events);
      else if ('timeMs' in want) { clock.playing = false; clock.seek(want.timeMs); }
      setPlayingState(false);
      dirty.current = true;
      setTick((t) => t + 1);
      setChanges((c) => c + 1);
    }
    const wasPlaying = clock.playing;
    const moved = clock.tick(dt);
    if (wasPlaying && !clock.playing) {
      // The runs ended: every panel shows the end at once.
      setPlayingState(false);
      setChanges((c) => c + 1);
    }
    if (!dirty.current && !moved) return;
    dirty.current = false;
    draw(p, clock.timeMs);
    paintStage(rootRef.current, clock, painters);
    pulse.frame(now);
  });

  const markDirty = useCallback(() => {
    dirty.current = true;
  }, []);
  const refresh = useCallback(() => {
    dirty.current = true;
    setTick((t) => t + 1);
    setChanges((c) => c + 1);
  }, []);
  const paused = useCallback((f: () => void) => () => {
    f();
    // The hooks at once, with the clock React is about to render: no frame where the runs' times lag the stage's.
    paintStage(rootRef.current, clock, []);
    setPlayingState(clock.playing);
    refresh();
  }, [clock, refresh]);
  const stepEvent = useMemo(() => paused(() => clock.stepEvent()), [paused, clock]);
  const stepRequest = useMemo(() => paused(() => clock.stepRequest()), [paused, clock]);
  const back = useMemo(() => paused(() => clock.back()), [paused, clock]);
  const restart = useMemo(() => paused(() => clock.restart()), [paused, clock]);
  const togglePlay = useMemo(() => paused(() => clock.togglePlay()), [paused, clock]);
  const seek = useCallback((t: number) => {
    setPlaying(false);
    clock.seek(t);
    // A run still streaming holds the clock at its last event: the rest of the way once every run has streamed to t.
    target.current = clock.timeMs < t && clock.endMs === null ? { timeMs: t } : null;
    refresh();
  }, [clock, setPlaying, refresh]);
  const playback = useCallback(() => clock.runs[clock.runs.length - 1], [clock]);
  /** Opens the run paused after `events` events (an older link to a moment), as soon as they have arrived. */
  const openAt = useCallback((events: number) => {
    setPlaying(false);
    target.current = { events: Math.max(0, Math.floor(events)) };
  }, [setPlaying]);
  /** Opens the runs paused at the instant `timeMs` (a link to a moment), as soon as they have streamed that far. */
  const openAtTime = useCallback((timeMs: number) => {
    setPlaying(false);
    target.current = { timeMs: Math.max(0, timeMs) };
  }, [setPlaying]);

  return {
    /** The setup's playback as of this render (null before its run begins). */
    current: main(),
    clock, rootRef, painters, pulse, changes, playback, playing, tick, setPlaying, markDirty, refresh, stepEvent, stepRequest, back, restart, togglePlay, seek, openAt, openAtTime,
  };
}
