/*
 * playbackKeys.ts — the lesson playback's keys, pure: Space plays or pauses,
 * → and ← step to the next or previous moment the timeline changes (a
 * request's seek, rotational wait or transfer starts or ends: the engine's
 * times), R replays from the start. A text field or a select keeps every
 * key typed into it; a focused button or link keeps Space and Enter (they
 * press it).
 */
import type { StepRequest } from './answer';

export type PlaybackKey = 'toggle' | 'next' | 'previous' | 'restart';

/** What takes keys typed while it has focus: a text field, a select, or a button or link for Space and Enter. */
interface Focused { tagName: string; type?: string; isContentEditable?: boolean }

const NOT_TEXT = new Set(['button', 'checkbox', 'radio', 'range', 'color', 'file', 'submit', 'reset', 'image', 'hidden']);

function keeps(el: Focused | null, key: string): boolean {
  if (!el) return false;
  if (el.isContentEditable || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT') return true;
  if (el.tagName === 'INPUT' && !NOT_TEXT.has((el.type ?? 'text').toLowerCase())) return true;
  const presses = el.tagName === 'BUTTON' || el.tagName === 'A' || el.tagName === 'INPUT';
  return presses && (key === ' ' || key === 'Enter');
}

/** The playback action a key stands for where it was typed, or null (the key is left to the page). */
export function playbackKeyOf(e: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }, target: Focused | null): PlaybackKey | null {
  if (e.ctrlKey || e.metaKey || e.altKey || keeps(target, e.key)) return null;
  switch (e.key) {
    case ' ': return 'toggle';
    case 'ArrowRight': return 'next';
    case 'ArrowLeft': return 'previous';
    case 'r': case 'R': return 'restart';
    default: return null;
  }
}

/** Every moment the requests' bars change, ascending, without repeats: each start, and the end of each part. */
export function phaseTimes(requests: readonly StepRequest[]): number[] {
  const out = new Set<number>();
  for (const r of requests) {
    out.add(r.start);
    out.add(r.start + r.seek);
    out.add(r.start + r.seek + r.rotation);
    out.add(r.start + r.seek + r.rotation + r.transfer);
  }
  return [...out].sort((a, b) => a - b);
}

/** The first moment after t (dir 1) or the last before it (dir -1); t itself when there is none. */
export function stepTime(times: readonly number[], t: number, dir: 1 | -1): number {
  if (dir > 0) return times.find((x) => x > t) ?? t;
  for (let i = times.length - 1; i >= 0; i--) if (times[i] < t) return times[i];
  return t;
}
