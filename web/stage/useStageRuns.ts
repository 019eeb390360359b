/*
 * useStageRuns.ts — a page's own runs on the stage: whenever the page's list
 * of starts changes, the stage is cleared and each slot's run is started on
 * that slot's run controller (its own worker); each joins the stage's clock
 * as it begins. A list is asked for as the page commits it (a layout effect:
 * before the browser paints the page and before any passive effect asks the
 * engine for anything else; stageFirst.ts holds the page's other engine work
 * until these runs are answered). A later list may wait `settleMs` (dragging
 * through choices starts no run per choice passed); the runs of the list it
 * replaces stop at once. Controllers past the list's length are stopped.
 * Returns each slot's status (starting, running, done, error, cancelled); a
 * failure is handed to onError with its slot (and, before its run began,
 * marked on the stage's clock: the bar says it failed), and what a streamed begin
 * method reports while it builds a run to onProgress.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { RunBegin, RunController, RunStatus } from '../run/runController';
import type { StageHandle } from './useStage';
import { stageRunAsked } from './stageFirst';

export interface StageRunsOptions {
  /** Real ms a changed list must hold before its runs start (the first list starts at once). */
  settleMs?: number;
  /** What a slot's streamed begin method reports while it builds the run; null as a list's runs are asked for. */
  onProgress?(slot: number, progress: unknown): void;
}

export function useStageRuns(stage: StageHandle, controllers: readonly RunController[], starts: readonly RunBegin[] | null,
                             onError: (slot: number, message: string) => void, { settleMs = 0, onProgress }: StageRunsOptions = {}): RunStatus[] {
  const [played, setPlayed] = useState<RunStatus[]>(() => controllers.map(() => 'starting'));
  const report = useRef(onError);
  report.current = onError;
  const progress = useRef(onProgress);
  progress.current = onProgress;
  /** The list whose runs were asked for last (by either effect below). */
  const asked = useRef<readonly RunBegin[] | null>(null);

  /** Asks for `list`'s runs; returns what stops listening to them. */
  const ask = (list: readonly RunBegin[]): (() => void) => {
    const wait = asked.current ? settleMs : 0;
    asked.current = list;
    // The runs of an earlier list report nothing once this one is asked for.
    let current = true;
    const mark = (slot: number, s: RunStatus) => { if (current) setPlayed((p) => p.map((x, i) => (i === slot ? s : x))); };
    const answers: (() => void)[] = [];
    stage.clear();
    controllers.forEach((c, slot) => (slot < list.length ? mark(slot, 'starting') : c.cancel()));
    list.forEach((_, slot) => progress.current?.(slot, null));
    const go = () => list.forEach((begin, slot) => {
      const answered = stageRunAsked();
      answers.push(answered);
      void controllers[slot].start(begin, {
        onProgress(p) {
          if (current) progress.current?.(slot, p);
        },
        onBegin(data) {
          answered();
          if (!current) return;
          stage.setRun(slot, data);
          mark(slot, 'running');
        },
        onChunk() {},
        onEnd(_data, outcome, err) {
          answered();
          mark(slot, outcome);
          if (current && outcome === 'error' && err) {
            report.current(slot, err.message);
            // A run refused before it began leaves its slot empty: the stage says it failed, not that it loads.
            stage.clock.fail(slot, err.message);
            stage.repaint();
          }
        },
      });
    });
    if (wait <= 0) go();
    else controllers.forEach((c) => c.cancel());
    const timer = wait > 0 ? setTimeout(go, wait) : undefined;
    return () => {
      current = false;
      clearTimeout(timer);
      // A run replaced before its answer came counts as answered for the page's other work.
      answers.forEach((answered) => answered());
    };
  };

  useLayoutEffect(() => {
    // A first render that Preact throws away (something under the page suspended) still runs its layout
    // effects, with its stage never in the document: only a stage on the page asks here.
    if (!starts || !stage.rootRef.current?.isConnected) return;
    return ask(starts);
  }, [starts]); // eslint-disable-line react-hooks/exhaustive-deps
  // A stage that was not in the document as the list was committed asks once the page is painted.
  useEffect(() => {
    if (!starts || asked.current === starts) return;
    return ask(starts);
  }, [starts]); // eslint-disable-line react-hooks/exhaustive-deps
  return played;
}
