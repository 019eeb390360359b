/*
 * presentFit.ts — presentation mode sizes the stage to the window, so a
 * projector shows each run whole: the stage's bar at the window's top (the
 * page's title and settings above it scrolled away), then each run's title,
 * its platters and its timeline down to the time axis. The timeline takes a
 * fixed share of the window's height (fewer rows rather than smaller type);
 * the platters take what the measured bar, title and timeline leave.
 * Measured when the mode, the window or the runs change, never as the clock
 * plays: the layout does not jump while a run is playing.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';
import { usePinToTop } from './scrollPin';

/** The share of the window's height the timeline's drawing takes, and its bounds (drawing px, before the scale). */
const TIMELINE_SHARE = 0.26;
const TIMELINE_MIN = 100;
const TIMELINE_MAX = 240;
/** The timeline's margins above and below its rows (TimelineView's M.top + M.bottom), and the least height of a row that shows its letters and label. */
const TIMELINE_MARGINS = 28;
const ROW_MIN = 15;
/** Room left under the time axis: the window's edge does not touch the tick labels. */
const SLACK = 6;

export interface PresentTimeline {
  /** Drawing height (shown `scale` times larger). */
  height: number;
  /** The most recent requests it shows, each row at least ROW_MIN tall. */
  rows: number;
}

export function presentTimeline(windowHeight: number, scale: number): PresentTimeline {
  const height = Math.max(TIMELINE_MIN, Math.min(TIMELINE_MAX, Math.floor((windowHeight * TIMELINE_SHARE) / scale)));
  return { height, rows: Math.max(3, Math.floor((height - TIMELINE_MARGINS) / ROW_MIN)) };
}

/** The height above the runs that stays on screen: the stage's bar when it sticks to the window's top (not on a phone, where it scrolls away). */
function stuckBarHeight(root: HTMLElement, runs: HTMLElement): number {
  const bar = root.querySelector<HTMLElement>('.stage-bar');
  if (!bar || getComputedStyle(bar).position !== 'sticky') return 0;
  return runs.getBoundingClientRect().top - bar.getBoundingClientRect().top;
}

/** The tallest run's parts above its platters (border, padding, title, the page's actions) and between its platters and its timeline. */
function aroundPlatters(runs: HTMLElement): number {
  let most = 0;
  for (const run of runs.querySelectorAll<HTMLElement>('[data-stage-run]')) {
    const platters = run.querySelector('.stage-platters');
    const timeline = run.querySelector('.timeline');
    if (!platters) continue;
    const p = platters.getBoundingClientRect();
    const above = p.top - run.getBoundingClientRect().top;
    const between = timeline ? timeline.getBoundingClientRect().top - p.bottom : 0;
    most = Math.max(most, above + Math.max(0, between));
  }
  return most;
}

/**
 * The height each run's platters may take in presentation mode (null when off):
 * the window's height less the stuck bar, the run's title and the timeline
 * (`timelinePx`, as shown). Turning the mode on, or opening a page with it on,
 * scrolls the stage's bar to the window's top.
 */
export function usePlatterRoom(on: boolean, root: RefObject<HTMLElement | null>, runs: RefObject<HTMLElement | null>,
                               timelinePx: number, remeasure: unknown): number | null {
  const [room, setRoom] = useState<number | null>(null);
  // As the mode turns on (or the stage opens with it on), the stage's bar to the window's top, kept
  // there while the page grows until the user scrolls (scrollPin.ts).
  usePinToTop(on, root);
  useLayoutEffect(() => {
    const stage = root.current;
    const box = runs.current;
    if (!on || !stage || !box) { setRoom(null); return; }
    const measure = () => {
      const free = window.innerHeight - stuckBarHeight(stage, box) - aroundPlatters(box) - timelinePx - SLACK;
      setRoom((r) => (r === free ? r : free));
    };
    measure();
    // The bar (it wraps) and the runs (a title or the page's actions appear after the runs do).
    const ro = new ResizeObserver(measure);
    for (const el of stage.querySelectorAll('.stage-bar, [data-stage-run]')) ro.observe(el);
    window.addEventListener('resize', measure);
    return () => {
      ro.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [on, root, runs, timelinePx, remeasure]);
  return room;
}
