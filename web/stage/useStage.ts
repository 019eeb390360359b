/*
 * useStage.ts — the stage's clock in a page: a StageClock over the page's run
 * slots, advanced on every animation frame while playing; each frame writes
 * the clock to the stage's root (data-stage-time) and each run's element
 * (data-run-time) and asks the runs to draw, without React; the panels that
 * follow the clock (each run's timeline and statistics, the page's own) render
 * a few times a second each, one of them per frame (panelPulse.ts), the page
 * one render at a time (the next asked for only once the last is committed). The keys
 * (useStageKeys) and the link's moment (moment=<ms>: opens there, paused)
 * act on the same clock; pausing writes the instant into the link, so Back
 * and a copied address return to it.
 */
import { startTransition, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Playback } from '../run/playback';
import { useFrameLoop } from '../run/useFrameLoop';
import { StageClock, type ClockRun } from './stageClock';
import { PanelPulse } from './panelPulse';
import { clockReading, writeClock } from './clockText';
import { currentStageLink, formatMoment, writeStageLink } from './stageLink';
import { useStageKeys } from './useStageKeys';
import { markFirstDrawing } from '../lib/firstDrawing';

/** How often (ms of real time) each of the panels follows the moving clock. */
export const UI_EVERY_MS = 150;

export interface StageOptions<R extends ClockRun = Playback> {
  /** Run slots on the stage (1 to 4). */
  slots: number;
  /** Slow-motion factor (the page may keep it in its setup). */
  slow: number;
  onSlow?(slow: number): void;
  copyLink?(url: string): void;
  /** Makes a run from its data (a Playback of the engine's events when not given). */
  open?(data: R['data']): R;
}

export interface StageHandle<R extends ClockRun = Playback> {
  clock: StageClock<R>;
  /** The element the stage's root renders into: it carries data-stage-time. */
  rootRef: React.RefObject<HTMLDivElement | null>;
  /** A run began (or a new one replaced it). */
  setRun(slot: number, data: R['data'] | null): void;
  /** Every run leaves the stage; the clock goes back to 0, playing (a new setup). */
  clear(): void;
  /** Painters called on every frame that changed (each run's drawings register one). */
  painters: Set<(clock: StageClock<R>) => void>;
  /** Re-renders since the last frame: panels read the clock's runs. */
  tick: number;
  /** Wakes the panels that follow the moving clock, one per frame (each run's timeline and statistics). */
  pulse: PanelPulse;
  /** Counts the changes other than time passing (a step, a seek, a run begun, a pause): panels render at once on each. */
  changes: number;
  playing: boolean;
  /** A run has not begun: the transport waits (the clock cannot move yet). */
  loading: boolean;
  slow: number;
  togglePlay(): void;
  stepEvent(): void;
  stepRequest(): void;
  back(): void;
  restart(): void;
  seek(t: number): void;
  faster(): void;
  slower(): void;
  /** Sets the slow-motion factor (a link may hold one the speed list lacks). */
  setSlow(slow: number): void;
  /** The address of this exact instant (the link's moment), written into the address too. */
  momentLink(): string;
  /** Copies the moment's link (the clipboard, or a box to copy from); `copied` says what was copied. */
  copyMoment(): void;
  copied: string | null;
  /** Problems the link's stage keys had. */
  linkProblems: string[];
  /** Draws every run again at the clock's instant (an overlay's data arrived while the clock stands still). */
  repaint(): void;
}

/**
 * One changed frame of a stage: the clock into the root's hooks (data-stage-time, and each
 * run's data-run-time) and into the bar's clock text (every frame, not at React's slower
 * pace), then every run's drawings. Also for a page that keeps its own clock
 * hook (the explorer) and shows the stage's runs.
 */
export function paintStage<R extends ClockRun>(root: HTMLElement | null, clock: StageClock<R>, painters: Iterable<(c: StageClock<R>) => void>): void {
  if (root) {
    root.dataset.stageTime = String(clock.timeMs);
    root.dataset.stagePlaying = clock.playing ? 'true' : 'false';
    writeClock(root.querySelector<HTMLElement>('[data-testid=stage-clock]'), clockReading(clock));
    root.querySelectorAll<HTMLElement>('[data-stage-run]').forEach((el) => {
      const p = clock.runs[Number(el.dataset.stageRun)];
      el.dataset.runTime = p ? String(p.timeMs) : '';
      el.dataset.runFinished = p?.finished ? 'true' : 'false';
    });
  }
  for (const paint of painters) paint(clock);
  // Drawn once every run on the stage has its clock (each run's platter painted at it).
  const runs = root ? [...root.querySelectorAll<HTMLElement>('[data-stage-run]')] : [];
  if (runs.length > 0 && runs.every((el) => el.dataset.runTime)) markFirstDrawing('stage');
}

