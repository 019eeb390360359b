/*
 * presentation.ts — presentation mode, one switch for the whole site: larger
 * type and drawings for a projector. On, it sets data-present="1" on the
 * document's root element (the CSS of every page reads it) and `present=1`
 * in the link, so a shared link opens in the same mode. The P key and the
 * header's button toggle it on every page.
 */
import { useSyncExternalStore } from 'react';
import { currentStageLink, writeStageLink } from './stageLink';

type Listener = () => void;
const listeners = new Set<Listener>();
let on = false;

function apply(): void {
  const root = document.documentElement;
  if (on) root.dataset.present = '1';
  else delete root.dataset.present;
}

/** Presentation mode now. */
export function presenting(): boolean {
  return on;
}

/**
 * Turns presentation mode on or off. `link` false leaves the address alone
 * (a page that keeps the mode in its own setup writes it there).
 */
export function setPresenting(value: boolean, link = true): void {
  if (link) writeStageLink({ present: value });
  if (value === on) return;
  on = value;
  apply();
  for (const l of listeners) l();
}

export function togglePresenting(): void {
  setPresenting(!on);
}

/** Reads the mode from the address (a link followed, Back, a page opened). */
export function presentingFromLink(explorerQuery?: string): void {
  const fromQuery = explorerQuery !== undefined && /(^|&)present=(1|true)(&|$)/.test(explorerQuery);
  setPresenting(currentStageLink().present || fromQuery, false);
}

function subscribe(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** Presentation mode, re-rendering when it changes. */
export function usePresenting(): boolean {
  return useSyncExternalStore(subscribe, presenting, () => false);
}
