/*
 * clockText.ts — how the stage's clock reads wherever a page shows it (the
 * stage's bar, the explorer's status line): one text, so two places written
 * in the same frame never show two different instants.
 */
import { formatNum } from '../lib/format';

/** Node.TEXT_NODE (a constant, so the module loads where there is no DOM). */
const TEXT_NODE = 3;

/** "t = 12.345 ms": the clock's instant to the microsecond (the nanosecond's digits are the link's). */
export function clockText(timeMs: number, unit = 'ms'): string {
  return `t = ${formatNum(timeMs, 3)} ${unit}`;
}

/**
 * Writes a text the frame loop keeps up to date into an element (no React children: the loop
 * writes it between renders). The text node's characters change in place: replacing the node,
 * as setting textContent does, is a change of the document's tree, after which the browser
 * checks the page's :has() rules again and restyles the whole body, on every frame.
 */
export function writeText(el: HTMLElement, text: string): void {
  const node = el.firstChild;
  if (node && node === el.lastChild && node.nodeType === TEXT_NODE) {
    if (node.nodeValue !== text) node.nodeValue = text;
  } else {
    el.textContent = text;
  }
}

/**
 * The widest the clock reads in `unit`: its text at an instant of six digits before the point (over 16 minutes of
 * simulated time, longer than any page's run). The bar keeps room for it (stage.css draws it unseen under the clock),
 * so the clock's width, and the bar's rows, do not change as the runs begin or the clock grows a digit.
 */
export function widestClock(unit = 'ms'): string {
  return clockText(999_999.999, unit);
}

/** What the clock reads while the stage's runs load: no instant has been played yet. */
export const LOADING_TEXT = 'loading…';

/** What the clock reads once a run could not begin: it never will, and the page says why. */
export const FAILED_TEXT = 'failed — see message';

/** What a stage's clock shows: its instant, or that its runs load or could not begin. */
export type ClockReading = number | 'loading' | 'failed';

/** What a stage's clock reads: failed, loading (no instant has been played yet), or its instant. */
export function clockReading(clock: { readonly failure: string | null; readonly loading: boolean; readonly timeMs: number }): ClockReading {
  if (clock.failure !== null) return 'failed';
  return clock.loading ? 'loading' : clock.timeMs;
}

/** Writes the clock into an element that shows it (an instant in its data-unit, ms when it names none). */
export function writeClock(el: HTMLElement | null, reading: ClockReading): void {
  if (!el) return;
  writeText(el, reading === 'loading' ? LOADING_TEXT : reading === 'failed' ? FAILED_TEXT : clockText(reading, el.dataset.unit));
}
