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
 * Writes the clock into an element that shows it (no React children: the frame loop writes it
 * between renders). The text node's characters change in place: replacing the node, as setting
 * textContent does, is a change of the document's tree, after which the browser checks the
 * page's :has() rules again and restyles the whole body, on every frame.
 */
export function writeClock(el: HTMLElement | null, timeMs: number): void {
  if (!el) return;
  const text = clockText(timeMs, el.dataset.unit);
  const node = el.firstChild;
  if (node && node === el.lastChild && node.nodeType === TEXT_NODE) {
    if (node.nodeValue !== text) node.nodeValue = text;
  } else {
    el.textContent = text;
  }
}
