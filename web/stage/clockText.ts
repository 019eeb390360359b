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

/** What the clock reads while the stage's runs load: no instant has been played yet. */
export const LOADING_TEXT = 'loading…';

/** Writes the clock into an element that shows it (in its data-unit, ms when it names none); null: still loading. */
export function writeClock(el: HTMLElement | null, timeMs: number | null): void {
  if (el) writeText(el, timeMs === null ? LOADING_TEXT : clockText(timeMs, el.dataset.unit));
}
