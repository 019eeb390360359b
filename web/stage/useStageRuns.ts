/*
 * useStageRuns.ts — a page's own runs on the stage: whenever the page's list
 * of starts changes, the stage is cleared and each slot's run is started on
 * that slot's run controller (its own worker); each joins the stage's clock
 * as it begins. Returns each slot's status (starting, running, done, error,
 * cancelled); a failure is handed to onError with its slot.
 */
import { useEffect, useRef, useState } from 'react';
import type { RunBegin, RunController, RunStatus } from '../run/runController';
import type { StageHandle } from './useStage';

export function useStageRuns(stage: StageHandle, controllers: readonly RunController[], starts: readonly RunBegin[] | null,
                             onError: (slot: number, message: string) => void): RunStatus[] {
  const [played, setPlayed] = useState<RunStatus[]>(() => controllers.map(() => 'starting'));
  const report = useRef(onError);
  report.current = onError;
  useEffect(() => {
    if (!starts) return;
    const mark = (slot: number, s: RunStatus) => setPlayed((p) => p.map((x, i) => (i === slot ? s : x)));
    stage.clear();
    starts.forEach((begin, slot) => {
      mark(slot, 'starting');
      void controllers[slot].start(begin, {
        onBegin(data) {
          stage.setRun(slot, data);
          mark(slot, 'running');
        },
        onChunk() {},
        onEnd(_data, outcome, err) {
          mark(slot, outcome);
          if (outcome === 'error' && err) report.current(slot, err.message);
        },
      });
    });
  }, [starts]); // eslint-disable-line react-hooks/exhaustive-deps
  return played;
}