export function useStage<R extends ClockRun = Playback>({ slots, slow, onSlow, copyLink, open }: StageOptions<R>): StageHandle<R> {
  const clock = useMemo(() => new StageClock<R>(slots, slow, open), [slots]); // eslint-disable-line react-hooks/exhaustive-deps
  clock.slow = slow;
  const rootRef = useRef<HTMLDivElement | null>(null);
  const [tick, setTick] = useState(0);
  const [changes, setChanges] = useState(0);
  const [linkProblems] = useState(() => currentStageLink().problems);
  const moment = useRef<number | null>(currentStageLink().momentMs);
  const dirty = useRef(true);
  const uiPending = useRef(false);
  const painters = useMemo(() => new Set<(c: StageClock<R>) => void>(), []);
  const pulse = useMemo(() => new PanelPulse(UI_EVERY_MS), []);

  const refresh = useCallback(() => {
    dirty.current = true;
    setTick((t) => t + 1);
    setChanges((c) => c + 1);
  }, []);
  // The page's own panels follow the clock on the pulse too. A transition: a library that can renders
  // them in slices between frames (Preact, which ships, renders at once); the canvases and hooks are
  // already at this instant. Never one render on top of another, which would restart it and, on a
  // slow machine, never let it finish.
  useLayoutEffect(() => pulse.add(() => {
    if (uiPending.current) return;
    uiPending.current = true;
    startTransition(() => setTick((t) => t + 1));
  }), [pulse]);

  /** A paused clock is kept in the link; a playing one is not (its instant is not a moment yet). */
  const keepMoment = useCallback(() => {
    writeStageLink({ momentMs: clock.playing ? null : clock.timeMs });
  }, [clock]);

  useFrameLoop((now, dt) => {
    const want = moment.current;
    if (want !== null && clock.runs.every((p) => p) && (clock.limitMs >= want || clock.endMs !== null)) {
      moment.current = null;
      clock.playing = false;
      clock.seek(want);
      refresh();
    }
    const wasPlaying = clock.playing;
    const moved = clock.tick(dt);
    if (wasPlaying && !clock.playing) refresh();
    if (!moved && !dirty.current) return;
    dirty.current = false;
    paintStage(rootRef.current, clock, painters);
    pulse.frame(now);
  });
  // After every commit, before the browser paints: a render done in slices may have read the clock
  // a few frames ago and wrote that instant into data-stage-time, so the hooks are written again
  // with the clock's instant. The page's render is done: the next one may be asked for.
  useLayoutEffect(() => {
    paintStage(rootRef.current, clock, []);
    uiPending.current = false;
  });

  const act = useCallback((f: () => void) => () => {
    f();
    // The hooks at once, with the clock React is about to render: no frame where the runs' times lag the stage's.
    paintStage(rootRef.current, clock, []);
    keepMoment();
    refresh();
  }, [clock, keepMoment, refresh]);
  const controls = useMemo(() => ({
    togglePlay: act(() => clock.togglePlay()),
    stepEvent: act(() => clock.stepEvent()),
    stepRequest: act(() => clock.stepRequest()),
    back: act(() => clock.back()),
    restart: act(() => clock.restart()),
    faster: () => { clock.faster(); onSlow?.(clock.slow); refresh(); },
    slower: () => { clock.slower(); onSlow?.(clock.slow); refresh(); },
    setSlow: (v: number) => { if (v > 0) clock.slow = v; onSlow?.(clock.slow); refresh(); },
  }), [act, clock, onSlow, refresh]);
  const seek = useCallback((t: number) => {
    clock.playing = false;
    clock.seek(t);
    keepMoment();
    refresh();
  }, [clock, keepMoment, refresh]);
  const momentLink = useCallback(() => {
    clock.playing = false;
    // The instant the link can say exactly (1 ns): the stage shows that one, as the link will.
    clock.seek(Number(formatMoment(clock.timeMs)));
    writeStageLink({ momentMs: clock.timeMs });
    refresh();
    return window.location.href;
  }, [clock, refresh]);

  const setRun = useCallback((slot: number, data: R['data'] | null) => {
    clock.setRun(slot, data);
    refresh();
  }, [clock, refresh]);

  const [copied, setCopied] = useState<string | null>(null);
  const copy = useCallback((url: string) => {
    if (copyLink) return copyLink(url);
    setCopied(url);
    void navigator.clipboard?.writeText(url).catch(() => undefined);
  }, [copyLink]);
  const copyMoment = useCallback(() => copy(momentLink()), [copy, momentLink]);

  useStageKeys({
    ...controls,
    copyLink: () => copy(window.location.href),
    copyMoment,
  });

  const clear = useCallback(() => {
    clock.clear();
    refresh();
  }, [clock, refresh]);

  return { clock, rootRef, setRun, clear, painters, pulse, changes, tick, playing: clock.playing, loading: clock.loading, slow: clock.slow, seek, momentLink, copyMoment, copied, linkProblems, repaint: refresh, ...controls };
}
