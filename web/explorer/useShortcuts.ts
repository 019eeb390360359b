/*
 * useShortcuts.ts — the explorer's keys: Space play/pause, → step one
 * event, Shift+→ step to the next completion, [ ] slower/faster, R restart,
 * L copy link (and the older aliases k . n + - Home), not while the user
 * works in a form field.
 */
import { useEffect, useRef } from 'react';

export interface ShortcutActions {
  togglePlay(): void;
  stepEvent(): void;
  stepRequest(): void;
  faster(): void;
  slower(): void;
  restart(): void;
  copyLink(): void;
}

/** True while the user works in a form control (its keys are its own). */
function inField(t: HTMLElement | null): boolean {
  return !!t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA' || t.isContentEditable);
}

/** The action a key stands for, or null. */
export function shortcutOf(e: { key: string; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }): keyof ShortcutActions | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  switch (e.key) {
    case ' ': case 'k': return 'togglePlay';
    case 'ArrowRight': return e.shiftKey ? 'stepRequest' : 'stepEvent';
    case '.': return 'stepEvent';
    case 'n': return 'stepRequest';
    case ']': case '+': return 'faster';
    case '[': case '-': return 'slower';
    case 'r': case 'Home': return 'restart';
    case 'l': return 'copyLink';
    default: return null;
  }
}

export function useShortcuts(actions: ShortcutActions): void {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (inField(e.target as HTMLElement | null)) return;
      const action = shortcutOf(e);
      if (!action) return;
      latest.current[action]();
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
