/*
 * useNearView — true once the element has come within a screen's height of
 * the window's view, and from then on: for work a part of a page needs only
 * when the reader gets to it (the disks a table at the bottom covers), so a
 * page's first load carries what its first screen shows.
 */
import { useEffect, useState, type RefObject } from 'react';

export function useNearView(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: '100% 0px' });
    seen.observe(el);
    return () => seen.disconnect();
  }, [ref, near]);
  return near;
}
