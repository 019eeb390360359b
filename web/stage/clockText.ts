/*
 * clockText.ts — how the stage's clock reads wherever a page shows it (the
 * stage's bar, the explorer's status line): one text, so two places written
 * in the same frame never show two different instants.
 */
import { formatNum } from '../lib/format';

/** "t = 12.345 ms": the clock's instant to the microsecond (the nanosecond's digits are the link's). */
export function clockText(timeMs: number, unit = 'ms'): string {
  return `t = ${formatNum(timeMs, 3)} ${unit}`;
}

/** Writes the clock into an element that shows it (no React children: the frame loop writes it between renders). */
export function writeClock(el: HTMLElement | null, timeMs: number): void {
  if (!el) return;
  const text = clockText(timeMs, el.dataset.unit);
  if (el.textContent !== text) el.textContent = text;
}
