/*
 * earlierRuns.ts — the runs the explorer's stage plays beside the setup's own
 * run: up to three earlier runs, oldest first. A what-if change puts the run
 * it replaced there (not kept: the next change replaces it); the user may
 * keep a run (it stays through later changes) or drop one. So at most four
 * runs share the stage. Pure: the page holds the list, the link carries it
 * (earlierLink.ts).
 */
import { defaultSetup, sameRun, type Setup } from '../../state/setup';
import { encodeSetup } from '../../state/urlCodec';

/** At most this many earlier runs beside the setup's own (the stage plays up to four runs). */
export const MAX_EARLIER = 3;

export interface Earlier {
  setup: Setup;
  /** Kept by the user: a later change does not replace it. */
  kept: boolean;
}

/** A run's identity as the engine sees it (its view fields left out): two setups with one key give the same events. */
export function runKey(setup: Setup): string {
  return encodeSetup({ ...setup, view: defaultSetup().view });
}

/**
 * The earlier runs once a what-if change replaced the run of `replaced`: the kept ones stay and
 * the others give way to it, unless it is already a kept one. `full`: three runs are kept, so
 * the run replaced has no room on the stage.
 */
export function afterChange(earlier: readonly Earlier[], replaced: Setup): { earlier: Earlier[]; full: boolean } {
  const kept = earlier.filter((e) => e.kept);
  if (kept.some((e) => sameRun(e.setup, replaced))) return { earlier: kept, full: false };
  if (kept.length >= MAX_EARLIER) return { earlier: kept, full: true };
  return { earlier: [...kept, { setup: replaced, kept: false }], full: false };
}

/** Keeps the run at `i`, or lets it go with the next change. */
export function toggleKept(earlier: readonly Earlier[], i: number): Earlier[] {
  return earlier.map((e, k) => (k === i ? { ...e, kept: !e.kept } : e));
}

/** The earlier runs without the one at `i`. */
export function dropEarlier(earlier: readonly Earlier[], i: number): Earlier[] {
  return earlier.filter((_, k) => k !== i);
}
