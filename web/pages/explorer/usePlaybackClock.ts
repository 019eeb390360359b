/*
 * usePlaybackClock.ts — the explorer's run on the stage's clock (one run
 * slot of a StageClock): the playback (made when a run begins), play/pause,
 * the speed (simulated time runs 1/slow of real time), stepping by event or
 * by request, back one event, restart and seek. Every animation frame
 * advances the clock while playing and, when something changed, calls
 * `draw` (canvases and readouts, written without React); React re-renders a
 * few times a second while the clock moves (`tick`), so the timeline's bars
 * grow while their phase plays, and at once after a control. A link to a
 * moment opens the run paused at that instant (or, in older links, after
 * that many events).
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { Playback } from '../../run/playback';
import type { RunData } from '../../run/runData';
import { useFrameLoop } from '../../run/useFrameLoop';
import { StageClock } from '../../stage/stageClock';

/** How often (ms of real time) the React panels follow a moving clock. */
const UI_EVERY_MS = 120;

type Target = { events: number } | { timeMs: number };

export function usePlaybackClock(slow: number, draw: (p: Playback) => void) {
  const clock = useMemo(() => new StageClock(1, slow), []); // eslint-disable-line react-hooks/exhaustive-deps
  clock.slow = slow;
  const [playing, setPlayingState] = useState(true);
  const [tick, setTick] = useState(0);
  /** Draw on the next frame even if the clock did not move. */
  const dirty = useRef(true);
  const lastUi = useRef(0);
  /** A moment to open at, once the run has streamed that far. */
  const target = useRef<Target | null>(null);

  /** Play or pause: the animation loop sees it at once (the clock), the buttons on the next render. */
  const setPlaying = useCallback((v: boolean) => {
    clock.playing = v;
    setPlayingState(v);
  }, [clock]);

  useFrameLoop((now, dt) => {
    const p = clock.runs[0];
    if (!p) return;
    const want = target.current;
    if (want && ('events' in want ? p.data.eventCount >= want.events || p.data.done : clock.limitMs >= want.timeMs || p.data.done)) {
      target.current = null;
      if ('events' in want) clock.openAtEvents(want.events);
      else clock.seek(want.timeMs);
      dirty.current = true;
      setTick((t) => t + 1);
    }
    const wasPlaying = clock.playing;
    const moved = clock.tick(dt);
    if (wasPlaying && !clock.playing) setPlayingState(false);
    if (!dirty.current && !moved) return;
    dirty.current = false;
    draw(clock.runs[0]!);
    if (now - lastUi.current > UI_EVERY_MS) {
      lastUi.current = now;
      setTick((t) => t + 1);
    }
  });

  const markDirty = useCallback(() => {
    dirty.current = true;
  }, []);
  const refresh = useCallback(() => {
    dirty.current = true;
    setTick((t) => t + 1);
  }, []);
  /** A run began: play it from its start. */
  const load = useCallback((data: RunData) => {
    clock.clear();
    clock.setRun(0, data);
    dirty.current = true;
    setPlaying(true);
  }, [clock, setPlaying]);
  const paused = useCallback((f: () => void) => () => {
    f();
    setPlayingState(clock.playing);
    refresh();
  }, [clock, refresh]);
  const stepEvent = useMemo(() => paused(() => clock.stepEvent()), [paused, clock]);
  const stepRequest = useMemo(() => paused(() => clock.stepRequest()), [paused, clock]);
  const back = useMemo(() => paused(() => clock.back()), [paused, clock]);
  const restart = useMemo(() => paused(() => { const was = clock.playing; clock.restart(); clock.playing = was; }), [paused, clock]);
  const togglePlay = useMemo(() => paused(() => clock.togglePlay()), [paused, clock]);
  const seek = useCallback((t: number) => {
    setPlaying(false);
    clock.seek(t);
    refresh();
  }, [clock, setPlaying, refresh]);
  const playback = useCallback(() => clock.runs[0], [clock]);
  /** Opens the run paused after `events` events (an older link to a moment), as soon as they have arrived. */
  const openAt = useCallback((events: number) => {
    setPlaying(false);
    target.current = { events: Math.max(0, Math.floor(events)) };
  }, [setPlaying]);
  /** Opens the run paused at the instant `timeMs` (a link to a moment), as soon as the run has streamed that far. */
  const openAtTime = useCallback((timeMs: number) => {
    setPlaying(false);
    target.current = { timeMs: Math.max(0, timeMs) };
  }, [setPlaying]);

  return {
    /** The playback as of this render (null before the first run begins). */
    current: clock.runs[0],
    clock, playback, playing, tick, setPlaying, load, markDirty, refresh, stepEvent, stepRequest, back, restart, togglePlay, seek, openAt, openAtTime,
  };
}
