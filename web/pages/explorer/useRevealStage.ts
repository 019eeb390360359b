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

/** `shown`: the stage is on the page (its root in `root`); `key` changes with each comparison. Returns `wanted`: call it when a change made one. */
export function useRevealStage(root: RefObject<HTMLElement | null>, shown: boolean, key: unknown): () => void {
  const pending = useRef(false);
  // Before the browser paints: with reduced motion, no frame shows the stage out of sight.
  useLayoutEffect(() => {
    if (!pending.current || !shown || !root.current) return;
    pending.current = false;
    revealStage(root.current);
  }, [root, shown, key]);
  return useCallback(() => { pending.current = true; }, []);
}
