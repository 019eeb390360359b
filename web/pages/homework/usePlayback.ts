/*
 * usePlayback — a clock for playing a run back from 0 to `end` (in the run's
 * own time unit) at `speed` units per second of wall time; it stops at the
 * end. Used by the homework page and the lessons page.
 */
import { useEffect, useState } from 'react';

export function usePlayback(end: number) {
  const [t, setT] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(60);
  useEffect(() => {
    if (!playing) return;
    let last = performance.now(), raf = 0;
    const tick = (now: number) => {
      const dt = ((now - last) / 1000) * speed;
      last = now;
      setT((x) => {
        const nx = Math.min(end, x + dt);
        if (nx >= end) setPlaying(false);
        return nx;
      });
      raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(raf);
  }, [playing, speed, end]);
  return { t, setT, playing, setPlaying, speed, setSpeed };
}
