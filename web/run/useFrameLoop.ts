/*
 * useFrameLoop.ts — the animation clock of a page that plays runs: calls
 * `frame` on every animation frame with the real time passed since the last
 * one, capped (a tab that was in the background resumes where it was, not a
 * long jump later). The latest `frame` is always the one called, so it may
 * close over the render's values.
 */
import { useEffect, useRef } from 'react';

/** The most real time one frame may advance by (ms). */
export const MAX_FRAME_MS = 100;

export function useFrameLoop(frame: (now: number, dtMs: number) => void): void {
  const latest = useRef(frame);
  latest.current = frame;
  useEffect(() => {
    let raf = 0;
    let last = performance.now();
    const tick = (now: number) => {
      const dt = Math.min(now - last, MAX_FRAME_MS);
      last = now;
      latest.current(now, dt);
      raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(raf);
  }, []);
}
