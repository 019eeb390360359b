/*
 * stageWaiting.ts — what a reorganization run on the stage waits for, from
 * what its worker reports while it builds the run (ReorgStageProgress): the
 * engine's worker loading, the file system being built, or the epochs
 * before the chosen one being run ("building epoch k of N"), with the share
 * done where the engine gives one.
 */
import type { Waiting } from '../../stage/RunWaiting';
import type { ReorgStageProgress } from './protocol';

/** `epoch`: the chosen epoch, from 0; `progress`: the worker's last report (null: none yet). */
export function stageWaiting(progress: ReorgStageProgress | null, epoch: number): Waiting {
  const shown = `epoch ${epoch + 1}`;
  if (!progress) {
    return { text: 'Waiting for the engine…', detail: `Its worker loads the engine and this page's code, then builds the file system and runs to ${shown}.` };
  }
  if (progress.kind === 'building') {
    return {
      text: `Building the file system: ${Math.round(progress.fraction * 100)} %`,
      detail: epoch > 0 ? `Then the ${epoch === 1 ? 'epoch' : `${epoch} epochs`} before ${shown} are run; the stage plays ${shown}.` : `Then the stage plays ${shown}.`,
      fraction: progress.fraction,
    };
  }
  // The epoch being run now (from 1), of the `epoch` run before the chosen one.
  const epochMs = progress.startMs / epoch;
  const now = Math.min(epoch, Math.floor(progress.simMs / epochMs) + 1);
  return {
    text: `Building epoch ${now} of ${epoch}…`,
    detail: `The engine runs the epochs before ${shown} without drawing them; the stage plays ${shown}.`,
    fraction: progress.simMs / progress.startMs,
  };
}
