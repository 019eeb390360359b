/*
 * useWidth — the width of an element in CSS pixels, following its resizes
 * (ResizeObserver), for panels that size their SVG or canvas to the layout.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';

export function useWidth<T extends HTMLElement = HTMLDivElement>(initial = 800): [RefObject<T | null>, number] {
  const ref = useRef<T | null>(null);
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(Math.floor(el.getBoundingClientRect().width));
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    measure();
    return () => ro.disconnect();
  }, []);
  return [ref, width];
}
