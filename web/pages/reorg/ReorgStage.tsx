/*
 * ReorgStage — the page's stage on its own: the baseline and the reorganizer
 * at one epoch on one clock (useReorgStage), with the group heat on each
 * platter and the epoch picker in the stage's bar. The stage's clock
 * re-renders the component that holds it a few times a second while it
 * plays; held here, that is the stage alone, not the page's charts below it
 * (the heat maps, throughput, histogram and counters, which change only
 * when an epoch closes or another is chosen).
 */
import { useEffect } from 'react';
import type { ReorgRunState } from './useReorgRun';
import type { ReorgInfo, ReorgParams } from './protocol';
import type { ReorgSetup } from './setup';
import { Stage, type StageRun } from '../../stage/Stage';
import { STAGE_RUNS, useReorgStage } from './useReorgStage';
import { groupHeatOverlay } from './heatOverlay';
import { StageEpoch, stageStatRows } from './StageEpoch';
import { stageWaiting } from './stageWaiting';

interface Props {
  params: ReorgParams | null;
  /** Stands for `params` (the engine's run). */
  runKey: string;
  /** The epoch on the stage, from 0. */
  epoch: number;
  setup: ReorgSetup;
  onSlow(slow: number): void;
  /** The page's run, epoch by epoch (the records and heat the stage shows). */
  run: ReorgRunState | null;
  info: ReorgInfo | null;
  /** The heat colour scale's top, shared with the page's heat maps. */
  heatMax: number;
  onEpoch(i: number): void;
}

export function ReorgStage({ params, runKey, epoch, setup, onSlow, run, info, heatMax, onEpoch }: Props) {
  const { stage, status, building, error } = useReorgStage(params, runKey, epoch, setup.slow, onSlow);
  // The epoch's heat comes with the page's run, after the stage's runs have begun: a paused stage draws it now.
  useEffect(() => stage.repaint(), [run?.baseline[epoch], run?.reorg[epoch], info, stage.repaint]); // eslint-disable-line react-hooks/exhaustive-deps
  const runs: StageRun[] = STAGE_RUNS.map((r) => {
    const record = run?.[r][epoch];
    const st = status[r];
    return {
      id: r,
      title: r === 'baseline' ? 'Baseline ext2' : `Reorganizing (${setup.pol})`,
      status: `— epoch ${epoch + 1} of ${setup.epochs}${st === 'starting' ? ', being built' : st === 'running' ? ', streaming' : ''}`,
      waiting: stageWaiting(building[r], epoch),
      overlay: groupHeatOverlay(info && record ? { run: r, groupCyl: info.groupCyl, accesses: record.groupAccesses, max: heatMax } : null),
      statRows: stageStatRows,
      footer: <StageEpoch run={r} epoch={epoch} info={info} record={record} />,
    };
  });
  const epochPick = (
    <label className="ro-stage-pick">Epoch{' '}
      <select value={epoch + 1} aria-label="Epoch on the stage" data-testid="stage-epoch" onChange={(e) => onEpoch(Number(e.target.value) - 1)}>
        {Array.from({ length: setup.epochs }, (_, i) => <option key={i} value={i + 1}>{i + 1}{i === setup.epochs - 1 ? ' (last)' : ''}</option>)}
      </select>
    </label>
  );
  return (
    <>
      {error && <p className="ro-problems" role="alert" data-testid="stage-error">The engine refused the stage's run: {error}</p>}
      <Stage stage={stage} runs={runs} label={`The baseline and the reorganizer at epoch ${epoch + 1}, on one clock`} extraControls={epochPick} />
    </>
  );
}
