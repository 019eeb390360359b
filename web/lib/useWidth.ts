/*
 * useWidth — the width of an element in CSS pixels, following its resizes
 * (ResizeObserver), for panels that size their SVG or canvas to the layout;
 * useBox adds the element's top edge (and takes the caller's ref), and
 * useViewportHeight follows the window's height.
 */
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

export function useWidth<T extends HTMLElement = HTMLDivElement>(initial = 800): [RefObject<T | null>, number] {
  const ref = useRef<T | null>(null);
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // An element not laid out yet (or hidden for a moment) measures 0: keep the last width rather than size panels to nothing.
    const measure = () => {
      const w = Math.floor(el.getBoundingClientRect().width);
      if (w > 0) setWidth(w);
    };
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    measure();
    return () => ro.disconnect();
  }, []);
  return [ref, width];
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
