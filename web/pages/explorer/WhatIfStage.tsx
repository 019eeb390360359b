/*
 * WhatIfStage — a what-if comparison on the stage: the run before the change
 * and the run of the setup, each with its platter(s), timeline and
 * statistics, on the explorer's one clock (usePlaybackClock's two slots).
 * The runs' titles name the changed fields' values; each statistic of the
 * run after the change carries its change from the run before at the same
 * moment (or between the whole runs). A control drops the run before (back
 * to the one run).
 */
import type { Stats } from '../../../engine-wasm/binding';
import { panelState } from '../../run/panelState';
import type { Playback } from '../../run/playback';
import { Stage, type StageRun } from '../../stage/Stage';
import type { StageHandle } from '../../stage/useStage';
import { changeTitle, comparedRows, type Change } from './whatIf';

interface Props {
  stage: StageHandle;
  changes: readonly Change[];
  /** Where the run before is, while it is being simulated again (a link). */
  beforeStatus?: string;
  onDrop(): void;
  /** Called once the stage is on the page (this component's code may load after the change that shows it). */
  onMounted?(): void;
}

/** A run's statistics at the clock's instant (as played), or of its whole run. */
function statsOf(p: Playback | null, whole: boolean): Stats | null {
  if (!p) return null;
  return (whole ? p.data.finalSnapshot : panelState(p, 0).snapshot)?.stats ?? null;
}

export function WhatIfStage({ stage, changes, beforeStatus, onDrop, onMounted }: Props) {
  const runs: StageRun[] = [
    { id: 'before', title: changeTitle(changes, 'before'), status: beforeStatus, statRows: (s) => comparedRows(s, null) },
    { id: 'after', title: changeTitle(changes, 'after'), statRows: (s, _snap, whole) => comparedRows(s, statsOf(stage.clock.runs[0], whole)) },
  ];
  return (
    <Stage stage={stage} runs={runs} label="The run before the what-if change and the run after it, on one clock" onMounted={onMounted}
      extraControls={<button type="button" onClick={onDrop} data-testid="drop-before" title="Back to the one run of the setup">Drop the run before</button>} />
  );
}
