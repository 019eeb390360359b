/*
 * useStageKeys.ts — the keys of every page that plays runs: Space play/pause,
 * → step one event, Shift+→ step to the next completion, ← back one event,
 * [ ] slower/faster, R restart, L copy link, M link to this moment, P
 * presentation mode (and the older aliases k . n + - Home), 1–9 show that
 * device (a run over several devices). They work wherever
 * focus is, except while the user types in a text field or operates a
 * select with the keyboard (its arrows and letters are its own), and Space
 * or Enter on a button, link or checkbox focused from the keyboard presses
 * it (one focused by a mouse click leaves Space to play/pause). A select
 * chosen with the mouse gives focus back after the choice, so the next →
 * steps the playback instead of changing the select; from the keyboard,
 * Escape (or Enter on a select) gives the keys back.
 */
import { useEffect, useRef } from 'react';

export interface ShortcutActions {
  togglePlay(): void;
  stepEvent(): void;
  stepRequest(): void;
  /** Back to the previous event's instant. */
  back?(): void;
  faster(): void;
  slower(): void;
  restart(): void;
  copyLink(): void;
  /** Copies a link to the playback's current moment. */
  copyMoment?(): void;
  /** Presentation mode on or off. */
  togglePresent?(): void;
  /** Shows device `i` (keys 1–9: devices 0–8). */
  selectDevice?(device: number): void;
}

/** Input types that do not take typed text (keys typed there are shortcuts). */
const NOT_TEXT = new Set(['button', 'checkbox', 'radio', 'range', 'color', 'file', 'submit', 'reset', 'image', 'hidden']);

/** The element (if any) that takes the keys typed while it has focus: a text field or a select. */
export function keepsKeys(el: { tagName: string; type?: string; isContentEditable?: boolean } | null): boolean {
  if (!el) return false;
  if (el.isContentEditable) return true;
  const tag = el.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return tag === 'INPUT' && !NOT_TEXT.has((el.type ?? 'text').toLowerCase());
}

/** Elements that Space or Enter press (a button, a link, a checkbox…): those keys are theirs. */
const PRESSABLE = new Set(['BUTTON', 'A', 'SUMMARY']);

/** True when the key presses the focused element (Space or Enter on a button, link or checkbox): not a shortcut then. */
export function pressesElement(e: { key: string }, el: { tagName: string; type?: string; getAttribute?(name: string): string | null } | null): boolean {
  if (!el || (e.key !== ' ' && e.key !== 'Enter')) return false;
  if (PRESSABLE.has(el.tagName)) return true;
  if (el.tagName === 'INPUT') return ['checkbox', 'radio', 'button', 'submit', 'reset'].includes((el.type ?? '').toLowerCase());
  const role = el.getAttribute?.('role');
  return role === 'button' || role === 'checkbox' || role === 'switch' || role === 'tab';
}

/** True when the key hands the keys back from the element that keeps them: Escape, or Enter on a select. */
export function releasesKeys(e: { key: string }, el: { tagName: string }): boolean {
  return e.key === 'Escape' || (e.key === 'Enter' && el.tagName === 'SELECT');
}

/** The action a key stands for, or null. */
export function shortcutOf(e: { key: string; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }): Exclude<keyof ShortcutActions, 'selectDevice'> | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  switch (e.key) {
    case ' ': case 'k': return 'togglePlay';
    case 'ArrowRight': return e.shiftKey ? 'stepRequest' : 'stepEvent';
    case 'ArrowLeft': return e.shiftKey ? null : 'back';
    case '.': return 'stepEvent';
    case 'n': return 'stepRequest';
    case ']': case '+': return 'faster';
    case '[': case '-': return 'slower';
    case 'r': case 'Home': return 'restart';
    case 'l': return 'copyLink';
    case 'p': return 'togglePresent';
    case 'm': return 'copyMoment';
    default: return null;
  }
}

/** The device a key selects (1–9: devices 0–8), or null. */
export function deviceKeyOf(e: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }): number | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  return /^[1-9]$/.test(e.key) ? Number(e.key) - 1 : null;
}

export function useStageKeys(actions: ShortcutActions): void {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    /** The element the last key went to, until the next pointer press: a change there came from the keyboard. */
    /** The control a pointer press focused, until focus moves elsewhere. */
    let clicked: EventTarget | null = null;
    let keyed: EventTarget | null = null;
    const onKey = (e: KeyboardEvent) => {
      keyed = e.target;
      const el = e.target as HTMLElement | null;
      if (keepsKeys(el)) {
        if (el && releasesKeys(e, el)) el.blur();
        return;
      }
      // Space or Enter on a control focused from the keyboard presses it; on one the mouse
      // clicked the keys stay the playback's.
      if (pressesElement(e, el) && el !== clicked) return;
      const device = deviceKeyOf(e);
      if (device !== null && latest.current.selectDevice) {
        latest.current.selectDevice(device);
        e.preventDefault();
        return;
      }
      const action = shortcutOf(e);
      if (!action) return;
      const run = latest.current[action];
      if (!run) return;
      run();
      e.preventDefault();
    };
    const onPointer = (e: PointerEvent) => {
      keyed = null;
      const t = e.target as HTMLElement | null;
      clicked = t?.closest?.('button, a, summary, input, [role]') ?? null;
    };
    const onFocus = (e: FocusEvent) => {
      if (e.target !== clicked) clicked = null;
    };
    const onChange = (e: Event) => {
      const t = e.target;
      if (t instanceof HTMLSelectElement && t !== keyed && document.activeElement === t) t.blur();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer, true);
    window.addEventListener('focusin', onFocus, true);
    window.addEventListener('change', onChange);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer, true);
      window.removeEventListener('focusin', onFocus, true);
      window.removeEventListener('change', onChange);
    };
  }, []);
}
