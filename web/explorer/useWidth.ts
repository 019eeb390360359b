/*
 * useWidth.ts — the content width of an element, followed as the window (or
 * the layout around it) changes: the explorer sizes its canvases and charts
 * from the room their column has, instead of from fixed pixels.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';

/** The element's content width in CSS pixels (rounded down), or `fallback` until it is measured. */
export function useWidth(ref: RefObject<HTMLElement | null>, fallback: number): number {
  return useBox(ref, fallback).width;
}

/** The element's content width, and its top edge from the top of the page, followed as its size changes (and when `remeasure` changes). */
export function useBox(ref: RefObject<HTMLElement | null>, fallback: number, remeasure?: unknown): { width: number; top: number } {
  const [box, setBox] = useState({ width: fallback, top: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const cs = getComputedStyle(el);
      const w = Math.floor(el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight));
      const top = Math.round(el.getBoundingClientRect().top + window.scrollY);
      if (w > 0) setBox((b) => (b.width === w && b.top === top ? b : { width: w, top }));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    window.addEventListener('resize', measure);
    return () => {
      ro.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref, remeasure]);
  return box;
}

/** The window's inner height, followed on resize. */
export function useViewportHeight(): number {
  const [h, setH] = useState(() => window.innerHeight);
  useLayoutEffect(() => {
    const on = () => setH(window.innerHeight);
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return h;
}
