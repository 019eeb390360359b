/*
 * useReorgStage — the page's two runs on the stage: the baseline and the
 * reorganizer at one epoch, each in a worker of its own (a run controller),
 * built there by the page's own service (bridge method reorgStageBegin) and
 * streamed onto one clock. The first choice starts both as the page opens; a
 * new setup or epoch clears the stage and starts both again once it has held
 * a moment, so dragging through epochs does not start a run per epoch
 * passed, and the runs of the old choice are stopped. While a run is being
 * built (the file system, the epochs before the chosen one), what its
 * worker reports is kept for the stage to show.
 */
import { useEffect, useMemo, useState } from 'react';
import type { RunStatus } from '../../run/runController';
import { useRunController } from '../../run/useRunController';
import { useStage, type StageHandle } from '../../stage/useStage';
import { useStageRuns } from '../../stage/useStageRuns';
import type { RunName } from './heat';
import type { ReorgParams, ReorgStageParams, ReorgStageProgress } from './protocol';

export const STAGE_RUNS: readonly RunName[] = ['baseline', 'reorg'];

/** Real ms a new choice must hold before its runs start. */
const SETTLE_MS = 250;

export interface ReorgStage {
  stage: StageHandle;
  status: Record<RunName, RunStatus>;
  /** What each run's worker last reported while building it (null: nothing yet). */
  building: Record<RunName, ReorgStageProgress | null>;
  error: string | null;
}

const NOTHING_YET: Record<RunName, ReorgStageProgress | null> = { baseline: null, reorg: null };

/** `key` stands for `params` (the run's setup); `epoch` from 0. */
export function useReorgStage(params: ReorgParams | null, key: string, epoch: number, slow: number, onSlow: (slow: number) => void): ReorgStage {
  const stage = useStage({ slots: STAGE_RUNS.length, slow, onSlow });
  const controllers = [useRunController(), useRunController()];
  const [error, setError] = useState<string | null>(null);
  const starts = useMemo(() => (params
    ? STAGE_RUNS.map((run) => ({ method: 'reorgStageBegin', params: { ...params, run, epoch } satisfies ReorgStageParams }))
    : null), [key, epoch]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => setError(null), [starts]);
  const [building, setBuilding] = useState(NOTHING_YET);
  const played = useStageRuns(stage, controllers, starts, (slot, message) => setError(`${STAGE_RUNS[slot]}: ${message}`), {
    settleMs: SETTLE_MS,
    onProgress: (slot, progress) => setBuilding((b) => ({ ...b, [STAGE_RUNS[slot]]: progress as ReorgStageProgress | null })),
  });
  const status = Object.fromEntries(STAGE_RUNS.map((run, slot) => [run, played[slot]])) as Record<RunName, RunStatus>;
  return { stage, status, building, error };
}
