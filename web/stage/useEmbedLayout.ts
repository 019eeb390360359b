/*
 * useEmbedLayout — the room an embedded stage has for its runs (the frame's
 * size less the stage's bar above them, followed as the frame is resized or
 * the bar wraps) and the layout embedLayout.ts makes of it; null when the
 * page is not embedded.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';
import { embedLayout, type EmbedLayout } from './embedLayout';

/** The stage's padding in embed mode (stage.css). */
const STAGE_PAD = 4;
/** Statistics rows the layout leaves room for (a page's own rows are at most this many). */
const STATS_ROWS = 8;

/** The sizes of a run's title and statistics table at the page's type (stage.css), from the root's font size. */
function typeSizes(present: boolean): { titleH: number; statsW: number; statsH: number; timelineKeyH: number } {
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const titleFont = present ? Math.max(18, 1.1 * rem) : 1.05 * rem;
  const statsFont = present ? Math.max(16, 0.9 * rem) : 0.85 * rem;
  // The timeline's key (0.76rem, stage.css) wraps to three lines at most in a run's width.
  const keyLine = Math.ceil(0.76 * rem * 1.45);
  return { titleH: Math.ceil(titleFont * 1.4) + 6, statsW: Math.ceil(statsFont * 13), statsH: Math.ceil(statsFont * 1.45 * STATS_ROWS), timelineKeyH: 3 * keyLine + 8 };
}

export function useEmbedLayout(embed: boolean, root: RefObject<HTMLElement | null>, runsBox: RefObject<HTMLElement | null>,
                               runs: number, devices: number, present: boolean): EmbedLayout | null {
  const [room, setRoom] = useState<{ width: number; height: number } | null>(null);
  useLayoutEffect(() => {
    const el = runsBox.current;
    if (!embed || !el) return;
    const measure = () => {
      const width = window.innerWidth - 2 * STAGE_PAD;
      const height = window.innerHeight - el.getBoundingClientRect().top - STAGE_PAD;
      setRoom((r) => (r && r.width === width && r.height === height ? r : { width, height }));
    };
    measure();
    const ro = new ResizeObserver(measure);
    const bar = root.current?.querySelector('.stage-bar');
    if (bar) ro.observe(bar);
    window.addEventListener('resize', measure);
    return () => {
      ro.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [embed, root, runsBox, present]);
  if (!embed || !room) return null;
  return embedLayout({ ...room, runs, devices, ...typeSizes(present) });
}
