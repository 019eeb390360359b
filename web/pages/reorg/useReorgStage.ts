/*
 * useReorgStage — the page's two runs on the stage: the baseline and the
 * reorganizer at one epoch, each in a worker of its own (a run controller),
 * built there by the page's own service (bridge method reorgStageBegin) and
 * streamed onto one clock. A new setup or epoch clears the stage and starts
 * both again; the start waits a moment so dragging through epochs does not
 * start a run per epoch passed, and the runs of the old choice are stopped.
 */
import { useEffect, useState } from 'react';
import type { RunStatus } from '../../run/runController';
import { useRunController } from '../../run/useRunController';
import { useStage, type StageHandle } from '../../stage/useStage';
import type { RunName } from './heat';
import type { ReorgParams, ReorgStageParams } from './protocol';

export const STAGE_RUNS: readonly RunName[] = ['baseline', 'reorg'];

/** Real ms a new choice must hold before its runs start. */
const SETTLE_MS = 250;

export interface ReorgStage {
  stage: StageHandle;
  status: Record<RunName, RunStatus>;
  error: string | null;
}

const starting = (): Record<RunName, RunStatus> => ({ baseline: 'starting', reorg: 'starting' });

/** `key` stands for `params` (the run's setup); `epoch` from 0. */
export function useReorgStage(params: ReorgParams | null, key: string, epoch: number, slow: number, onSlow: (slow: number) => void): ReorgStage {
  const stage = useStage({ slots: STAGE_RUNS.length, slow, onSlow });
  const controllers = { baseline: useRunController(), reorg: useRunController() };
  const [status, setStatus] = useState(starting);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!params) return;
    stage.clear();
    setStatus(starting());
    setError(null);
    // The old choice's runs end as cancelled after this one began: they report nothing.
    let current = true;
    const timer = setTimeout(() => {
      STAGE_RUNS.forEach((run, slot) => {
        const begin: ReorgStageParams = { ...params, run, epoch };
        void controllers[run].start({ method: 'reorgStageBegin', params: begin }, {
          onBegin(data) {
            if (!current) return;
            stage.setRun(slot, data);
            setStatus((s) => ({ ...s, [run]: 'running' }));
          },
          onChunk() {},
          onEnd(_data, outcome, err) {
            if (!current) return;
            setStatus((s) => ({ ...s, [run]: outcome }));
            if (outcome === 'error' && err) setError(`${run}: ${err.message}`);
          },
        });
      });
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
      for (const run of STAGE_RUNS) controllers[run].cancel();
    };
  }, [key, epoch, controllers.baseline, controllers.reorg]); // eslint-disable-line react-hooks/exhaustive-deps
  return { stage, status, error };
}
