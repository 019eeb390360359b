/*
 * scrollPin.ts — presentation mode scrolls the stage to the window's top and
 * keeps it there while the page is still growing (a figure loads below or
 * above; the window could not yet scroll far enough), until the user scrolls.
 *
 * Any scroll the pin did not make itself lets it go: a wheel, a touch, a key,
 * a scrollbar dragged, a link to an anchor, a script. Those are told apart by
 * the position: the pin remembers where its own scroll left the window, and
 * a later position elsewhere, with the stage no longer at the top (the
 * browser's scroll anchoring moves the window to keep the stage in place when
 * something above it grows: that one keeps the pin), is the user's.
 */
import { useLayoutEffect, type RefObject } from 'react';

/** How far (px) the window may be from where the pin left it, or the stage from the top, and still count as pinned. */
const TOLERANCE = 1.5;

/** Pins `stage`'s top to the window's top; returns the function that lets go. */
export function pinToTop(stage: HTMLElement): () => void {
  let left = window.scrollY;
  const stageTop = () => Math.round(stage.getBoundingClientRect().top + window.scrollY);
  const stillOurs = () => Math.abs(window.scrollY - left) <= TOLERANCE || Math.abs(stage.getBoundingClientRect().top) <= TOLERANCE;
  const pin = () => {
    window.scrollTo({ top: stageTop(), behavior: 'auto' });
    left = window.scrollY;
  };
  // A scroll: the pin's own (or the browser keeping the stage in place) moves where it was left;
  // anyone else's lets go.
  const scrolled = () => {
    if (stillOurs()) left = window.scrollY;
    else release();
  };
  // The page grew: pin again, unless the window was moved since the pin left it (checked here too:
  // the scroll's event may not have come yet).
  const grown = new ResizeObserver(() => {
    if (stillOurs()) pin();
    else release();
  });
  function release(): void {
    grown.disconnect();
    window.removeEventListener('scroll', scrolled);
  }
  pin();
  grown.observe(document.body);
  window.addEventListener('scroll', scrolled, { passive: true });
  return release;
}

/** While `on` (presentation mode), `ref`'s element pinned to the window's top: from when it is on or the element mounts. */
export function usePinToTop(on: boolean, ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!on || !el) return;
    return pinToTop(el);
  }, [on, ref]);
}
