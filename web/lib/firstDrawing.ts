/*
 * firstDrawing.ts — when the page shown first put an engine-drawn picture on
 * screen (a platter on a stage whose runs all have their clock, a chart with
 * the engine's points, a table of the engine's numbers): one mechanism for
 * every page. The first call for a view sets data-first-drawing (what was
 * drawn) and data-first-drawing-ms (performance.now(), whose origin is the
 * navigation) on <html>, and a User Timing mark `spindle:first-drawing`; later
 * calls for the same view change nothing. The shell starts each view afresh
 * (beginView), so a page opened from another is measured from its own start.
 * The benchmark reads them (scripts/bench/firstDrawing.ts); tests may too.
 */
import { useEffect } from 'react';

let view = '';
let drawn = false;

/** A new view is shown: its first drawing is still to come. */
export function beginView(id: string): void {
  if (id === view) return;
  view = id;
  drawn = false;
  const root = document.documentElement;
  delete root.dataset.firstDrawing;
  delete root.dataset.firstDrawingMs;
}

/** The view's first engine-drawn picture is on screen (`what`: a word for it, e.g. 'stage', 'chart'). */
export function markFirstDrawing(what: string): void {
  if (drawn || typeof document === 'undefined') return;
  drawn = true;
  const root = document.documentElement;
  root.dataset.firstDrawing = what;
  root.dataset.firstDrawingMs = performance.now().toFixed(1);
  performance.mark?.('spindle:first-drawing', { detail: { view, what } });
}

/** Marks the view's first drawing once `shown` is true (after React has put it in the document). */
export function useFirstDrawing(shown: boolean, what: string): void {
  useEffect(() => {
    if (shown) markFirstDrawing(what);
  }, [shown, what]);
}
