/*
 * usePlaybackClock.ts — the run played back on the page's clock: the
 * playback (made when a run begins), play/pause, the speed (simulated time
 * runs 1/slow of real time), stepping by event or by request, restart and
 * seek. Every animation frame advances the clock while playing and, when
 * something changed, calls `draw` (canvases and readouts, written without
 * React); React re-renders a few times a second while the cursor moves
 * (`tick`), and at once after a control. A link to a moment opens the run
 * paused after that many events.
 */
import { useCallback, useRef, useState } from 'react';
import { Playback } from '../../run/playback';
import type { RunData } from '../../run/runData';
import { useFrameLoop } from '../../run/useFrameLoop';

/** How often (ms of real time) the React panels follow a moving cursor. */
const UI_EVERY_MS = 120;

export function usePlaybackClock(slow: number, draw: (p: Playback) => void) {
  const playRef = useRef<Playback | null>(null);
  const [playing, setPlayingState] = useState(true);
  const playingRef = useRef(playing);
  const [tick, setTick] = useState(0);
  /** Draw on the next frame even if the clock and cursor did not move. */
  const dirty = useRef(true);
  const drawn = useRef({ ui: 0, cursor: -1, time: -1 });
  /** A moment to open at (events played), once the run has streamed that far. */
  const target = useRef<number | null>(null);

  /** Play or pause: the animation loop sees it at once (the ref), the buttons on the next render. */
  const setPlaying = useCallback((v: boolean) => {
    playingRef.current = v;
    setPlayingState(v);
  }, []);

  useFrameLoop((now, dt) => {
    const p = playRef.current;
    if (!p) return;
    const want = target.current;
    if (want !== null && (p.data.eventCount >= want || p.data.done)) {
      target.current = null;
      while (p.cursor < want && p.stepEvent()) { /* one event at a time, as → would */ }
      dirty.current = true;
      setTick((t) => t + 1);
    }
    if (playingRef.current) {
      p.advanceTo(p.timeMs + dt / slow);
      if (p.finished) setPlaying(false);
    }
    const last = drawn.current;
    if (dirty.current || p.timeMs !== last.time || p.cursor !== last.cursor) {
      dirty.current = false;
      draw(p);
      if (p.cursor !== last.cursor && now - last.ui > UI_EVERY_MS) {
        last.ui = now;
        last.cursor = p.cursor;
        setTick((t) => t + 1);
      }
      last.time = p.timeMs;
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
    playRef.current = new Playback(data);
    dirty.current = true;
    setPlaying(true);
  }, [setPlaying]);
  const stepEvent = useCallback(() => {
    setPlaying(false);
    playRef.current?.stepEvent();
    refresh();
  }, [setPlaying, refresh]);
  const stepRequest = useCallback(() => {
    setPlaying(false);
    playRef.current?.stepRequest();
    refresh();
  }, [setPlaying, refresh]);
  const restart = useCallback(() => {
    const p = playRef.current;
    if (p) playRef.current = new Playback(p.data);
    refresh();
  }, [refresh]);
  const togglePlay = useCallback(() => {
    const p = playRef.current;
    if (!playingRef.current && p?.finished) playRef.current = new Playback(p.data);
    setPlaying(!playingRef.current);
    dirty.current = true;
  }, [setPlaying]);
  const seek = useCallback((t: number) => {
    setPlaying(false);
    playRef.current?.advanceTo(t);
    refresh();
  }, [setPlaying, refresh]);
  const playback = useCallback(() => playRef.current, []);
  /** Opens the run paused after `events` events (a link to a moment), as soon as they have arrived. */
  const openAt = useCallback((events: number) => {
    setPlaying(false);
    target.current = Math.max(0, Math.floor(events));
  }, [setPlaying]);

  return {
    /** The playback as of this render (null before the first run begins). */
    current: playRef.current,
    playback, playing, tick, setPlaying, load, markDirty, refresh, stepEvent, stepRequest, restart, togglePlay, seek, openAt,
  };
}
