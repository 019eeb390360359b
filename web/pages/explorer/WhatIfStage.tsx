/*
 * WhatIfStage — the explorer's comparison on the stage: up to three earlier
 * runs (oldest first) and the run of the setup, each with its platter(s),
 * timeline and statistics, on the explorer's one clock (usePlaybackClock's
 * slots, the setup's run last). Each earlier run is titled with its values
 * of the fields that differ from the setup's run, and each of its statistics
 * carries its difference from the setup's run at the same moment (or
 * between the whole runs). Each earlier run can be kept (a later change does
 * not replace it) or dropped; the bar's control drops them all (back to the
 * one run).
 */
import type { Stats } from '../../../engine-wasm/binding';
import { panelState } from '../../run/panelState';
import type { Playback } from '../../run/playback';
import { Stage, type StageRun } from '../../stage/Stage';
import type { StageHandle } from '../../stage/useStage';
import { comparedRows } from './whatIf';

/** An earlier run as the stage shows it; `index`: its place in the page's list of earlier runs. */
export interface EarlierShown {
  index: number;
  title: string;
  kept: boolean;
  /** Where the run is, while it is being simulated again (a link). */
  status?: string;
}

interface Props {
  stage: StageHandle;
  earlier: readonly EarlierShown[];
  /** The setup's run's title: its values of the fields that differ. */
  afterTitle: string;
  onKeep(index: number): void;
  onDrop(index: number): void;
  onDropAll(): void;
  /** Called once the stage is on the page (this component's code may load after the change that shows it). */
  onMounted?(): void;
}

/** A run's statistics at the clock's instant (as played), or of its whole run. */
function statsOf(p: Playback | null, whole: boolean): Stats | null {
  if (!p) return null;
  return (whole ? p.data.finalSnapshot : panelState(p, 0).snapshot)?.stats ?? null;
}

function RunActions({ run, id, onKeep, onDrop }: { run: EarlierShown; id: string; onKeep(i: number): void; onDrop(i: number): void }) {
  return (
    <div className="run-actions">
      <button type="button" aria-pressed={run.kept} onClick={() => onKeep(run.index)} data-testid={`keep-${id}`}
        title={run.kept ? 'Kept through later changes: press to let the next change replace it' : 'Keep this run on the stage through later changes'}>
        {run.kept ? '✓ Kept' : 'Keep this run'}
      </button>
      <button type="button" onClick={() => onDrop(run.index)} data-testid={`drop-${id}`} title="Take this run off the stage">Drop</button>
    </div>
  );
}

export function WhatIfStage({ stage, earlier, afterTitle, onKeep, onDrop, onDropAll, onMounted }: Props) {
  const after = earlier.length;
  const runs: StageRun[] = [
    ...earlier.map((run, slot): StageRun => {
      const id = `earlier-${slot + 1}`;
      return {
        id, title: run.title, status: run.status,
        statRows: (s, _snap, whole) => comparedRows(s, statsOf(stage.clock.runs[after], whole)),
        actions: <RunActions run={run} id={id} onKeep={onKeep} onDrop={onDrop} />,
      };
    }),
    {
      id: 'after', title: afterTitle, statRows: (s) => comparedRows(s, null),
      actions: <p className="run-actions run-note">Reference: the setup's run</p>,
    },
  ];
  const label = `${after === 1 ? 'The run before the what-if change' : `${after} earlier runs`} and the run of the setup, on one clock`;
  return (
    <Stage stage={stage} runs={runs} label={label} onMounted={onMounted}
      extraControls={<button type="button" onClick={onDropAll} data-testid="drop-before" title="Back to the one run of the setup">
        {after === 1 ? 'Drop the run before' : 'Drop the earlier runs'}
      </button>} />
  );
}
