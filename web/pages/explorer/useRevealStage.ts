/*
 * useRevealStage.ts — after a what-if change the comparison appears on the
 * stage, above the panels; the user is usually scrolled down at the setup
 * form (on a phone, far below). The stage is brought into view once per
 * change, smoothly unless the user asked for reduced motion, and only when
 * it is not already in sight.
 */
import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react';

/** The stage spans the window's middle line: the comparison is in sight (its bar sticks to the window's top). */
export function inSight(el: HTMLElement): boolean {
  const { top, bottom } = el.getBoundingClientRect();
  return top <= window.innerHeight / 2 && bottom >= window.innerHeight / 2;
}

export function revealStage(el: HTMLElement): void {
  if (inSight(el)) return;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  el.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
}

/**
 * `shown`: the stage is on the page (its root in `root`); `key` changes with each comparison.
 * Returns `want` (call it when a change made a comparison) and `stageMounted` (the
 * comparison's stage calls it as it mounts: its code may arrive after the change).
 */
export function useRevealStage(root: RefObject<HTMLElement | null>, shown: boolean, key: unknown): { want(): void; stageMounted(): void } {
  const pending = useRef(false);
  const stageMounted = useCallback(() => {
    if (!pending.current || !root.current) return;
    pending.current = false;
    revealStage(root.current);
  }, [root]);
  // Before the browser paints: with reduced motion, no frame shows the stage out of sight.
  useLayoutEffect(() => {
    if (shown) stageMounted();
  }, [shown, key, stageMounted]);
  const want = useCallback(() => { pending.current = true; }, []);
  return { want, stageMounted };
}
