/*
 * stageFirst.ts — a page's stage before the rest of its engine work. The
 * stage's runs are asked for first (useStageRuns, as the page commits), and
 * the page's other engine work (its figures, sweeps and tables, each in a
 * worker of its own: useEngineClients) starts once every run asked for has
 * been answered (begun, refused or stopped) and a frame has been drawn since.
 * On two cores the stage's workers would otherwise share them with the
 * figures' workers and the main thread's renders of their points while the
 * page's first drawing waits. A page without a stage waits for nothing; no
 * page waits longer than WAIT_LIMIT_MS (a stage whose runs take long to
 * build, a file system of millions of files, does not hold back the page's
 * own progress line).
 */
import { markLoad } from '../engine/loadMarks';

/** The longest the page's other engine work waits for the stage's runs (real ms). */
export const WAIT_LIMIT_MS = 2000;

const pending = new Set<symbol>();
let waiting: (() => void)[] = [];

/** Runs `f` after the next frame has been drawn (a macrotask after its animation callbacks). */
function afterNextFrame(f: () => void): void {
  if (typeof requestAnimationFrame === 'undefined') setTimeout(f, 0);
  else requestAnimationFrame(() => setTimeout(f, 0));
}

/** A run on the stage has been asked for: the returned function says it was answered (calling it again does nothing). */
export function stageRunAsked(): () => void {
  const run = Symbol('stage run');
  pending.add(run);
  return () => {
    if (!pending.delete(run) || pending.size > 0) return;
    const released = waiting;
    waiting = [];
    afterNextFrame(() => {
      markLoad('stage-answered');
      released.forEach((go) => go());
    });
  };
}

/** Resolves when no run on the stage waits for its answer (and a frame has been drawn since the last answer), or after WAIT_LIMIT_MS. */
export function whenStageAnswered(): Promise<void> {
  if (pending.size === 0) return Promise.resolve();
  return new Promise((resolve) => {
    waiting.push(resolve);
    setTimeout(resolve, WAIT_LIMIT_MS);
  });
}
